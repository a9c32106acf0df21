"""Issue 12, round 10: what a call's arguments, its chain and the snippet's other calls say.

* ``values.get(name)`` with a String is no List's ``get(int)``; ``listenerMap.get(k)`` names a Map
  (the word ``list`` inside ``listener`` is no hint of a List).
* ``new AtomicReference<>()`` starts null: ``AtomicOptionReference``; ``method.invoke(null, ..)``
  calls a static method: ``StaticFunctionInfo.apply``.
* ``new HttpRequest.Builder()``: the JDK's nested Builder has no public constructor, so it is the
  project's class (and so are the calls on it).
* ``m.keySet().size()`` and ``m.keySet().contains(k)`` ask the map: ``HashMap.size``/``contains``,
  the view call goes with them.
* ``Instant start = Instant.now(); .. Duration.between(start, Instant.now())``: a stopwatch, so
  ``MonoTime.now`` and ``MonoTime.-``; an ``Instant.now()`` kept as a timestamp stays a ``DateTime``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_a_string_argument_is_no_list_index_and_a_listener_map_is_a_map(real_engine: Engine) -> None:
    code = (
        "class A { Object f(String name, int i) {\n"
        " Object a = values.get(name);\n"
        " Object b = listenerMap.get(file.getName());\n"
        " Object c = values.get(i);\n"
        " return a; } }"
    )
    r = real_engine.resolve(code)
    assert "std.collection.ArrayList.[]" not in [c.qualname for c in _sugg(r, "values.get(name)").candidates]
    assert _top(_sugg(r, "listenerMap.get(file.getName())")) == "std.collection.HashMap.get"
    assert _top(_sugg(r, "values.get(i)")) == "std.collection.ArrayList.[]"  # an int index: a List


def test_an_empty_atomic_reference_and_a_static_invoke(real_engine: Engine) -> None:
    code = (
        "import java.lang.reflect.Method;\n"
        "class A { Object f(Method m, String v) throws Exception {\n"
        " AtomicReference<String> r = new AtomicReference<>();\n"
        " AtomicReference<String> q = new AtomicReference<>(v);\n"
        " Object a = m.invoke(null, v);\n"
        " return m.invoke(this, v); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "new AtomicReference<>()")) == "std.sync.AtomicOptionReference"
    assert _top(_sugg(r, "new AtomicReference<>(v)")) == "std.sync.AtomicReference.init"
    assert _top(_sugg(r, "m.invoke(null, v)")) == "std.reflect.StaticFunctionInfo.apply"
    assert _top(_sugg(r, "m.invoke(this, v)")) == "std.reflect.InstanceFunctionInfo.apply"


def test_constructing_a_jdk_nested_interface_is_the_projects_class(real_engine: Engine) -> None:
    code = (
        "import java.net.http.HttpRequest;\n"
        "class A { void f() {\n"
        ' HttpRequest r = new HttpRequest.Builder().setHttpMethod("POST").build(); } }'
    )
    r = real_engine.resolve(code)
    s = _sugg(r, "new HttpRequest.Builder()")
    assert (s.receiver_source, s.candidates) == ("user", [])
    assert "no public constructor" in " ".join(s.notes)


def test_a_question_about_a_map_view_is_asked_of_the_map(real_engine: Engine) -> None:
    code = (
        "import java.util.*;\n"
        "class A { int f(Map<String, Integer> m, String k) {\n"
        " if (m.keySet().contains(k)) return 1;\n"
        " if (m.values().isEmpty()) return 2;\n"
        " return m.keySet().size(); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "m.keySet().contains(k)")) == "std.collection.HashMap.contains"
    assert _top(_sugg(r, "m.values().isEmpty()")) == "std.collection.HashMap.isEmpty"
    assert _top(_sugg(r, "m.keySet().size()")) == "std.collection.HashMap.size"
    views = [s for s in r.suggestions if s.call and s.call.text in ("m.keySet()", "m.values()")]
    assert len(views) == 3 and all(not s.candidates for s in views)


def test_an_instant_used_as_a_stopwatch_is_mono_time(real_engine: Engine) -> None:
    code = (
        "import java.time.*;\n"
        "class A { void f() {\n"
        "  Instant start = Instant.now();\n"
        "  work();\n"
        "  Duration d = Duration.between(start, Instant.now());\n"
        "  Instant created = Instant.now();\n"
        "  save(created); } }"
    )
    r = real_engine.resolve(code)
    nows = [_top(s) for s in r.suggestions if s.call and s.call.text == "Instant.now()"]
    assert nows == ["std.time.MonoTime.now", "std.time.MonoTime.now", "std.time.DateTime.now"]
    assert _top(_sugg(r, "Duration.between(start, Instant.now())")) == "std.time.MonoTime.-"
