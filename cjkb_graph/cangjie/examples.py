"""APIs called by the graph's doc examples (future `uses` edges)."""

from __future__ import annotations

import networkx as nx

from .check import CangjieChecker


def example_uses(G: nx.MultiDiGraph, checker: CangjieChecker | None = None) -> list[tuple[str, str]]:
    """(example id, API id) for every graph API each example node's code calls or reads."""
    ck = checker or CangjieChecker(G)
    out: list[tuple[str, str]] = []
    for n, d in G.nodes(data=True):
        if d.get("kind") != "example" or not d.get("code"):
            continue
        for api in ck.apis(d["code"]):
            out.append((n, api))
    return out
