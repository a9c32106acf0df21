"""In-process tests of the engine methods behind the MCP tools (cjkb_graph.lookup, cjkb_graph.navigate)."""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

import anyio
import networkx as nx
import pytest

from cjkb_graph import navigate
from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError, NodeNotFound
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.kinds import EdgeKind

# ---------------------------------------------------------------------------- a small graph


def _tiny() -> KnowledgeBase:
    """std.c: interface Eq <- class Box (own eq, get(K), get(K,V), size; extension show from std.x)."""
    G = nx.MultiDiGraph()

    def node(n: str, **a: Any) -> None:
        a.setdefault("qualname", n if a.get("kind") != "example" else "")
        G.add_node(n, **a)

    def edge(u: str, v: str, kind: EdgeKind, **a: Any) -> None:
        G.add_edge(u, v, key=kind.value, kind=kind.value, **a)

    for m in ("std.c", "std.x"):
        node(m, kind="module", name=m, module=m, description_en=f"The {m} package. More text.")
    node(
        "std.c.Eq", kind="type", name="Eq", module="std.c", type_kind="interface", signature="interface Eq<T>"
    )
    node(
        "std.c.Box",
        kind="type",
        name="Box",
        module="std.c",
        type_kind="class",
        signature="class Box<K,V> <: Eq",
    )
    node("std.c.Eq.eq(T)", kind="member", name="eq", qualname="std.c.Eq.eq", module="std.c", owner="std.c.Eq")
    node(
        "std.c.Eq.hash()",
        kind="member",
        name="hash",
        qualname="std.c.Eq.hash",
        module="std.c",
        owner="std.c.Eq",
    )
    node(
        "std.c.Eq.init()",
        kind="member",
        name="init",
        qualname="std.c.Eq.init",
        module="std.c",
        member_kind="init",
    )
    node(
        "std.c.Box.eq(Box)",
        kind="member",
        name="eq",
        qualname="std.c.Box.eq",
        module="std.c",
        owner="std.c.Box",
    )
    for n, params in (("std.c.Box.get(K)", ["K"]), ("std.c.Box.get(K,V)", ["K", "V"])):
        node(
            n, kind="member", name="get", qualname="std.c.Box.get", module="std.c", owner="std.c.Box",
            signature=f"func get({', '.join(params)})", params=[{"name": p.lower(), "type": p} for p in params],
            return_type="Option<V>", throws=["std.c.Oops"], description_en="Gets a value.",
        )  # fmt: skip
    node(
        "std.c.Box.size",
        kind="member",
        name="size",
        qualname="std.c.Box.size",
        module="std.c",
        member_kind="prop",
    )
    node(
        "std.x.Box.show()", kind="member", name="show", qualname="std.x.Box.show", module="std.x",
        owner="std.c.Box", extension={"block": "extend Box <: Show", "interface": "Show"},
    )  # fmt: skip
    node("std.c.Oops", kind="type", name="Oops", module="std.c", type_kind="exception")
    node("std.c.Lonely", kind="type", name="Lonely", module="std.c", type_kind="class")
    node(
        "example:c.md#L1",
        kind="example",
        name="get demo",
        title="get demo",
        module="std.c",
        code="box.get(k)",
    )
    node(
        "example:c.md#L9", kind="example", name="sample", title="zebra sample", module="std.c", code="zebra()"
    )
    node("java.util.Box", kind="java_type", name="Box", qualname="java.util.Box", package="java.util")
    edge("std.c.Box", "std.c.Eq", EdgeKind.INHERITS)
    for t in ("std.c.Eq", "std.c.Box", "std.c.Oops", "std.c.Lonely"):
        edge(t, "std.c", EdgeKind.MEMBER_OF)
    for m, t in (
        ("std.c.Eq.eq(T)", "std.c.Eq"), ("std.c.Eq.hash()", "std.c.Eq"), ("std.c.Eq.init()", "std.c.Eq"),
        ("std.c.Box.eq(Box)", "std.c.Box"), ("std.c.Box.get(K)", "std.c.Box"),
        ("std.c.Box.get(K,V)", "std.c.Box"), ("std.c.Box.size", "std.c.Box"), ("std.x.Box.show()", "std.c.Box"),
    ):  # fmt: skip
        edge(m, t, EdgeKind.MEMBER_OF)
    edge("std.c.Box.get(K)", "std.c.Box.get(K,V)", EdgeKind.OVERLOADS)
    edge("std.c.Box.get(K,V)", "std.c.Box.get(K)", EdgeKind.OVERLOADS)
    edge("std.c.Box.get(K)", "std.c.Oops", EdgeKind.THROWS)
    edge("example:c.md#L1", "std.c.Box.get(K)", EdgeKind.EXAMPLE_FOR)
    edge("java.util.Box", "std.c.Box", EdgeKind.MAPS_TO, confidence="exact", note="same", rank=0)
    return KnowledgeBase(G)


@pytest.fixture()
def tiny() -> Engine:
    return Engine(_tiny())


def test_get_api_details_overloads_and_forms(tiny: Engine) -> None:
    for ref in ("std.c.Box.get", "Box.get", "get", "Box<K, V>.get"):
        r = tiny.get_api_details(ref)
        assert [m.id for m in r.matches] == ["std.c.Box.get(K)", "std.c.Box.get(K,V)"], ref
    m = tiny.get_api_details("std.c.Box.get(K,V)").matches
    assert len(m) == 1
    d = m[0]
    assert [p.model_dump() for p in d.params] == [
        {"name": "k", "type": "K", "description": ""},
        {"name": "v", "type": "V", "description": ""},
    ]
    assert d.returns == "Option<V>" and d.throws == ["std.c.Oops"]
    assert d.import_ == "import std.c.*"
    ex = tiny.get_api_details("std.c.Box.get(K)").matches[0].examples
    assert ex and ex[0].code == "box.get(k)"
    assert tiny.get_api_details("java.util.Box").matches[0].maps_to[0].target == "std.c.Box"


def test_get_api_details_unknown_and_module(tiny: Engine) -> None:
    with pytest.raises(NodeNotFound) as err:
        tiny.get_api_details("Box.gett")
    assert "std.c.Box.get" in err.value.suggestions
    with pytest.raises(NodeNotFound):
        tiny.get_api_details("get", module="std.x")
    with pytest.raises(InputError, match="unknown module 'nope'"):
        tiny.get_api_details("get", module="nope")
    assert tiny.get_api_details("show", module="std.x").count == 1


def test_get_class_members_origins(tiny: Engine) -> None:
    r = tiny.get_class_members("Box")
    by_name = {g.name: g for g in r.groups}
    assert set(by_name) == {"eq", "get", "hash", "show", "size"}
    assert by_name["get"].count == 2  # overloads together
    assert [m.origin for m in by_name["show"].members] == ["extension"]
    assert by_name["show"].members[0].import_ == "import std.x.*"
    assert by_name["show"].members[0].extension == "extend Box <: Show"
    # Eq.eq(T) is overridden by Box.eq(Box); Eq.init is a constructor: neither is inherited
    assert [m.id for m in by_name["eq"].members] == ["std.c.Box.eq(Box)"]
    assert by_name["hash"].members and by_name["hash"].members[0].origin == "inherited"
    assert by_name["hash"].members[0].declared_in == "std.c.Eq"
    assert r.counts.model_dump() == {
        "own": 4,
        "extension": 1,
        "inherited": 1,
        "overridden_skipped": 1,
        "groups": 5,
    }
    assert r.supertypes == ["std.c.Eq"]
    own_only = tiny.get_class_members("std.c.Box", include_inherited=False)
    assert "hash" not in {g.name for g in own_only.groups}
    assert own_only.supertypes == ["std.c.Eq"]  # the supertypes are named even without their members
    with pytest.raises(NodeNotFound, match="is a member"):
        tiny.get_class_members("std.c.Box.size")


def test_find_examples_by_api_and_text(tiny: Engine) -> None:
    r = tiny.find_examples("Box.get")
    assert [e.id for e in r.examples] == ["example:c.md#L1"]
    assert r.examples[0].apis == ["std.c.Box.get"]
    assert "example_for" in r.how
    # a type falls back to its members' examples
    assert [e.id for e in tiny.find_examples("std.c.Box").examples] == ["example:c.md#L1"]
    t = tiny.find_examples("zebra")
    assert [e.id for e in t.examples] == ["example:c.md#L9"]
    with pytest.raises(InputError, match="top_k 51"):
        tiny.find_examples("x", top_k=51)
    # the bounds are inclusive: top_k 1 is a valid request, 0 is not
    assert [e.id for e in tiny.find_examples("Box.get", top_k=1).examples] == ["example:c.md#L1"]
    with pytest.raises(InputError, match="top_k 0"):
        tiny.find_examples("x", top_k=0)


def test_list_modules(tiny: Engine) -> None:
    r = tiny.list_modules()
    assert r.count == 2
    c = r.modules[0]
    assert c.id == "std.c" and c.types == 4 and c.members == 7 and c.examples == 2
    assert c.summary == "The std.c package."


def test_get_node(tiny: Engine) -> None:
    r = tiny.get_node("std.c.Box.size")
    assert r.kind == "member" and r.attributes["member_kind"] == "prop"
    assert r.edge_counts == {"out": {"member_of": 1}, "in": {}}
    assert tiny.get_node("std.c.Box.get").id == "std.c.Box.get(K)"  # qualname -> first overload
    with pytest.raises(NodeNotFound):
        tiny.get_node("std.c.Bx")


def test_get_neighbors_order_paths_pagination(tiny: Engine) -> None:
    r = tiny.get_neighbors("std.c.Box", direction="both", depth=1, limit=50)
    ids = [n.id for n in r.neighbors]
    assert r.total == len(ids) == 8
    assert ids[:2] == ["java.util.Box", "std.c.Eq"]  # maps_to, then inherits
    java = r.neighbors[0]
    assert [step.model_dump(exclude_none=True) for step in java.path] == [
        {
            "source": "java.util.Box",
            "edge": "maps_to",
            "target": "std.c.Box",
            "confidence": "exact",
            "note": "same",
            "rank": 0,
        }
    ]
    assert java.path_text == "std.c.Box <-maps_to- java.util.Box"
    page1 = tiny.get_neighbors("std.c.Box", limit=3)
    page2 = tiny.get_neighbors("std.c.Box", limit=3, offset=page1.next_offset)
    page3 = tiny.get_neighbors("std.c.Box", limit=3, offset=page2.next_offset)
    assert [n.id for p in (page1, page2, page3) for n in p.neighbors] == ids
    assert page3.next_offset is None
    assert tiny.get_neighbors("std.c.Box", limit=50) == r  # stable
    out = tiny.get_neighbors("std.c.Box", direction="out")
    assert {n.id for n in out.neighbors} == {"std.c", "std.c.Eq"}
    two = tiny.get_neighbors("std.c.Box.get(K)", edge_kinds=["member_of"], direction="out", depth=2)
    assert [(n.id, n.depth) for n in two.neighbors] == [("std.c.Box", 1), ("std.c", 2)]
    assert two.neighbors[1].path_text == "std.c.Box.get(K) -member_of-> std.c.Box -member_of-> std.c"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"depth": 4}, "depth 4 is out of range 1..3"),
        ({"depth": 0}, "depth 0 is out of range 1..3"),
        ({"limit": 0}, "limit 0 is out of range"),
        ({"offset": -1}, "offset -1 is negative"),
        ({"direction": "up"}, "direction 'up'"),
        ({"edge_kinds": ["member_off"]}, "unknown edge kind"),
    ],
)
def test_get_neighbors_bad_input(tiny: Engine, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        tiny.get_neighbors("std.c.Box", **kwargs)


def test_find_path_directed_then_undirected(tiny: Engine) -> None:
    r = tiny.find_path("java.util.Box", "std.c.Eq")
    assert r.directed is True and r.length == 2
    assert r.paths[0].text == "java.util.Box -maps_to-> std.c.Box -inherits-> std.c.Eq"
    back = tiny.find_path("std.c.Eq", "java.util.Box")
    assert back.directed is False and back.length == 2
    assert back.paths[0].text == "std.c.Eq <-inherits- std.c.Box <-maps_to- java.util.Box"
    assert back.notes
    many = tiny.find_path("std.c.Box.get(K)", "std.c")
    assert many.length == 2 and len(many.paths) == 2  # via Box, and via Oops
    none = tiny.find_path("std.c.Box", "std.x", edge_kinds=["inherits"])
    assert none.paths == [] and "no path" in none.notes[0]
    assert tiny.find_path("std.c", "std.c").length == 0
    with pytest.raises(InputError, match="max_length 11"):
        tiny.find_path("std.c", "std.x", max_length=11)
    one = tiny.find_path("java.util.Box", "std.c.Box", max_length=1)  # the inclusive lower bound
    assert one.paths[0].text == "java.util.Box -maps_to-> std.c.Box"
    with pytest.raises(InputError, match="max_length 0"):
        tiny.find_path("std.c", "std.x", max_length=0)
    with pytest.raises(NodeNotFound):
        tiny.find_path("std.c", "std.nope")


def test_export_subgraph_roundtrip_and_limit(tiny: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    r = tiny.export_subgraph("std.c.Box.get(K)", depth=1)
    H = nx.read_graphml(io.BytesIO(r.graphml.encode()), force_multigraph=True)
    assert set(H.nodes) == {
        "std.c.Box.get(K)",
        "std.c.Box",
        "std.c.Box.get(K,V)",
        "std.c.Oops",
        "example:c.md#L1",
    }
    assert r.nodes == 5 and r.edges == H.number_of_edges()
    only = tiny.export_subgraph("std.c.Box.get(K)", depth=1, edge_kinds=["throws"])
    assert only.nodes == 2
    monkeypatch.setattr(navigate, "EXPORT_NODE_LIMIT", 3)
    with pytest.raises(InputError, match="the export limit is 3"):
        tiny.export_subgraph("std.c.Box", depth=1)


def test_no_tool_mutates_the_graph(tiny: Engine) -> None:
    before = nx.node_link_data(tiny.G, edges="edges")
    tiny.get_api_details("get")
    tiny.get_class_members("Box")
    tiny.get_node("std.c.Box")
    tiny.get_neighbors("std.c.Box", depth=3)
    tiny.export_subgraph("std.c.Box", depth=2)
    tiny.find_path("std.c.Eq", "java.util.Box")
    assert nx.node_link_data(tiny.G, edges="edges") == before


# ---------------------------------------------------------------------------- the real graph


@pytest.mark.corpus
def test_real_lookups(real_engine: Engine) -> None:
    add = real_engine.get_api_details("std.collection.HashMap.add")
    assert "std.collection.HashMap.add(K,V)" in [m.id for m in add.matches]
    assert all(m.import_ == "import std.collection.*" for m in add.matches)
    members = real_engine.get_class_members("HashMap")
    names = {g.name for g in members.groups}
    assert {"add", "get", "remove", "contains", "size"} <= names
    string = real_engine.get_class_members("std.core.String")
    assert string.counts.extension > 0
    assert real_engine.find_path("java.util.HashMap", "std.collection.HashMap").paths[0].text == (
        "java.util.HashMap -maps_to-> std.collection.HashMap"
    )
    mods = {m.id for m in real_engine.list_modules().modules}
    assert {"std.core", "std.collection", "stdx.encoding.json"} <= mods
    ex = real_engine.find_examples("std.collection.HashMap.add")
    assert ex.examples and "HashMap" in ex.examples[0].code


@pytest.mark.corpus
def test_real_tool_latency_in_process(real_engine: Engine) -> None:
    """Median of an in-process tool call (argument validation, thread hop, output model) under 5 ms."""
    from cjkb_graph.mcp_server import build_server

    server = build_server(lambda: real_engine)
    real_engine.warm()  # built once, as the server's loader warms it
    calls = [
        ("search_api", {"query": "sort a list"}),
        ("get_api_details", {"name": "std.collection.HashMap.add"}),
        ("get_class_members", {"class_name": "HashMap"}),
        ("find_examples", {"query": "HashMap.add"}),
        ("list_modules", {}),
        ("get_node", {"node_id": "std.collection.HashMap"}),
        ("get_neighbors", {"node_id": "java.util.HashMap", "edge_kinds": ["maps_to"]}),
        ("find_path", {"source": "java.util.HashMap", "target": "std.collection.HashMap"}),
        ("java_to_cangjie", {"java_symbol": "java.util.HashMap"}),
    ]
    medians: dict[str, float] = {}

    async def run() -> None:
        for name, args in calls:
            times = []
            for _ in range(15):
                t = time.perf_counter()
                r = await server.call_tool(name, args)
                times.append((time.perf_counter() - t) * 1000)
                assert not getattr(r, "is_error", False), (name, r)
            medians[name] = statistics.median(times[3:])

    anyio.run(run)
    print({k: round(v, 2) for k, v in medians.items()})
    assert statistics.median(medians.values()) < 5.0, medians
    slow = {k: v for k, v in medians.items() if v >= 25.0}
    assert not slow, slow
