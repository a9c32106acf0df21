"""Quality rules for the curated Java-to-Cangjie tables, checked on the built real-corpus graph.

Rule: the primary target of a curated mapping (the entry's `target` field, i.e. the `maps_to`
edges of rank 0-9: one per overload the qualname expands to) must not be a Cangjie API that the
v1.2.0 docs mark `(deprecated)`, nor a member of a deprecated type (the docs mark only the class
heading of `std.regex.Matcher`, not its members). Deprecated APIs may still appear in `also`
(rank >= 10). An entry that has no non-deprecated equivalent may keep a deprecated target if its
note says so (contains the word "deprecated").
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from cjkb_graph.graph.kb import KnowledgeBase

MAPS_TO = "maps_to"
TARGET_FIELD_RANKS = range(10)  # rank = 10 * (position in [target, *also]) + overload index


def deprecated_reason(G: nx.MultiDiGraph, node: str) -> str | None:
    """Why `node` counts as deprecated: "self", "owner <type>", or None."""
    data = G.nodes[node]
    if data.get("deprecated"):
        return "self"
    owner = data.get("owner")
    if owner and owner in G and G.nodes[owner].get("deprecated"):
        return f"owner {owner}"
    return None


def deprecated_primary_targets(G: nx.MultiDiGraph) -> list[str]:
    """Curated primary mappings onto deprecated APIs whose note does not say "deprecated"."""
    bad: list[str] = []
    for java, target, key, edge in G.edges(keys=True, data=True):
        if key != MAPS_TO or edge.get("origin") != "curated":
            continue
        if edge.get("rank", 0) not in TARGET_FIELD_RANKS:
            continue
        reason = deprecated_reason(G, target)
        if reason is None or "deprecated" in str(edge.get("note", "")).lower():
            continue
        bad.append(f"{edge.get('source', '?')}: {java} -> {target} (deprecated: {reason})")
    return sorted(bad)


# ----------------------------------------------------------------------------- the checker itself


def _graph(edges: list[tuple[str, str, dict[str, Any]]]) -> nx.MultiDiGraph:
    G = nx.MultiDiGraph()
    G.add_node("T", kind="type", deprecated=False)
    G.add_node("T.old()", kind="member", owner="T", deprecated=True)
    G.add_node("T.new()", kind="member", owner="T", deprecated=False)
    G.add_node("D", kind="type", deprecated=True)
    G.add_node("D.m()", kind="member", owner="D", deprecated=False)
    for u, v, attrs in edges:
        G.add_node(u, kind="java_member")
        G.add_edge(u, v, key=MAPS_TO, **{"origin": "curated", "note": "", "source": "t.yaml:1", **attrs})
    return G


def test_checker_flags_deprecated_primary_and_owner() -> None:
    G = _graph(
        [
            ("j.A.a", "T.old()", {"rank": 0}),
            ("j.A.b", "D.m()", {"rank": 3}),
            ("j.A.c", "T.new()", {"rank": 0}),
        ]
    )
    bad = deprecated_primary_targets(G)
    assert len(bad) == 2
    assert any("j.A.a -> T.old()" in b and "self" in b for b in bad)
    assert any("j.A.b -> D.m()" in b and "owner D" in b for b in bad)


def test_checker_accepts_also_ranks_notes_and_imported() -> None:
    G = _graph(
        [
            ("j.A.a", "T.old()", {"rank": 10}),  # an `also` entry
            ("j.A.b", "T.old()", {"rank": 0, "note": "No replacement; T.old is Deprecated."}),
            ("j.A.c", "T.old()", {"rank": 100, "origin": "imported"}),
        ]
    )
    assert deprecated_primary_targets(G) == []


# ----------------------------------------------------------------------------- the real tables


@pytest.mark.corpus
def test_graph_has_what_the_rule_needs(real_kb: KnowledgeBase) -> None:
    G = real_kb.G
    assert G.nodes["std.regex.Matcher"].get("deprecated") is True
    assert G.nodes["std.regex.Regex.matcher(String)"].get("deprecated") is True
    assert deprecated_reason(G, "std.regex.Matcher.find()") == "owner std.regex.Matcher"
    curated = [
        e for _, _, k, e in G.edges(keys=True, data=True) if k == MAPS_TO and e.get("origin") == "curated"
    ]
    assert len(curated) > 1000


@pytest.mark.corpus
def test_no_curated_primary_target_is_deprecated(real_kb: KnowledgeBase) -> None:
    bad = deprecated_primary_targets(real_kb.G)
    assert not bad, (
        "primary mapping targets that are deprecated in the Cangjie v1.2.0 docs; map to the "
        "non-deprecated replacement (keep the old API in `also` if useful) or, if none exists, "
        "say so in the note:\n  " + "\n  ".join(bad)
    )


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("java", "expected"),
    [
        ("java.util.regex.Pattern.matcher", "std.regex.Regex.find(String,Bool)"),
        ("java.util.regex.Matcher.find/0", "std.regex.Regex.findAll(String,Bool)"),
        ("java.math.BigInteger.divide", "std.math.numeric.BigInt./(BigInt)"),
        ("java.math.BigInteger.remainder", "std.math.numeric.BigInt.%(BigInt)"),
        ("java.time.LocalDate.getMonthValue", "std.time.DateTime.month"),
        ("java.time.format.DateTimeFormatter.parse", "std.time.DateTime.parse(String,String)"),
        (
            "java.util.concurrent.ConcurrentHashMap.put",
            "std.collection.concurrent.ConcurrentHashMap.add(K,V)",
        ),
        ("java.util.concurrent.BlockingQueue.take", "std.collection.concurrent.LinkedBlockingQueue.remove()"),
    ],
)
def test_replacements_of_deprecated_apis(real_kb: KnowledgeBase, java: str, expected: str) -> None:
    G = real_kb.G
    primary = [
        v for _, v, k, e in G.out_edges(java, keys=True, data=True) if k == MAPS_TO and e.get("rank") == 0
    ]
    assert primary == [expected]
