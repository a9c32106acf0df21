"""Lookups behind the tools: APIs by name, a type's members, examples, packages, one node."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from .errors import InputError, NodeNotFound
from .graph.kb import KnowledgeBase
from .kinds import EdgeKind, NodeKind
from .limits import (
    EXAMPLE_CODE_CHARS,
    MAX_DETAIL_MATCHES,
    MAX_QUERY_CHARS,
    MAX_TOP_K,
    check_lang,
    check_range,
)
from .models import (
    ApiDetail,
    ApiDetails,
    ClassMembers,
    Example,
    Examples,
    MapsTo,
    Member,
    MemberCounts,
    MemberGroup,
    ModuleInfo,
    Modules,
    NodeResult,
    NodeSummary,
    Param,
    TypeRef,
)
from .search.index import SearchIndex
from .search.query import search

__all__ = [
    "EDGE_ORDER",
    "KIND_ORDER",
    "check_edge_kinds",
    "check_module",
    "find_examples",
    "get_api_details",
    "get_class_members",
    "get_node",
    "list_modules",
    "lookup",
    "node_summary",
    "resolve_ref",
]

API_KINDS = (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value)
TYPE_KINDS = (NodeKind.TYPE.value, NodeKind.JAVA_TYPE.value)
# Order used wherever "most important first" is asked for.
KIND_ORDER = {
    NodeKind.TYPE.value: 0,
    NodeKind.FUNCTION.value: 1,
    NodeKind.MEMBER.value: 2,
    NodeKind.MODULE.value: 3,
    NodeKind.JAVA_TYPE.value: 4,
    NodeKind.JAVA_MEMBER.value: 5,
    NodeKind.EXAMPLE.value: 6,
}
EDGE_ORDER = {
    EdgeKind.MAPS_TO.value: 0,
    EdgeKind.INHERITS.value: 1,
    EdgeKind.MEMBER_OF.value: 2,
    EdgeKind.RETURNS.value: 3,
    EdgeKind.HAS_TYPE.value: 4,
    EdgeKind.THROWS.value: 5,
    EdgeKind.OVERLOADS.value: 6,
    EdgeKind.EXAMPLE_FOR.value: 7,
    EdgeKind.USES.value: 8,
}
_ALL_EDGE_KINDS = tuple(k.value for k in EdgeKind)


# ---------------------------------------------------------------------------- small helpers


def _short(text: str | None, limit: int = 200) -> str:
    text = (text or "").strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _first_sentence(text: str | None, limit: int = 160) -> str:
    text = (text or "").strip()
    m = re.search(r"(?<=[.!?。])\s", text)
    return _short(text[: m.start()] if m else text, limit)


def _description(d: dict[str, Any]) -> str:
    return str(d.get("description_en") or d.get("description_zh") or d.get("title") or "")


def check_edge_kinds(edge_kinds: Iterable[str] | None) -> set[str] | None:
    if not edge_kinds:
        return None
    kinds = {k.strip() for k in edge_kinds if k and k.strip()}
    bad = sorted(kinds - set(_ALL_EDGE_KINDS))
    if bad:
        raise InputError(f"unknown edge kind(s) {', '.join(bad)}; use any of {', '.join(_ALL_EDGE_KINDS)}")
    return kinds or None


def check_module(kb: KnowledgeBase, module: str | None) -> str | None:
    if module is None or not module.strip():
        return None
    module = module.strip()
    d = kb.G.nodes.get(module)
    if d is None or d.get("kind") != NodeKind.MODULE.value:
        mods = sorted(n for n, a in kb.G.nodes(data=True) if a.get("kind") == NodeKind.MODULE.value)
        close = [m for m in mods if m.endswith("." + module) or module in m][:5]
        hint = f"did you mean: {', '.join(close)}" if close else "call list_modules for the package names"
        raise InputError(f"unknown module '{module}'; {hint}")
    return module


def _rank_key(kb: KnowledgeBase, n: str) -> tuple[int, bool, int, str]:
    d = kb.G.nodes[n]
    q = d.get("qualname") or n
    return (KIND_ORDER.get(d.get("kind", ""), 9), q.startswith("stdx."), len(q), n)


def resolve_ref(kb: KnowledgeBase, ref: str) -> str:
    """An id or qualname -> node id; NodeNotFound with "did you mean" candidates otherwise."""
    if not isinstance(ref, str) or not ref.strip():
        raise InputError("empty node reference; give a node id or qualname, e.g. std.collection.HashMap")
    return kb.resolve_node(ref)


def lookup(
    kb: KnowledgeBase, name: str, module: str | None = None, kinds: Iterable[str] | None = None
) -> list[str]:
    """Node ids that ``name`` names: an id, a qualname (all overloads), ``Type.member`` or a simple name.

    Examples
    --------
    ``lookup(kb, "HashMap.add")`` -> ``["std.collection.HashMap.add(K,V)", ...]``
    """
    ref = (name or "").strip()
    if not ref:
        raise InputError("empty name; give an API name like 'HashMap', 'HashMap.add' or a qualname")
    G = kb.G
    if ref not in G and "<" in ref and "(" not in ref:
        while True:  # HashMap<String, Int64>.add -> HashMap.add
            plain = re.sub(r"<[^<>]*>", "", ref)
            if plain == ref:
                break
            ref = plain
    wanted = set(kinds) if kinds else None
    params = ""
    if ref in G:
        ids = [ref]
    elif ref in kb.by_qualname:
        ids = list(kb.by_qualname[ref])
    else:
        base = ref
        if "(" in ref and ref.endswith(")"):
            base, params = ref.split("(", 1)
            params = "(" + params.replace(" ", "")
        ids = list(kb.by_qualname.get(base, []))
        if not ids:
            tail = base.rsplit(".", 1)[-1] if "." in base else base
            cands = kb.by_name.get(tail) or kb.by_lower.get(tail.lower(), [])
            if "." in base:
                suffix = "." + base
                ids = [c for c in cands if (G.nodes[c].get("qualname") or c).endswith(suffix)]
                if not ids:
                    low = suffix.lower()
                    ids = [c for c in cands if (G.nodes[c].get("qualname") or c).lower().endswith(low)]
            else:
                ids = list(cands)
    if wanted:
        ids = [n for n in ids if G.nodes[n].get("kind") in wanted]
    if module:
        ids = [n for n in ids if G.nodes[n].get("module") == module]
    if params:
        exact = [n for n in ids if n.endswith(params)]
        ids = exact or ids
    ids = sorted(set(ids), key=lambda n: _rank_key(kb, n))
    return ids


def _not_found(kb: KnowledgeBase, name: str, what: str, module: str | None = None) -> NodeNotFound:
    where = f" in module '{module}'" if module else ""
    return NodeNotFound(
        f"no {what} named '{name}'{where}; call search_api with words describing it, "
        "or use one of the suggestions",
        suggestions=kb.suggest(name),
    )


# ---------------------------------------------------------------------------- node views


def node_summary(kb: KnowledgeBase, n: str) -> NodeSummary:
    d = kb.node(n)  # descriptions included
    return NodeSummary(
        id=n,
        kind=d.get("kind", ""),
        name=d.get("name", "") or "",
        qualname=d.get("qualname") or None,
        module=d.get("module") or d.get("package") or None,
        signature=_short(d.get("signature"), 200) or None,
        description=_short(_description(d), 160) or None,
    )


_EXAMPLE_API_EDGES = (EdgeKind.EXAMPLE_FOR.value, EdgeKind.USES.value)


def _deprecated(kb: KnowledgeBase, n: str) -> bool:
    """Marked deprecated in the docs, itself or through its owner type (``Matcher.find``)."""
    d = kb.G.nodes[n]
    owner = d.get("owner")
    return bool(d.get("deprecated") or (owner in kb.G and kb.G.nodes[owner].get("deprecated")))


def _example_view(kb: KnowledgeBase, e: str, api_limit: int = 10, lang: str | None = None) -> Example:
    """``lang="en"`` gives the English page's version of the example when the docs have one."""
    d = kb.node(e)  # code and source included
    english = lang == "en" and bool(d.get("code_en"))
    apis = sorted(
        (v for _, v, k in kb.G.out_edges(e, keys=True) if k == EdgeKind.EXAMPLE_FOR.value),
        key=lambda n: _rank_key(kb, n),
    )
    code = (d.get("code_en") if english else d.get("code", "")) or ""
    shown_or_called = {v for _, v, k in kb.G.out_edges(e, keys=True) if k in _EXAMPLE_API_EDGES}
    deprecated = sorted(kb.G.nodes[v].get("qualname") or v for v in shown_or_called if _deprecated(kb, v))
    return Example(
        id=e,
        title=(d.get("title_en") if english else d.get("title", "")) or "",
        module=d.get("module") or None,
        source=(d.get("source_en") if english else d.get("source")) or None,
        sample=bool(d.get("sample")),
        code=code if len(code) <= EXAMPLE_CODE_CHARS else code[:EXAMPLE_CODE_CHARS] + "\n// … (truncated)",
        apis=[kb.G.nodes[v].get("qualname") or v for v in apis[:api_limit]],
        api_ids=apis[:api_limit],
        deprecated_apis=deprecated,
        lang="en" if english else d.get("lang") or None,
    )


def _maps_to(kb: KnowledgeBase, n: str) -> list[MapsTo]:
    out: list[MapsTo] = []
    for _, v, k, d in kb.G.out_edges(n, keys=True, data=True):
        if k == EdgeKind.MAPS_TO.value:
            out.append(
                MapsTo(
                    target=v,
                    qualname=kb.G.nodes[v].get("qualname") or v,
                    confidence=d.get("confidence"),
                    note=d.get("note") or None,
                    rank=int(d.get("rank", 0) or 0),
                )
            )
    out.sort(key=lambda m: (m.rank, m.target))
    return out


def _detail(kb: KnowledgeBase, n: str, examples: int) -> ApiDetail:
    d = kb.node(n)  # descriptions and source included
    kind = d.get("kind", "")
    out = ApiDetail(
        id=n,
        kind=kind,
        name=d.get("name", "") or "",
        qualname=d.get("qualname") or n,
        module=d.get("module") or d.get("package") or None,
        import_=kb.import_for(n) if kind in (*API_KINDS, NodeKind.MODULE.value) else None,
        signature=d.get("signature") or None,
        description=_description(d) or None,
        description_zh=d.get("description_zh") or None,
        params=[
            Param(name=p.get("name", ""), type=p.get("type", ""), description=p.get("description", ""))
            for p in (d.get("params") or [])
            if isinstance(p, dict)
        ],
        returns=d.get("return_type") or d.get("returns") or None,
        throws=list(d.get("throws") or []),
        owner=d.get("owner") or None,
        member_kind=d.get("member_kind") or None,
        type_kind=d.get("type_kind") or None,
        static=bool(d.get("static", False)),
        deprecated=bool(d.get("deprecated", False)),
        extension=d.get("extension") or None,
        source=d.get("source") or None,
        examples=[_example_view(kb, e, api_limit=5) for e in kb.examples_for(n, examples)],
        maps_to=_maps_to(kb, n),
        note=d.get("note") or None,
    )
    if kind in TYPE_KINDS:
        out.member_count = len(kb.members_of(n))
        out.supertypes = kb.supertypes(n)
    return out


def get_api_details(
    kb: KnowledgeBase, name: str, module: str | None = None, *, examples: int = 2
) -> ApiDetails:
    """Exact lookup by id, qualname, ``Type.member`` or simple name: every overload with full details.

    Examples
    --------
    >>> get_api_details(kb, "std.collection.HashMap.add")["count"]  # doctest: +SKIP
    2
    """
    module = check_module(kb, module)
    ids = lookup(kb, name, module)
    if not ids:
        raise _not_found(kb, name, "API", module)
    total = len(ids)
    shown = ids[:MAX_DETAIL_MATCHES]
    qualnames = sorted({kb.G.nodes[n].get("qualname") or n for n in ids})
    notes = []
    if total > len(shown):
        notes.append(
            f"{total} APIs match '{name}'; showing {len(shown)}. Narrow with module=... or a qualname "
            f"such as '{qualnames[0]}'"
        )
    if len(qualnames) > 1:
        notes.append(f"'{name}' names {len(qualnames)} different APIs; overloads of one API share a qualname")
    return ApiDetails(
        query=name,
        count=total,
        matches=[_detail(kb, n, examples) for n in shown],
        notes=notes,
    )


# ---------------------------------------------------------------------------- members


def _member_key(member_id: str) -> tuple[str, int]:
    """``std.collection.HashMap.add(K,V)`` -> ``("add", 2)``: name and arity, what an override shares.

    Arity rather than the type list, because a supertype spells its parameters with its own type
    variables (``Equatable<T>.!=(T)`` is implemented as ``String.!=(String)``).
    """
    head, paren, rest = member_id.partition("(")
    name = head.rsplit(".", 1)[-1]
    if not paren:
        return name, -1
    inner = rest.rsplit(")", 1)[0]
    depth = 0
    arity = 1 if inner.strip() else 0
    for ch in inner:
        if ch in "<([":
            depth += 1
        elif ch in ">)]" and depth:
            depth -= 1
        elif ch == "," and depth == 0:
            arity += 1
    return name, arity


def _member_view(kb: KnowledgeBase, m: str, type_id: str, origin: str, declared_in: str) -> Member:
    d = kb.node(m)  # descriptions included
    ext = d.get("extension") or None
    return Member(
        id=m,
        name=d.get("name", "") or "",
        signature=d.get("signature") or None,
        member_kind=d.get("member_kind") or None,
        static=bool(d.get("static", False)),
        origin=origin,
        declared_in=declared_in,
        module=d.get("module") or None,
        import_=kb.import_for(m) if d.get("kind") in API_KINDS else None,
        extension=ext.get("block") if isinstance(ext, dict) else None,
        description=_short(_description(d), 160) or None,
        deprecated=bool(d.get("deprecated", False)),
    )


_ORIGIN_ORDER = {"own": 0, "extension": 1, "inherited": 2}


def get_class_members(
    kb: KnowledgeBase, class_name: str, module: str | None = None, include_inherited: bool = True
) -> ClassMembers:
    """Members of a type grouped by name (overloads together): own, extension and inherited ones.

    ``origin`` is ``own`` (declared on the type), ``extension`` (an ``extend`` block, possibly in
    another package: see ``import``) or ``inherited`` (from a supertype via ``inherits`` edges; an
    inherited member with the same name and arity as an own or nearer one is left out as overridden).
    """
    module = check_module(kb, module)
    types = lookup(kb, class_name, module, kinds=TYPE_KINDS)
    if not types:
        ids = lookup(kb, class_name, module)
        hint = ""
        if ids:
            k = kb.G.nodes[ids[0]].get("kind")
            hint = f" ('{class_name}' is a {k}; call get_api_details for it)"
        err = _not_found(kb, class_name, "type", module)
        raise NodeNotFound(str(err) + hint, suggestions=err.suggestions)
    type_id = types[0]
    G = kb.G
    td = G.nodes[type_id]
    type_module = td.get("module") or td.get("package")
    entries: list[Member] = []
    own_keys: set[tuple[str, int]] = set()
    for m in kb.members_of(type_id):
        d = G.nodes[m]
        is_ext = bool(d.get("extension")) or (d.get("module") not in (None, type_module))
        entries.append(_member_view(kb, m, type_id, "extension" if is_ext else "own", type_id))
        own_keys.add(_member_key(m))
    supertypes = kb.supertypes(type_id)  # listed either way; include_inherited only adds their members
    inherited = 0
    overridden = 0
    if include_inherited:
        seen = set(own_keys)
        for sup in supertypes:
            for m in kb.members_of(sup):
                key = _member_key(m)
                if key in seen:
                    overridden += 1
                    continue
                seen.add(key)
                d = G.nodes[m]
                if d.get("member_kind") == "init":
                    continue  # constructors are not inherited
                entries.append(_member_view(kb, m, type_id, "inherited", sup))
                inherited += 1
    groups: dict[str, list[Member]] = defaultdict(list)
    for e in entries:
        groups[e.name].append(e)
    out_groups = []
    for name in sorted(groups, key=lambda s: (s.lower(), s)):
        members = sorted(groups[name], key=lambda e: (_ORIGIN_ORDER[e.origin], e.id))
        out_groups.append(MemberGroup(name=name, count=len(members), members=members))
    counts = Counter(e.origin for e in entries)
    return ClassMembers(
        type=TypeRef(
            **node_summary(kb, type_id).model_dump(),
            import_=kb.import_for(type_id) if td.get("module") else None,
        ),
        supertypes=supertypes,
        counts=MemberCounts(
            own=counts.get("own", 0),
            extension=counts.get("extension", 0),
            inherited=inherited,
            overridden_skipped=overridden,
            groups=len(out_groups),
        ),
        groups=out_groups,
        maps_to=_maps_to(kb, type_id),
        alternatives=list(types[1:10]),
    )


# ---------------------------------------------------------------------------- examples

_IDENT = re.compile(r"^[\w.$@<>\[\](),:#/=!+\-*]+$")


def find_examples(
    kb: KnowledgeBase,
    index: SearchIndex,
    query: str,
    module: str | None = None,
    top_k: int = 5,
    lang: str | None = None,
) -> Examples:
    """Example code for an API (id, qualname, ``Type.member`` or name) or for a task in words.

    An API reference returns the examples linked to it by ``example_for`` edges (for a type, its
    own examples first, then its members'); a task is searched in the examples' titles and code.
    ``lang``: ``en`` gives each example's English-page version (English comments and title) where
    the docs have one; ``zh`` or none, the Chinese page's (the docs' fuller set).
    """
    check_range("top_k", top_k, 1, MAX_TOP_K)
    check_lang(lang)
    if not isinstance(query, str) or not query.strip():
        raise InputError("query is empty; give an API name (e.g. HashMap.add) or a task in words")
    module = check_module(kb, module)
    query = query.strip()
    G = kb.G
    matched: list[str] = []
    found: list[str] = []
    how = ""
    if _IDENT.match(query):
        matched = [n for n in lookup(kb, query, module) if G.nodes[n].get("kind") != NodeKind.EXAMPLE.value]
        if len(matched) > 12 and "." not in query:
            matched = matched[:12]  # a bare common name ("add") names many APIs
        for n in matched:
            found.extend(kb.examples_for(n, top_k))
        if len(set(found)) < top_k:  # then code that calls it, documented for another API
            for n in matched:
                found.extend(sorted(u for u, _, k in G.in_edges(n, keys=True) if k == EdgeKind.USES.value))
        if len(found) < top_k:
            for n in matched:
                if G.nodes[n].get("kind") in TYPE_KINDS:
                    for m in kb.members_of(n):
                        found.extend(kb.examples_for(m, 2))
        found = list(dict.fromkeys(found))
        if found:
            how = "example_for edges of " + ", ".join(matched[:5]) + (" …" if len(matched) > 5 else "")
    notes = []
    if not found:
        if matched:
            notes.append(f"no example is linked to {matched[0]}; searched the examples' text instead")
        found, how = _examples_by_text(kb, index, query, module, top_k)
    if lang == "en":  # examples the English docs have first (the docs lack about two thirds)
        found.sort(key=lambda e: not kb.attr(e, "code_en"))
    found = found[:top_k]
    if not found:
        notes.append("no example found; try other words, or search_api then get_api_details")
    return Examples(
        query=query,
        matched_apis=matched[:10],
        how=how or "none",
        examples=[_example_view(kb, e, lang=lang) for e in found],
        notes=notes,
    )


def _examples_by_text(
    kb: KnowledgeBase, index: SearchIndex, query: str, module: str | None, top_k: int
) -> tuple[list[str], str]:
    try:
        hits = search(index, query[:MAX_QUERY_CHARS], module=module, kind=NodeKind.EXAMPLE.value, top_k=top_k)
    except InputError:
        hits = []
    ids = [h.id for h in hits if kb.G.nodes.get(h.id, {}).get("kind") == NodeKind.EXAMPLE.value]
    return ids, "search over example titles and code"


# ---------------------------------------------------------------------------- modules, nodes


def list_modules(kb: KnowledgeBase) -> Modules:
    """Every package with its API counts, import line and a one-line summary."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for _, d in kb.G.nodes(data=True):
        kind = d.get("kind")
        if kind in (*API_KINDS, NodeKind.EXAMPLE.value) and d.get("module"):
            counts[d["module"]][kind] += 1
    mods = []
    for n, d in sorted(kb.G.nodes(data=True)):
        if d.get("kind") != NodeKind.MODULE.value:
            continue
        cnt = counts.get(n, Counter())
        mods.append(
            ModuleInfo(
                id=n,
                import_=kb.import_for(n),
                types=cnt.get(NodeKind.TYPE.value, 0),
                members=cnt.get(NodeKind.MEMBER.value, 0),
                functions=cnt.get(NodeKind.FUNCTION.value, 0),
                examples=cnt.get(NodeKind.EXAMPLE.value, 0),
                summary=_first_sentence(_description(kb.node(n))),
            )
        )
    return Modules(count=len(mods), modules=mods)


def get_node(kb: KnowledgeBase, node_id: str) -> NodeResult:
    """One node with all its attributes and its edge counts per kind and direction."""
    n = resolve_ref(kb, node_id)
    view = kb.node_view(n)
    view.pop("id", None)
    kind = view.pop("kind", "")
    return NodeResult(id=n, kind=kind, attributes=view, edge_counts=kb.edge_counts(n))
