"""Issue 12, round 29: what the labels of samples 179-186 (and the development sets before them) showed.

* ``cal = Calendar.getInstance()`` whose time the snippet sets at once (``cal.setTime(date)``) reads
  no clock: neither call has an API (the calendar is that date, a ``DateTime``); a calendar read as
  it is, or set to ``new Date()``, keeps ``DateTime.now``. ``setTime`` itself is a curated none with ``DateTime`` in ``instead``.
* ``LocalTime.now()`` answers ``DateTime.now`` (its ``time`` second), as ``LocalDate.now()`` does.
* ``new String(page.getContentData())``: a getter named ``get..Data`` gives bytes, ``String.fromUtf8``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_calendar_set_at_once_reads_no_clock(real_engine: Engine) -> None:
    code = (
        "Date addDays(Date date, int days) {\n"
        "  Calendar cal = Calendar.getInstance();\n"
        "  cal.setTime(date);\n"
        "  cal.add(Calendar.DATE, days);\n"
        "  Calendar today = Calendar.getInstance();\n"
        "  today.setTime(new Date());\n"
        "  int year = today.get(Calendar.YEAR);\n"
        "  return cal.getTime();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    calls = [s for s in r.suggestions if s.call and s.call.text == "Calendar.getInstance()"]
    assert len(calls) == 2
    assert calls[0].candidates == [] and any("set at once" in n for n in calls[0].notes), calls[0].notes
    assert top(calls[1]) == "std.time.DateTime.now"  # `today` is set to the clock again: it reads it
    set_time = _sugg(r, "cal.setTime(date)")
    assert set_time.candidates == [] and [i.qualname for i in set_time.instead] == ["std.time.DateTime"]
    assert _top(r, "cal.add(Calendar.DATE, days)") == "std.time.DateTime.addDays"


def test_local_time_now_and_bytes_from_a_data_getter(real_engine: Engine) -> None:
    code = (
        "String f(Page page) {\n"
        "  LocalTime t = LocalTime.now();\n"
        "  return new String(page.getContentData());\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert [c.qualname for c in _sugg(r, "LocalTime.now()").candidates[:2]] == [
        "std.time.DateTime.now",
        "std.time.DateTime.time",
    ]
    assert _top(r, "new String(page.getContentData())") == "std.core.String.fromUtf8"
