"""Issue 12, round 37: what the labels of samples 243-250 showed.

* ``Long.valueOf(12)``, ``Double.valueOf(count)`` of a narrower number is Java's widening, then
  boxing: no parse (``Int64.parse`` reads a String) but a conversion by the target type, said in a
  note; ``Long.valueOf(s)`` of a String stays the parse and ``Long.valueOf(l)`` of a long the boxing.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.weak import BOXING_NOTE, WIDENING_NOTE

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_value_of_a_narrower_number_is_widening_not_a_parse(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(int n, String s, long l, char c) {\n"
        "  Long a = Long.valueOf(12);\n  Long b = Long.valueOf(n);\n  Long d = Long.valueOf(s);\n"
        "  Long e = Long.valueOf(l);\n  Double x = Double.valueOf(n);\n}\n"
    )
    for text in ("Long.valueOf(12)", "Long.valueOf(n)", "Double.valueOf(n)"):
        s = _sugg(r, text)
        assert s.candidates == [] and any(WIDENING_NOTE in n for n in s.notes), (text, s.notes)
    assert _top(r, "Long.valueOf(s)") == "std.convert.Int64.parse"
    boxed = _sugg(r, "Long.valueOf(l)")
    assert boxed.candidates == [] and any(BOXING_NOTE in n for n in boxed.notes)
