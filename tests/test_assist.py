"""Compiler error hints and bilingual descriptions without an LLM."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError


def test_not_a_member_gives_java_mapping_note(real_engine: Engine) -> None:
    r = real_engine.error_fix_hint("error: 'put' is not a member of class 'HashMap<String, Int64>'")
    assert r.error_kinds == ["not_a_member"]
    assert r.apis[0].qualname == "std.collection.HashMap.add"
    assert any("add" in h and "Option" in h for h in r.hints)
    assert "import std.collection.*" in r.imports


def test_undeclared_identifier(real_engine: Engine) -> None:
    r = real_engine.error_fix_hint("error: undeclared identifier 'HashMap'")
    assert r.apis[0].qualname == "std.collection.HashMap"
    assert "import std.collection.*" in r.imports
    java = real_engine.error_fix_hint("error: undeclared identifier 'parseInt'")
    assert any(a.qualname == "std.convert.Int64.parse" for a in java.apis)


def test_package_and_mismatch(real_engine: Engine) -> None:
    r = real_engine.error_fix_hint("error: cannot find package 'std.colection'")
    assert any("std.collection" in h for h in r.hints)
    m = real_engine.error_fix_hint("error: mismatched types\nnote: expected 'Int64', found 'Option<Int64>'")
    assert any("Option" in h for h in m.hints)


def test_manual_passages_come_from_the_graph(real_engine: Engine) -> None:
    # the manual is a graph layer now: error_fix_hint reads its sections through search_docs
    r = real_engine.error_fix_hint("error: the try-with-resources expression needs a Resource")
    assert r.docs, "no manual passage"
    assert any(d.file and d.file.startswith("dev-guide/source_en/error_handle/handle.md") for d in r.docs)
    assert all(d.title and d.excerpt for d in r.docs)


def test_limits(real_engine: Engine) -> None:
    with pytest.raises(InputError):
        real_engine.error_fix_hint("")
    with pytest.raises(InputError, match="limit"):
        real_engine.error_fix_hint("x" * 20_001)


def test_describe_bilingual(real_engine: Engine) -> None:
    out = real_engine.assistant.describe('List<String> xs = new ArrayList<>();\nxs.add("a");', use_llm=False)
    assert out.block.source == "heuristic"
    assert out.block.en and out.block.zh
    assert any("ArrayList.add" in c.en and "ArrayList.add" in c.zh for c in out.calls)
    assert out.statements and out.imports == ["import std.collection.*"]
