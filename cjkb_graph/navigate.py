"""Walking the graph: neighbours with the typed path to each, shortest typed paths, GraphML subgraphs."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

import networkx as nx

from .errors import InputError
from .graph.export import flatten_for_graphml, neighbourhood, to_graphml_bytes
from .graph.kb import KnowledgeBase
from .kinds import EdgeKind
from .limits import EXPORT_NODE_LIMIT, MAX_DEPTH, MAX_NEIGHBOR_LIMIT, MAX_PATH_LENGTH, MAX_PATHS, check_range
from .lookup import EDGE_ORDER, KIND_ORDER, check_edge_kinds, node_summary, resolve_ref
from .models import ExportResult, Neighbor, Neighbors, PathOut, PathResult, PathStep

__all__ = ["DIRECTIONS", "export_subgraph", "find_path", "get_neighbors"]

DIRECTIONS = ("out", "in", "both")


# ---------------------------------------------------------------------------- neighbours


def _steps(
    G: nx.MultiDiGraph, n: str, direction: str, kinds: set[str] | None
) -> Iterator[tuple[str, dict[str, Any]]]:
    """(neighbour, step) pairs; the step names the real edge (source -kind-> target)."""
    if direction in ("out", "both"):
        for _, v, k, d in G.out_edges(n, keys=True, data=True):
            if kinds is None or k in kinds:
                yield v, _step(n, k, v, d)
    if direction in ("in", "both"):
        for u, _, k, d in G.in_edges(n, keys=True, data=True):
            if kinds is None or k in kinds:
                yield u, _step(u, k, n, d)


def _step(u: str, k: str, v: str, d: dict[str, Any]) -> dict[str, Any]:
    step: dict[str, Any] = {"source": u, "edge": k, "target": v}
    if k == EdgeKind.MAPS_TO.value:
        step["confidence"] = d.get("confidence")
        step["note"] = d.get("note") or None
        step["rank"] = int(d.get("rank", 0) or 0)
    return step


def _path_text(start: str, steps: list[dict[str, Any]]) -> str:
    parts = [start]
    cur = start
    for s in steps:
        if s["source"] == cur:
            parts.append(f" -{s['edge']}-> {s['target']}")
            cur = s["target"]
        else:
            parts.append(f" <-{s['edge']}- {s['source']}")
            cur = s["source"]
    return "".join(parts)


def get_neighbors(
    kb: KnowledgeBase,
    node_id: str,
    edge_kinds: Iterable[str] | None = None,
    direction: str = "both",
    depth: int = 1,
    limit: int = 50,
    offset: int = 0,
) -> Neighbors:
    """Nodes within ``depth`` hops, each with the edge path to it, paginated in a stable order.

    Order: nearer first; then by the kind of the last edge (maps_to, inherits, member_of, returns,
    has_type, throws, overloads, example_for) and a maps_to edge's rank; then API nodes before Java
    nodes and examples; then more connected nodes first; then id.
    """
    check_range("depth", depth, 1, MAX_DEPTH)
    check_range("limit", limit, 1, MAX_NEIGHBOR_LIMIT)
    if offset < 0:
        raise InputError(f"offset {offset} is negative; use 0 for the first page")
    if direction not in DIRECTIONS:
        raise InputError(f"direction '{direction}' is not one of {', '.join(DIRECTIONS)}")
    kinds = check_edge_kinds(edge_kinds)
    start = resolve_ref(kb, node_id)
    G = kb.G
    paths: dict[str, list[dict[str, Any]]] = {start: []}
    frontier = [start]
    found: list[str] = []
    for _ in range(depth):
        nxt: list[str] = []
        for n in frontier:
            # raw (kind, neighbour, source, target, data) first: step dicts only for new nodes
            raw: list[tuple[str, str, str, str, dict[str, Any]]] = []
            if direction in ("out", "both"):
                raw.extend(
                    (k, v, n, v, d)
                    for _, v, k, d in G.out_edges(n, keys=True, data=True)
                    if v not in paths and (kinds is None or k in kinds)
                )
            if direction in ("in", "both"):
                raw.extend(
                    (k, u, u, n, d)
                    for u, _, k, d in G.in_edges(n, keys=True, data=True)
                    if u not in paths and (kinds is None or k in kinds)
                )
            raw.sort(key=lambda r: (r[0], r[1]))
            for k, v, src, dst, d in raw:
                if v in paths:
                    continue
                paths[v] = [*paths[n], _step(src, k, dst, d)]
                nxt.append(v)
                found.append(v)
        frontier = sorted(nxt)
        if not frontier:
            break

    succ, pred = G._succ, G._pred  # plain dicts: this sort runs over every neighbour found

    def key(v: str) -> tuple[Any, ...]:
        last = paths[v][-1]
        return (
            len(paths[v]),
            EDGE_ORDER.get(last["edge"], 9),
            last.get("rank", 0),
            KIND_ORDER.get(G.nodes[v].get("kind", ""), 9),
            -(len(succ[v]) + len(pred[v])),  # neighbour count: cheaper than G.degree
            v,
        )

    found.sort(key=key)
    page = found[offset : offset + limit]
    nxt_offset = offset + limit if offset + limit < len(found) else None
    by_edge = Counter(paths[v][-1]["edge"] for v in found)
    return Neighbors(
        node=node_summary(kb, start),
        direction=direction,
        depth=depth,
        edge_kinds=sorted(kinds) if kinds else None,
        total=len(found),
        offset=offset,
        limit=limit,
        next_offset=nxt_offset,
        counts_by_edge=dict(sorted(by_edge.items())),
        neighbors=[
            Neighbor(
                **node_summary(kb, v).model_dump(),
                depth=len(paths[v]),
                path=[PathStep(**st) for st in paths[v]],
                path_text=_path_text(start, paths[v]),
            )
            for v in page
        ],
    )


# ---------------------------------------------------------------------------- paths


def _bfs_preds(
    G: nx.MultiDiGraph, src: str, dst: str, direction: str, kinds: set[str] | None, max_length: int
) -> dict[str, list[tuple[str, dict[str, Any]]]] | None:
    """Layered BFS; for every node up to dst's layer, all predecessor steps on shortest paths."""
    dist = {src: 0}
    preds: dict[str, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    frontier = [src]
    for level in range(1, max_length + 1):
        nxt: list[str] = []
        for n in frontier:
            for v, step in _steps(G, n, direction, kinds):
                if v not in dist:
                    dist[v] = level
                    nxt.append(v)
                if dist[v] == level:
                    preds[v].append((n, step))
        if dst in dist:
            return preds
        frontier = sorted(nxt)
        if not frontier:
            return None
    return None


def _enumerate_paths(
    preds: dict[str, list[tuple[str, dict[str, Any]]]], src: str, dst: str, cap: int
) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = []

    def walk(n: str, acc: list[dict[str, Any]]) -> None:
        if len(out) >= cap:
            return
        if n == src:
            out.append(list(reversed(acc)))
            return
        seen: set[tuple[str, str, str, str]] = set()
        for p, step in sorted(
            preds[n], key=lambda x: (EDGE_ORDER.get(x[1]["edge"], 9), x[0], x[1]["source"])
        ):
            sig = (p, step["source"], step["edge"], step["target"])
            if sig in seen:
                continue
            seen.add(sig)
            walk(p, [*acc, step])

    walk(dst, [])
    return out


def find_path(
    kb: KnowledgeBase,
    source: str,
    target: str,
    edge_kinds: Iterable[str] | None = None,
    max_length: int = 6,
) -> PathResult:
    """Shortest typed paths from ``source`` to ``target``.

    Edges are followed in their own direction first; only when no such path exists within
    ``max_length`` are they followed either way (``directed`` is then false, and a step whose
    ``source`` is the node walked to was taken against its direction).
    """
    check_range("max_length", max_length, 1, MAX_PATH_LENGTH)
    kinds = check_edge_kinds(edge_kinds)
    src = resolve_ref(kb, source)
    dst = resolve_ref(kb, target)
    if src == dst:
        return PathResult(
            source=src, target=dst, directed=True, length=0,
            paths=[PathOut(steps=[], text=src)], notes=["source and target are the same node"],
        )  # fmt: skip
    notes: list[str] = []
    directed = True
    preds = _bfs_preds(kb.G, src, dst, "out", kinds, max_length)
    if preds is None:
        directed = False
        preds = _bfs_preds(kb.G, src, dst, "both", kinds, max_length)
        if preds is not None:
            notes.append("no path following edge directions; this path follows some edges backwards")
    if preds is None:
        notes.append(
            f"no path within {max_length} edges"
            + (f" of kinds {', '.join(sorted(kinds))}" if kinds else "")
            + "; raise max_length (at most 10) or drop edge_kinds"
        )
        return PathResult(source=src, target=dst, directed=False, length=None, paths=[], notes=notes)
    paths = _enumerate_paths(preds, src, dst, MAX_PATHS)
    length = len(paths[0]) if paths else None
    if len(paths) >= MAX_PATHS:
        notes.append(f"showing the first {MAX_PATHS} shortest paths")
    return PathResult(
        source=src,
        target=dst,
        directed=directed,
        length=length,
        paths=[PathOut(steps=[PathStep(**st) for st in p], text=_path_text(src, p)) for p in paths],
        notes=notes,
    )


# ---------------------------------------------------------------------------- export


def export_subgraph(
    kb: KnowledgeBase, node_id: str, depth: int = 1, edge_kinds: Iterable[str] | None = None
) -> ExportResult:
    """GraphML text of the neighbourhood of a node (edges followed both ways), at most EXPORT_NODE_LIMIT nodes."""
    check_range("depth", depth, 0, MAX_DEPTH)
    kinds = check_edge_kinds(edge_kinds)
    center = resolve_ref(kb, node_id)
    nodes = neighbourhood(kb.G, center, depth, kinds)
    if len(nodes) > EXPORT_NODE_LIMIT:
        raise InputError(
            f"the depth-{depth} neighbourhood of '{center}' has {len(nodes)} nodes; the export limit is "
            f"{EXPORT_NODE_LIMIT}. Use a smaller depth or fewer edge_kinds, or run "
            "`cjkb-graph export` on the command line for whole graphs"
        )
    H = flatten_for_graphml(kb.G.subgraph(nodes), None, sorted(kinds) if kinds else None)
    text = to_graphml_bytes(H).decode("utf-8")
    return ExportResult(
        center=center,
        depth=depth,
        nodes=H.number_of_nodes(),
        edges=H.number_of_edges(),
        node_limit=EXPORT_NODE_LIMIT,
        graphml=text,
    )
