"""Issue 12, round 49: what the labels of samples 339-346 showed.

* A Java number given where an overload takes another primitive converts (``signum`` is BigInt's
  ``sign: Bool``), while an int is never a String: ``new BigInteger(1, bytes)`` with ``bytes`` of
  unknown type is ``BigInt(sign, magnitude)``, not ``BigInt.parse``.
* ``substring(..)`` and ``toLowerCase(locale)``/``toUpperCase(locale)`` say a String by their name and
  arity: a receiver of unknown type called so is guessed a String.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus


def _top(r, text: str) -> str | None:
    s = _sugg(r, text)
    return s.candidates[0].qualname if s.candidates else None


def test_an_int_signum_picks_the_sign_and_magnitude_constructor(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "byte[] encode(String hex) {\n"
        "  BigInteger d = new BigInteger(1, this.difficulty);\n"
        '  BigInteger n = new BigInteger("170");\n'
        "  BigInteger h = new BigInteger(hex, 16);\n"
        "  return RLP.encode(d, n, h);\n"
        "}\n"
    )
    d = _sugg(r, "new BigInteger(1, this.difficulty)")
    assert d.candidates[0].qualname == "std.math.numeric.BigInt.init"
    assert d.candidates[0].id == "std.math.numeric.BigInt.init(Bool,Array<Byte>)"
    # a String argument, and a String with a radix, keep the table's parse
    assert _top(r, 'new BigInteger("170")') == "std.math.numeric.BigInt.parse"
    assert _top(r, "new BigInteger(hex, 16)") == "std.math.numeric.BigInt.parse"


def test_substring_and_a_locale_case_change_say_a_string(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void show() {\n"
        '  setTitle(date.substring(0, 4) + "-" + date.substring(4, 6));\n'
        "  String d = this.domain.toLowerCase(Locale.US);\n"
        "  Object v = holder.get(key);\n"
        "}\n"
    )
    s = _sugg(r, "date.substring(0, 4)")
    assert s.candidates[0].qualname == "std.core.String.[]"
    assert (s.receiver_source, s.confidence) == ("guessed", "low")
    assert _top(r, "this.domain.toLowerCase(Locale.US)") == "std.core.String.toAsciiLower"
    # a lone get on an unknown receiver still says nothing
    assert _top(r, "holder.get(key)") is None
