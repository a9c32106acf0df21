"""Issue 12, round 15: what the labels of samples 70-73 showed.

* A ``DataInput``/``ObjectInput`` typed read (``readLong``) and its write are the std.binary function
  of the width's own type (``Int64.readBigEndian``), as for ``ByteBuffer`` and netty's ``ByteBuf``.
* Java object serialization has no counterpart: ``new ObjectInputStream(in)``, ``readObject()`` and
  ``writeObject(o)`` are curated ``none``, with the ``stdx.serialization`` recipe in ``instead``.
* ``Arrays.asList(a, b, c)`` lists its elements: the array literal, ``Array``. With one argument
  (usually an existing array) it is still ``ArrayList(arr)``.
* ``ByteBuffer.allocate(n)`` is a fixed-size ``Array<Byte>`` first (the typed reads and writes already
  work on one); the stream ``ByteBuffer(capacity)`` is second.
* ``Collections.reverseOrder()``, ``Comparator.naturalOrder()`` and ``Executors.newFixedThreadPool(n)``
  make objects Cangjie has no use for: ``none``, with what to write in ``instead``.
* A ``.`` in a ``replaceAll``/``split`` pattern is a regex (any character): ``Regex`` ranks first.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only
from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_typed_reads_and_writes_of_data_streams_name_the_width(real_engine: Engine) -> None:
    code = (
        "import java.io.*;\n"
        "class A { void f(ObjectInputStream in, DataInput din, DataOutputStream out) throws IOException {\n"
        " long a = in.readLong();\n"
        " double d = din.readDouble();\n"
        " char c = din.readChar();\n"
        " out.writeFloat(1.5f);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "in.readLong()")) == "std.binary.Int64.readBigEndian"
    assert _top(_sugg(r, "din.readDouble()")) == "std.binary.Float64.readBigEndian"
    assert _top(_sugg(r, "din.readChar()")) == "std.binary.UInt16.readBigEndian"
    assert _top(_sugg(r, "out.writeFloat(1.5f)")) == "std.binary.Float32.writeBigEndian"


def test_java_object_serialization_is_none_with_the_recipe_instead(real_engine: Engine) -> None:
    code = (
        "import java.io.*;\n"
        "class A { Object f(InputStream raw, OutputStream o, Object x) throws Exception {\n"
        " ObjectInputStream in = new ObjectInputStream(raw);\n"
        " ObjectOutputStream out = new ObjectOutputStream(o);\n"
        " out.writeObject(x);\n"
        " return in.readObject(); } }"
    )
    r = real_engine.resolver.resolve(code)
    read = _sugg(r, "in.readObject()")
    assert instead_only(read) == "stdx.serialization.serialization.Serializable.deserialize"
    write = _sugg(r, "out.writeObject(x)")
    assert instead_only(write) == "stdx.serialization.serialization.Serializable.serialize"
    for ctor in ("new ObjectInputStream(raw)", "new ObjectOutputStream(o)"):
        assert _top(_sugg(r, ctor)) is None, ctor


def test_as_list_of_elements_is_an_array_literal_of_one_array_a_list(real_engine: Engine) -> None:
    code = (
        "import java.util.*;\n"
        "class A { void f(String[] args) {\n"
        ' List<String> names = Arrays.asList("peter", "anna", "mike");\n'
        " List<String> all = Arrays.asList(args);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    elems = _sugg(r, 'Arrays.asList("peter", "anna", "mike")')
    assert _top(elems) == "std.core.Array"
    assert "std.collection.ArrayList.init" in [c.qualname for c in elems.candidates[1:3]]
    assert _top(_sugg(r, "Arrays.asList(args)")) == "std.collection.ArrayList.init"


def test_a_byte_buffer_allocated_for_its_bytes_is_an_array(real_engine: Engine) -> None:
    code = (
        "import java.nio.*;\n"
        "class A { byte[] f(long n) {\n"
        " ByteBuffer b = ByteBuffer.allocate(8);\n"
        " b.putLong(n);\n"
        " return b.array(); } }"
    )
    r = real_engine.resolver.resolve(code)
    alloc = _sugg(r, "ByteBuffer.allocate(8)")
    assert [c.qualname for c in alloc.candidates[:2]] == ["std.core.Array", "std.io.ByteBuffer.init"]
    assert _top(_sugg(r, "b.putLong(n)")) == "std.binary.Int64.writeBigEndian"
    array = _sugg(r, "b.array()")  # the Array<Byte> is the bytes already; a stream gives them with bytes()
    assert instead_only(array) == "std.io.ByteBuffer.bytes"


def test_comparator_and_pool_factories_are_none_with_what_to_write(real_engine: Engine) -> None:
    code = (
        "import java.util.*; import java.util.concurrent.*;\n"
        "class A { void f(List<String> names) {\n"
        " Collections.sort(names, Collections.reverseOrder());\n"
        " names.sort(Comparator.naturalOrder());\n"
        " ExecutorService ex = Executors.newFixedThreadPool(4);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    rev = _sugg(r, "Collections.reverseOrder()")
    assert instead_only(rev) == "std.sort.sort"
    assert "descending: true" in " ".join(rev.notes)
    nat = _sugg(r, "Comparator.naturalOrder()")
    assert instead_only(nat) == "std.core.Comparable.compare"
    pool = _sugg(r, "Executors.newFixedThreadPool(4)")
    assert instead_only(pool) == "std.sync.Semaphore"


def test_a_dot_in_a_pattern_is_a_regex(real_engine: Engine) -> None:
    code = (
        "class A { String f(String price, String path) {\n"
        ' String digits = price.replaceAll(".", "");\n'
        ' String flat = path.replaceAll("/", "_");\n'
        " return digits + flat; } }"
    )
    r = real_engine.resolver.resolve(code)
    dot = _sugg(r, 'price.replaceAll(".", "")')
    assert _top(dot) == "std.regex.Regex.replaceAll"
    assert "import std.regex.*" in r.imports
    assert _top(_sugg(r, 'path.replaceAll("/", "_")')) == "std.core.String.replace"


def test_a_comparator_argument_tells_a_lists_sort(real_engine: Engine) -> None:
    code = (
        "import java.util.*;\n"
        "class A { void f(Comparator<String> byName) {\n"
        " nums.sort(Comparator.reverseOrder());\n"
        " names.sort(byName);\n"
        " widgets.sort(order);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("nums.sort(Comparator.reverseOrder())", "names.sort(byName)"):
        s = _sugg(r, text)
        assert (s.receiver_source, s.receiver_type) == ("guessed", "java.util.List"), text
        assert _top(s) == "std.sort.sort", text
    # a project's own sort with an argument of unknown type: no evidence, no guess
    other = _sugg(r, "widgets.sort(order)")
    assert other.receiver_source == "unknown" and _top(other) is None


def test_an_unimported_library_name_in_a_file_with_imports_is_the_files_own_class(
    real_engine: Engine,
) -> None:
    body = (
        "public class StringUtil {\n"
        " static String price(String p, java.util.List<String> xs) {\n"
        '  Log.i(TAG, "price " + p);\n'
        "  if (CollectionUtils.isEmpty(xs)) return p;\n"
        "  return p; } }"
    )
    header = "package apijson;\nimport java.util.List;\n"
    r = real_engine.resolver.resolve(header + body)
    for text in ('Log.i(TAG, "price " + p)', "CollectionUtils.isEmpty(xs)"):
        s = _sugg(r, text)
        assert s.receiver_source == "user" and _top(s) is None, text
        assert "own package" in s.notes[0]
    # imported (one by one or on demand), a method without its file's imports, or one with a few
    # imports written above it (no class: not a whole file): the library's class
    method = body.split("\n", 1)[1].rsplit("}", 1)[0]
    for code in (
        "import android.util.Log;\nimport org.apache.commons.collections4.CollectionUtils;\n" + body,
        "import android.util.*;\nimport org.apache.commons.collections4.*;\n" + body,
        body,
        header + method,
    ):
        r = real_engine.resolver.resolve(code)
        assert _top(_sugg(r, 'Log.i(TAG, "price " + p)')) == "stdx.log.Logger.info", code
        assert _top(_sugg(r, "CollectionUtils.isEmpty(xs)")) is not None, code


def test_an_atomic_of_unknown_type_is_told_by_the_values_it_is_given(real_engine: Engine) -> None:
    code = (
        "class A { void f(Node currentHead) {\n"
        " if (checked.get()) return;\n"
        " checked.compareAndSet(false, true);\n"
        " head.compareAndSet(currentHead, currentHead.next);\n"
        " Node h = head.get();\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    # get() says nothing, but the same receiver is given booleans: an AtomicBoolean; values of no
    # telling type: the atomic that holds any value
    for text, atomic, top in (
        ("checked.get()", "AtomicBoolean", "std.sync.AtomicBool.load"),
        ("checked.compareAndSet(false, true)", "AtomicBoolean", "std.sync.AtomicBool.compareAndSwap"),
        (
            "head.compareAndSet(currentHead, currentHead.next)",
            "AtomicReference",
            "std.sync.AtomicReference.compareAndSwap",
        ),
        ("head.get()", "AtomicReference", "std.sync.AtomicReference.load"),
    ):
        s = _sugg(r, text)
        assert (s.receiver_type, _top(s)) == (f"java.util.concurrent.atomic.{atomic}", top), text


def test_common_project_method_names_need_more_than_themselves(real_engine: Engine) -> None:
    code = (
        "class A { void f(Object value, Object tag) {\n"
        " Object v = CONVERTER.convert(value, targetType);\n"
        " Object t = methodInfoResolver.resolve(target);\n"
        " getTagModel().addElement(tag);\n"
        " int n = rand.nextInt(10);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    # TimeUnit.convert, Path.resolve, Vector.addElement: names projects give their own methods
    for text in (
        "CONVERTER.convert(value, targetType)",
        "methodInfoResolver.resolve(target)",
        "getTagModel().addElement(tag)",
    ):
        s = _sugg(r, text)
        assert s.receiver_source != "guessed" and _top(s) is None, (text, s.receiver_type)
    # a plain rand.nextInt is java.util.Random's, not the SecureRandom of the java.security table
    s = _sugg(r, "rand.nextInt(10)")
    assert (s.receiver_type, _top(s)) == ("java.util.Random", "std.random.Random.nextInt64")


def test_matches_whose_groups_are_read_is_a_find(real_engine: Engine) -> None:
    code = (
        "import java.util.regex.*;\n"
        "class A { String f(String s) {\n"
        " Matcher m = P.matcher(s);\n"
        " if (m.matches()) { return m.group(1); }\n"
        " Matcher k = P.matcher(s);\n"
        " boolean ok = k.matches();\n"
        " return null; } }"
    )
    r = real_engine.resolver.resolve(code)
    read = _sugg(r, "m.matches()")
    assert _top(read) == "std.regex.Regex.find" and "^...$" in read.candidates[0].why[-1]
    assert _top(_sugg(r, "k.matches()")) == "std.regex.Regex.matches"  # a test only


def test_first_and_last_alone_guess_no_sorted_set(real_engine: Engine) -> None:
    code = 'class A { Object f(Object e) {\n return e.select("a").first(); } }'
    s = _sugg(real_engine.resolver.resolve(code), 'e.select("a").first()')
    assert s.receiver_source != "guessed" and _top(s) is None, s.receiver_type
