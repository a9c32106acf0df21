"""Issue 12, round 13: objects Cangjie does without, and guesses the snippet cannot back.

* No object to make or call: read-only wrappers (``Collections.unmodifiableList``: the collection
  typed as ``ReadOnlyList``), formatter objects (``new SimpleDateFormat(p)``,
  ``DateTimeFormatter.ofPattern(p)``: the pattern string goes to ``DateTime.format``), a buffer's
  byte order (chosen per read and write), ``URI.toURL`` (one URL type), the wrappers' ``TYPE``
  constants and ``Class.isPrimitive`` (``TypeInfo.of<Int32>()``, ``is PrimitiveTypeInfo``),
  ``CompletableFuture.runAsync`` (the ``spawn`` expression), a tokenizer's ``hasMoreTokens`` (a
  for-in over the split): no candidate, the note says what to write.
* ``new StringReader(text)`` makes a stream of the text: ``ByteBuffer(text.toArray())`` first (a
  Cangjie ``StringReader`` reads from a stream, never from a String), ``StringReader`` after it.
* ``Properties`` is a Map (its ``entrySet``, ``remove`` are the Map rows); ``setProperty`` is
  ``put``: ``HashMap.add``.
* A map the snippet does not declare but calls ``putIfAbsent`` on is a concurrent one.
* A qualified name from a package the tables know nothing of (``io.vavr.collection.HashSet``, an
  imported ``com.acme.model.File``) is no JDK type of the same simple name; it may still be a library
  type of the tables (``org.apache.logging.log4j.Logger`` reads as SLF4J's), and a type of one of
  the tables' libraries may stand for the JDK type it wraps (Guava's ``Optional``).
* A ``Queue`` the snippet does not declare is said, not guessed: which Cangjie queue it is depends on
  the implementation the field is declared with.
* ``Instant.now()`` measured on the spot against a start or deadline the snippet got elsewhere
  (``Duration.between(start, Instant.now())``, ``Instant.now().isAfter(deadline)``) is a stopwatch
  reading: ``MonoTime``; a reading kept as a timestamp stays a ``DateTime``.
* Read from samples 54-57 after their blind figure was taken: ``List.of()`` with no element is the
  empty ``ArrayList<T>()`` (nothing to pass to ``ArrayList.of``); ``m.entrySet().toArray(..)`` is
  the map's own ``toArray`` (an array of (key, value) tuples), as walking the entry set walks the map;
  ``Optional.ifPresentOrElse`` has both branches: a ``match``, no call.
* Table gaps of all 5,811 real-world methods: the wrappers' deprecated constructors (``new
  Double(s)`` parses; ``new Double(d)`` of a double is boxing, said), ``Short``/``Byte``/``Float.valueOf``,
  an anonymous ``new Comparator<T>() {..}`` (a lambda, no call) and ``new Iterator<T>() {..}`` (a
  class implementing ``std.core.Iterator``).
* A logger a project class hands out (``MainLogger.getLogger()``) is the project's, not SLF4J's.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_objects_cangjie_does_without_have_no_candidate_and_a_note(real_engine: Engine) -> None:
    code = (
        "class A { void f(List<String> l, Map<String, String> m, Set<String> s, String p,"
        " ByteBuffer buf, URI uri, Class<?> cls, String text, Date d) {\n"
        " List<String> a = Collections.unmodifiableList(l);\n"
        " Map<String, String> b = Collections.unmodifiableMap(m);\n"
        " Set<String> c = Collections.unmodifiableSet(s);\n"
        " SimpleDateFormat f = new SimpleDateFormat(p);\n"
        " String out = f.format(d);\n"
        " DateTimeFormatter g = DateTimeFormatter.ofPattern(p);\n"
        " buf.order(ByteOrder.LITTLE_ENDIAN);\n"
        " URL u = uri.toURL();\n"
        " Class<?> t = Integer.TYPE;\n"
        " boolean prim = cls.isPrimitive();\n"
        " CompletableFuture.runAsync(() -> work());\n"
        " StringTokenizer st = new StringTokenizer(text);\n"
        " while (st.hasMoreTokens()) { use(st.nextToken()); } } }"
    )
    r = real_engine.resolve(code)
    said = {
        "Collections.unmodifiableList(l)": "ReadOnlyList",
        "Collections.unmodifiableMap(m)": "ReadOnlyMap",
        "Collections.unmodifiableSet(s)": "ReadOnlySet",
        "new SimpleDateFormat(p)": "dt.format(fmt)",
        "DateTimeFormatter.ofPattern(p)": "dt.format(pattern)",
        "buf.order(ByteOrder.LITTLE_ENDIAN)": "readLittleEndian",
        "uri.toURL()": "one type",
        "Integer.TYPE": "TypeInfo.of<Int32>()",
        "cls.isPrimitive()": "is PrimitiveTypeInfo",
        "CompletableFuture.runAsync(() -> work())": "spawn",
        "st.hasMoreTokens()": "for (tok in toks)",
    }
    for text, words in said.items():
        s = _sugg(r, text)
        assert s.candidates == [], (text, _top(s))
        assert any(words in n for n in s.notes), (text, s.notes)
    # the calls that do the work still answer
    assert _top(_sugg(r, "f.format(d)")) == "std.time.DateTime.format"
    assert _top(_sugg(r, "st.nextToken()")) == "std.core.Iterator.next"


def test_properties_is_a_map(real_engine: Engine) -> None:
    code = (
        "class A { void f(Properties p) {\n"
        " for (Map.Entry<Object, Object> e : p.entrySet()) { use(e); }\n"
        ' p.remove("k");\n'
        ' p.setProperty("k", "v"); } }'
    )
    r = real_engine.resolve(code)
    s = _sugg(r, "p.entrySet()")
    assert s.candidates == [] and any("for ((k, v) in map)" in n for n in s.notes)
    assert _top(_sugg(r, 'p.remove("k")')) == "std.collection.HashMap.remove"
    assert _top(_sugg(r, 'p.setProperty("k", "v")')) == "std.collection.HashMap.add"


def test_put_if_absent_makes_an_undeclared_map_concurrent(real_engine: Engine) -> None:
    code = (
        "class A { void f(String k) {\n"
        " Boolean b = FALLBACK_ATTEMPTS.get(k);\n"
        " FALLBACK_ATTEMPTS.putIfAbsent(k, Boolean.TRUE);\n"
        " Object v = cache.get(k);\n"
        " cache.put(k, v);\n"
        " cache.containsKey(k); } }"
    )
    r = real_engine.resolve(code)
    s = _sugg(r, "FALLBACK_ATTEMPTS.get(k)")
    assert _top(s) == "std.collection.concurrent.ConcurrentHashMap.get"
    assert s.receiver_source == "guessed" and s.confidence == "low"
    put = _sugg(r, "FALLBACK_ATTEMPTS.putIfAbsent(k, Boolean.TRUE)")
    assert _top(put) == "std.collection.concurrent.ConcurrentHashMap.addIfAbsent"
    # a map with no atomic call stays the plain one
    assert _top(_sugg(r, "cache.get(k)")) == "std.collection.HashMap.get"


def test_a_foreign_package_is_no_jdk_type(real_engine: Engine) -> None:
    code = (
        "import com.acme.model.File;\n"
        "import org.apache.logging.log4j.Logger;\n"
        "class A { Logger log; void f() {\n"
        " Set<String> v = io.vavr.collection.HashSet.empty();\n"
        ' File f = new File("data.csv", 300);\n'
        ' log.info("x");\n'
        " java.util.HashSet<String> h = new java.util.HashSet<>();\n"
        " java.util.Hashtable<String, String> t = new java.util.Hashtable<>();\n"
        ' t.put("a", "b"); } }'
    )
    r = real_engine.resolve(code)
    vavr = _sugg(r, "io.vavr.collection.HashSet.empty()")
    assert vavr.candidates == [] and any("no mapping for the type io.vavr" in n for n in vavr.notes)
    own = _sugg(r, 'new File("data.csv", 300)')
    assert own.candidates == [] and any("no mapping for the type com.acme.model.File" in n for n in own.notes)
    # another library's type may still read as the tables' library type of that name
    assert _top(_sugg(r, 'log.info("x")')) == "stdx.log.Logger.info"
    assert _top(_sugg(r, "new java.util.HashSet<>()")) == "std.collection.HashSet.init"
    # a qualified alias of a table type is that type
    assert _top(_sugg(r, 't.put("a", "b")')) == "std.collection.HashMap.add"


def test_a_library_of_the_tables_may_stand_for_the_jdk_type_it_wraps(real_engine: Engine) -> None:
    code = (
        "import com.google.common.base.Optional;\n"
        "class A { void f(Optional<String> o) {\n"
        " boolean b = o.isPresent(); } }"
    )
    assert _top(_sugg(real_engine.resolve(code), "o.isPresent()")) == "std.core.Option.isSome"


def test_an_undeclared_queue_is_said_not_guessed(real_engine: Engine) -> None:
    code = (
        "class A { void f(Task t) {\n"
        " Task done = completedQueue.poll();\n"
        " queue.offer(t);\n"
        " Queue<Integer> q = new ArrayDeque<>();\n"
        " q.offer(1); } }"
    )
    r = real_engine.resolve(code)
    for text in ("completedQueue.poll()", "queue.offer(t)"):
        s = _sugg(r, text)
        assert s.candidates == [], (text, _top(s))
        assert s.receiver_source == "guessed"
        assert any("ConcurrentLinkedQueue" in n and "ArrayQueue" in n for n in s.notes), s.notes
    # a queue the snippet declares is answered
    assert _top(_sugg(r, "q.offer(1)")) == "std.collection.ArrayDeque.addLast"


def test_a_logger_a_project_class_hands_out_is_the_projects(real_engine: Engine) -> None:
    code = (
        "class A { void f(int x) {\n"
        ' MainLogger.getLogger().error("corrupted chunk " + x);\n'
        ' LoggerFactory.getLogger(A.class).info("x");\n'
        ' LOGGER.warn("x {}", x); } }'
    )
    r = real_engine.resolve(code)
    own = _sugg(r, 'MainLogger.getLogger().error("corrupted chunk " + x)')
    assert own.candidates == [] and own.receiver_source == "user"
    assert _top(_sugg(r, 'LoggerFactory.getLogger(A.class).info("x")')) == "stdx.log.Logger.info"
    guessed = _sugg(r, 'LOGGER.warn("x {}", x)')
    assert _top(guessed) == "stdx.log.Logger.warn" and guessed.receiver_source == "guessed"


def test_a_string_reader_over_text_is_a_byte_buffer_first(real_engine: Engine) -> None:
    code = "class A { void f(String json) {\n Reader r = new StringReader(json); } }"
    s = _sugg(real_engine.resolve(code), "new StringReader(json)")
    assert [c.qualname for c in s.candidates[:2]] == ["std.io.ByteBuffer.init", "std.io.StringReader.init"]
    assert any("StringReader(ByteBuffer(text.toArray()))" in n for n in s.notes)


def test_now_measured_against_a_start_from_elsewhere_is_monotonic(real_engine: Engine) -> None:
    code = (
        "class A { void f(Instant start, Instant deadline) {\n"
        " Duration d = Duration.between(start, Instant.now());\n"
        " if (Instant.now().isAfter(deadline)) { stop(); }\n"
        " Instant stamp = Instant.now();\n"
        " log(stamp.toString()); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "Duration.between(start, Instant.now())")) == "std.time.MonoTime.-"
    nows = [s for s in r.suggestions if s.call and s.call.text == "Instant.now()"]
    assert [(s.call.line, _top(s)) for s in nows if s.call] == [
        (2, "std.time.MonoTime.now"),
        (3, "std.time.MonoTime.now"),
        (4, "std.time.DateTime.now"),
    ]


def test_empty_list_of_entry_set_to_array_and_both_optional_branches(real_engine: Engine) -> None:
    code = (
        "class A { void f(Map<String, Integer> map, Optional<String> o) {\n"
        " List<String> none = List.of();\n"
        ' List<String> two = List.of("a", "b");\n'
        " Map.Entry[] es = map.entrySet().toArray(new Map.Entry[0]);\n"
        " o.ifPresentOrElse(v -> use(v), () -> skip()); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "List.of()")) == "std.collection.ArrayList.init"
    assert _top(_sugg(r, 'List.of("a", "b")')) == "std.collection.ArrayList.of"
    assert _top(_sugg(r, "map.entrySet().toArray(new Map.Entry[0])")) == "std.collection.HashMap.toArray"
    both = _sugg(r, "o.ifPresentOrElse(v -> use(v), () -> skip())")
    assert both.candidates == [] and any("match (opt)" in n for n in both.notes)


def test_wrapper_constructors_valueof_and_anonymous_comparators(real_engine: Engine) -> None:
    code = (
        "class A { void f(String s, double d) {\n"
        " Double a = new Double(s);\n"
        " Double b = new Double(d);\n"
        " Short c = Short.valueOf(s);\n"
        " Float e = Float.valueOf(s);\n"
        " Comparator<String> cmp = new Comparator<String>() { public int compare(String x, String y)"
        " { return 0; } };\n"
        " Iterator<String> it = new Iterator<String>() { public boolean hasNext() { return false; }"
        " public String next() { return null; } }; } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "new Double(s)")) == "std.convert.Float64.parse"
    boxed = _sugg(r, "new Double(d)")
    assert boxed.candidates == [] and any("boxing" in n for n in boxed.notes)
    assert _top(_sugg(r, "Short.valueOf(s)")) == "std.convert.Int16.parse"
    assert _top(_sugg(r, "Float.valueOf(s)")) == "std.convert.Float32.parse"
    cmp = _sugg(r, "new Comparator<String>()")
    assert cmp.candidates == [] and any("lambda" in n for n in cmp.notes)
    assert _top(_sugg(r, "new Iterator<String>()")) == "std.core.Iterator"
