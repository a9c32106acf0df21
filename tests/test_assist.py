"""Compiler error hints and bilingual descriptions without an LLM."""

from __future__ import annotations

import pytest

from cjkb_graph.assist import describe, error_fix_hint
from cjkb_graph.errors import InputError
from cjkb_graph.kb import KnowledgeBase


def test_not_a_member_gives_java_mapping_note(real_kb: KnowledgeBase) -> None:
    r = error_fix_hint(real_kb, "error: 'put' is not a member of class 'HashMap<String, Int64>'")
    assert r["error_kinds"] == ["not_a_member"]
    assert r["apis"][0]["qualname"] == "std.collection.HashMap.add"
    assert any("add" in h and "Option" in h for h in r["hints"])
    assert "import std.collection.*" in r["imports"]


def test_undeclared_identifier(real_kb: KnowledgeBase) -> None:
    r = error_fix_hint(real_kb, "error: undeclared identifier 'HashMap'")
    assert r["apis"][0]["qualname"] == "std.collection.HashMap"
    assert "import std.collection.*" in r["imports"]
    java = error_fix_hint(real_kb, "error: undeclared identifier 'parseInt'")
    assert any(a["qualname"] == "std.convert.Int64.parse" for a in java["apis"])


def test_package_and_mismatch(real_kb: KnowledgeBase) -> None:
    r = error_fix_hint(real_kb, "error: cannot find package 'std.colection'")
    assert any("std.collection" in h for h in r["hints"])
    m = error_fix_hint(real_kb, "error: mismatched types\nnote: expected 'Int64', found 'Option<Int64>'")
    assert any("Option" in h for h in m["hints"])


def test_manual_sections_when_configured(real_kb: KnowledgeBase) -> None:
    if real_kb.cfg.manual is None or not real_kb.cfg.manual.exists():
        pytest.skip("language manual not available")
    r = error_fix_hint(real_kb, "error: mismatched types Option")
    assert r["docs"] and all({"file", "title", "excerpt"} <= set(d) for d in r["docs"])


def test_limits(real_kb: KnowledgeBase) -> None:
    with pytest.raises(InputError):
        error_fix_hint(real_kb, "")
    with pytest.raises(InputError, match="limit"):
        error_fix_hint(real_kb, "x" * 20_001)


def test_describe_bilingual(real_kb: KnowledgeBase) -> None:
    out = describe(real_kb, 'List<String> xs = new ArrayList<>();\nxs.add("a");', use_llm=False)
    assert out["block"]["source"] == "heuristic"
    assert out["block"]["en"] and out["block"]["zh"]
    assert any("ArrayList.add" in c["en"] and "ArrayList.add" in c["zh"] for c in out["calls"])
    assert out["statements"] and out["imports"] == ["import std.collection.*"]
