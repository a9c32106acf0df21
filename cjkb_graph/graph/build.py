"""Turn the loaders' plain records into the one ``networkx.MultiDiGraph``."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from loaders.cangjie_docs import ApiRecord, ExampleRecord, LinkRef, ParseResult
from loaders.doc_headings import split_top_level, strip_generics

from ..kinds import EdgeKind, NodeKind

__all__ = ["BuildReport", "add_edge", "build_api_graph", "import_line"]

CORE = "std.core"


@dataclass
class BuildReport:
    warnings: list[str] = field(default_factory=list)
    unresolved_owners: int = 0


def add_edge(G: nx.MultiDiGraph, u: str, v: str, kind: EdgeKind, **attrs: Any) -> None:
    """Add a typed edge once (the kind is the key, so re-adding is a no-op update)."""
    G.add_edge(u, v, key=kind.value, kind=kind.value, **attrs)


def import_line(module: str) -> str | None:
    """The import a translator pastes for an API of ``module`` (std.core needs none)."""
    if not module or module == CORE or not module.startswith(("std.", "stdx.")):
        return None
    return f"import {module}.*"


class _TypeIndex:
    def __init__(self) -> None:
        self.by_pkg_name: dict[tuple[str, str], str] = {}
        self.by_name: dict[str, list[str]] = defaultdict(list)
        self.aliases: dict[tuple[str, str], str] = {}  # type alias (pkg, name) -> aliased type name

    def add(self, pkg: str, name: str, node_id: str) -> None:
        self.by_pkg_name.setdefault((pkg, name), node_id)
        self.by_name[name].append(node_id)

    def add_alias(self, pkg: str, name: str, target: str) -> None:
        self.aliases.setdefault((pkg, name), target)

    def resolve(self, name: str, *prefer: str | None) -> str | None:
        name = strip_generics(name).strip("`() ")
        for pkg in (*prefer, CORE):
            if pkg and (pkg, name) in self.aliases and (pkg, name) not in self.by_pkg_name:
                name = self.aliases[(pkg, name)]
                break
        if not name or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name):
            return None
        for pkg in (*prefer, CORE):
            if pkg and (pkg, name) in self.by_pkg_name:
                return self.by_pkg_name[(pkg, name)]
        cands = self.by_name.get(name, [])
        if len(cands) >= 1:
            # prefer std over stdx, then the shortest id, for determinism
            return sorted(cands, key=lambda c: (not c.startswith("std."), len(c), c))[0]
        return None

    def resolve_link(self, link: LinkRef, *prefer: str | None) -> str | None:
        return self.resolve(link.text, link.package, *prefer)


def _unique(G: nx.MultiDiGraph, node_id: str) -> str:
    if node_id not in G:
        return node_id
    n = 2
    while f"{node_id}#{n}" in G:
        n += 1
    return f"{node_id}#{n}"


def _base_attrs(rec: ApiRecord) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "name": rec.name,
        "module": rec.module,
        "signature": rec.signature,
        "description_zh": rec.description.get("zh", ""),
        "description_en": rec.description.get("en", ""),
        "source": rec.sources.get("zh") or rec.sources.get("en", ""),
        "deprecated": rec.deprecated,
    }
    if "en" in rec.sources and "zh" in rec.sources:
        attrs["source_en"] = rec.sources["en"]
    return attrs


def build_api_graph(parsed: ParseResult, report: BuildReport | None = None) -> nx.MultiDiGraph:
    """Graph of modules, types, members, functions and examples from parsed docs."""
    report = report or BuildReport()
    G = nx.MultiDiGraph()
    types = _TypeIndex()
    # modules
    module_names = set(parsed.modules) | {r.module for r in parsed.apis}
    for pkg in sorted(module_names):
        summ = parsed.modules.get(pkg, {})
        G.add_node(
            pkg,
            kind=NodeKind.MODULE.value,
            name=pkg,
            qualname=pkg,
            module=pkg,
            description_zh=summ.get("zh", ""),
            description_en=summ.get("en", ""),
            source=parsed.module_sources.get(pkg, ""),
        )
    # types first, so members and links can find them
    type_recs = [r for r in parsed.apis if r.node_kind == "type"]
    rec_node: dict[int, str] = {}
    for rec in type_recs:
        node_id = _unique(G, f"{rec.module}.{rec.name}")
        G.add_node(
            node_id,
            kind=NodeKind.TYPE.value,
            qualname=f"{rec.module}.{rec.name}",
            type_kind=rec.type_kind or "class",
            **_base_attrs(rec),
        )
        types.add(rec.module, rec.name, node_id)
        rec_node[id(rec)] = node_id
        add_edge(G, node_id, rec.module, EdgeKind.MEMBER_OF)
    for rec in parsed.apis:
        if rec.member_kind == "type_alias" and rec.value_type:
            types.add_alias(rec.module, rec.name, strip_generics(rec.value_type))
    # members and top-level functions
    overload_groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for rec in parsed.apis:
        if rec.node_kind == "type":
            continue
        with_parens = rec.member_kind in ("func", "init", "operator") or (
            rec.member_kind == "enum_constructor" and rec.param_types != ""
        )
        suffix = f"({rec.param_types})" if with_parens else ""
        attrs = _base_attrs(rec)
        attrs["params"] = rec.params
        attrs["return_type"] = rec.return_type or rec.value_type or ""
        attrs["throws"] = rec.throws
        attrs["member_kind"] = rec.member_kind or ""
        attrs["static"] = rec.static
        if rec.node_kind == "function":
            qual = f"{rec.module}.{rec.name}"
            node_id = _unique(G, qual + suffix)
            G.add_node(node_id, kind=NodeKind.FUNCTION.value, qualname=qual, **attrs)
            add_edge(G, node_id, rec.module, EdgeKind.MEMBER_OF)
            overload_groups[(rec.module, rec.name)].append(node_id)
        else:
            assert rec.owner is not None
            if rec.extension:
                owner_id = types.resolve(rec.owner, rec.owner_module_hint, rec.module)
            else:
                owner_id = types.by_pkg_name.get((rec.module, rec.owner)) or types.resolve(
                    rec.owner, rec.module
                )
            if owner_id is None:
                report.unresolved_owners += 1
                report.warnings.append(
                    f"{attrs['source']}: owner type {rec.owner!r} of {rec.name!r} not found; member attached to {rec.module}"
                )
            owner_name = rec.owner
            qual = f"{rec.module}.{owner_name}.{rec.name}"
            node_id = _unique(G, qual + suffix)
            if rec.extension:
                attrs["extension"] = rec.extension
            G.add_node(node_id, kind=NodeKind.MEMBER.value, qualname=qual, owner=owner_id or "", **attrs)
            add_edge(G, node_id, owner_id or rec.module, EdgeKind.MEMBER_OF)
            overload_groups[(owner_id or rec.module, rec.name)].append(node_id)
        rec_node[id(rec)] = node_id
    for ids in overload_groups.values():
        if len(ids) > 1:
            for a in ids:
                for b in ids:
                    if a != b:
                        add_edge(G, a, b, EdgeKind.OVERLOADS)
    # typed links
    for rec in parsed.apis:
        node_id = rec_node[id(rec)]
        owner_mod = rec.module
        if rec.node_kind == "type":
            for link in rec.supertypes:
                sup = types.resolve_link(link, rec.module)
                if sup and sup != node_id:
                    add_edge(G, node_id, sup, EdgeKind.INHERITS)
            continue
        if rec.extension:
            _extension_supertypes(G, types, G.nodes[node_id].get("owner"), rec.extension, owner_mod)
        typed = None
        if rec.member_kind in ("func", "operator", "macro"):
            typed = (rec.return_links, rec.return_type, EdgeKind.RETURNS)
        elif rec.member_kind in ("prop", "let", "var", "const", "type_alias"):
            typed = (rec.value_links, rec.value_type, EdgeKind.HAS_TYPE)
        if typed is not None:
            links, type_expr, edge_kind = typed
            # the doc's link names the package; the declaration's type is the fallback
            target = types.resolve_link(links[0], owner_mod) if links else None
            if target is None and type_expr:
                target = _resolve_type_expr(types, type_expr, owner_mod)
            if target:
                add_edge(G, node_id, target, edge_kind)
        elif rec.member_kind == "init" and rec.node_kind == "member":
            owner = G.nodes[node_id].get("owner")
            if owner:
                add_edge(G, node_id, owner, EdgeKind.RETURNS)
        for link in rec.throws_links:
            exc = types.resolve_link(link, owner_mod)
            if exc:
                add_edge(G, node_id, exc, EdgeKind.THROWS)
    # examples
    for rec in parsed.apis:
        for ex in rec.examples:
            ex_id = _add_example(G, ex)
            add_edge(G, ex_id, rec_node[id(rec)], EdgeKind.EXAMPLE_FOR)
    _link_samples(G, parsed.samples, types)
    return G


_EXTEND_IFACES = re.compile(r"<:\s*(.+?)(?:\swhere\s|$)")


def _extension_supertypes(
    G: nx.MultiDiGraph, types: _TypeIndex, owner: str | None, extension: dict[str, str], pkg: str
) -> None:
    """``extend<T> Array<T> <: Collection<T>`` makes Array a Collection: an inherits edge from the
    extended type to each interface the extension's declaration names."""
    m = _EXTEND_IFACES.search(extension.get("block", ""))
    if not owner or m is None:
        return
    for name in split_top_level(m.group(1), "&"):
        sup = types.resolve(name, pkg)
        if not sup or sup == owner or G.nodes[sup].get("type_kind") != "interface":
            continue
        if not G.has_edge(owner, sup, key=EdgeKind.INHERITS.value):
            # the package whose extension adds it: code that uses it imports that package
            add_edge(G, owner, sup, EdgeKind.INHERITS, extension=pkg)


def _resolve_type_expr(types: _TypeIndex, expr: str, pkg: str) -> str | None:
    expr = expr.strip()
    if not expr or expr.startswith("("):
        return None  # tuples and function types have no node
    if expr.startswith("?"):
        return types.resolve("Option", CORE)
    return types.resolve(expr, pkg)


def _add_example(G: nx.MultiDiGraph, ex: ExampleRecord) -> str:
    ex_id = _unique(G, f"example:{ex.source}")
    G.add_node(
        ex_id,
        kind=NodeKind.EXAMPLE.value,
        name=ex.title,
        title=ex.title,
        qualname="",
        module=ex.module,
        code=ex.code,
        source=ex.source,
        sample=ex.sample,
        lang=ex.lang,
    )
    if ex.code_en:  # the English page's version of the same example
        G.nodes[ex_id].update(code_en=ex.code_en, title_en=ex.title_en, source_en=ex.source_en)
    return ex_id


_IMPORT_RE = re.compile(r"^\s*import\s+([A-Za-z_][\w.]*?)(?:\.\*|\.\{[^}]*\}|\s|$)", re.M)
_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _code_identifiers(code: str) -> tuple[set[str], set[str], set[str]]:
    """(capitalised names, names called after a dot, names called bare) in Cangjie code."""
    no_strings = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)
    no_comments = re.sub(r"//[^\n]*|/\*.*?\*/", "", no_strings, flags=re.S)
    caps = {m for m in _IDENT_RE.findall(no_comments) if m[0].isupper()}
    dotted = set(re.findall(r"\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:<[^>()]*>)?\s*\(", no_comments))
    dotted |= set(re.findall(r"\.\s*([a-z_][A-Za-z0-9_]*)\b(?!\s*\()", no_comments))
    bare = set(re.findall(r"(?<![.\w])([a-z_][A-Za-z0-9_]*)\s*(?:<[^>()]*>)?\s*\(", no_comments))
    return caps, dotted, bare


def _link_samples(G: nx.MultiDiGraph, samples: Iterable[ExampleRecord], types: _TypeIndex) -> None:
    """A sample program -> every API it calls, by matching its identifiers against the graph."""
    members_by_owner: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    funcs_by_pkg: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for n, d in G.nodes(data=True):
        if d["kind"] == NodeKind.MEMBER.value and d.get("owner"):
            members_by_owner[d["owner"]][d["name"]].append(n)
        elif d["kind"] == NodeKind.FUNCTION.value:
            funcs_by_pkg[d["module"]][d["name"]].append(n)
    keywords = {
        "if",
        "while",
        "for",
        "match",
        "return",
        "main",
        "func",
        "let",
        "var",
        "spawn",
        "synchronized",
        "try",
    }
    for ex in samples:
        ex_id = _add_example(G, ex)
        pkgs = {CORE, ex.module, *(m for m in _IMPORT_RE.findall(ex.code))}
        caps, dotted, bare = _code_identifiers(ex.code)
        owners: list[str] = []
        for name in sorted(caps):
            tid = None
            for pkg in sorted(pkgs):
                tid = types.by_pkg_name.get((pkg, name))
                if tid:
                    break
            if tid:
                owners.append(tid)
                add_edge(G, ex_id, tid, EdgeKind.EXAMPLE_FOR)
        for tid in owners:
            for name in sorted(dotted):
                for mid in members_by_owner.get(tid, {}).get(name, [])[:1]:
                    add_edge(G, ex_id, mid, EdgeKind.EXAMPLE_FOR)
        for name in sorted(bare - keywords):
            for pkg in sorted(pkgs):
                for fid in funcs_by_pkg.get(pkg, {}).get(name, [])[:1]:
                    add_edge(G, ex_id, fid, EdgeKind.EXAMPLE_FOR)
