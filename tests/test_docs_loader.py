"""Unit tests of the doc loader and graph builder on a small fixture in the docs' format."""

from __future__ import annotations

from pathlib import Path

import pytest

from cjkb_graph.graph.build import build_api_graph, import_line
from cjkb_graph.kinds import EdgeKind
from loaders.cangjie_docs import CorpusError, discover_trees, parse_corpus
from loaders.doc_headings import parse_heading


def _edges(G, u, kind):
    return sorted(v for _, v, k in G.out_edges(u, keys=True) if k == kind)


def test_heading_grammar() -> None:
    h = parse_heading("func max<T>(T, T, Array<T>) where T <: Comparable<T>", in_enum=False)
    assert h is not None and (h.category, h.name, h.param_types) == ("func", "max", "T,T,Array<T>")
    h = parse_heading("operator func [](Int64, T)", in_enum=False)
    assert h is not None and (h.category, h.name, h.param_types) == ("operator", "[]", "Int64,T")
    h = parse_heading("static const Zero", in_enum=False)
    assert h is not None and (h.category, h.name, h.static) == ("const", "Zero", True)
    h = parse_heading(
        "extend<T> ArrayList<T> <: Equatable<ArrayList<T>> where T <: Equatable<T>", in_enum=False
    )
    assert h is not None and (h.extend_target, h.extend_iface) == ("ArrayList", "Equatable")
    h = parse_heading("`@Assert` 宏", in_enum=False)
    assert h is not None and (h.category, h.name) == ("macro", "@Assert")
    h = parse_heading("Some(T)", in_enum=True)
    assert h is not None and (h.category, h.name, h.param_types) == ("enum_ctor", "Some", "T")
    assert parse_heading("返回值", in_enum=False) is None
    assert parse_heading("Some(T)", in_enum=False) is None


def test_mini_corpus_graph(mini_corpus: Path) -> None:
    parsed = parse_corpus([mini_corpus])
    G = build_api_graph(parsed)
    # zh and en merged into one node, with both descriptions and both sources
    put = "std.demo.Box.put(T)"
    d = G.nodes[put]
    assert d["description_zh"] == "放入一个元素。"
    assert d["description_en"] == "Puts one item."
    assert d["signature"] == "public func put(item: T): Option<T>"
    assert d["qualname"] == "std.demo.Box.put"
    assert d["source"].startswith("std/demo/demo_package_api/demo_package_classes.md#L")
    assert d["params"][0]["name"] == "item"
    assert _edges(G, put, "member_of") == ["std.demo.Box"]
    assert _edges(G, put, "overloads") == ["std.demo.Box.put(T,Int64)"]
    assert _edges(G, put, "throws") == ["std.demo.DemoException"]
    assert _edges(G, "std.demo.Box", "inherits") == ["std.demo.Container"]
    assert G.nodes["std.demo.DemoException"]["type_kind"] == "exception"
    assert G.nodes["std.demo.Color.Red"]["member_kind"] == "enum_constructor"
    assert _edges(G, "std.demo.helper(String)", "returns") == ["std.demo.Box"]
    # extension members: of their type, named after the declaring package
    ts = G.nodes["std.demo.Box.toString()"]
    assert ts["extension"]["interface"] == "ToString"
    # an example node from the 示例 block, linked to its API
    ex = [u for u, _, k in G.in_edges(put, keys=True) if k == EdgeKind.EXAMPLE_FOR]
    assert any(G.nodes[e]["code"].startswith("import std.demo.*") and not G.nodes[e]["sample"] for e in ex)
    # the sample program links to every API it calls, by identifiers
    sample = next(n for n, dd in G.nodes(data=True) if dd.get("sample"))
    assert {"std.demo.Box", "std.demo.Box.put(T)", "std.demo.helper(String)"} <= set(
        _edges(G, sample, "example_for")
    )
    # malformed input: warnings with file:line, the rest still builds
    joined = "\n".join(parsed.warnings)
    assert "demo_package_classes.md:" in joined and "malformed heading" in joined
    assert "unclosed code fence" in joined
    assert "not valid UTF-8" in joined
    assert "std.demo.Bad" in G


def test_extension_on_type_of_other_package(mini_corpus: Path) -> None:
    parsed = parse_corpus([mini_corpus])
    G = build_api_graph(parsed)
    # Int64 is not in the fixture: the member is kept and a warning says so
    assert "std.demo.Int64.parse(String)" in G
    assert G.nodes["std.demo.Int64.parse(String)"]["static"] is True


def test_missing_and_empty_corpus(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="does not exist"):
        discover_trees([tmp_path / "nope"])
    with pytest.raises(CorpusError, match="no Cangjie API docs"):
        discover_trees([tmp_path])


def test_import_line() -> None:
    assert import_line("std.collection") == "import std.collection.*"
    assert import_line("std.core") is None
