"""Java symbols as nodes and ``maps_to`` edges into the Cangjie graph (from the mapping tables)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from loaders.java_tables import JavaMemberRecord, TablesResult, load_all

from ..config import Config
from ..java import jdk
from ..kinds import EdgeKind, NodeKind
from .build import add_edge

__all__ = [
    "Dangling",
    "JavaLayerReport",
    "TargetIndex",
    "add_java_layer",
    "dangling_targets",
    "java_member_id",
]

API_KINDS = (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value, NodeKind.MODULE.value)


@dataclass
class Dangling:
    source: str  # file:line
    java: str
    target: str


@dataclass
class JavaLayerReport:
    warnings: list[str] = field(default_factory=list)
    dangling: list[Dangling] = field(default_factory=list)
    glossary: dict[str, list[str]] = field(default_factory=dict)


class TargetIndex:
    """Resolves a mapping target (id, qualname, module, simple or ``Type.member`` name) to node ids."""

    def __init__(self, G: nx.MultiDiGraph):
        self.G = G
        self.by_qualname: dict[str, list[str]] = defaultdict(list)
        self.types_by_name: dict[str, list[str]] = defaultdict(list)
        self.members_by_owner_name: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.funcs_by_name: dict[str, list[str]] = defaultdict(list)
        for n, d in G.nodes(data=True):
            kind = d.get("kind")
            if kind not in API_KINDS:
                continue
            if d.get("qualname"):
                self.by_qualname[d["qualname"]].append(n)
            if kind == NodeKind.TYPE.value:
                self.types_by_name[d["name"]].append(n)
            elif kind == NodeKind.MEMBER.value:
                owner_name = d["qualname"].rsplit(".", 2)[-2] if d["qualname"].count(".") >= 2 else ""
                self.members_by_owner_name[(owner_name, d["name"])].append(n)
            elif kind == NodeKind.FUNCTION.value:
                self.funcs_by_name[d["name"]].append(n)
        for lst in (
            *self.by_qualname.values(),
            *self.types_by_name.values(),
            *self.members_by_owner_name.values(),
            *self.funcs_by_name.values(),
        ):
            lst.sort(key=lambda c: (not c.startswith("std."), len(c), c))

    def resolve(self, target: str, strict: bool = True) -> list[str]:
        """Node ids for ``target``; ``strict`` accepts only ids and qualnames (curated tables)."""
        target = target.strip()
        if not target:
            return []
        if target in self.G and self.G.nodes[target].get("kind") in API_KINDS:
            return [target]
        if target in self.by_qualname:
            return list(self.by_qualname[target])
        if strict:
            return []
        # user tables: simple names, Type.member, generics
        plain = target.split("<")[0].split("(")[0].strip()
        if plain in self.by_qualname:
            return list(self.by_qualname[plain])
        if "." not in plain:
            return (self.types_by_name.get(plain) or self.funcs_by_name.get(plain) or [])[:1]
        owner, _, member = plain.rpartition(".")
        owner = owner.rsplit(".", 1)[-1]
        return list(self.members_by_owner_name.get((owner, member), []))


def java_member_id(owner: str, name: str, arity: int | None, split_by_arity: bool) -> str:
    return f"{owner}.{name}/{arity}" if split_by_arity and arity is not None else f"{owner}.{name}"


def add_java_layer(G: nx.MultiDiGraph, cfg: Config, report: JavaLayerReport | None = None) -> list[str]:
    """Add java_type/java_member nodes, their hierarchy and maps_to edges; return warnings."""
    report = report if report is not None else JavaLayerReport()
    if not cfg.java_tables.exists():
        report.warnings.append(f"{cfg.java_tables}: no Java mapping tables folder; Java layer empty")
        return report.warnings
    tables = load_all(
        cfg.java_tables,
        [(Path(e["path"]), str(e["format"])) for e in cfg.imported_tables],
        base=cfg.java_tables.parent.parent,
    )
    apply_tables(G, tables, report)
    return report.warnings


def apply_tables(G: nx.MultiDiGraph, tables: TablesResult, report: JavaLayerReport) -> None:
    report.warnings.extend(tables.errors)
    report.warnings.extend(tables.warnings)
    index = TargetIndex(G)
    # types
    for t in tables.types:
        curated = t.origin == "curated"
        if t.fqn not in G:
            G.add_node(
                t.fqn,
                kind=NodeKind.JAVA_TYPE.value,
                name=t.simple_name,
                qualname=t.fqn,
                module=t.package,
                package=t.package,
                aliases=list(t.aliases),
                confidence=t.confidence,
                note=t.note or "",
                source=t.source,
            )
        elif curated:
            continue  # a duplicate curated entry is reported by the loader
        _add_maps(
            G, index, report, t.fqn, [t.target] if t.target else [], t.confidence, t.note, t.source, t.origin
        )
    for t in tables.types:
        # the Java facts live in cjkb_graph.java.jdk; other tables (imported, tests) may carry their own
        for sup in jdk.supertypes(t.fqn) or t.supertypes:
            if sup in G and G.nodes[sup].get("kind") == NodeKind.JAVA_TYPE.value:
                add_edge(G, t.fqn, sup, EdgeKind.INHERITS)
    # members: ids carry /arity only where one name has several arity-specific entries
    arities: dict[tuple[str, str], set[int | None]] = defaultdict(set)
    for m in tables.members:
        if m.origin == "curated" or m.arity is not None:
            arities[(m.owner_fqn, m.name)].add(m.arity)
    made: dict[tuple[str, str], list[str]] = defaultdict(list)
    for m in tables.members:
        key = (m.owner_fqn, m.name)
        if m.origin != "curated" and m.arity is None and made.get(key):
            # an imported entry without arity adds (lower-ranked) targets to every curated overload
            for node_id in made[key]:
                _add_member_maps(G, index, report, node_id, m)
            continue
        split = len(arities[key]) > 1
        node_id = java_member_id(m.owner_fqn, m.name, m.arity, split)
        if node_id not in made[key]:
            made[key].append(node_id)
        if m.owner_fqn not in G:
            simple = m.owner_fqn.rsplit(".", 1)[-1]
            G.add_node(
                m.owner_fqn,
                kind=NodeKind.JAVA_TYPE.value,
                name=simple,
                qualname=m.owner_fqn,
                module=_java_pkg(m.owner_fqn),
                package=_java_pkg(m.owner_fqn),
                aliases=[],
                confidence="",
                note="",
                source=m.source,
            )
        if node_id not in G:
            G.add_node(
                node_id,
                kind=NodeKind.JAVA_MEMBER.value,
                name=m.name,
                qualname=f"{m.owner_fqn}.{m.name}",
                module=_java_pkg(m.owner_fqn),
                package=_java_pkg(m.owner_fqn),
                owner=m.owner_fqn,
                arity=-1 if m.arity is None else m.arity,
                params=list(m.params or []),
                returns=jdk.member_returns(m.owner_fqn, m.name, m.arity) or m.returns or "",
                confidence=m.confidence,
                note=m.note or "",
                keywords=jdk.member_keywords(f"{m.owner_fqn}.{m.name}"),
                source=m.source,
            )
            add_edge(G, node_id, m.owner_fqn, EdgeKind.MEMBER_OF)
        _add_member_maps(G, index, report, node_id, m)
    for g in tables.glossary:
        report.glossary.setdefault(g.java_term, []).extend(g.cangjie_terms)
    if report.glossary:
        G.graph["glossary"] = report.glossary


def _java_pkg(fqn: str) -> str:
    parts = fqn.split(".")
    pkg = [p for p in parts if p[:1].islower()]
    return ".".join(pkg[: len(pkg)]) if pkg else ""


def _add_member_maps(
    G: nx.MultiDiGraph, index: TargetIndex, report: JavaLayerReport, node_id: str, m: JavaMemberRecord
) -> None:
    _add_maps(G, index, report, node_id, list(m.targets), m.confidence, m.note, m.source, m.origin)


def _add_maps(
    G: nx.MultiDiGraph,
    index: TargetIndex,
    report: JavaLayerReport,
    java_id: str,
    targets: list[str],
    confidence: str,
    note: str | None,
    source: str,
    origin: str,
) -> None:
    base_rank = 0 if origin == "curated" else 100
    for i, target in enumerate(targets):
        ids = index.resolve(target, strict=origin == "curated")
        if not ids:
            report.dangling.append(Dangling(source, java_id, target))
            report.warnings.append(f"{source}: mapping target '{target}' of {java_id} is not in the graph")
            continue
        for j, tid in enumerate(ids):
            if G.has_edge(java_id, tid, key=EdgeKind.MAPS_TO.value):
                continue
            add_edge(
                G,
                java_id,
                tid,
                EdgeKind.MAPS_TO,
                confidence=confidence,
                note=note or "",
                source=source,
                origin=origin,
                rank=base_rank + i * 10 + min(j, 9),
                target_ref=target,
            )


def dangling_targets(G: nx.MultiDiGraph, cfg: Config) -> list[dict[str, str]]:
    """Mapping targets that are not in the graph (recorded at build time as warnings)."""
    tables = load_all(
        cfg.java_tables,
        [(e["path"], e["format"]) for e in cfg.imported_tables],
        base=cfg.java_tables.parent.parent,
    )
    report = JavaLayerReport()
    H = G.copy()
    for n in [n for n, d in H.nodes(data=True) if d.get("kind") in ("java_type", "java_member")]:
        H.remove_node(n)
    apply_tables(H, tables, report)
    out = [{"source": d.source, "java": d.java, "target": d.target} for d in report.dangling]
    out.extend({"source": e.split(": ", 1)[0], "java": "", "target": e} for e in tables.errors)
    return out
