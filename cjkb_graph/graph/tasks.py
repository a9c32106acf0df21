"""Task phrases (``graph_data/tasks``) as the ``tasks`` attribute of the API nodes that do the task."""

from __future__ import annotations

from collections import defaultdict

import networkx as nx

from loaders.tasks import TaskEntry

from ..kinds import NodeKind

__all__ = ["add_task_phrases"]

_API_KINDS = frozenset(
    {NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value, NodeKind.MODULE.value}
)


def add_task_phrases(G: nx.MultiDiGraph, entries: list[TaskEntry]) -> list[str]:
    """Put each entry's phrases (English first, then Chinese) on its API's nodes: the node itself for
    a member id, every overload for a qualname that is not deprecated. Entries naming the same API
    are merged. Returns warnings for APIs the graph does not have or has only deprecated."""
    by_qualname: dict[str, list[str]] = defaultdict(list)
    for n, d in G.nodes(data=True):
        if d.get("kind") in _API_KINDS and d.get("qualname"):
            by_qualname[d["qualname"]].append(n)
    phrases: dict[str, dict[str, None]] = defaultdict(dict)
    warnings: list[str] = []
    for e in entries:
        if e.api in G and G.nodes[e.api].get("kind") in _API_KINDS:
            nodes = [e.api]
        else:
            nodes = sorted(by_qualname.get(e.api, []))
        if not nodes:
            warnings.append(f"task table {e.source}: unknown API '{e.api}' (not in the v1.2.0 docs); skipped")
            continue
        # a deprecated overload is not promoted: its replacement should carry the phrases
        current = [n for n in nodes if not G.nodes[n].get("deprecated")]
        if not current:
            warnings.append(
                f"task table {e.source}: '{e.api}' is deprecated; put its phrases under its replacement"
            )
            continue
        nodes = current
        for n in nodes:
            phrases[n].update(dict.fromkeys((*e.en, *e.zh)))
    for n, ps in phrases.items():
        G.nodes[n]["tasks"] = list(ps)
    return warnings
