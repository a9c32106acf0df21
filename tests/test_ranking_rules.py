"""Ranking rules a user relies on, each pinned by a known answer (each kills a mutation that survived).

- inherited Cangjie members are offered for a call on the subtype (resolver neighbourhood);
- the Java-expansion search route adds its reciprocal rank to the fused score;
- get_neighbors refuses a page larger than its maximum;
- a deprecated member ranks below its non-deprecated replacement.
"""

from __future__ import annotations

import re

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError
from cjkb_graph.java import JavaCall
from cjkb_graph.limits import MAX_NEIGHBOR_LIMIT
from cjkb_graph.search.query import (
    _EXPANSION_SHARE,
    _MANUAL_WEIGHT,
    _SCORE_WEIGHT,
    _SYNONYM_WEIGHT,
    RRF_K,
)


def _call(method: str, java_type: str, args: int) -> JavaCall:
    return JavaCall(
        text=f"x.{method}(..)",
        kind="method",
        receiver="x",
        java_type=java_type,
        type_args=[],
        method=method,
        arg_count=args,
        arg_types=[None] * args,
        line=1,
    )


# -- inherited members -------------------------------------------------------------------------


def test_neighbourhood_holds_members_inherited_from_supertypes(real_engine: Engine) -> None:
    hood = dict(real_engine.resolver.neighbourhood("std.core.IllegalStateException"))
    # Exception's members, documented once on std.core.Exception, reach its subclasses as inherited
    assert hood["std.core.Exception.getStackTrace()"] is True
    assert hood["std.core.Exception.message"] is True
    assert all(
        not inherited for m, inherited in hood.items() if m.startswith("std.core.IllegalStateException.")
    )


def test_call_answered_by_an_inherited_member(real_engine: Engine) -> None:
    # Set has no own subsetOf: ReadOnlySet declares it. Ranking Set's neighbourhood for the call
    # must reach it (subsetOf is the Cangjie name, so the call is built directly: a Java snippet
    # calling it would be classified as project code, java.util.Set having no such method).
    call = JavaCall(
        text="a.subsetOf(b)", kind="method", receiver="a", java_type="java.util.Set", type_args=["String"],
        method="subsetOf", arg_count=1, arg_types=["java.util.Set"], line=1,
    )  # fmt: skip
    top = real_engine.resolver.rank_members(call, "std.collection.Set", 3)[0]
    assert real_engine.kb.G.nodes[top.node]["qualname"] == "std.collection.ReadOnlySet.subsetOf"
    assert "inherited from std.collection.ReadOnlySet" in top.why


# -- the Java-expansion search route -----------------------------------------------------------


def test_java_expansion_lifts_a_java_name_bm25_ranks_low(real_engine: Engine) -> None:
    top = real_engine.search("Arrays.sort", top_k=1)[0]
    assert top.qualname == "std.sort.sort"
    ranks = {m.group(1): int(m.group(2)) for w in top.why if (m := re.fullmatch(r"(\w+) rank (\d+)", w))}
    assert ranks["java_expansion"] == 1 and ranks["bm25"] > 5  # BM25 alone would not put it first
    # the fused score: the weighted sum of 1/(RRF_K + rank) over the routes that found it, plus the
    # share of the curated mapping's first target and BM25's share for its relative score (at most
    # _SCORE_WEIGHT)
    weights = {
        "bm25": 1.0, "java_expansion": 1.0, "java_vocabulary": 1.0, "manual": _MANUAL_WEIGHT,
        "synonyms": _SYNONYM_WEIGHT,
    }  # fmt: skip
    rrf = sum(weights[route] / (RRF_K + rank) for route, rank in ranks.items()) + _EXPANSION_SHARE
    assert rrf - 1e-6 <= top.score <= rrf + _SCORE_WEIGHT + 1e-6
    without_expansion = rrf - 1 / (RRF_K + ranks["java_expansion"]) - _EXPANSION_SHARE
    assert top.score > without_expansion + 0.01  # the route adds a rank-1 share


# -- get_neighbors page size -------------------------------------------------------------------


def test_get_neighbors_limit_is_capped(real_engine: Engine) -> None:
    assert MAX_NEIGHBOR_LIMIT == 200
    page = real_engine.get_neighbors("std.collection", depth=2, limit=MAX_NEIGHBOR_LIMIT)
    assert page.total > MAX_NEIGHBOR_LIMIT
    assert len(page.neighbors) == MAX_NEIGHBOR_LIMIT and page.next_offset == MAX_NEIGHBOR_LIMIT
    with pytest.raises(InputError, match=r"limit.*1\.\.200"):
        real_engine.get_neighbors("std.collection", limit=MAX_NEIGHBOR_LIMIT + 1)
    with pytest.raises(InputError, match="limit"):
        real_engine.get_neighbors("std.collection", limit=0)


# -- deprecated members ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "args", "deprecated", "replacement"),
    [
        ("put", 2, "ConcurrentHashMap.put", "ConcurrentHashMap.add"),
        ("putIfAbsent", 2, "ConcurrentHashMap.putIfAbsent", "ConcurrentHashMap.addIfAbsent"),
    ],
)
def test_deprecated_member_ranks_below_its_replacement(
    real_engine: Engine, method: str, args: int, deprecated: str, replacement: str
) -> None:
    """Without the curated mapping (rank_members alone), the same-name deprecated member loses."""
    G = real_engine.kb.G
    ranked = real_engine.resolver.rank_members(
        _call(method, "java.util.concurrent.ConcurrentHashMap", args),
        "std.collection.concurrent.ConcurrentHashMap",
        5,
    )
    names = [G.nodes[c.node]["qualname"].removeprefix("std.collection.concurrent.") for c in ranked]
    assert deprecated in names and replacement in names
    assert names.index(replacement) < names.index(deprecated), names
    dep = next(c for c in ranked if G.nodes[c.node]["qualname"].endswith(deprecated))
    assert "deprecated" in dep.why
