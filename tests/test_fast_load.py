"""graph.marshal: the fast load format gives the very graph graph.json gives, or is not used."""

from __future__ import annotations

import shutil
from pathlib import Path

import networkx as nx
import pytest

from cjkb_graph.config import Config, load_config
from cjkb_graph.doctor import run_checks
from cjkb_graph.graph import store
from cjkb_graph.graph.store import GRAPH_FAST_FILE, GRAPH_FILE, load_graph
from cjkb_graph.pipeline import build_and_save

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture()
def built(tmp_path: Path) -> Config:
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURES / "docs_mini", corpus)
    cfg = load_config(REPO / "config.yaml", data_dir=str(tmp_path / "data"))
    cfg.corpus_roots = [corpus]
    cfg.imported_tables = []
    build_and_save(cfg, force=True)
    return cfg


def _json_graph(data: Path) -> nx.MultiDiGraph:
    """The graph as graph.json alone gives it (the fast file moved aside for the call)."""
    fast = data / GRAPH_FAST_FILE
    aside = data / "aside"
    fast.rename(aside)
    try:
        return load_graph(data)
    finally:
        aside.rename(fast)


def _same(a: nx.MultiDiGraph, b: nx.MultiDiGraph) -> None:
    assert list(a.nodes(data=True)) == list(b.nodes(data=True))
    assert list(a.edges(keys=True, data=True)) == list(b.edges(keys=True, data=True))
    # in-edge order too: the resolver and the navigation tools walk predecessors
    assert [list(a.in_edges(n, keys=True)) for n in a] == [list(b.in_edges(n, keys=True)) for n in b]
    assert a.graph == b.graph


def test_fast_file_loads_the_graph_json_gives(built: Config) -> None:
    data = built.data_dir
    assert (data / GRAPH_FAST_FILE).stat().st_size > 0
    fast = load_graph(data)
    assert store._load_fast(data, False) is not None  # the fast path is taken, not the JSON
    slow = _json_graph(data)
    _same(fast, slow)
    assert fast.graph["sha256"] == slow.graph["sha256"]
    # a usable networkx graph: mutation and views work as on any other
    u, v, _ = next(iter(fast.edges(keys=True)))
    fast.add_edge(u, v, key="probe")
    assert fast.has_edge(u, v, key="probe") and fast._pred[v][u] is fast._succ[u][v]


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],  # truncated
        lambda raw: raw[:-10] + bytes(b ^ 0xFF for b in raw[-10:]),  # flipped bytes
        lambda raw: raw.replace(b"CJKBGRAPH1 3.", b"CJKBGRAPH1 2.", 1),  # another Python wrote it
    ],
)
def test_damaged_fast_file_falls_back_to_json(built: Config, damage: object) -> None:
    data = built.data_dir
    path = data / GRAPH_FAST_FILE
    path.write_bytes(damage(path.read_bytes()))  # type: ignore[operator]
    assert store._load_fast(data, False) is None
    _same(load_graph(data), _json_graph(data))
    problems = [c.detail for c in run_checks(built) if not c.ok]
    assert any(GRAPH_FAST_FILE in m for m in problems), problems
    assert not build_and_save(built).skipped  # build repairs it
    assert store._load_fast(data, False) is not None


def test_fast_file_of_another_graph_json_is_not_used(built: Config) -> None:
    """A manifest that names another graph.json (a torn save) makes the fast file untrusted."""
    data = built.data_dir
    manifest = store.load_manifest(data)
    assert manifest is not None
    store.save_manifest(data, {**manifest, "graph_sha256": "0" * 64})
    assert store._load_fast(data, False) is None
    assert load_graph(data).number_of_nodes() == _json_graph(data).number_of_nodes()
    assert (data / GRAPH_FILE).exists()


def test_fast_file_holds_what_json_holds_for_any_attribute(tmp_path: Path) -> None:
    """Tuples and nested values: the fast file is made from the JSON read back, so a graph loads
    the same both ways whatever a loader put in an attribute."""
    G = nx.MultiDiGraph()
    G.add_node("a", kind="type", pair=(1, 2), nested=[{"k": (4,)}])
    G.add_node("b", kind="member")
    G.add_edge("b", "a", key="member_of", kind="member_of", rank=(0, 1))
    sha = store.save_graph(G, tmp_path, [])
    store.save_manifest(tmp_path, {"graph_sha256": sha, "files": store.saved_file_hashes(tmp_path)})
    fast = store._load_fast(tmp_path, False)
    assert fast is not None
    _same(fast, _json_graph(tmp_path))
    assert fast.nodes["a"]["pair"] == [1, 2] and fast.nodes["a"]["nested"] == [{"k": [4]}]


def _same_read(ro: nx.MultiDiGraph, b: nx.MultiDiGraph) -> None:
    """``ro`` (a read-only load) reads as ``b``: its node attributes through node_attrs."""
    assert [(n, store.node_attrs(ro, n)) for n in ro] == list(b.nodes(data=True))
    assert list(ro.edges(keys=True, data=True)) == list(b.edges(keys=True, data=True))
    assert [list(ro.in_edges(n, keys=True)) for n in ro] == [list(b.in_edges(n, keys=True)) for n in b]
    assert ro.graph == b.graph


def test_read_only_load_shares_edge_data_and_reads_the_same(built: Config) -> None:
    """read_only=True (KnowledgeBase.load, Engine.load, every command): equal edge data is one
    ReadOnlyDict, the graph reads exactly as the mutable load's, and every write is refused."""
    data = built.data_dir
    ro, plain = load_graph(data, read_only=True), load_graph(data)
    _same_read(ro, plain)
    _same_read(ro, _json_graph(data))
    datas = [d for _, _, d in ro.edges(data=True)]
    assert all(type(d) is store.ReadOnlyDict for d in datas)
    assert len({id(d) for d in datas}) < len(datas) / 2  # shared, not one per edge
    assert len({id(d) for _, _, d in plain.edges(data=True)}) == len(datas)  # the mutable load: one each
    u, v, k = next(iter(ro.edges(keys=True)))
    with pytest.raises(TypeError, match="read-only"):
        ro.edges[u, v, k]["kind"] = "x"
    with pytest.raises(TypeError, match="read-only"):
        ro._succ[u][v]["probe"] = {}
    with pytest.raises(nx.NetworkXError):
        ro.add_edge(u, v, key="probe")
    # a copy is an ordinary graph again, with plain dicts equal to the shared ones
    H = ro.copy()
    H.add_edge(u, v, key="probe", kind="probe")
    H.edges[u, v, k]["kind"] = "changed"
    assert ro.edges[u, v, k]["kind"] == plain.edges[u, v, k]["kind"]
    import copy
    import pickle

    d = ro.edges[u, v, k]
    for c in (copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d)), d.copy()):
        assert type(c) is dict and c == d


def test_read_only_load_of_graph_json_alone_shares_too(built: Config) -> None:
    data = built.data_dir
    fast = data / GRAPH_FAST_FILE
    fast.rename(data / "aside")
    ro = load_graph(data, read_only=True)
    (data / "aside").rename(fast)
    _same_read(ro, load_graph(data))
    assert all(type(d) is store.ReadOnlyDict for _, _, d in ro.edges(data=True))


def test_read_only_load_reads_the_long_texts_back_from_the_side_file(built: Config) -> None:
    """A read-only load keeps code, manual text and sources in graph_text.marshal: every node's
    attributes read back (node_attrs, KnowledgeBase.node/attr/node_view) equal the saved ones, in
    the same order; the node dicts themselves hold none of them."""
    from cjkb_graph.graph.kb import KnowledgeBase

    data = built.data_dir
    ro, plain, js = load_graph(data, read_only=True), load_graph(data), _json_graph(data)
    kb = KnowledgeBase(ro, built)
    lazy_seen = 0
    for n in js:
        want = js.nodes[n]
        assert list(store.node_attrs(ro, n).items()) == list(want.items())
        assert list(plain.nodes[n].items()) == list(want.items())  # the mutable load: every attribute
        for k, v in want.items():
            assert kb.attr(n, k) == v
        if want.get("kind") not in ("java_type", "java_member", "java_construct"):
            assert not (store.LAZY_ATTRS & set(ro.nodes[n]))
            lazy_seen += bool(store.LAZY_ATTRS & set(want))
        assert {k: v for k, v in kb.node_view(n).items() if k not in ("id", "import")} == want
    assert lazy_seen > 10
    assert kb.attr(next(iter(js)), "no-such-attribute", "dflt") == "dflt"


def test_a_torn_text_file_is_detected_and_the_json_loaded(built: Config) -> None:
    data = built.data_dir
    path = data / store.GRAPH_TEXT_FILE
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    assert store._load_fast(data, True) is None  # the manifest's sha256 no longer matches
    ro = load_graph(data, read_only=True)  # graph.json: every attribute in the node dicts
    _same(ro, _json_graph(data))
    problems = [c.detail for c in run_checks(built) if not c.ok]
    assert any(store.GRAPH_TEXT_FILE in m for m in problems), problems
    assert not build_and_save(built).skipped  # build repairs it
    assert store._load_fast(data, True) is not None


def test_hydrate_puts_the_texts_back_into_the_node_dicts(built: Config) -> None:
    data = built.data_dir
    ro, js = load_graph(data, read_only=True), _json_graph(data)
    d0 = {n: ro.nodes[n] for n in ro}
    store.hydrate(ro)
    assert all(ro.nodes[n] is d0[n] for n in ro)  # the same dicts, filled in
    assert [list(ro.nodes[n].items()) for n in ro] == [list(js.nodes[n].items()) for n in js]


def test_a_read_only_graphs_text_file_closes_with_it_without_the_cyclic_collector(built: Config) -> None:
    """cjkb-graph processes freeze the collector's view (gc.freeze): the side file's handle must be
    released by reference counting alone when its graph goes."""
    import gc
    import os
    import weakref

    was = gc.isenabled()
    gc.disable()
    try:
        before = len(os.listdir("/proc/self/fd"))
        G = load_graph(built.data_dir, read_only=True)
        texts = weakref.ref(store._TEXTS[G])
        assert len(os.listdir("/proc/self/fd")) == before + 1
        del G
        assert texts() is None and len(os.listdir("/proc/self/fd")) == before
        load_graph(built.data_dir)  # the mutable load reads the texts and lets the file go at once
        assert len(os.listdir("/proc/self/fd")) == before
    finally:
        if was:
            gc.enable()
