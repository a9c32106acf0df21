"""Graph-navigation functions behind the MCP tools: lookups, members, examples, neighbours, paths."""

from __future__ import annotations

import math
import re
import threading
import weakref
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError, NodeNotFound
from .kb import KnowledgeBase
from .kinds import EdgeKind, NodeKind

__all__ = [
    "DIRECTIONS",
    "EXPORT_NODE_LIMIT",
    "MAX_DEPTH",
    "MAX_NEIGHBOR_LIMIT",
    "MAX_PATH_LENGTH",
    "MAX_TOP_K",
    "export_subgraph",
    "find_examples",
    "find_path",
    "get_api_details",
    "get_class_members",
    "get_neighbors",
    "get_node",
    "list_modules",
    "lookup",
]

MAX_TOP_K = 50
MAX_DEPTH = 3
MAX_NEIGHBOR_LIMIT = 200
MAX_PATH_LENGTH = 10
MAX_PATHS = 5
EXPORT_NODE_LIMIT = 500
MAX_DETAIL_MATCHES = 20
EXAMPLE_CODE_CHARS = 4000
DIRECTIONS = ("out", "in", "both")

API_KINDS = (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value)
TYPE_KINDS = (NodeKind.TYPE.value, NodeKind.JAVA_TYPE.value)
# Order used wherever "most important first" is asked for.
_KIND_ORDER = {
    NodeKind.TYPE.value: 0,
    NodeKind.FUNCTION.value: 1,
    NodeKind.MEMBER.value: 2,
    NodeKind.MODULE.value: 3,
    NodeKind.JAVA_TYPE.value: 4,
    NodeKind.JAVA_MEMBER.value: 5,
    NodeKind.EXAMPLE.value: 6,
}
_EDGE_ORDER = {
    EdgeKind.MAPS_TO.value: 0,
    EdgeKind.INHERITS.value: 1,
    EdgeKind.MEMBER_OF.value: 2,
    EdgeKind.RETURNS.value: 3,
    EdgeKind.HAS_TYPE.value: 4,
    EdgeKind.THROWS.value: 5,
    EdgeKind.OVERLOADS.value: 6,
    EdgeKind.EXAMPLE_FOR.value: 7,
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


def _check_range(name: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise InputError(f"{name} {value} is out of range {lo}..{hi}")


def _check_edge_kinds(edge_kinds: Iterable[str] | None) -> set[str] | None:
    if not edge_kinds:
        return None
    kinds = {k.strip() for k in edge_kinds if k and k.strip()}
    bad = sorted(kinds - set(_ALL_EDGE_KINDS))
    if bad:
        raise InputError(f"unknown edge kind(s) {', '.join(bad)}; use any of {', '.join(_ALL_EDGE_KINDS)}")
    return kinds or None


def _check_module(kb: KnowledgeBase, module: str | None) -> str | None:
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
    return (_KIND_ORDER.get(d.get("kind", ""), 9), q.startswith("stdx."), len(q), n)


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


# ---------------------------------------------------------------------------- per-graph caches


@dataclass
class _Cache:
    modules: list[dict[str, Any]] | None = None
    example_index: _ExampleIndex | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


_CACHES: weakref.WeakKeyDictionary[KnowledgeBase, _Cache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()


def _cache(kb: KnowledgeBase) -> _Cache:
    with _CACHES_LOCK:
        c = _CACHES.get(kb)
        if c is None:
            c = _CACHES[kb] = _Cache()
        return c


# ---------------------------------------------------------------------------- node views


def node_summary(kb: KnowledgeBase, n: str) -> dict[str, Any]:
    d = kb.G.nodes[n]
    return {
        "id": n,
        "kind": d.get("kind", ""),
        "name": d.get("name", "") or "",
        "qualname": d.get("qualname") or None,
        "module": d.get("module") or d.get("package") or None,
        "signature": _short(d.get("signature"), 200) or None,
        "description": _short(_description(d), 160) or None,
    }


def _example_view(kb: KnowledgeBase, e: str, api_limit: int = 10) -> dict[str, Any]:
    d = kb.G.nodes[e]
    apis = sorted(
        (v for _, v, k in kb.G.out_edges(e, keys=True) if k == EdgeKind.EXAMPLE_FOR.value),
        key=lambda n: _rank_key(kb, n),
    )
    code = d.get("code", "") or ""
    return {
        "id": e,
        "title": d.get("title", "") or "",
        "module": d.get("module") or None,
        "source": d.get("source") or None,
        "sample": bool(d.get("sample")),
        "code": code if len(code) <= EXAMPLE_CODE_CHARS else code[:EXAMPLE_CODE_CHARS] + "\n// … (truncated)",
        "apis": [kb.G.nodes[v].get("qualname") or v for v in apis[:api_limit]],
        "api_ids": apis[:api_limit],
    }


def _maps_to(kb: KnowledgeBase, n: str) -> list[dict[str, Any]]:
    out = []
    for _, v, k, d in kb.G.out_edges(n, keys=True, data=True):
        if k == EdgeKind.MAPS_TO.value:
            out.append(
                {
                    "target": v,
                    "qualname": kb.G.nodes[v].get("qualname") or v,
                    "confidence": d.get("confidence"),
                    "note": d.get("note") or None,
                    "rank": int(d.get("rank", 0) or 0),
                }
            )
    out.sort(key=lambda m: (m["rank"], m["target"]))
    return out


def _detail(kb: KnowledgeBase, n: str, examples: int) -> dict[str, Any]:
    G = kb.G
    d = G.nodes[n]
    kind = d.get("kind", "")
    out: dict[str, Any] = {
        "id": n,
        "kind": kind,
        "name": d.get("name", "") or "",
        "qualname": d.get("qualname") or n,
        "module": d.get("module") or d.get("package") or None,
        "import": kb.import_for(n) if kind in (*API_KINDS, NodeKind.MODULE.value) else None,
        "signature": d.get("signature") or None,
        "description": _description(d) or None,
        "description_zh": d.get("description_zh") or None,
        "params": [
            {"name": p.get("name", ""), "type": p.get("type", ""), "description": p.get("description", "")}
            for p in (d.get("params") or [])
            if isinstance(p, dict)
        ],
        "returns": d.get("return_type") or d.get("returns") or None,
        "throws": list(d.get("throws") or []),
        "owner": d.get("owner") or None,
        "member_kind": d.get("member_kind") or None,
        "type_kind": d.get("type_kind") or None,
        "static": bool(d.get("static", False)),
        "deprecated": bool(d.get("deprecated", False)),
        "extension": d.get("extension") or None,
        "source": d.get("source") or None,
        "examples": [_example_view(kb, e, api_limit=5) for e in kb.examples_for(n, examples)],
        "maps_to": _maps_to(kb, n),
        "note": d.get("note") or None,
    }
    if kind in TYPE_KINDS:
        out["member_count"] = len(kb.members_of(n))
        out["supertypes"] = kb.supertypes(n)
    return out


def get_api_details(
    kb: KnowledgeBase, name: str, module: str | None = None, *, examples: int = 2
) -> dict[str, Any]:
    """Exact lookup by id, qualname, ``Type.member`` or simple name: every overload with full details.

    Examples
    --------
    >>> get_api_details(kb, "std.collection.HashMap.add")["count"]  # doctest: +SKIP
    2
    """
    module = _check_module(kb, module)
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
    return {
        "query": name,
        "count": total,
        "matches": [_detail(kb, n, examples) for n in shown],
        "notes": notes,
    }


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


def _member_view(kb: KnowledgeBase, m: str, type_id: str, origin: str, declared_in: str) -> dict[str, Any]:
    d = kb.G.nodes[m]
    ext = d.get("extension") or None
    return {
        "id": m,
        "name": d.get("name", "") or "",
        "signature": d.get("signature") or None,
        "member_kind": d.get("member_kind") or None,
        "static": bool(d.get("static", False)),
        "origin": origin,
        "declared_in": declared_in,
        "module": d.get("module") or None,
        "import": kb.import_for(m) if d.get("kind") in API_KINDS else None,
        "extension": ext.get("block") if isinstance(ext, dict) else None,
        "description": _short(_description(d), 160) or None,
        "deprecated": bool(d.get("deprecated", False)),
    }


_ORIGIN_ORDER = {"own": 0, "extension": 1, "inherited": 2}


def get_class_members(
    kb: KnowledgeBase, class_name: str, module: str | None = None, include_inherited: bool = True
) -> dict[str, Any]:
    """Members of a type grouped by name (overloads together): own, extension and inherited ones.

    ``origin`` is ``own`` (declared on the type), ``extension`` (an ``extend`` block, possibly in
    another package: see ``import``) or ``inherited`` (from a supertype via ``inherits`` edges; an
    inherited member with the same name and arity as an own or nearer one is left out as overridden).
    """
    module = _check_module(kb, module)
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
    entries: list[dict[str, Any]] = []
    own_keys: set[tuple[str, int]] = set()
    for m in kb.members_of(type_id):
        d = G.nodes[m]
        is_ext = bool(d.get("extension")) or (d.get("module") not in (None, type_module))
        entries.append(_member_view(kb, m, type_id, "extension" if is_ext else "own", type_id))
        own_keys.add(_member_key(m))
    supertypes = kb.supertypes(type_id) if include_inherited else []
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
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in entries:
        groups[e["name"]].append(e)
    out_groups = []
    for name in sorted(groups, key=lambda s: (s.lower(), s)):
        members = sorted(groups[name], key=lambda e: (_ORIGIN_ORDER[e["origin"]], e["id"]))
        out_groups.append({"name": name, "count": len(members), "members": members})
    counts = Counter(e["origin"] for e in entries)
    return {
        "type": node_summary(kb, type_id) | {"import": kb.import_for(type_id) if td.get("module") else None},
        "supertypes": supertypes,
        "counts": {
            "own": counts.get("own", 0),
            "extension": counts.get("extension", 0),
            "inherited": inherited,
            "overridden_skipped": overridden,
            "groups": len(out_groups),
        },
        "groups": out_groups,
        "maps_to": _maps_to(kb, type_id),
        "alternatives": [t for t in types[1:10]],
    }


# ---------------------------------------------------------------------------- examples

_WORD = re.compile(r"[A-Za-z][a-z0-9]*|[A-Z]+(?![a-z])|\d+|[\u4e00-\u9fff]")


def _words(text: str) -> Iterator[str]:
    for tok in re.findall(r"\w+", text):
        low = tok.lower()
        yield low
        parts = _WORD.findall(tok)
        if len(parts) > 1:
            for p in parts:
                yield p.lower()


class _ExampleIndex:
    """Plain idf-weighted term overlap over example titles and code (fallback when no search index)."""

    def __init__(self, kb: KnowledgeBase):
        self.ids: list[str] = []
        self.terms: list[set[str]] = []
        df: Counter[str] = Counter()
        for n, d in sorted(kb.G.nodes(data=True)):
            if d.get("kind") != NodeKind.EXAMPLE.value:
                continue
            terms = set(_words(f"{d.get('title', '')} {d.get('code', '')}"))
            self.ids.append(n)
            self.terms.append(terms)
            df.update(terms)
        total = max(len(self.ids), 1)
        self.idf = {t: math.log(1 + total / c) for t, c in df.items()}
        self.modules = [kb.G.nodes[n].get("module") for n in self.ids]

    def query(self, text: str, module: str | None, top_k: int) -> list[str]:
        q = set(_words(text))
        scored = []
        for i, terms in enumerate(self.terms):
            if module and self.modules[i] != module:
                continue
            s = sum(self.idf[t] for t in q if t in terms)
            if s > 0:
                scored.append((-s, self.ids[i]))
        scored.sort()
        return [n for _, n in scored[:top_k]]


def _example_index(kb: KnowledgeBase) -> _ExampleIndex:
    c = _cache(kb)
    with c.lock:
        if c.example_index is None:
            c.example_index = _ExampleIndex(kb)
        return c.example_index


_IDENT = re.compile(r"^[\w.$@<>\[\](),:#/=!+\-*]+$")


def find_examples(kb: KnowledgeBase, query: str, module: str | None = None, top_k: int = 5) -> dict[str, Any]:
    """Example code for an API (id, qualname, ``Type.member`` or name) or for a task in words.

    An API reference returns the examples linked to it by ``example_for`` edges (for a type, its
    own examples first, then its members'); a task is searched in the examples' titles and code.
    """
    _check_range("top_k", top_k, 1, MAX_TOP_K)
    if not isinstance(query, str) or not query.strip():
        raise InputError("query is empty; give an API name (e.g. HashMap.add) or a task in words")
    module = _check_module(kb, module)
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
        found, how = _examples_by_text(kb, query, module, top_k)
    found = found[:top_k]
    if not found:
        notes.append("no example found; try other words, or search_api then get_api_details")
    return {
        "query": query,
        "matched_apis": matched[:10],
        "how": how or "none",
        "examples": [_example_view(kb, e) for e in found],
        "notes": notes,
    }


def _examples_by_text(kb: KnowledgeBase, query: str, module: str | None, top_k: int) -> tuple[list[str], str]:
    try:
        from .search import search
    except ImportError:
        search = None  # type: ignore[assignment]
    if search is not None:
        try:
            hits = search(kb, query[:1000], module=module, kind=NodeKind.EXAMPLE.value, top_k=top_k)
        except (InputError, TypeError, ValueError):
            hits = []
        ids = [h["id"] for h in hits if kb.G.nodes.get(h["id"], {}).get("kind") == NodeKind.EXAMPLE.value]
        if ids:
            return ids, "search over example titles and code"
    return _example_index(kb).query(query, module, top_k), "term overlap over example titles and code"


# ---------------------------------------------------------------------------- modules, nodes


def list_modules(kb: KnowledgeBase) -> dict[str, Any]:
    """Every package with its API counts, import line and a one-line summary."""
    c = _cache(kb)
    with c.lock:
        if c.modules is None:
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
                    {
                        "id": n,
                        "import": kb.import_for(n),
                        "types": cnt.get(NodeKind.TYPE.value, 0),
                        "members": cnt.get(NodeKind.MEMBER.value, 0),
                        "functions": cnt.get(NodeKind.FUNCTION.value, 0),
                        "examples": cnt.get(NodeKind.EXAMPLE.value, 0),
                        "summary": _first_sentence(_description(d)),
                    }
                )
            c.modules = mods
        modules = c.modules
    return {"count": len(modules), "modules": [dict(m) for m in modules]}


def get_node(kb: KnowledgeBase, node_id: str) -> dict[str, Any]:
    """One node with all its attributes and its edge counts per kind and direction."""
    n = resolve_ref(kb, node_id)
    view = kb.node_view(n)
    view.pop("id", None)
    kind = view.pop("kind", "")
    return {"id": n, "kind": kind, "attributes": view, "edge_counts": kb.edge_counts(n)}


# ---------------------------------------------------------------------------- neighbours


def _steps(G: Any, n: str, direction: str, kinds: set[str] | None) -> Iterator[tuple[str, dict[str, Any]]]:
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
) -> dict[str, Any]:
    """Nodes within ``depth`` hops, each with the edge path to it, paginated in a stable order.

    Order: nearer first; then by the kind of the last edge (maps_to, inherits, member_of, returns,
    has_type, throws, overloads, example_for) and a maps_to edge's rank; then API nodes before Java
    nodes and examples; then more connected nodes first; then id.
    """
    _check_range("depth", depth, 1, MAX_DEPTH)
    _check_range("limit", limit, 1, MAX_NEIGHBOR_LIMIT)
    if offset < 0:
        raise InputError(f"offset {offset} is negative; use 0 for the first page")
    if direction not in DIRECTIONS:
        raise InputError(f"direction '{direction}' is not one of {', '.join(DIRECTIONS)}")
    kinds = _check_edge_kinds(edge_kinds)
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
            _EDGE_ORDER.get(last["edge"], 9),
            last.get("rank", 0),
            _KIND_ORDER.get(G.nodes[v].get("kind", ""), 9),
            -(len(succ[v]) + len(pred[v])),  # neighbour count: cheaper than G.degree
            v,
        )

    found.sort(key=key)
    page = found[offset : offset + limit]
    nxt_offset = offset + limit if offset + limit < len(found) else None
    by_edge = Counter(paths[v][-1]["edge"] for v in found)
    return {
        "node": node_summary(kb, start),
        "direction": direction,
        "depth": depth,
        "edge_kinds": sorted(kinds) if kinds else None,
        "total": len(found),
        "offset": offset,
        "limit": limit,
        "next_offset": nxt_offset,
        "counts_by_edge": dict(sorted(by_edge.items())),
        "neighbors": [
            node_summary(kb, v)
            | {"depth": len(paths[v]), "path": paths[v], "path_text": _path_text(start, paths[v])}
            for v in page
        ],
    }


# ---------------------------------------------------------------------------- paths


def _bfs_preds(
    G: Any, src: str, dst: str, direction: str, kinds: set[str] | None, max_length: int
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
            preds[n], key=lambda x: (_EDGE_ORDER.get(x[1]["edge"], 9), x[0], x[1]["source"])
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
) -> dict[str, Any]:
    """Shortest typed paths from ``source`` to ``target``.

    Edges are followed in their own direction first; only when no such path exists within
    ``max_length`` are they followed either way (``directed`` is then false, and a step whose
    ``source`` is the node walked to was taken against its direction).
    """
    _check_range("max_length", max_length, 1, MAX_PATH_LENGTH)
    kinds = _check_edge_kinds(edge_kinds)
    src = resolve_ref(kb, source)
    dst = resolve_ref(kb, target)
    if src == dst:
        return {
            "source": src, "target": dst, "directed": True, "length": 0,
            "paths": [{"steps": [], "text": src}], "notes": ["source and target are the same node"],
        }  # fmt: skip
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
        return {"source": src, "target": dst, "directed": False, "length": None, "paths": [], "notes": notes}
    paths = _enumerate_paths(preds, src, dst, MAX_PATHS)
    length = len(paths[0]) if paths else None
    if len(paths) >= MAX_PATHS:
        notes.append(f"showing the first {MAX_PATHS} shortest paths")
    return {
        "source": src,
        "target": dst,
        "directed": directed,
        "length": length,
        "paths": [{"steps": p, "text": _path_text(src, p)} for p in paths],
        "notes": notes,
    }


# ---------------------------------------------------------------------------- export


def export_subgraph(
    kb: KnowledgeBase, node_id: str, depth: int = 1, edge_kinds: Iterable[str] | None = None
) -> dict[str, Any]:
    """GraphML text of the neighbourhood of a node (edges followed both ways), at most EXPORT_NODE_LIMIT nodes."""
    from .export import flatten_for_graphml, neighbourhood, to_graphml_bytes

    _check_range("depth", depth, 0, MAX_DEPTH)
    kinds = _check_edge_kinds(edge_kinds)
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
    return {
        "center": center,
        "depth": depth,
        "nodes": H.number_of_nodes(),
        "edges": H.number_of_edges(),
        "node_limit": EXPORT_NODE_LIMIT,
        "graphml": text,
    }
