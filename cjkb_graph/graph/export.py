"""GraphML export for review in Gephi, yEd and Cytoscape."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import networkx as nx
import orjson

from ..errors import InputError
from ..kinds import EdgeKind, NodeKind
from .files import atomic_write
from .store import node_attrs

__all__ = ["flatten_for_graphml", "neighbourhood", "to_graphml_bytes", "write_graphml"]


def _scalar(value: Any) -> Any:
    if isinstance(value, bool | int | float | str):
        return value
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def _label(node_id: str, d: dict[str, Any]) -> str:
    """Short display text (Gephi shows the ``label`` attribute): the id without its package prefix."""
    kind = d.get("kind")
    if kind == NodeKind.EXAMPLE.value:
        return f"example: {d.get('title') or node_id.rsplit('/', 1)[-1]}"[:80]
    module = d.get("module") or ""
    if kind in (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value) and node_id.startswith(
        module + "."
    ):
        return node_id[len(module) + 1 :]
    return node_id


def neighbourhood(
    G: nx.MultiDiGraph, center: str, depth: int, edge_kinds: Iterable[str] | None = None
) -> set[str]:
    """Nodes within ``depth`` hops of ``center`` following edges in both directions."""
    kinds = set(edge_kinds) if edge_kinds else None
    seen = {center}
    frontier = [center]
    for _ in range(depth):
        nxt: list[str] = []
        for n in frontier:
            for _, v, k in G.out_edges(n, keys=True):
                if (kinds is None or k in kinds) and v not in seen:
                    seen.add(v)
                    nxt.append(v)
            for u, _, k in G.in_edges(n, keys=True):
                if (kinds is None or k in kinds) and u not in seen:
                    seen.add(u)
                    nxt.append(u)
        frontier = nxt
    return seen


def flatten_for_graphml(
    G: nx.MultiDiGraph, nodes: Iterable[str] | None = None, kinds: Iterable[str] | None = None
) -> nx.MultiDiGraph:
    """Copy of (a part of) G with scalar attributes only: lists/dicts as JSON text, no None.

    ``kinds`` keeps only nodes of those node kinds and edges of those edge kinds (names from
    NodeKind/EdgeKind, mixed freely); unknown names are an error.
    """
    node_kinds: set[str] | None = None
    edge_kinds: set[str] | None = None
    if kinds:
        wanted = {k.strip() for k in kinds if k.strip()}
        all_node = {k.value for k in NodeKind}
        all_edge = {k.value for k in EdgeKind}
        bad = sorted(wanted - all_node - all_edge)
        if bad:
            raise InputError(
                f"unknown kind(s) {', '.join(bad)}; node kinds: {', '.join(sorted(all_node))}; "
                f"edge kinds: {', '.join(sorted(all_edge))}"
            )
        node_kinds = (wanted & all_node) or None
        edge_kinds = (wanted & all_edge) or None
    keep = set(G.nodes) if nodes is None else set(nodes)
    H = nx.MultiDiGraph()
    for n in sorted(keep):
        d = node_attrs(G, n)  # a read-only graph's long texts too
        if node_kinds is not None and d.get("kind") not in node_kinds:
            continue
        attrs = {k: _scalar(v) for k, v in d.items() if v is not None}
        attrs.setdefault("label", _label(n, d))
        H.add_node(n, **attrs)
    for u, v, k, d in sorted(G.edges(keys=True, data=True), key=lambda e: (e[0], e[1], e[2])):
        if u in H and v in H and (edge_kinds is None or k in edge_kinds):
            H.add_edge(u, v, key=k, **{a: _scalar(b) for a, b in d.items() if b is not None})
    return H


def to_graphml_bytes(H: nx.MultiDiGraph) -> bytes:
    buf = io.BytesIO()
    # Numbered key ids (d0, d1 ...): node and edge attributes share names (kind, note, confidence) and
    # GraphML requires unique key ids; Gephi and yEd show the attr.name anyway.
    nx.write_graphml(H, buf, encoding="utf-8", prettyprint=True, named_key_ids=False)
    return buf.getvalue()


def write_graphml(H: nx.MultiDiGraph, out: Path) -> None:
    atomic_write(out, to_graphml_bytes(H))
