"""The language layer (issue 11): manual pages/sections and Java language constructs as graph nodes.

``add_manual_layer(G, records)`` adds ``manual_page`` / ``manual_section`` nodes (ids
``manual:<chapter>/<page>`` and ``manual:<chapter>/<page>#<slug>``) with edges

- ``section_of``: section -> its parent (the page, or the enclosing ``##`` section);
- ``next``: section -> the next section of the same page, and page -> the next page, in reading order;
- ``mentions``: page/section -> API nodes its code and inline code name. Resolution is conservative:
  package paths to module nodes; a simple name only when exactly one type (or one top-level
  function qualname) carries it; members only through ``Type.member`` with a uniquely named type.

``add_constructs_layer(G, constructs)`` adds ``java_construct`` nodes (id ``construct:<id>``) with
``maps_to`` edges to the manual sections/pages and the API nodes each construct lists.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import networkx as nx

from loaders.cangjie_manual import ManualPage, ManualParse, ManualSection
from loaders.java_constructs import JavaConstruct

from ..kinds import EdgeKind, NodeKind

__all__ = [
    "CONSTRUCT_PREFIX",
    "ApiNameIndex",
    "LayerReport",
    "add_constructs_layer",
    "add_manual_layer",
    "construct_node_id",
]

CONSTRUCT_PREFIX = "construct:"


@dataclass
class LayerReport:
    nodes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    edges: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    mentions_resolved: int = 0  # distinct (node, identifier) pairs linked
    mentions_unresolved: int = 0  # identifiers that named nothing (or nothing unique)
    warnings: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "nodes": dict(self.nodes),
            "edges": dict(self.edges),
            "mentions_resolved": self.mentions_resolved,
            "mentions_unresolved": self.mentions_unresolved,
            "warnings": list(self.warnings),
        }


def _add_edge(G: nx.MultiDiGraph, u: str, v: str, kind: EdgeKind, report: LayerReport, **attrs: Any) -> None:
    if not G.has_edge(u, v, key=kind.value):
        report.edges[kind.value] += 1
    G.add_edge(u, v, key=kind.value, kind=kind.value, **attrs)


def _representative(ids: Iterable[str]) -> str:
    """One node for a set of overloads: std before stdx, then the shortest id."""
    return sorted(ids, key=lambda c: (not c.startswith("std."), len(c), c))[0]


class ApiNameIndex:
    """Look-ups from names written in the manual to API node ids of the graph."""

    def __init__(self, G: nx.MultiDiGraph):
        self.modules: dict[str, str] = {}
        types: dict[str, set[str]] = defaultdict(set)
        funcs: dict[str, dict[str, list[str]]] = defaultdict(
            lambda: defaultdict(list)
        )  # name -> qualname -> ids
        self.by_qualname: dict[str, list[str]] = defaultdict(list)
        self.members: dict[tuple[str, str], list[str]] = defaultdict(list)  # (owner type id, name) -> ids
        for n, d in G.nodes(data=True):
            kind = d.get("kind")
            qual = d.get("qualname")
            api = (NodeKind.MODULE.value, NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value)
            if kind in api and qual:
                self.by_qualname[qual].append(n)
            if kind == NodeKind.MODULE.value:
                self.modules[qual or n] = n
            elif kind == NodeKind.TYPE.value:
                types[d.get("name", "")].add(n)
            elif kind == NodeKind.FUNCTION.value:
                funcs[d.get("name", "")][qual or n].append(n)
            elif kind == NodeKind.MEMBER.value and d.get("owner"):
                self.members[(d["owner"], d.get("name", ""))].append(n)
        self.types = {name: next(iter(ids)) for name, ids in types.items() if len(ids) == 1 and name}
        self.functions = {
            name: _representative(next(iter(quals.values())))
            for name, quals in funcs.items()
            if len(quals) == 1 and name
        }

    def resolve(self, ident: str) -> str | None:
        """The API node an identifier names, or None when it names nothing unique."""
        if ident in self.modules:
            return self.modules[ident]
        if "." in ident:
            if ident.startswith(("std.", "stdx.")):
                ids = self.by_qualname.get(ident)
                return _representative(ids) if ids else None
            owner_name, _, member = ident.rpartition(".")
            owner = self.types.get(owner_name)
            if owner is None or "." in owner_name:
                return None
            ids = self.members.get((owner, member))
            return _representative(ids) if ids else None
        if ident[:1].isupper():
            return self.types.get(ident)
        return self.functions.get(ident)

    def resolve_qualname(self, qualname: str) -> str | None:
        """A node for an exact qualname or node id (the representative of overloads)."""
        ids = self.by_qualname.get(qualname)
        if ids:
            return _representative(ids)
        return None


def _code_attr(blocks: list[Any]) -> list[dict[str, str]]:
    return [{"lang": b.lang, "code": b.code, "source": b.source} for b in blocks]


def _page_attrs(p: ManualPage) -> dict[str, Any]:
    return {
        "kind": NodeKind.MANUAL_PAGE.value,
        "name": p.title_en or p.title_zh,
        "path": p.path,
        "title_en": p.title_en,
        "title_zh": p.title_zh,
        "text_en": p.text_en,
        "text_zh": p.text_zh,
        "chapter_en": p.chapter_en,
        "chapter_zh": p.chapter_zh,
        "source": p.source,
        "source_zh": p.source_zh,
        "order": p.order,
        "code": _code_attr(p.code),
        "identifiers": list(p.identifiers),
    }


def _section_attrs(s: ManualSection) -> dict[str, Any]:
    return {
        "kind": NodeKind.MANUAL_SECTION.value,
        "name": s.title_en or s.title_zh,
        "page": s.page,
        "level": s.level,
        "title_en": s.title_en,
        "title_zh": s.title_zh,
        "text_en": s.text_en,
        "text_zh": s.text_zh,
        "source": s.source,
        "source_zh": s.source_zh,
        "order": s.order,
        "code": _code_attr(s.code),
        "identifiers": list(s.identifiers),
    }


def add_manual_layer(
    G: nx.MultiDiGraph, records: ManualParse | Iterable[ManualPage], report: LayerReport | None = None
) -> LayerReport:
    """Add the manual's pages and sections, their structure and their API mentions to ``G``."""
    report = report or LayerReport()
    pages = list(records.pages if isinstance(records, ManualParse) else records)
    if isinstance(records, ManualParse):
        report.warnings.extend(records.warnings)
    index = ApiNameIndex(G)
    pages.sort(key=lambda p: p.order)
    for p in pages:
        if p.id in G:
            report.warnings.append(f"{p.source}: node {p.id} already in the graph; replaced")
        G.add_node(p.id, **_page_attrs(p))
        report.nodes[NodeKind.MANUAL_PAGE.value] += 1
        for s in p.sections:
            G.add_node(s.id, **_section_attrs(s))
            report.nodes[NodeKind.MANUAL_SECTION.value] += 1
    for prev, p in pairwise(pages):
        _add_edge(G, prev.id, p.id, EdgeKind.NEXT, report)
    for p in pages:
        secs = sorted(p.sections, key=lambda s: s.order)
        for s in secs:
            if s.parent not in G:
                report.warnings.append(f"{s.source}: parent {s.parent} of {s.id} missing; linked to the page")
            _add_edge(G, s.id, s.parent if s.parent in G else p.id, EdgeKind.SECTION_OF, report)
        for a, b in pairwise(secs):
            _add_edge(G, a.id, b.id, EdgeKind.NEXT, report)
        for node_id, idents in [(p.id, p.identifiers)] + [(s.id, s.identifiers) for s in secs]:
            for ident in idents:
                target = index.resolve(ident)
                if target is None:
                    report.mentions_unresolved += 1
                    continue
                report.mentions_resolved += 1
                _add_edge(G, node_id, target, EdgeKind.MENTIONS, report, name=ident)
    return report


def construct_node_id(construct_id: str) -> str:
    return CONSTRUCT_PREFIX + construct_id


def add_constructs_layer(
    G: nx.MultiDiGraph, constructs: Iterable[JavaConstruct], report: LayerReport | None = None
) -> LayerReport:
    """Add ``java_construct`` nodes with ``maps_to`` edges to manual nodes and API nodes.

    Manual targets must already be in ``G`` (call :func:`add_manual_layer` first); a target that is
    missing is reported, not created.
    """
    report = report or LayerReport()
    index = ApiNameIndex(G)
    for c in constructs:
        nid = construct_node_id(c.id)
        G.add_node(
            nid,
            kind=NodeKind.JAVA_CONSTRUCT.value,
            name=c.name,
            name_zh=c.name_zh,
            construct=c.id,
            java=c.java,
            cangjie=c.cangjie,
            note=c.note,
            note_zh=c.note_zh,
            keywords=list(c.keywords),
            detect=dict(c.detect),
            source=c.source,
        )
        report.nodes[NodeKind.JAVA_CONSTRUCT.value] += 1
        for rank, target in enumerate(c.manual, 1):
            if target not in G:
                report.warnings.append(
                    f"{c.source}: construct {c.id}: manual section {target} not in the graph"
                )
                continue
            _add_edge(
                G, nid, target, EdgeKind.MAPS_TO, report, rank=rank, source=c.source, target_kind="manual"
            )
        for rank, qual in enumerate(c.apis, 1):
            api = qual if qual in G else index.resolve_qualname(qual)
            if api is None:
                report.warnings.append(f"{c.source}: construct {c.id}: API {qual} not in the graph")
                continue
            _add_edge(G, nid, api, EdgeKind.MAPS_TO, report, rank=rank, source=c.source, target_kind="api")
    return report
