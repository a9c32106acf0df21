"""The Java layer in the graph: curated and imported tables, ranking, hierarchy, glossary expansion."""

from __future__ import annotations

import json
from pathlib import Path

from cjkb_graph.config import Config
from cjkb_graph.engine import Engine
from cjkb_graph.graph.build import build_api_graph
from cjkb_graph.graph.java_layer import JavaLayerReport, add_java_layer
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.search.index import SearchIndex
from loaders.cangjie_docs import parse_corpus


def _mini_graph(mini_corpus: Path, tmp_path: Path) -> tuple[Engine, JavaLayerReport]:
    tables = tmp_path / "java"
    tables.mkdir()
    (tables / "demo.yaml").write_text(
        "package: java.demo\n"
        "types:\n"
        "  - java: java.demo.Box\n"
        "    supertypes: [java.demo.Container]\n"
        "    target: std.demo.Box\n"
        "    confidence: exact\n"
        "    members:\n"
        "      - {java: put, arity: 1, target: std.demo.Box.put, confidence: exact, note: returns Option}\n"
        "      - {java: missing, target: std.demo.Box.nothing, confidence: exact}\n"
        "  - java: java.demo.Container\n"
        "    target: std.demo.Container\n"
        "    confidence: exact\n"
        "    members:\n"
        "      - {java: size, target: std.demo.Box.size, confidence: approximate, note: via Box}\n",
        encoding="utf-8",
    )
    flat = tmp_path / "flat.json"
    flat.write_text(
        json.dumps({"java.demo.Box": "Box", "java.demo.Box.put": "Box.put", "java.demo.Other": "Color"})
    )
    glossary = tmp_path / "glossary.yaml"
    glossary.write_text("stash: [put]\n", encoding="utf-8")
    cfg = Config(
        corpus_roots=[mini_corpus],
        data_dir=tmp_path / "d",
        java_tables=tables,
        imported_tables=[{"path": flat, "format": "flat"}, {"path": glossary, "format": "glossary"}],
    )
    G = build_api_graph(parse_corpus([mini_corpus]))
    report = JavaLayerReport()
    add_java_layer(G, cfg, report)
    kb = KnowledgeBase(G, cfg)
    return Engine(kb, SearchIndex.build(kb)), report


def test_curated_and_imported_edges(mini_corpus: Path, tmp_path: Path) -> None:
    engine, report = _mini_graph(mini_corpus, tmp_path)
    G = engine.G
    assert G.nodes["java.demo.Box"]["kind"] == "java_type"
    assert G.nodes["java.demo.Box.put"]["kind"] == "java_member"
    assert ("java.demo.Box", "java.demo.Container") in {
        (u, v) for u, v, k in G.edges(keys=True) if k == "inherits"
    }
    edges = sorted(
        (d["rank"], d["origin"], v)
        for _, v, k, d in G.out_edges("java.demo.Box.put", keys=True, data=True)
        if k == "maps_to"
    )
    assert edges[0] == (0, "curated", "std.demo.Box.put(T)")
    # the imported table's edge to the same target is not duplicated; its source is kept for new ones
    other = [d for _, v, k, d in G.out_edges("java.demo.Other", keys=True, data=True) if k == "maps_to"]
    assert other and other[0]["origin"] == "imported" and other[0]["rank"] >= 100
    assert other[0]["source"].endswith("flat.json:1") or "flat.json" in other[0]["source"]
    # a dangling curated target is reported with file:line
    assert [d.target for d in report.dangling] == ["std.demo.Box.nothing"]
    assert report.dangling[0].source.endswith("demo.yaml:9")


def test_inherited_java_member_and_glossary_expansion(mini_corpus: Path, tmp_path: Path) -> None:
    engine, _ = _mini_graph(mini_corpus, tmp_path)
    r = engine.resolver
    call_chain = r.java_chain("java.demo.Box")
    assert r.java_member_for(call_chain, "size", 0) == "java.demo.Container.size"
    hits = engine.search("stash", top_k=3)
    assert hits and hits[0].qualname == "std.demo.Box.put"
    assert any("java_expansion" in w for w in hits[0].why)
