"""`cjkb-graph export` on the real graph: whole graph, a neighbourhood, `--kinds`, bad kinds."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from cjkb_graph.cli.main import main
from cjkb_graph.config import Config
from cjkb_graph.graph.export import neighbourhood
from cjkb_graph.graph.kb import KnowledgeBase

NS = "{http://graphml.graphdrawing.org/xmlns}"


def export(cfg: Config, out: Path, *extra: str) -> int:
    return main(["export", "--data-dir", str(cfg.data_dir), "--out", str(out), *extra])


def read_back(path: Path) -> nx.MultiDiGraph:
    R = nx.read_graphml(path, force_multigraph=True)
    assert isinstance(R, nx.MultiDiGraph)
    return R


def assert_valid_graphml(path: Path) -> None:
    """Key ids unique (the GraphML schema's key_id_key), every data element names a declared key."""
    root = ET.parse(path).getroot()
    keys = root.findall(f"{NS}key")
    ids = Counter(k.get("id") for k in keys)
    assert not [i for i, n in ids.items() if n > 1], f"duplicate key ids: {ids}"
    declared = {(k.get("id"), k.get("for")) for k in keys}
    for tag in ("node", "edge"):
        for el in root.iter(f"{NS}{tag}"):
            for data in el.findall(f"{NS}data"):
                assert (data.get("key"), tag) in declared
    names = {(k.get("attr.name"), k.get("for")) for k in keys}
    assert ("kind", "node") in names and ("kind", "edge") in names


def assert_attrs_round_trip(R: nx.MultiDiGraph, G: nx.MultiDiGraph) -> None:
    """Every attribute survives: scalars equal, lists/dicts as JSON text, None values left out
    (the long texts a read-only graph keeps on disk included: node_attrs reads them back)."""
    from cjkb_graph.graph.store import node_attrs

    for n, rd in R.nodes(data=True):
        gd = node_attrs(G, n)
        assert set(rd) - {"label"} == {a for a, v in gd.items() if v is not None}, n
        for a, v in gd.items():
            if isinstance(v, list | dict):
                assert json.loads(rd[a]) == v, (n, a)
            elif v is not None:
                assert rd[a] == v, (n, a)
    for u, v, k, rd in R.edges(keys=True, data=True):
        gd = G.edges[u, v, k]
        assert rd == {a: x for a, x in gd.items() if x is not None}, (u, v, k)


def test_export_whole_graph(
    real_cfg: Config, real_kb: KnowledgeBase, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "all.graphml"
    assert export(real_cfg, out) == 0
    G = real_kb.G
    assert f"wrote {G.number_of_nodes()} nodes and {G.number_of_edges()} edges" in capsys.readouterr().out
    assert_valid_graphml(out)
    R = read_back(out)
    assert R.number_of_nodes() == G.number_of_nodes()
    assert R.number_of_edges() == G.number_of_edges()
    assert_attrs_round_trip(R, G)
    assert Counter(d["kind"] for _, d in R.nodes(data=True)) == Counter(
        d["kind"] for _, d in G.nodes(data=True)
    )
    assert Counter(d["kind"] for _, _, d in R.edges(data=True)) == Counter(
        k for _, _, k in G.edges(keys=True)
    )
    # edge keys are the edge kinds; lists/dicts became JSON text
    assert {k for _, _, k in R.edges(keys=True)} == {k for _, _, k in G.edges(keys=True)}
    add = next(n for n in G if n.startswith("std.collection.HashMap.add("))
    assert R.nodes[add]["params"].startswith("[")
    assert R.nodes[add]["kind"] == "member" and R.nodes[add]["owner"] == "std.collection.HashMap"
    # a short `label` for Gephi: the id without its package
    assert R.nodes[add]["label"] == add.removeprefix("std.collection.")
    assert R.nodes["std.collection"]["label"] == "std.collection"
    assert all(d["label"] for _, d in R.nodes(data=True))


def test_export_neighbourhood(real_cfg: Config, real_kb: KnowledgeBase, tmp_path: Path) -> None:
    out = tmp_path / "hm.graphml"
    assert export(real_cfg, out, "--around", "std.collection.HashMap", "--depth", "1") == 0
    assert_valid_graphml(out)
    R = read_back(out)
    want = neighbourhood(real_kb.G, "std.collection.HashMap", 1)
    assert set(R.nodes) == want
    sub = real_kb.G.subgraph(want)
    assert R.number_of_edges() == sub.number_of_edges() > 0
    assert_attrs_round_trip(R, real_kb.G)
    assert R.nodes["std.collection.HashMap"]["kind"] == "type"
    kinds = {d["kind"] for _, d in R.nodes(data=True)}
    assert {"type", "member", "module", "example"} <= kinds
    # depth 0 is the node alone; a qualname works as well as an id
    out0 = tmp_path / "hm0.graphml"
    assert export(real_cfg, out0, "--around", "std.collection.HashMap", "--depth", "0") == 0
    assert list(read_back(out0).nodes) == ["std.collection.HashMap"]


def test_export_kinds_filter(real_cfg: Config, real_kb: KnowledgeBase, tmp_path: Path) -> None:
    G = real_kb.G
    if not any(d.get("kind") == "java_type" for _, d in G.nodes(data=True)):
        pytest.skip("graph has no Java mapping layer")
    out = tmp_path / "java.graphml"
    assert export(real_cfg, out, "--kinds", "java_type,java_member,maps_to,type") == 0
    assert_valid_graphml(out)
    R = read_back(out)
    keep_nodes = {n for n, d in G.nodes(data=True) if d["kind"] in ("java_type", "java_member", "type")}
    assert set(R.nodes) == keep_nodes
    want_edges = Counter(
        (u, v) for u, v, k in G.edges(keys=True) if k == "maps_to" and u in keep_nodes and v in keep_nodes
    )
    assert Counter((u, v) for u, v in R.edges()) == want_edges
    assert {d["kind"] for _, _, d in R.edges(data=True)} == {"maps_to"}
    assert {d["kind"] for _, d in R.nodes(data=True)} == {"java_type", "java_member", "type"}
    assert_attrs_round_trip(R, G)
    assert R.has_edge("java.lang.String", "std.core.String")
    mt = R.get_edge_data("java.lang.String", "std.core.String")["maps_to"]
    assert mt["confidence"] in ("exact", "approximate")
    # repeated --kinds options add up; combined with --around
    out2 = tmp_path / "java2.graphml"
    args = ["--around", "java.lang.String", "--depth", "1", "--kinds", "java_type,java_member"]
    assert export(real_cfg, out2, *args, "--kinds", "maps_to,member_of,member,type") == 0
    R2 = read_back(out2)
    assert "java.lang.String" in R2 and "std.core.String" in R2
    assert {d["kind"] for _, _, d in R2.edges(data=True)} <= {"maps_to", "member_of"}
    assert any(d["kind"] == "member_of" for _, _, d in R2.edges(data=True))


def test_export_unknown_kind(real_cfg: Config, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bad.graphml"
    assert export(real_cfg, out, "--kinds", "java_type,clazz") == 2
    err = capsys.readouterr().err
    assert "unknown kind(s) clazz" in err
    assert "node kinds:" in err and "java_member" in err and "edge kinds:" in err and "maps_to" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_export_unknown_node_and_bad_depth(
    real_cfg: Config, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.graphml"
    assert export(real_cfg, out, "--around", "std.collection.HashMapp") == 2
    err = capsys.readouterr().err
    assert "no node 'std.collection.HashMapp'" in err and "std.collection.HashMap" in err
    assert export(real_cfg, out, "--around", "std.collection.HashMap", "--depth", "9") == 2
    assert "--depth 9 is out of range" in capsys.readouterr().err
    assert not out.exists()
