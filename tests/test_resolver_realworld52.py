"""Issue 12, round 52 (what samples 363-370 showed after their blind scoring): a printf format written
as literals joined by ``+`` ends where its last literal ends; a BitSet compares as its Array<Bool>."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_format_of_joined_literals_ending_with_a_newline_is_a_println(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void report(int x, int y) {\n"
        '  System.out.printf("Rule 3 violated with " + "x=%s, y=%s%n", x, y);\n'
        '  System.out.printf("a %d" + " b", x);\n'
        '  System.out.printf("v=%d%n", x);\n'
        "}\n"
    )
    assert _top(r, 'System.out.printf("Rule 3 violated with " + "x=%s, y=%s%n", x, y)') == "std.core.println"
    assert _top(r, 'System.out.printf("a %d" + " b", x)') == "std.core.print"
    assert _top(r, 'System.out.printf("v=%d%n", x)') == "std.core.println"


def test_bitset_equals_and_clone_are_the_arrays(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean same(BitSet out, Map<String, BitSet> outValues, String v) {\n"
        "  BitSet copy = (BitSet) out.clone();\n"
        "  return out.equals(outValues.get(v));\n"
        "}\n"
    )
    assert _top(r, "out.equals(outValues.get(v))") == "std.core.Array.=="
    assert _top(r, "out.clone()") == "std.core.Array.clone"
