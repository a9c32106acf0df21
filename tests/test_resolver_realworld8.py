"""Issue 12, round 8: answers that a translator would not write.

* ``Objects.equals(a, b)`` on arguments of unknown type is the language's ``a == b``: no candidate
  (the interface operator ``Comparable.==`` is not an API to call), the note says so; on a String
  argument it is ``String.==``.
* ``this.getClass()`` / ``Thread.currentThread()`` that only reach a class loader or a classpath
  resource go with that lookup: no candidate, a note. ``getClass().getName()`` keeps its answer.
* ``ProductBrandConvert.INSTANCE.convert(x)``: the singleton of a class the tables do not know is the
  project's (it was guessed to be a TimeUnit); ``Registry.getInstance().get(k)`` likewise.
* ``p.matcher(s)`` makes no object in Cangjie (no candidate; ``instead`` names the searches) and
  ``p.matcher(s).find()`` answers
  ``Regex.matches`` first; a matcher kept in a variable walks ``lazyFindAll`` in
  ``while (m.find())`` (``findAll`` until round 53), and is ``Regex.find`` (groups read) or ``Regex.matches`` (a test) outside a loop.
* ``count.equals(other)`` on an Integer or a Short is ``a == b``: no candidate, the note.
* ``getClass()`` answers ``TypeInfo.of`` first (the common interface), ``ClassTypeInfo.of`` second.
* ``txt.replaceAll("\\n", "\\\\n")``: a Java escape is no regex (``String.replace``); ``"\\\\s+"`` is.
* A receiver named after a JDK type (``charBuffer``) is guessed to be that type first.
* ``System.currentTimeMillis()`` in a snippet that subtracts or compares readings is ``MonoTime.now``.
* ``CompletableFuture.completedFuture(v)`` has no counterpart (the value itself).
* ``data.length`` on a receiver of unknown type is an array's (only arrays have a length field);
  ``clazz``/``cls`` is a Class, ``barrier`` a CyclicBarrier, ``latch`` a CountDownLatch by name.
* ``m.keySet().retainAll(keep)`` is ``HashMap.removeIf`` (keys() is a copy), ``m.keySet().remove(k)``
  ``HashMap.remove``; the view call goes with the change, a read of the view keeps ``keys``.
* ``TimeUnit.SECONDS.toMillis(n)`` answers the unit, ``Duration.second``, then ``toMilliseconds``.
* Tables: ``DataOutputStream``/``DataInputStream`` (std.binary big-endian), ``ClassLoader.loadClass``
  (``TypeInfo.get``), ``ThreadPoolExecutor`` (an ExecutorService: no pool to build), ``Hashtable``,
  ``IdentityHashMap`` and ``WeakHashMap`` (HashMap), ``new Throwable(msg)``, ``new EOFException(msg)``.
* ``new Date(y, m, d)`` is ``DateTime.of`` (``new Date()`` stays ``DateTime.now``).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.java import extract
from cjkb_graph.resolve.special import goes_with_its_use

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_objects_equals_is_the_operator_unless_the_argument_type_is_known(real_engine: Engine) -> None:
    code = "class A { boolean f(String s, String t) { return Objects.equals(comment, other.comment) && Objects.equals(s, t); } }"
    r = real_engine.resolve(code)
    s = _sugg(r, "Objects.equals(comment, other.comment)")
    assert s.candidates == [] and s.level == "api"  # no search hits in place of the operator
    assert any("a == b" in n for n in s.notes), s.notes
    assert _top(_sugg(r, "Objects.equals(s, t)")) == "std.core.String.=="


def test_loader_lookups_take_their_receiver_call_with_them(real_engine: Engine) -> None:
    code = (
        "class A { void f() {\n"
        " ClassLoader a = this.getClass().getClassLoader();\n"
        " ClassLoader b = Thread.currentThread().getContextClassLoader();\n"
        ' java.io.InputStream in = getClass().getResourceAsStream("/x.properties");\n'
        " String n = getClass().getName();\n"
        " long id = Thread.currentThread().getId();\n"
        "} }"
    )
    r = real_engine.resolve(code)
    for text in ("this.getClass()", "Thread.currentThread()"):
        hits = [s for s in r.suggestions if s.call and s.call.text == text]
        assert hits and hits[0].candidates == [], (text, hits[0].candidates if hits else None)
        assert any("class loader" in n for n in hits[0].notes)
    lines = {s.call.line: s for s in r.suggestions if s.call and s.call.text == "getClass()"}
    assert lines[4].candidates == []  # the resource lookup
    assert _top(lines[5]) == "std.reflect.TypeInfo.of"  # getName() needs the type's info
    current = [s for s in r.suggestions if s.call and s.call.text == "Thread.currentThread()"]
    assert _top(current[-1]) == "std.core.Thread.currentThread"  # getId() is a real use


def test_a_call_goes_with_its_use_only_when_every_use_is_a_lookup() -> None:
    ex = extract(
        "void f() { Class<?> c = getClass(); ClassLoader l = getClass().getClassLoader(); String n = c.getName(); }"
    )
    only = {ex.calls[i].text for i in goes_with_its_use(ex.calls)}
    assert only == {"getClass()"} and len([c for c in ex.calls if c.text == "getClass()"]) == 2
    chained = goes_with_its_use(
        extract("void f() { String s = x.getClass().getClassLoader().toString(); }").calls
    )
    assert list(chained) == [0] and "class loader" in chained[0]


def test_a_project_singleton_is_the_project_object(real_engine: Engine) -> None:
    code = "class A { void f(Req req) { ProductBrandDO b = ProductBrandConvert.INSTANCE.convert(req); Object v = Registry.getInstance().get(k); } }"
    r = real_engine.resolve(code)
    s = _sugg(r, "ProductBrandConvert.INSTANCE.convert(req)")
    assert s.receiver_source == "user" and s.candidates == []
    s = _sugg(r, "Registry.getInstance().get(k)")
    assert s.receiver_source == "user" and s.candidates == []
    # a JDK singleton-like constant keeps its table type
    r = real_engine.resolve("void f() { long ms = TimeUnit.SECONDS.toMillis(3); }")
    assert _top(_sugg(r, "TimeUnit.SECONDS.toMillis(3)")) is not None


def test_date_from_fields_is_datetime_of(real_engine: Engine) -> None:
    r = real_engine.resolve("void f() { Date a = new Date(1972, 10, 1); Date b = new Date(); }")
    assert _top(_sugg(r, "new Date(1972, 10, 1)")) == "std.time.DateTime.of"
    assert any("1900" in n for n in _sugg(r, "new Date(1972, 10, 1)").notes)
    assert _top(_sugg(r, "new Date()")) == "std.time.DateTime.now"


def test_a_matcher_made_for_one_find_is_a_regex_test(real_engine: Engine) -> None:
    code = (
        "class A { boolean f(String content, Pattern regexp) {\n"
        " if (regexp.matcher(content).find()) { return true; }\n"
        " Matcher m = regexp.matcher(content);\n"
        " while (m.find()) { System.out.println(m.group(1)); }\n"
        " return false; } }"
    )
    r = real_engine.resolve(code)
    chained = [s for s in r.suggestions if s.call and s.call.text == "regexp.matcher(content)"]
    assert chained[0].candidates == [] and any("Matcher" in n for n in chained[0].notes)
    # kept in a variable: no matcher to make either; the note says where the search goes
    assert chained[1].candidates == [] and any("regex.find(input)" in n for n in chained[1].notes)
    assert [i.qualname for i in chained[1].instead][:1] == ["std.regex.Regex.find"]
    assert _top(_sugg(r, "regexp.matcher(content).find()")) == "std.regex.Regex.matches"
    assert _top(_sugg(r, "m.find()")) == "std.regex.Regex.lazyFindAll"


def test_boxed_number_equals_is_the_operator(real_engine: Engine) -> None:
    r = real_engine.resolve(
        "class A { boolean f(Integer a, Integer b, Short s) { return a.equals(b) && s.equals(STATUS); } }"
    )
    for text in ("a.equals(b)", "s.equals(STATUS)"):
        s = _sugg(r, text)
        assert s.candidates == [] and s.receiver_source == "declared", (text, s.candidates)
        assert any("a == b" in n for n in s.notes), s.notes
    # String.equals keeps its concrete operator
    r = real_engine.resolve("class A { boolean f(String a, String b) { return a.equals(b); } }")
    assert _top(_sugg(r, "a.equals(b)")) == "std.core.String.=="


def test_a_kept_matcher_find_outside_a_loop_is_one_search_or_a_test(real_engine: Engine) -> None:
    code = (
        "class A { String f(String s, Pattern p, Pattern q) {\n"
        " Matcher m = p.matcher(s);\n"
        " if (m.find()) { return m.group(1); }\n"
        " Matcher t = q.matcher(s);\n"
        ' return t.find() ? "y" : "n"; } }'
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "m.find()")) == "std.regex.Regex.find"  # its groups are read
    assert _top(_sugg(r, "t.find()")) == "std.regex.Regex.matches"  # only the Bool


def test_a_java_escape_is_no_regex(real_engine: Engine) -> None:
    code = 'class A { String f(String txt) { String a = txt.replaceAll("\\n", "\\\\n"); return a.replaceAll("\\\\s+", " "); } }'
    r = real_engine.resolve(code)
    assert _top(_sugg(r, 'txt.replaceAll("\\n", "\\\\n")')) == "std.core.String.replace"
    assert _top(_sugg(r, 'a.replaceAll("\\\\s+", " ")')) == "std.regex.Regex.replaceAll"


def test_a_receiver_named_after_a_jdk_type_is_guessed_that_type(real_engine: Engine) -> None:
    r = real_engine.resolve(
        "class A { int f() { int p = charBuffer.position(); return charBuffer.arrayOffset() + p; } }"
    )
    s = _sugg(r, "charBuffer.position()")
    assert s.receiver_source == "guessed" and s.candidates == []  # CharBuffer: no counterpart
    assert any("java.nio.CharBuffer.position" in n for n in s.notes), s.notes


def test_a_clock_that_measures_a_span_is_monotonic(real_engine: Engine) -> None:
    code = "class A { long f() { long start = System.currentTimeMillis(); work(); return System.currentTimeMillis() - start; } }"
    r = real_engine.resolve(code)
    assert {_top(s) for s in r.suggestions if s.call and s.call.text == "System.currentTimeMillis()"} == {
        "std.time.MonoTime.now"
    }
    r = real_engine.resolve("class A { Date f() { return new Date(System.currentTimeMillis()); } }")
    assert _top(_sugg(r, "System.currentTimeMillis()")) == "std.time.DateTime.now"


def test_a_completed_future_is_the_value(real_engine: Engine) -> None:
    r = real_engine.resolve(
        'class A { CompletableFuture<String> f() { return CompletableFuture.completedFuture("x"); } }'
    )
    s = _sugg(r, 'CompletableFuture.completedFuture("x")')
    assert s.candidates == [] and any("value itself" in n for n in s.notes), s.notes


def test_a_length_field_is_an_array_size(real_engine: Engine) -> None:
    r = real_engine.resolve("class A { int f() { return data.length + this.items.length; } }")
    for text in ("data.length", "this.items.length"):
        s = _sugg(r, text)
        assert _top(s) == "std.core.Array.size" and s.receiver_source == "inferred", (text, s)
    # a method call named length is still no array's
    r = real_engine.resolve("class A { int f() { return data.length(); } }")
    assert _top(_sugg(r, "data.length()")) != "std.core.Array.size"


def test_receiver_names_that_say_class_barrier_latch(real_engine: Engine) -> None:
    code = "class A { void f() { String c = clazz.getCanonicalName(); barrier.await(); latch.countDown(); } }"
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "clazz.getCanonicalName()")) == "std.reflect.TypeInfo.qualifiedName"
    assert _top(_sugg(r, "barrier.await()")) == "std.sync.Barrier.wait"
    assert _top(_sugg(r, "latch.countDown()")) == "std.sync.SyncCounter.dec"


def test_a_time_unit_conversion_answers_the_unit_first(real_engine: Engine) -> None:
    code = "class A { long f(int n) { long a = TimeUnit.SECONDS.toMillis(n); TimeUnit.SECONDS.sleep(1); return a; } }"
    r = real_engine.resolve(code)
    s = _sugg(r, "TimeUnit.SECONDS.toMillis(n)")
    assert [c.qualname for c in s.candidates[:2]] == [
        "std.core.Duration.second",
        "std.core.Duration.toMilliseconds",
    ]
    assert _top(_sugg(r, "TimeUnit.SECONDS.sleep(1)")) == "std.core.sleep"  # no conversion
    # a span of clock readings is a Duration already: its toMilliseconds()
    r = real_engine.resolve(
        "class A { long f(long start) { return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start); } }"
    )
    assert (
        _top(_sugg(r, "TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)"))
        == "std.core.Duration.toMilliseconds"
    )


def test_a_change_through_a_map_view_is_made_on_the_map(real_engine: Engine) -> None:
    code = (
        "class A { int f(Map<String, Integer> m, Set<String> keep) {\n"
        " m.keySet().retainAll(keep);\n"
        " m.values().removeIf(v -> v == 0);\n"
        ' m.keySet().remove("x");\n'
        " return m.keySet().size(); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "m.keySet().retainAll(keep)")) == "std.collection.HashMap.removeIf"
    assert _top(_sugg(r, "m.values().removeIf(v -> v == 0)")) == "std.collection.HashMap.removeIf"
    assert _top(_sugg(r, 'm.keySet().remove("x")')) == "std.collection.HashMap.remove"
    views = {s.call.line: s for s in r.suggestions if s.call and s.call.text == "m.keySet()"}
    assert views[2].candidates == [] and any("copies" in n for n in views[2].notes)
    # round 10: size() asks the map itself (m.size), so the view goes with it (was HashMap.keys)
    assert views[5].candidates == [] and _top(_sugg(r, "m.keySet().size()")) == "std.collection.HashMap.size"
    # values().remove(v) drops an entry by its value; a project object's keySet() stays user code
    r = real_engine.resolve(
        "class A { void f(Map<String, Integer> m, Registry reg) { m.values().remove(3); reg.keySet().clear(); } }"
    )
    assert _top(_sugg(r, "m.values().remove(3)")) == "std.collection.HashMap.removeIf"
    s = _sugg(r, "reg.keySet()")
    assert s.receiver_source == "user" and any(n.startswith("user code") for n in s.notes), s.notes


def test_round_8_tables(real_engine: Engine) -> None:
    code = (
        "import java.io.*; import java.util.*; import java.util.concurrent.*;\n"
        "class A { void f(DataOutputStream out, DataInputStream in, ClassLoader cl, String name) throws Exception {\n"
        " out.writeShort(7);\n"
        " int n = in.readInt();\n"
        " Class<?> c = cl.loadClass(name);\n"
        " ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 4, 60L, TimeUnit.SECONDS, new LinkedBlockingQueue<>());\n"
        " Hashtable<String, Integer> t = new Hashtable<>();\n"
        ' t.put("a", 1);\n'
        ' throw new EOFException("short read");\n'
        "} }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "out.writeShort(7)")) == "std.binary.Int16.writeBigEndian"
    assert _top(_sugg(r, "in.readInt()")) == "std.binary.Int32.readBigEndian"
    assert _top(_sugg(r, "cl.loadClass(name)")) == "std.reflect.TypeInfo.get"
    pool = _sugg(r, "new ThreadPoolExecutor", prefix=True)
    assert pool.candidates == [] and any("Semaphore" in n for n in pool.notes), pool.notes
    assert _top(_sugg(r, "new Hashtable<>()")) == "std.collection.HashMap.init"
    assert _top(_sugg(r, 't.put("a", 1)')) == "std.collection.HashMap.add"
    assert _top(_sugg(r, 'new EOFException("short read")')) == "std.io.IOException.init"
