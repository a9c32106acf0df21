"""Issue 12, round 33 (started): what the labels of samples 211-218 showed.

* ``new GregorianCalendar()`` without arguments is the current date and time, ``DateTime.now``;
  with a date it stays ``DateTime.of``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_gregorian_calendar_without_arguments_is_now(real_engine: Engine) -> None:
    code = "void f() {\n  Calendar c = new GregorianCalendar();\n  Calendar d = new GregorianCalendar(1988, 1, 5);\n}\n"
    r = real_engine.resolver.resolve(code)
    assert _top(r, "new GregorianCalendar()") == "std.time.DateTime.now"
    assert _top(r, "new GregorianCalendar(1988, 1, 5)") == "std.time.DateTime.of"
