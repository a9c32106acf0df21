"""Issue 12, round 38: what the labels of samples 251-258 showed.

* A JDK class written with type arguments it does not declare (``Reader<T> r``, ``new Reader<T>()
  {..}``: ``java.io.Reader`` takes none) is the project's class: the member facts now say which JDK
  classes are generic (``scripts/gen_jdk_members.py``, javap's class header).
* ``cs.toString()`` of a ``CharSequence`` has nothing to call: the text is a String already.
* ``stream.mapToInt(f)`` (and ``mapToLong``, ``mapToDouble``, ``mapToObj``) is the pipeline's
  ``map``, as ``stream.map(f)`` is.
* Two ``currentTimeMillis()`` readings kept in one snippet (``now = ..; work(); end = ..``) measure
  the time between them: ``MonoTime.now``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.java import jdk_generic

from .suggestions import instead_only, top
from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_the_member_facts_say_which_jdk_classes_are_generic() -> None:
    assert jdk_generic("java.util.ArrayList") is True
    assert jdk_generic("java.util.Map.Entry") is True
    assert jdk_generic("java.io.Reader") is False
    assert jdk_generic("java.lang.String") is False
    assert jdk_generic("com.example.Reader") is None


def test_a_jdk_name_with_type_arguments_it_lacks_is_the_projects(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "static <T> Reader<T> filter(Reader<T> r, List<T> seen, java.io.Reader in) throws IOException {\n"
        "  T t = r.read();\n  seen.add(t);\n  in.read();\n"
        "  return new Reader<T>() {\n    public T read() { return null; }\n  };\n}\n"
    )
    for text in ("r.read()", "new Reader<T>()"):
        s = _sugg(r, text)
        assert s.candidates == [] and s.receiver_source == "user", (text, s.receiver_source)
    assert _top(r, "seen.add(t)") == "std.collection.ArrayList.add"
    assert _sugg(r, "in.read()").receiver_source == "declared"


def test_a_char_sequence_to_string_has_nothing_to_call(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String f(CharSequence el, StringBuilder sb) {\n  return el.toString() + sb.toString();\n}\n"
    )
    assert instead_only(_sugg(r, "el.toString()")) == "std.core.String"
    assert _top(r, "sb.toString()") == "std.core.StringBuilder.toString"


def test_a_streams_map_to_int_is_the_pipelines_map(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "int f(List<Kid> kids) {\n  return kids.stream().mapToInt(Kid::getAge).sum();\n}\n"
    )
    assert _top(r, "kids.stream().mapToInt(Kid::getAge)") == "std.collection.map"


def test_two_kept_clock_readings_measure_a_span(real_engine: Engine) -> None:
    pair = real_engine.resolver.resolve(
        "void f() {\n  long now = System.currentTimeMillis();\n  run();\n"
        "  long end = System.currentTimeMillis();\n  suite.addTrial(now, end);\n}\n"
    )
    assert [top(s) for s in pair.suggestions if s.call and s.call.method == "currentTimeMillis"] == [
        "std.time.MonoTime.now",
        "std.time.MonoTime.now",
    ]
    one = real_engine.resolver.resolve(
        "void f(Order o) {\n  long created = System.currentTimeMillis();\n  o.setCreated(created);\n}\n"
    )
    assert _top(one, "System.currentTimeMillis()") == "std.time.DateTime.now"
