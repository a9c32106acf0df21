"""Issue 12, round 32: what the labels of samples 203-210 (and the development sets before them) showed.

* ``String.valueOf(x)`` is ``x.toString()``: of an argument of a known type it answers that type's
  ``toString`` mapping (``String.valueOf(pattern)``: ``Regex.string``); of a call that gives a number
  (``counter.incrementAndGet()``, ``name.length()``) it answers ``Int64.toString``.
* ``m.find()`` called more than once on one matcher outside a loop takes the matches one at a time:
  ``lazyFindAll`` (its iterator's ``next()``); one ``find()`` stays ``find``/``matches``, and
  ``while (m.find())`` is ``lazyFindAll`` too (round 53: ``findAll`` until then). A variable given a new matcher between its finds
  (``matcher = p.matcher(other)``) searches anew: each stays ``find``.
* ``dateTime.toLocalDate()`` / ``toLocalTime()`` are curated ``none`` (a LocalDate or LocalTime is a
  ``DateTime`` too: nothing to convert; 6 labels in 4 code bases), with ``date``/``time`` in ``instead``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_value_of_answers_the_arguments_to_string(real_engine: Engine) -> None:
    code = (
        "void f(Pattern matchRegex, Object any) {\n"
        "  String a = String.valueOf(matchRegex);\n"
        "  String b = String.valueOf(threadCounter.incrementAndGet());\n"
        "  String c = String.valueOf(driver.length());\n"
        "  String d = String.valueOf(worker.process());\n"
        "  String e = String.valueOf(any);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "String.valueOf(matchRegex)") == "std.regex.Regex.string"
    assert _top(r, "String.valueOf(threadCounter.incrementAndGet())") == "std.core.Int64.toString"
    assert _top(r, "String.valueOf(driver.length())") == "std.core.Int64.toString"
    # a call that says nothing of a number, and an Object, stay ToString's toString
    assert _top(r, "String.valueOf(worker.process())") == "std.core.ToString.toString"
    assert _top(r, "String.valueOf(any)") == "std.core.ToString.toString"


def test_find_after_find_takes_the_matches_one_at_a_time(real_engine: Engine) -> None:
    code = (
        "void f(Pattern p, String s) {\n"
        "  Matcher m = p.matcher(s);\n"
        "  assertEquals(m.find(), true);\n"
        "  int a = m.start();\n"
        "  assertEquals(m.find(), true);\n"
        "  Matcher q = p.matcher(s);\n"
        "  if (q.find()) { String g = q.group(1); }\n"
        "  Matcher w = p.matcher(s);\n"
        "  while (w.find()) { out.add(w.group()); }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    finds = [s for s in r.suggestions if s.call and s.call.text == "m.find()"]
    assert len(finds) == 2
    assert all(s.candidates[0].qualname == "std.regex.Regex.lazyFindAll" for s in finds)
    assert _top(r, "q.find()") == "std.regex.Regex.find"
    assert _top(r, "w.find()") == "std.regex.Regex.lazyFindAll"


def test_to_local_date_has_nothing_to_convert(real_engine: Engine) -> None:
    code = (
        "String f(LocalDateTime start) {\n"
        "  LocalDate d = start.toLocalDate();\n"
        "  LocalTime t = start.toLocalTime();\n"
        '  return d + " " + t + start.getYear();\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for call, instead in (
        ("start.toLocalDate()", "std.time.DateTime.date"),
        ("start.toLocalTime()", "std.time.DateTime.time"),
    ):
        s = _sugg(r, call)
        assert s.candidates == [] and [i.qualname for i in s.instead] == [instead], call
        assert any("Nothing to convert" in n for n in s.notes), s.notes
    assert _top(r, "start.getYear()") == "std.time.DateTime.year"


def test_a_matcher_given_a_new_input_searches_anew(real_engine: Engine) -> None:
    code = (
        "String f(String uri, String normalized, Pattern pattern) {\n"
        "  Matcher matcher = pattern.matcher(uri);\n"
        "  String a = null;\n"
        "  if (matcher.find()) { a = matcher.group(1); }\n"
        "  matcher = pattern.matcher(normalized);\n"
        "  if (matcher.find()) { a = matcher.group(1); }\n"
        "  return a;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    finds = [s for s in r.suggestions if s.call and s.call.text == "matcher.find()"]
    assert len(finds) == 2 and all(s.candidates[0].qualname == "std.regex.Regex.find" for s in finds)
