"""Issue 12, round 31: what the labels of samples 195-202 (and the development sets before them) showed.

* ``file.delete()`` answers ``std.fs.remove`` first (4 labels in 3 code bases), ``removeIfExists`` second.
* ``Stream.empty()`` is an empty collection, ``ArrayList<T>()`` (2 code bases), an empty array's iterator second.
* ``collect(Collectors.collectingAndThen(Collectors.toSet(), f))`` collects a set first: ``collectHashSet``.
* A type of ``org.apache.hadoop`` is no JDK type of the same name (``new Path(s)`` is Hadoop's, not
  ``std.fs.Path``): the tables' Apache library is ``org.apache.commons``, and under an umbrella
  organisation (org.apache, org.eclipse, com.github) a library is named by three package parts.
  Log4j's ``Logger`` still reads as SLF4J's (a logging library).
* ``new ArrayList(Arrays.asList(connections))`` of a field (type unknown) hands an array on too: no
  API for the ``asList``; a literal element (``Arrays.asList("one")``) stays the array literal.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_file_delete_is_remove_then_remove_if_exists(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve("void f(File file) { if (!file.delete()) { log(file); } }")
    s = _sugg(r, "file.delete()")
    assert [c.qualname for c in s.candidates[:2]] == ["std.fs.remove", "std.fs.removeIfExists"]


def test_an_empty_stream_is_an_empty_list(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve("Stream<String> f() { return Stream.empty(); }")
    s = _sugg(r, "Stream.empty()")
    assert s.candidates[0].qualname == "std.collection.ArrayList.init"
    assert s.candidates[0].signature == "public init()"
    assert "std.core.Array.iterator" in [c.qualname for c in s.candidates]


def test_collecting_and_then_collects_its_first_collector(real_engine: Engine) -> None:
    code = (
        "Set<String> f(List<String> xs) {\n"
        "  Set<String> s = xs.stream().collect(Collectors.collectingAndThen(Collectors.toSet(), "
        "Collections::unmodifiableSet));\n"
        "  List<String> l = xs.stream().collect(Collectors.collectingAndThen(Collectors.toList(), "
        "Collections::unmodifiableList));\n"
        "  return s;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    sets = _sugg(r, "xs.stream().collect(Collectors.collectingAndThen(Collectors.toSet()", prefix=True)
    assert sets.candidates[0].qualname == "std.collection.collectHashSet"
    lists = _sugg(r, "xs.stream().collect(Collectors.collectingAndThen(Collectors.toList()", prefix=True)
    assert lists.candidates[0].qualname == "std.collection.collectArrayList"
    assert _top(r, "Collectors.toSet()") is None  # it goes with the collect call


def test_a_hadoop_path_is_no_jdk_path(real_engine: Engine) -> None:
    code = (
        "import org.apache.hadoop.fs.Path;\n"
        "import org.apache.logging.log4j.Logger;\n"
        "import org.apache.commons.lang3.StringUtils;\n"
        "class A {\n"
        "  private static final Logger LOG = null;\n"
        "  void f(String s) {\n"
        "    Path p = new Path(s);\n"
        '    LOG.info("x {}", s);\n'
        "    boolean b = StringUtils.isBlank(s);\n"
        "  }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    path = _sugg(r, "new Path(s)")
    assert path.candidates == [] and path.receiver_type == "org.apache.hadoop.fs.Path"
    assert _top(r, 'LOG.info("x {}", s)') == "stdx.log.Logger.info"
    assert _top(r, "StringUtils.isBlank(s)") == "std.core.String.isAsciiBlank"


def test_as_list_of_a_field_handed_to_a_constructor_has_no_api(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        "  ArrayList<Connection> temp = new ArrayList(Arrays.asList(connections));\n"
        '  List<String> one = new ArrayList<>(Arrays.asList("one"));\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    field = _sugg(r, "Arrays.asList(connections)")
    assert field.candidates == [] and any("Collection<T>" in n for n in field.notes), field.notes
    assert _top(r, 'Arrays.asList("one")') == "std.core.Array"
    assert _top(r, "new ArrayList(Arrays.asList(connections))") == "std.collection.ArrayList.init"
