"""Issue 12, round 14: Java idioms whose parts go together, and a buffer's byte order.

* ``list.toArray(new T[0])``: the typed array only tells Java the element type; Cangjie's
  ``toArray()`` makes the ``Array<T>`` itself, so the array constructor has no candidate and says so
  (an array built for its own sake is still ``Array``).
* ``Thread.currentThread()`` that only reaches ``interrupt()`` (restoring the interrupt flag, which
  has no counterpart) goes with it; ``Thread.currentThread().getName()`` keeps ``Thread.currentThread``.
* ``ByteBuffer.position(n)`` sets the position: ``ByteBuffer.seek``; ``position()`` reads it. The typed
  reads and writes (``getInt``, ``putLong``, ``getShort`` ...) are the std.binary functions of the
  width's own type (``Int32.readBigEndian``), little-endian first once the snippet sets
  ``order(ByteOrder.LITTLE_ENDIAN)``.
* ``Math.round(x)`` is ``std.math.round`` (the note says how halves differ and when to write
  ``floor(x + 0.5)``), as the labels of three code bases and the eval set's ``math-005`` have it.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_the_typed_array_handed_to_to_array_goes_with_it(real_engine: Engine) -> None:
    code = (
        "class A { Object[] f(List<String> names, Set<Integer> ids) {\n"
        " String[] a = names.toArray(new String[0]);\n"
        " Integer[] b = ids.toArray(new Integer[ids.size()]);\n"
        " String[] own = new String[4];\n"
        " return a; } }"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("new String[0]", "new Integer[ids.size()]"):
        s = _sugg(r, text)
        assert _top(s) is None, text
        assert "toArray" in s.notes[0]
    assert _top(_sugg(r, "names.toArray(new String[0])")) == "std.collection.ArrayList.toArray"
    assert _top(_sugg(r, "new String[4]")) == "std.core.Array"


def test_current_thread_only_restoring_the_interrupt_flag_goes_with_it(real_engine: Engine) -> None:
    code = (
        "class A { void f() {\n"
        " try { Thread.sleep(10); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }\n"
        " } String g() { return Thread.currentThread().getName(); } }"
    )
    r = real_engine.resolver.resolve(code)
    first = [s for s in r.suggestions if s.call and s.call.text == "Thread.currentThread()"]
    assert len(first) == 2
    assert _top(first[0]) is None and "interrupt flag" in first[0].notes[0]
    assert _top(first[1]) == "std.core.Thread.currentThread"
    assert _top(_sugg(r, "Thread.currentThread().getName()")) == "std.core.Thread.name"


def test_byte_buffer_position_and_typed_access_follow_arity_and_order(real_engine: Engine) -> None:
    big = (
        "class A { long f(ByteBuffer buf, int off) {\n"
        " buf.position(off);\n int p = buf.position();\n int x = buf.getInt();\n"
        " short s = buf.getShort();\n buf.putLong(7L);\n return x + p + s; } }"
    )
    r = real_engine.resolver.resolve(big)
    assert _top(_sugg(r, "buf.position(off)")) == "std.io.ByteBuffer.seek"
    assert _top(_sugg(r, "buf.position()")) == "std.io.Seekable.position"
    assert _top(_sugg(r, "buf.getInt()")) == "std.binary.Int32.readBigEndian"
    assert _top(_sugg(r, "buf.getShort()")) == "std.binary.Int16.readBigEndian"
    assert _top(_sugg(r, "buf.putLong(7L)")) == "std.binary.Int64.writeBigEndian"
    little = big.replace(" buf.position(off);", " buf.order(ByteOrder.LITTLE_ENDIAN);\n buf.position(off);")
    r = real_engine.resolver.resolve(little)
    assert _top(_sugg(r, "buf.getInt()")) == "std.binary.Int32.readLittleEndian"
    assert _top(_sugg(r, "buf.putLong(7L)")) == "std.binary.Int64.writeLittleEndian"
    assert "LITTLE_ENDIAN" in _sugg(r, "buf.getInt()").candidates[0].why[-1]


def test_math_round_is_round_and_says_how_halves_differ(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve("class A { long f(double x) { return Math.round(x * 2.5); } }")
    s = _sugg(r, "Math.round(x * 2.5)")
    assert [c.qualname for c in s.candidates[:2]] == ["std.math.round", "std.math.floor"]
    assert "floor(x + 0.5)" in s.notes[0]


def test_a_nested_name_the_jdk_class_lacks_is_the_projects_class(real_engine: Engine) -> None:
    code = (
        "class A { void f(Exception e, char c) {\n"
        " if (e == null) throw new Error.Failure(e.getMessage());\n"
        " Process.Utils.current();\n"
        " Map.Entry<String, Integer> x = null; x.getKey();\n"
        " Character.UnicodeBlock b = Character.UnicodeBlock.of(c); } }"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("new Error.Failure(e.getMessage())", "Process.Utils.current()"):
        s = _sugg(r, text)
        assert (s.receiver_source, s.receiver_type, _top(s)) == ("user", None, None), text
        assert "has no nested" in s.notes[0]
    # the JDK's own nested types stay JDK types
    assert _sugg(r, "x.getKey()").receiver_type == "java.util.Map.Entry"
    assert _sugg(r, "Character.UnicodeBlock.of(c)").receiver_type == "java.lang.Character.UnicodeBlock"


def test_a_priority_queue_has_no_api_even_when_declared_as_a_queue(real_engine: Engine) -> None:
    # the facts' supertypes and the hand-written ones are merged into the graph: PriorityQueue is a
    # Queue, so a Queue built as a PriorityQueue resolves against it, and std/stdx have no heap
    code = (
        "class A { int f(int[] xs) {\n"
        " Queue<Integer> heap = new PriorityQueue<>((a, b) -> b - a);\n"
        " heap.offer(1);\n int top = heap.peek();\n int n = heap.size();\n"
        " Queue<Integer> fifo = new ArrayDeque<>(); fifo.offer(2);\n"
        " return top + n; } }"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("heap.offer(1)", "heap.peek()", "heap.size()"):
        s = _sugg(r, text)
        assert (s.receiver_type, _top(s)) == ("java.util.PriorityQueue", None), text
    # what the note names is said, not offered; no block-level search is added for a snippet
    # whose calls were all understood
    assert [i.qualname for i in _sugg(r, "heap.peek()").instead] == ["std.collection.TreeSet.first"]
    assert _top(_sugg(r, "fifo.offer(2)")) == "std.collection.ArrayDeque.addLast"
    assert all(s.call is None or s.call.kind != "block" for s in r.suggestions)


def test_collection_members_and_one_byte_writes(real_engine: Engine) -> None:
    code = (
        "class A { String f(Collection<String> topics, String t, ByteArrayOutputStream baos, OutputStream os,"
        " byte[] b, Object prefix) {\n"
        " if (topics.contains(t)) { baos.write(0); }\n baos.write(b);\n os.write(7);\n"
        ' return Objects.toString(prefix, "") + Objects.toString(prefix); } }'
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "topics.contains(t)")) == "std.collection.ArrayList.contains"
    assert _top(_sugg(r, "baos.write(0)")) == "std.io.ByteBuffer.writeByte"
    assert _top(_sugg(r, "baos.write(b)")) == "std.io.ByteBuffer.write"
    assert _top(_sugg(r, "os.write(7)")) == "std.io.OutputStream.write"  # no writeByte of its own
    assert _top(_sugg(r, 'Objects.toString(prefix, "")')) == "std.core.Option.getOrDefault"
    assert _top(_sugg(r, "Objects.toString(prefix)")) == "std.core.ToString.toString"


def test_table_types_reach_their_supertypes_rows(real_engine: Engine) -> None:
    # the facts list the supertypes of every JDK type of the tables (scripts/gen_jdk_supertypes.py):
    # an SSLSocket is a Socket, a ZipException a Throwable, a TimeUnit an Enum
    code = (
        "class A { void f(SSLSocket s, TimeUnit u) {\n"
        " try { s.getInputStream(); String n = u.name(); }\n"
        " catch (ZipException e) { String m = e.getMessage(); } } }"
    )
    r = real_engine.resolver.resolve(code)
    s = _sugg(r, "s.getInputStream()")
    assert _top(s) is None and s.notes[0].startswith("java.net.Socket.getInputStream: No stream to get")
    assert _top(_sugg(r, "e.getMessage()")) == "std.core.Exception.message"
    assert _sugg(r, "u.name()").notes[0].startswith("java.lang.Enum.name:")
    # a marker interface (Serializable) makes no family of a guess: a matcher's .and(..) on user code
    # is no BigInteger.and
    r = real_engine.resolver.resolve('class A { void f() { x = nameContains("L").and(not(isPrivate())); } }')
    assert _top(_sugg(r, 'nameContains("L").and(not(isPrivate()))')) is None


def test_hashes_hmac_and_secure_random_map_to_stdx_crypto(real_engine: Engine) -> None:
    code = (
        "class A { byte[] f(String s, byte[] key) throws Exception {\n"
        ' MessageDigest md = MessageDigest.getInstance("MD5");\n'
        " md.update(s.getBytes(StandardCharsets.UTF_8));\n byte[] h = md.digest();\n"
        ' MessageDigest sha = MessageDigest.getInstance("SHA-256");\n'
        " SecureRandom r = new SecureRandom(); r.nextBytes(h);\n"
        ' Mac mac = Mac.getInstance("HmacSHA256"); mac.init(new SecretKeySpec(key, "HmacSHA256"));\n'
        " return sha.digest(mac.doFinal(h)); } }"
    )
    r = real_engine.resolver.resolve(code)
    # the algorithm's name picks its class
    assert _top(_sugg(r, 'MessageDigest.getInstance("MD5")')) == "stdx.crypto.digest.MD5.init"
    assert _top(_sugg(r, 'MessageDigest.getInstance("SHA-256")')) == "stdx.crypto.digest.SHA256.init"
    # round 24: the named algorithm's class's own members first, the Digest interface's second
    update = _sugg(r, "md.update(s.getBytes(StandardCharsets.UTF_8))")
    assert [c.qualname for c in update.candidates[:2]] == [
        "stdx.crypto.digest.MD5.write",
        "std.crypto.digest.Digest.write",
    ]
    assert _top(_sugg(r, "md.digest()")) == "stdx.crypto.digest.MD5.finish"
    # digest(input) hashes the input: the one-shot function, not finish(to!) that fills an array
    assert _top(_sugg(r, "sha.digest(mac.doFinal(h))")) == "std.crypto.digest.digest"
    assert _top(_sugg(r, "new SecureRandom()")) == "stdx.crypto.crypto.SecureRandom.init"
    assert _top(_sugg(r, "r.nextBytes(h)")) == "stdx.crypto.crypto.SecureRandom.nextBytes"
    assert _top(_sugg(r, 'Mac.getInstance("HmacSHA256")')) == "stdx.crypto.digest.HMAC.init"
    assert _top(_sugg(r, 'new SecretKeySpec(key, "HmacSHA256")')) is None
    assert {"import stdx.crypto.digest.*", "import stdx.crypto.crypto.*"} <= set(r.imports)


def test_legacy_enumerations_and_java_lang_types_without_a_row(real_engine: Engine) -> None:
    code = (
        "class A { void f(Vector<String> v, Hashtable<String, Integer> t, Readable src, CharBuffer buf)"
        " throws Exception {\n"
        " Iterator<String> e = v.elements(); src.read(buf); t.keys();\n"
        " original.getElement().elements(); } }"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "v.elements()")) == "std.collection.ArrayList.iterator"
    assert _top(_sugg(r, "t.keys()")) == "std.collection.HashMap.keys"
    # a java.lang class the tables have no row for is said to be one, not called user code
    # (round 41 gave Appendable a row: Readable is such a class now)
    s = _sugg(r, "src.read(buf)")
    assert (s.receiver_source, _top(s)) == ("unknown", None)
    assert "java.lang.Readable has no entry in the mapping tables" in s.notes[0]
    # elements() alone is no evidence of a Vector: project classes name their own so
    assert _top(_sugg(r, "original.getElement().elements()")) is None


def test_an_imported_logger_of_no_logging_library_is_the_projects(real_engine: Engine) -> None:
    code = (
        "import {pkg}.Logger;\nclass A {{\n private static final Logger logger = Logger.getLogger(A.class);\n"
        ' void f() {{ logger.info("x"); }} }}'
    )
    own = real_engine.resolver.resolve(code.format(pkg="com.alibaba.ttl3.agent.logging"))
    assert _top(_sugg(own, 'logger.info("x")')) is None
    log4j = real_engine.resolver.resolve(code.format(pkg="org.apache.logging.log4j"))
    assert _top(_sugg(log4j, 'logger.info("x")')) == "stdx.log.Logger.info"
