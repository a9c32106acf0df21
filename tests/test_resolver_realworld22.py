"""Issue 12, round 22: what the labels of samples 123-130 (and the development sets before them) showed.

* The type ``collect(..)`` returns is the collector's (``groupingBy``: a Map, ``joining``: a String,
  ``toSet``: a Set), not the mapping's first collector function's (``collectArrayList``).
* ``collect(groupingBy(..))`` has no collector function: a ``HashMap`` filled in a loop
  (``add(key, value)``); a collector inside it (``counting()``) goes with it.
* ``list.remove(x)`` of a value (an object, a String, a boxed or a long) is ``removeIf``; an int is
  the index (``remove(at:)``). A bare variable is typed from its declaration.
* A member of the receiver's own Cangjie type that is deprecated (``DateTimeFormat.format``) does not
  replace the mapping's (``DateTime.format``).
* A ``Queue`` is a ``LinkedList`` (``addLast``/``removeFirst``), what Java code fills one with; a
  ``LinkedList``'s ``addAll`` is ``addLast`` in a loop (it has no add-all).
* ``m.keySet().iterator()``: ``keys()`` is a collection, its iterator ``Iterable``'s.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus


def _top(engine: Engine, code: str, text: str, n: int = 1) -> list[str]:
    s = _sugg(engine.resolver.resolve(code), text)
    return [c.qualname for c in s.candidates[:n]]


def test_collect_result_is_the_collectors_type(real_engine: Engine) -> None:
    code = (
        "void f(Stream<String> lines) {\n"
        '  boolean b = lines.collect(Collectors.toSet()).contains("a");\n'
        '  String s = lines.collect(Collectors.joining(",")).trim();\n'
        "  lines.collect(Collectors.groupingBy(String::length)).forEach((k, v) -> System.out.println(k));\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    contains = _sugg(r, 'lines.collect(Collectors.toSet()).contains("a")')
    assert contains.call.java_type == "java.util.Set"
    assert contains.candidates[0].qualname == "std.collection.HashSet.contains"
    trim = _sugg(r, 'lines.collect(Collectors.joining(",")).trim()')
    assert trim.call.java_type == "java.lang.String"
    each = _sugg(
        r, "lines.collect(Collectors.groupingBy(String::length)).forEach((k, v) -> System.out.println(k))"
    )
    assert each.candidates[0].qualname == "std.collection.HashMap.forEach"


def test_grouping_collect_fills_a_map(real_engine: Engine) -> None:
    code = (
        "void f(List<String> words) {\n"
        "  Map<Integer, Long> n = words.stream()\n"
        "      .collect(Collectors.groupingBy(String::length, Collectors.counting()));\n"
        "  Map<Boolean, List<String>> p = words.stream().collect(partitioningBy(w -> w.isEmpty()));\n"
        "  List<String> l = words.stream().collect(Collectors.toList());\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    grouped = _sugg(
        r, "words.stream() .collect(Collectors.groupingBy(String::length, Collectors.counting()))"
    )
    top = grouped.candidates[0]
    assert (top.qualname, top.id) == ("std.collection.HashMap.add", "std.collection.HashMap.add(K,V)")
    assert any("for-in loop" in w for w in top.why), top.why
    parted = _sugg(r, "words.stream().collect(partitioningBy(w -> w.isEmpty()))")
    assert parted.candidates[0].qualname == "std.collection.HashMap.add"
    # the collectors themselves have no API: the collect call answers for them
    for text in ("Collectors.counting()", "Collectors.groupingBy(String::length, Collectors.counting())"):
        s = _sugg(r, text)
        assert s.candidates == [] and any("collect(..)" in n for n in s.notes), (text, s.notes)
    # a plain collector keeps its collector function
    assert _top(real_engine, code, "words.stream().collect(Collectors.toList())") == [
        "std.collection.collectArrayList"
    ]


@pytest.mark.parametrize(
    ("args", "call", "want"),
    [
        ("Connection c, List<Connection> xs", "xs.remove(c)", "std.collection.ArrayList.removeIf"),
        ("List<String> xs", 'xs.remove("a")', "std.collection.ArrayList.removeIf"),
        ("Integer boxed, List<Integer> xs", "xs.remove(boxed)", "std.collection.ArrayList.removeIf"),
        ("long id, ArrayList<Long> xs", "xs.remove(id)", "std.collection.ArrayList.removeIf"),
        ("int i, List<String> xs", "xs.remove(i)", "std.collection.ArrayList.remove"),
        ("List<String> xs", "xs.remove(xs.size() - 1)", "std.collection.ArrayList.remove"),
        ("List<String> xs, Foo o", "var i = o.thing();\n  xs.remove(i)", "std.collection.ArrayList.remove"),
    ],
)
def test_list_remove_of_a_value_or_an_index(real_engine: Engine, args: str, call: str, want: str) -> None:
    code = f"void f({args}) {{\n  {call};\n}}\n"
    assert _top(real_engine, code, call.rsplit("\n  ", 1)[-1]) == [want]


def test_deprecated_own_member_keeps_the_mapping(real_engine: Engine) -> None:
    code = "String f(DateTimeFormatter formatter) {\n  return formatter.format(LocalDate.now());\n}\n"
    assert _top(real_engine, code, "formatter.format(LocalDate.now())") == ["std.time.DateTime.format"]


def test_queue_is_a_linked_list(real_engine: Engine) -> None:
    code = (
        "void walk(Queue<Node> todo, Node n) {\n"
        "  todo.offer(n);\n"
        "  Node first = todo.poll();\n"
        "  boolean done = todo.isEmpty();\n"
        "  todo.remove(n);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    got = {
        t: _sugg(r, t).candidates[0].qualname
        for t in ("todo.offer(n)", "todo.poll()", "todo.isEmpty()", "todo.remove(n)")
    }
    assert got == {
        "todo.offer(n)": "std.collection.LinkedList.addLast",
        "todo.poll()": "std.collection.LinkedList.removeFirst",
        "todo.isEmpty()": "std.collection.LinkedList.isEmpty",
        "todo.remove(n)": "std.collection.LinkedList.removeIf",
    }


def test_iterator_of_a_maps_keys_or_values(real_engine: Engine) -> None:
    code = (
        "void f(Map<String, Integer> m) {\n"
        "  Iterator<String> k = m.keySet().iterator();\n"
        "  Iterator<Integer> v = m.values().iterator();\n"
        "  Iterator<Map.Entry<String, Integer>> e = m.entrySet().iterator();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _sugg(r, "m.keySet().iterator()").candidates[0].qualname == "std.core.Iterable.iterator"
    assert _sugg(r, "m.values().iterator()").candidates[0].qualname == "std.core.Iterable.iterator"
    assert _sugg(r, "m.entrySet().iterator()").candidates[0].qualname == "std.collection.HashMap.iterator"


def test_linked_list_add_all_is_add_last(real_engine: Engine) -> None:
    code = "void f(LinkedList<Integer> queue, List<Integer> next) {\n  queue.addAll(next);\n}\n"
    assert _top(real_engine, code, "queue.addAll(next)") == ["std.collection.LinkedList.addLast"]
