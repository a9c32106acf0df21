"""Issue 12, round 21: what the labels of samples 115-122 (and the development sets before them) showed.

* ``Arrays.copyOfRange(a, from, to)`` is the slice ``a[from..to]`` first (``clone(from..to)`` when a
  copy is needed): two code bases label the slice.
* ``Scanner.next()`` reads a line first (``readln``), whose tokens ``split`` gives.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus


def test_round_21_tables(real_engine: Engine) -> None:
    code = (
        "void f(String[] args, Scanner in) {\n"
        "  String[] rest = Arrays.copyOfRange(args, 1, args.length);\n"
        "  String word = in.next();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    copy = _sugg(r, "Arrays.copyOfRange(args, 1, args.length)")
    assert [c.qualname for c in copy.candidates[:2]] == ["std.core.Array.[]", "std.core.Array.clone"]
    word = _sugg(r, "in.next()")
    assert [c.qualname for c in word.candidates[:2]] == [
        "std.env.ConsoleReader.readln",
        "std.core.String.split",
    ]
