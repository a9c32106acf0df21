"""Issue 12, round 42: what the labels of samples 283-290 showed.

* ``System.out.printf("avg %d%n%n", a)``: a format ending with a newline is ``println`` of the text
  before it, whatever lines come first; one that starts with a newline too stays ``print``.
* The regex rule read each call's own pattern: in one snippet ``s.split(",")`` after
  ``s.split("\\s+")`` (or the other way round) took the first call's answer from the per-snippet memo.
* One escaped metacharacter (``url.split("\\?")``, ``split("[|]")``, ``replaceAll("\\.", "")``) is
  the literal character: ``String.split``/``String.replace`` with the character itself, said in ``why``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_format_ending_with_newlines_is_println(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(int a) {\n"
        '  System.out.printf("avg %d%n%n", a);\n'
        '  System.out.printf("%s:%n %s%n", a, a);\n'
        '  System.out.printf("\\nsum %d\\n", a);\n'
        "}\n"
    )
    assert _top(r, 'System.out.printf("avg %d%n%n", a)') == "std.core.println"
    assert _top(r, 'System.out.printf("%s:%n %s%n", a, a)') == "std.core.println"
    assert _top(r, 'System.out.printf("\\nsum %d\\n", a)') == "std.core.print"


def test_each_split_reads_its_own_pattern(real_engine: Engine) -> None:
    code = 'void f(String s) {\n  String[] a = s.split("{0}");\n  String[] b = s.split("{1}");\n}\n'
    for first, second in ((",", "\\\\s+"), ("\\\\s+", ",")):
        r = real_engine.resolver.resolve(code.replace("{0}", first).replace("{1}", second))
        regex = f's.split("{first if "s+" in first else second}")'
        plain = f's.split("{first if "s+" not in first else second}")'
        assert _top(r, regex) == "std.regex.Regex.split"
        assert _top(r, plain) == "std.core.String.split"


def test_one_escaped_character_is_a_literal(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(String url) {\n"
        '  String[] a = url.split("\\\\?");\n'
        '  String[] b = url.split("[|]");\n'
        '  String c = url.replaceAll("\\\\.", "");\n'
        '  String[] d = url.split(".");\n'
        "}\n"
    )
    a = _sugg(r, 'url.split("\\\\?")')
    assert a.candidates[0].qualname == "std.core.String.split"
    assert 'the pattern is one escaped character: split("?")' in a.candidates[0].why
    b = _sugg(r, 'url.split("[|]")')
    assert 'the pattern is one escaped character: split("|")' in b.candidates[0].why
    c = _sugg(r, 'url.replaceAll("\\\\.", "")')
    assert c.candidates[0].qualname == "std.core.String.replace"
    assert any('replace(".", ..) without the regex escape' in w for w in c.candidates[0].why)
    assert _top(r, 'url.split(".")') == "std.regex.Regex.split"  # a bare dot matches any character
    r2 = real_engine.resolver.resolve('void f(String p) {\n  String[] a = p.split("\\\\\\\\");\n}\n')
    assert (
        'the pattern is one escaped character: split("\\\\")'
        in _sugg(r2, 'p.split("\\\\\\\\")').candidates[0].why
    )
