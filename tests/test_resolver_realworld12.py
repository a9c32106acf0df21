"""Issue 12, round 12: what the docs' extensions make a type, and calls the tables read too narrowly.

* ``extend<T> Array<T> <: Collection<T>`` makes an Array a Collection (and ``extend Int64 <:
  Hashable`` an Int64 Hashable): the graph has the inherits edge, so ``Arrays.asList(arr)`` fits
  the table's ``ArrayList(Collection<T>)`` copy as well as ``ArrayList.of(Array<T>)``, and the
  table's order decides. An interface member that an extension of the type implements is listed
  once, as the type's own (``Rune.toTitleCase``, not also ``UnicodeRuneExtension.toTitleCase``).
* A receiver's name hints at a type by its head noun only, also in the strong hint that lets a guess
  through: ``componentPollListeners`` and ``tokenListDecls`` are no Lists, ``nodeList`` is; a type
  hinted by a kind must end with it (``values`` is no ConcurrentSkipListMap), and a hint word of one
  or two letters (``s``, ``q``) names only a receiver called just that (every plural ends in s).
* Table gaps of the real-world runs: ``ConcurrentSkipListMap``/``Set`` (a TreeMap/TreeSet under a
  mutex, with the JDK supertypes so the Map rows apply), ``Integer.compareUnsigned``,
  ``System.getProperties``, ``Class.getDeclaredConstructors``, ``File.toURI`` (``none``: the path).
* ``Double.valueOf(d)`` of a double is boxing: no candidate, said (``valueOf(s)`` of a String still
  parses); ``Boolean.parseBoolean(s)`` never throws, so ``Bool.tryParse`` comes first;
  ``List.copyOf(c)`` of any collection is the ``ArrayList(Collection)`` copy.
* A receiver compared with a value the snippet declares a String (``WRITE_METHOD.equals(name)``,
  ``p.getName().equals(name)``) is a String, as one compared with a string literal was: ``==``.
* ``T[] array``: an array of a type variable is an array (``array.length`` is ``Array.size``), and
  an array's ``getClass()`` is Object's (``TypeInfo.of``), not an Array member named like it.
* Walking a map's entry set walks the map: ``m.entrySet().iterator()`` / ``forEach`` are the
  HashMap's own (it iterates (key, value) tuples), not a HashSet's.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.graph.kb import KnowledgeBase

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_an_extension_makes_the_type_a_subtype_of_its_interfaces(real_kb: KnowledgeBase) -> None:
    assert "std.core.Collection" in real_kb.supertypes("std.core.Array")
    assert "std.core.Iterable" in real_kb.supertypes("std.core.Array")
    assert {"std.core.Hashable", "std.core.Comparable", "std.core.ToString"} <= set(
        real_kb.supertypes("std.core.Int64")
    )
    # the edge names the package whose extension adds the interface (code using it imports that)
    edge = real_kb.G.get_edge_data("std.core.Int64", "std.convert.Parsable", key="inherits")
    assert edge is not None and edge["extension"] == "std.convert"
    # a class is not an interface: extensions name interfaces only
    assert all(
        real_kb.G.nodes[s].get("type_kind") == "interface" for s in real_kb.supertypes("std.core.Rune")
    )


def test_an_array_passed_as_a_collection_fits_and_the_table_order_decides(real_engine: Engine) -> None:
    code = 'class A { void f() {\n String[] a = {"x"};\n List<String> l = Arrays.asList(a); } }'
    s = _sugg(real_engine.resolve(code), "Arrays.asList(a)")
    assert [c.qualname for c in s.candidates[:2]] == [
        "std.collection.ArrayList.init",
        "std.core.Array",
    ]


def test_an_interface_member_an_extension_implements_is_listed_once(real_engine: Engine) -> None:
    code = "class A { char f(char ch) { return Character.toTitleCase(ch); } }"
    s = _sugg(real_engine.resolve(code), "Character.toTitleCase(ch)")
    names = [c.qualname for c in s.candidates]
    assert names[0] == "std.unicode.Rune.toTitleCase"
    assert "std.unicode.UnicodeRuneExtension.toTitleCase" not in names


def test_a_guess_reads_the_head_noun_of_the_receivers_name(real_engine: Engine) -> None:
    code = (
        "class A { void f(String id, Decl d) {\n"
        " Object x = componentPollListeners.get(id);\n"
        " Object y = values.get(id);\n"
        " tokenListDecls.add(d);\n"
        " Node n = nodeList.get(0); } }"
    )
    r = real_engine.resolve(code)
    assert _sugg(r, "componentPollListeners.get(id)").candidates == []  # listeners, no list
    assert _sugg(r, "values.get(id)").candidates == []  # no ConcurrentSkipListMap by its "list"
    assert _sugg(r, "tokenListDecls.add(d)").candidates == []  # declarations
    s = _sugg(r, "nodeList.get(0)")
    assert (_top(s), s.receiver_source, s.confidence) == ("std.collection.ArrayList.[]", "guessed", "low")


def test_the_table_gaps_of_round_12(real_engine: Engine) -> None:
    code = (
        "import java.util.concurrent.*; import java.io.File;\n"
        "class A { void f(File file, Class<?> k, int a, int b) {\n"
        " ConcurrentSkipListMap<String, Integer> m = new ConcurrentSkipListMap<>();\n"
        ' m.put("a", 1);\n'
        ' int v = m.getOrDefault("a", 0);\n'
        " int c = Integer.compareUnsigned(a, b);\n"
        " java.util.Properties p = System.getProperties();\n"
        " Object cs = k.getDeclaredConstructors();\n"
        " Object u = file.toURI(); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "new ConcurrentSkipListMap<>()")) == "std.collection.TreeMap.init"
    assert _top(_sugg(r, 'm.put("a", 1)')) == "std.collection.TreeMap.add"
    # a Map row through the JDK supertypes: the TreeMap member, not a HashMap one
    assert _top(_sugg(r, 'm.getOrDefault("a", 0)')) == "std.collection.TreeMap.get"
    assert _top(_sugg(r, "Integer.compareUnsigned(a, b)")) == "std.core.UInt32.compare"
    # round 16: the labels read settings from the environment (getProperty -> getVariable, 5 of 5)
    assert _top(_sugg(r, "System.getProperties()")) == "std.env.getVariables"
    assert _top(_sugg(r, "k.getDeclaredConstructors()")) == "std.reflect.ClassTypeInfo.constructors"
    uri = _sugg(r, "file.toURI()")
    assert uri.candidates == [] and "std.fs.Path.toString" in [i.qualname for i in uri.instead]


def test_boxing_is_the_value_and_parse_boolean_never_throws(real_engine: Engine) -> None:
    code = (
        "class A { void f(double d, int i, String s, Set<String> names) {\n"
        " Double x = Double.valueOf(d);\n"
        " Integer y = Integer.valueOf(i);\n"
        " Integer p = Integer.valueOf(s);\n"
        " boolean q = Boolean.parseBoolean(s);\n"
        " List<String> c = List.copyOf(names); } }"
    )
    r = real_engine.resolve(code)
    for text in ("Double.valueOf(d)", "Integer.valueOf(i)"):
        s = _sugg(r, text)
        assert s.candidates == [] and any("boxing" in n for n in s.notes), text
    assert _top(_sugg(r, "Integer.valueOf(s)")) == "std.convert.Int64.parse"
    assert _top(_sugg(r, "Boolean.parseBoolean(s)")) == "std.convert.Bool.tryParse"
    assert _top(_sugg(r, "List.copyOf(names)")) == "std.collection.ArrayList.init"


def test_a_receiver_compared_with_a_declared_string_is_a_string(real_engine: Engine) -> None:
    code = (
        "class A { boolean f(String methodName, Param p, Object o) {\n"
        " boolean a = WRITE_METHOD.equals(methodName);\n"
        " boolean b = p.getName().equals(methodName);\n"
        " return other.equals(o); } }"
    )
    r = real_engine.resolve(code)
    for text in ("WRITE_METHOD.equals(methodName)", "p.getName().equals(methodName)"):
        s = _sugg(r, text)
        assert (_top(s), s.receiver_source) == ("std.core.String.==", "guessed"), text
    assert _sugg(r, "other.equals(o)").candidates == []  # an Object says nothing


def test_an_array_of_a_type_variable_is_an_array(real_engine: Engine) -> None:
    code = "class A { <T> int f(T[] array, int[] b) { Class<?> c = b.getClass(); return array.length; } }"
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "array.length")) == "std.core.Array.size"
    assert _top(_sugg(r, "b.getClass()")) == "std.reflect.TypeInfo.of"


def test_walking_the_entry_set_walks_the_map(real_engine: Engine) -> None:
    code = (
        "class A { void f(Map<String, Integer> m) {\n"
        " Iterator<Map.Entry<String, Integer>> it = m.entrySet().iterator();\n"
        " m.entrySet().forEach(e -> use(e));\n"
        " m.keySet().forEach(k -> use(k)); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "m.entrySet().iterator()")) == "std.collection.HashMap.iterator"
    assert _top(_sugg(r, "m.entrySet().forEach(e -> use(e))")) == "std.collection.HashMap.forEach"
    assert _top(_sugg(r, "m.keySet().forEach(k -> use(k))")) == "std.collection.HashSet.forEach"  # keys only
