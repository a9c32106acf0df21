"""Search over the graph: BM25 over the user's words fused with a Java-term expansion route."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..errors import InputError
from ..kinds import NodeKind
from ..limits import MAX_QUERY_CHARS, MAX_TOP_K, check_range
from ..models import SearchHit
from ..text.tokenize import tokenize
from .index import SearchIndex

__all__ = ["DEFAULT_KINDS", "RRF_K", "search", "short_description"]

RRF_K = 60
DEFAULT_KINDS = (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value, NodeKind.MODULE.value)


def search(
    index: SearchIndex,
    query: str,
    *,
    module: str | None = None,
    kind: str | None = None,
    top_k: int = 10,
) -> list[SearchHit]:
    """Ranked APIs for a query (English, Chinese, Java or Cangjie names).

    Two routes, fused by reciprocal rank: BM25 over the user's words, and Java-term expansion
    (Java symbols in the query -> their maps_to targets, glossary terms -> BM25). Each hit says why.
    """
    if not isinstance(query, str) or not query.strip():
        raise InputError(
            "query is empty; give words, an API name or a Java symbol (at most 1,000 characters)"
        )
    if len(query) > MAX_QUERY_CHARS:
        raise InputError(f"query is {len(query)} characters; the limit is {MAX_QUERY_CHARS}")
    check_range("top_k", top_k, 1, MAX_TOP_K)
    kb = index.kb
    kinds: tuple[str, ...] = DEFAULT_KINDS
    if kind:
        valid = {k.value for k in NodeKind if k not in (NodeKind.JAVA_TYPE, NodeKind.JAVA_MEMBER)}
        aliases = {"class": "type", "struct": "type", "interface": "type", "enum": "type", "func": "function"}
        kind_n = aliases.get(kind, kind)
        if kind_n not in valid:
            raise InputError(f"unknown kind '{kind}'; use one of {', '.join(sorted(valid))}")
        kinds = (kind_n,)
    if module and (module not in kb.G or kb.G.nodes[module].get("kind") != NodeKind.MODULE.value):
        raise InputError(
            f"unknown module '{module}'; call list_modules for the package names (e.g. std.collection)"
        )
    tokens = tokenize(query)
    depth = max(top_k * 3, 30)
    route_a = index.ranked(tokens, kinds, module, depth)
    targets, terms = index.java_expansion(query)
    route_b: list[tuple[int, float]] = []
    for t in targets:
        i = index.pos.get(t)
        if i is not None and index.docs[i].kind in kinds and (not module or index.docs[i].module == module):
            route_b.append((i, 0.0))
    if terms:
        route_b.extend(index.ranked(tokenize(" ".join(terms)), kinds, module, depth))
    fused: dict[int, float] = defaultdict(float)
    why_rank: dict[int, dict[str, int]] = defaultdict(dict)
    bm25_score: dict[int, float] = {}
    for rank, (i, s) in enumerate(route_a, 1):
        fused[i] += 1.0 / (RRF_K + rank)
        why_rank[i]["bm25"] = rank
        bm25_score[i] = s
    seen_b: set[int] = set()
    rank_b = 0
    for i, _ in route_b:
        if i in seen_b:
            continue
        seen_b.add(i)
        rank_b += 1
        fused[i] += 1.0 / (RRF_K + rank_b)
        why_rank[i]["java_expansion"] = rank_b
    ordered = sorted(fused, key=lambda i: (-fused[i], index.docs[i].node))[:top_k]
    hits: list[SearchHit] = []
    for i in ordered:
        node = index.docs[i].node
        d = kb.G.nodes[node]
        matched = index.matched_terms(i, tokens)
        why = [f"{route} rank {r}" for route, r in sorted(why_rank[i].items())]
        if matched:
            why.append("matched: " + ", ".join(matched[:8]))
        hits.append(
            SearchHit(
                id=node,
                qualname=d.get("qualname") or node,
                kind=d.get("kind"),
                name=d.get("name", ""),
                signature=d.get("signature", "") or d.get("code", "")[:200],
                module=d.get("module", ""),
                import_=kb.import_for(node) if d.get("kind") != NodeKind.EXAMPLE.value else None,
                description=short_description(d),
                score=round(fused[i], 6),
                bm25=round(bm25_score.get(i, 0.0), 4),
                why=why,
            )
        )
    return hits


def short_description(d: dict[str, Any], limit: int = 240) -> str:
    text: str = d.get("description_en") or d.get("description_zh") or d.get("title") or ""
    return text if len(text) <= limit else text[: limit - 1] + "…"
