"""Search over the graph: BM25 over the user's words fused (reciprocal rank, plus BM25's relative
score) with routes that reach APIs through the graph's vocabulary. Overloads of one API are one
hit (``overloads`` counts the others).

API search (``search``) fuses these routes:

- ``bm25``: the query's words over API nodes (names, signatures, docs, mapped Java names, the
  curated task phrases of ``graph_data/tasks``);
- ``java_expansion``: Java symbols named in the query -> their ``maps_to`` targets, glossary terms;
- ``java_vocabulary``: the query's words over the Java types and members (names and curated notes)
  -> their ``maps_to`` targets (plain task words reach Cangjie through the Java table);
- ``manual``: the query's words over the manual's sections -> the APIs they ``mention`` (half weight);
- ``synonyms``: the query's words plus their synonyms (``graph_data/vocabulary``, half weight each)
  over the API nodes, when the query has a word of a synonym group;
- ``zh_bridge``, ``zh_bridge_java``: Chinese queries through the bilingual docs' word pairs.

Docs search (``search_docs``) ranks manual sections, pages and Java constructs; a construct that
matches also lifts the manual sections it ``maps_to``; the interop chapters keep half their BM25
score unless the query is about interop.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ..errors import InputError
from ..kinds import EdgeKind, NodeKind
from ..limits import MAX_QUERY_CHARS, MAX_TOP_K, check_lang, check_range
from ..models import SearchHit
from .bridge import bridge_weights
from .index import SearchIndex, phrase_key, phrase_pairs

__all__ = [
    "DEFAULT_KINDS",
    "DOC_KINDS",
    "KIND_ALIASES",
    "RRF_K",
    "search",
    "search_docs",
    "short_description",
]

RRF_K = 60
# Reciprocal rank alone lets three weak routes outvote one route that is far ahead ("current working
# directory": getWorkingDirectory is BM25's clear first and was not in the top 8). The BM25 route
# therefore also adds 0.02 * (score / best score) ** 4: a clear first hit weighs about one more rank-1
# route, hits at half the best score almost nothing. (Weights 0.02-0.06 and powers 1-4 scored within
# a question of each other on the development question sets; this one keeps "hash map put" ->
# HashMap.add first. benchmarks/README.md, round 4.)
_SCORE_WEIGHT = 0.02
_SCORE_POWER = 4
# A Java symbol the query names ("ArrayList.add") leads through its curated mapping to the answer: the
# java_expansion route's mapping targets add 0.02 / rank ** 2 (the first one as much as a clear BM25
# lead), so the member beats its own type, which BM25 and the manual also like. Dev task/java hit@1
# 0.84 -> 0.91, hit@5 unchanged everywhere.
_EXPANSION_SHARE = 0.02
DEFAULT_KINDS = (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value, NodeKind.MODULE.value)
DOC_KINDS = (NodeKind.MANUAL_SECTION.value, NodeKind.MANUAL_PAGE.value, NodeKind.JAVA_CONSTRUCT.value)
JAVA_KINDS = (NodeKind.JAVA_TYPE.value, NodeKind.JAVA_MEMBER.value)
KIND_ALIASES = {
    "class": "type",
    "struct": "type",
    "interface": "type",
    "enum": "type",
    "func": "function",
    "section": NodeKind.MANUAL_SECTION.value,
    "page": NodeKind.MANUAL_PAGE.value,
    "construct": NodeKind.JAVA_CONSTRUCT.value,
}
# question words that name no topic ("how do I ... in Cangjie"): dropped from queries only
_QUERY_STOP = frozenset(
    {"how", "do", "does", "did", "what", "why", "which", "can", "could", "should", "would", "i", "you", "we",
     "my", "me", "there", "cangjie", "仓颉"}
)  # fmt: skip
_VOCAB_DEPTH = 20  # Java nodes followed by the vocabulary route
_MANUAL_DEPTH = 3  # manual sections followed by the manual route
_MANUAL_WEIGHT = 0.5
_BM25_WEIGHT = 1.0
_VOCAB_WEIGHT = 1.0
# the Chinese -> English bridge routes (Chinese queries only): over the APIs, over the Java vocabulary
_BRIDGE_WEIGHT = 1.0
_BRIDGE_JAVA_WEIGHT = 1.0
_CJK = re.compile(r"[\u3400-\u9fff]")
# The manual's interop chapters (C FFI, Java/Android, Objective-C/iOS) list every language feature
# beside its foreign counterpart, so a Java programmer's "X, like Java's Y" matches them first. They
# keep half their BM25 score unless the query is about interop. Dev language sets: fresh L/en
# 0.90 -> 0.93, fresh3 L/zh 0.75 -> 0.80, nothing lower (interop questions of fresh4 unchanged).
_INTEROP_PAGES = ("manual:FFI/", "manual:multiplatform/")
_INTEROP_DAMP = 0.5
_INTEROP_WORDS = re.compile(
    r"(?i)\b(?:objc|objective|ios|swift|android|jni|ffi|foreign|native|interop\w*|c|c\+\+|cpp|cffi|"
    r"multiplatform|cross|kotlin|java\s+code|call\w*\s+java|from\s+java)\b|互操作|跨语言|调用\s*(?:C|Java)|鸿蒙"
)


_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _java_symbols(query: str) -> str:
    """The words of a query written like Java symbols (``HashMap``, ``parseInt``, ``String.format``):
    plain lower-case words (``read a line``, ``get``) are task words, not Java names."""
    return " ".join(w for w in _SYMBOL.findall(query) if "." in w or any(c.isupper() for c in w))


def _query_tokens(index: SearchIndex, query: str) -> list[str]:
    all_tokens = index.tokenize(query)
    words = [t for t in all_tokens if t not in _QUERY_STOP] or all_tokens
    symbols = [t for t in index.symbol_terms(query) if t not in words]
    return words + phrase_pairs(words) + phrase_key(words) + symbols


def _check_query(query: object, top_k: int) -> str:
    if not isinstance(query, str) or not query.strip():
        raise InputError(
            "query is empty; give words, an API name or a Java symbol (at most 1,000 characters)"
        )
    if len(query) > MAX_QUERY_CHARS:
        raise InputError(f"query is {len(query)} characters; the limit is {MAX_QUERY_CHARS}")
    check_range("top_k", top_k, 1, MAX_TOP_K)
    return query


def _kinds_for(kind: str | None, default: tuple[str, ...]) -> tuple[str, ...]:
    if not kind:
        return default
    valid = {k.value for k in NodeKind if k.value not in JAVA_KINDS}
    kind_n = KIND_ALIASES.get(kind, kind)
    if kind_n not in valid:
        names = sorted(valid | set(KIND_ALIASES))
        raise InputError(f"unknown kind '{kind}'; use one of {', '.join(names)}")
    return (kind_n,)


def _out_targets(index: SearchIndex, node: str, edge: EdgeKind, limit: int) -> list[str]:
    key = (node, edge.value, limit)
    cached = index.out_targets_cache.get(key)
    if cached is None:
        G = index.kb.G
        edges = sorted(
            (d.get("rank", 0) or 0, v)
            for _, v, k, d in G.out_edges(node, keys=True, data=True)
            if k == edge.value
        )
        cached = index.out_targets_cache[key] = [v for _, v in edges[:limit]]
    return cached


def search(
    index: SearchIndex,
    query: str,
    *,
    module: str | None = None,
    kind: str | None = None,
    top_k: int = 10,
    synonyms: bool = True,
) -> list[SearchHit]:
    """Ranked APIs for a query (English, Chinese, Java or Cangjie names); ``kind`` selects one kind
    (``section``/``page``/``construct`` select the manual and the Java constructs). ``synonyms=False``
    leaves the synonym route out (a query made of code identifiers, not of a user's words).

    The routes (see the module docstring) are fused by reciprocal rank; each hit says why.
    """
    query = _check_query(query, top_k)
    return _head_first(lambda k, depth: _search(index, query, module, kind, k, synonyms, depth), top_k)


def _search(
    index: SearchIndex,
    query: str,
    module: str | None,
    kind: str | None,
    top_k: int,
    synonyms: bool,
    depth: int,
) -> list[SearchHit]:
    kb = index.kb
    kinds = _kinds_for(kind, DEFAULT_KINDS)
    if module and (module not in kb.G or kb.G.nodes[module].get("kind") != NodeKind.MODULE.value):
        raise InputError(
            f"unknown module '{module}'; call list_modules for the package names (e.g. std.collection)"
        )
    tokens = _query_tokens(index, query)
    score = index.scores(tokens)
    routes: list[tuple[str, float, list[tuple[int, float]]]] = []
    routes.append(("bm25", _BM25_WEIGHT, index.ranked(tokens, kinds, module, depth, score)))

    def keep(node: str) -> int | None:
        i = index.pos.get(node)
        if i is None or index.docs[i].kind not in kinds or (module and index.docs[i].module != module):
            return None
        return i

    targets, terms = index.java_expansion(_java_symbols(query))
    # glossary terms (imported tables) are plain words: every query word may name one
    terms = list(dict.fromkeys([*terms, *index.glossary_terms(query)]))
    route_b: list[tuple[int, float]] = [(i, 0.0) for i in map(keep, targets) if i is not None]
    if terms:
        route_b.extend(index.ranked(index.tokenize(" ".join(terms)), kinds, module, depth))
    routes.append(("java_expansion", 1.0, route_b))
    if set(kinds) & set(DEFAULT_KINDS):
        vocab: list[tuple[int, float]] = []
        for j, s in index.ranked(tokens, JAVA_KINDS, None, _VOCAB_DEPTH, score):
            for t in _out_targets(index, index.docs[j].node, EdgeKind.MAPS_TO, 2):
                i = keep(t)
                if i is not None:
                    vocab.append((i, s))
        routes.append(("java_vocabulary", _VOCAB_WEIGHT, vocab))
        manual: list[tuple[int, float]] = []
        for j, s in index.ranked(tokens, (NodeKind.MANUAL_SECTION.value,), None, _MANUAL_DEPTH, score):
            for t in _out_targets(index, index.docs[j].node, EdgeKind.MENTIONS, 5):
                i = keep(t)
                if i is not None:
                    manual.append((i, s))
        routes.append(("manual", _MANUAL_WEIGHT, manual))
        if _CJK.search(query):
            routes.extend(_bridge_routes(index, tokens, kinds, keep, depth))
    expansion = index.synonym_terms(query, tokens) if synonyms else []
    if expansion:
        weights = {t: 1.0 for t in tokens if ">" not in t}
        weights.update((t, _SYNONYM_SHARE) for t in expansion)
        syn_score = index.weighted_scores(weights)
        routes.append(("synonyms", _SYNONYM_WEIGHT, index.ranked([], kinds, module, depth, syn_score)))
    return _hits(index, query, tokens, routes, top_k, None)


# A query word's synonyms (graph_data/vocabulary/synonyms.yaml: "biggest" -> largest, max) search in
# their own route, at half a query word's weight. Dev question sets, mean hit@5 over 21 groups
# 0.932 -> 0.944 (benchmarks/README.md, round 5).
_SYNONYM_WEIGHT = 1.0
_SYNONYM_SHARE = 0.5


def _bridge_routes(
    index: SearchIndex, tokens: list[str], kinds: tuple[str, ...], keep: Any, depth: int
) -> list[tuple[str, float, list[tuple[int, float]]]]:
    """Routes for Chinese words through the English words the bilingual docs pair them with
    (``search.bridge``): over the APIs, and over the Java vocabulary -> ``maps_to``."""
    weights = bridge_weights(index.bridge, tokens)
    if not weights:
        return []
    # the query's own non-Chinese words (API names, "HTTP") stay in the bridged query
    for t in tokens:
        if not _CJK.match(t):
            weights[t] = weights.get(t, 0.0) + 1.0
    score = index.weighted_scores(weights)
    ranked = [(i, s) for i, s in index.ranked([], kinds, None, depth, score) if keep(i) is not None]
    vocab: list[tuple[int, float]] = []
    for j, s in index.ranked([], JAVA_KINDS, None, _VOCAB_DEPTH, score):
        for t in _out_targets(index, index.docs[j].node, EdgeKind.MAPS_TO, 2):
            i = keep(t)
            if i is not None:
                vocab.append((i, s))
    return [("zh_bridge", _BRIDGE_WEIGHT, ranked), ("zh_bridge_java", _BRIDGE_JAVA_WEIGHT, vocab)]


def search_docs(
    index: SearchIndex, query: str, *, lang: str | None = None, top_k: int = 10
) -> list[SearchHit]:
    """Manual sections, pages and Java constructs for a language question (English or Chinese).

    ``lang`` (``en``/``zh``; default: ``zh`` when the query has Chinese characters) picks the
    language of titles and excerpts and keeps only the nodes written in it.
    """
    query = _check_query(query, top_k)
    check_lang(lang)
    lang = lang or ("zh" if _CJK.search(query) else "en")
    return _head_first(lambda k, depth: _search_docs(index, query, lang, k, depth), top_k)


def _search_docs(index: SearchIndex, query: str, lang: str, top_k: int, depth: int) -> list[SearchHit]:
    tokens = _query_tokens(index, query)
    score = index.scores(tokens)
    if _INTEROP_DAMP < 1.0 and not _INTEROP_WORDS.search(query):
        score = score * index.prefix_factors(_INTEROP_PAGES, _INTEROP_DAMP)
    main = index.ranked(tokens, DOC_KINDS, None, depth, score)
    G = index.kb.G
    lifted: list[tuple[int, float]] = []
    for j, s in main:
        if index.docs[j].kind == NodeKind.JAVA_CONSTRUCT.value:
            for t in _out_targets(index, index.docs[j].node, EdgeKind.MAPS_TO, 3):
                i = index.pos.get(t)
                if i is not None and index.docs[i].kind in DOC_KINDS:
                    lifted.append((i, s))
    routes = [("bm25", 1.0, main), ("construct_manual", _MANUAL_WEIGHT, lifted)]
    if _TITLE_WEIGHT:
        routes.append(("title", _TITLE_WEIGHT, _title_route(index, tokens, depth)))
    title_key = "title_zh" if lang == "zh" else "title_en"

    def written(i: int) -> bool:
        d = G.nodes[index.docs[i].node]
        return d.get("kind") == NodeKind.JAVA_CONSTRUCT.value or bool(d.get(title_key))

    routes = [(name, w, [(i, s) for i, s in r if written(i)]) for name, w, r in routes]
    return _hits(index, query, tokens, routes, top_k, lang)


# The first hits of a long list are those of a short one: each route is read _HEAD_DEPTH deep for the
# first _HEAD hits, and deeper (three times top_k) only for the rest; a deeper read would reorder the
# head ("集合去重" with top_k 12 put HashSet.init first, with top_k 5 out of the five).
_HEAD = 10
_HEAD_DEPTH = 30


def _head_first(run: Callable[[int, int], list[SearchHit]], top_k: int) -> list[SearchHit]:
    """``run(k, depth)``'s hits: the first ``_HEAD`` as read ``_HEAD_DEPTH`` deep, the rest after."""
    head = run(min(top_k, _HEAD), _HEAD_DEPTH)
    if top_k <= _HEAD:
        return head
    seen = {h.qualname or h.id for h in head}
    rest = [h for h in run(top_k, top_k * 3) if (h.qualname or h.id) not in seen]
    return head + rest[: top_k - len(head)]


# Manual sections, pages and constructs whose title holds two or more of the query's words, by
# how many (then by the shortest title), in a route of their own: the page called "Integer Types"
# answers "which integer types exist and what range does each hold", whose other words match
# longer sections. Dev language sets: fresh L/en 0.93 -> 0.97, fresh5 L/en 0.85 -> 0.92.
_TITLE_WEIGHT = 0.5
_TITLE_MIN = 2


def _title_route(index: SearchIndex, tokens: list[str], depth: int) -> list[tuple[int, float]]:
    post, sizes = index.title_postings()
    words = {t for t in tokens if ">" not in t and not t.startswith("=")}
    hits: dict[int, int] = defaultdict(int)
    for t in words:
        for i in post.get(t, ()):
            hits[i] += 1
    need = min(_TITLE_MIN, len(words))
    out = [(i, n + n / sizes[i]) for i, n in hits.items() if n >= need]
    out.sort(key=lambda x: (-x[1], index.docs[x[0]].node))
    return out[:depth]


def _hits(
    index: SearchIndex,
    query: str,
    tokens: list[str],
    routes: list[tuple[str, float, list[tuple[int, float]]]],
    top_k: int,
    lang: str | None,
) -> list[SearchHit]:
    # Routes rank APIs, not overload nodes: the overloads of one qualname share their name and doc
    # text, so each route counts an API once, at its best overload's rank, and the API is one hit,
    # shown by the overload a curated mapping of the query's Java symbol names, else by the one the
    # BM25 route ranks first, else by the first one any route reached.
    G = index.kb.G
    key_of: dict[int, str] = {}
    fused: dict[str, float] = defaultdict(float)
    why_rank: dict[str, dict[str, int]] = defaultdict(dict)
    bm25_score: dict[str, float] = {}
    shown_by: dict[str, tuple[int, int]] = {}  # key -> (priority, doc index)
    overloads: dict[str, set[int]] = defaultdict(set)
    for name, weight, ranked in routes:
        seen: set[str] = set()
        rank = 0
        top = max((s for _, s in ranked), default=0.0) or 1.0
        for i, s in ranked:
            key = key_of.get(i)
            if key is None:
                node = index.docs[i].node
                key = key_of[i] = G.nodes[node].get("qualname") or node
            overloads[key].add(i)
            if key in seen:
                continue
            seen.add(key)
            rank += 1
            fused[key] += weight / (RRF_K + rank)
            why_rank[key][name] = rank
            mapped = name == "java_expansion" and s == 0.0  # a curated mapping target, not a term hit
            if name == "bm25":
                bm25_score[key] = s
                if s > 0:  # how far ahead a hit is, not only its rank
                    fused[key] += weight * _SCORE_WEIGHT * (s / top) ** _SCORE_POWER
            elif mapped:
                fused[key] += weight * _EXPANSION_SHARE / rank**2
            priority = 0 if mapped else 1 if name == "bm25" else 2
            if priority < shown_by.get(key, (3, 0))[0]:
                shown_by[key] = (priority, i)
    if _WIDTH_DAMP < 1.0 and not _WIDTH_WORDS.search(query):
        for k in fused:
            if _WIDTH_VARIANT.search(k):
                fused[k] *= _WIDTH_DAMP
    ordered = sorted(fused, key=lambda k: (-fused[k], index.docs[shown_by[k][1]].node))
    head = ordered[:top_k]
    if _INIT_PAIR:
        ordered = _type_after_init(ordered, fused, top_k)
    ordered = ordered[:top_k]
    lifted = set(ordered) - set(head)
    shown = index.shown_terms(query)
    hits = []
    for k in ordered:
        hit = _hit(index, shown_by[k][1], tokens, fused[k], bm25_score.get(k, 0.0), why_rank[k], lang, shown)
        hit.overloads = len(overloads[k]) - 1 or None
        if k in lifted:
            hit.why.append("listed after its constructor")
        hits.append(hit)
    return hits


# A type's constructor among the first hits brings the type right after it: "信号量" finds
# Semaphore.init first, and the type (its members, its docs) is what was asked about as often as
# its constructor. Dev task sets, mean hit@5 +0.5 points, hit@1 unchanged.
_INIT_PAIR = True
# Int64 and Float64 are Cangjie's default widths: when the query names no width (no digit, "byte",
# "unsigned", "float", "位"...), the Int8/16/32, UInt*, IntNative and Float16/32 variants of an API
# (and their atomics) keep 0.9 of their fused score, so "atomic counter increment" answers
# AtomicInt64 before AtomicInt32. Dev task sets: one question more in the top 5.
_WIDTH_DAMP = 0.9
_WIDTH_VARIANT = re.compile(r"\.(?:Atomic)?(?:U?Int(?:8|16|32|Native)|UInt64|Float(?:16|32))(?:\.|$)")
_WIDTH_WORDS = re.compile(
    r"(?i)\d|\b(?:byte|bytes|short|unsigned|uint\w*|int8|int16|int32|float\w*|native|width|bits?)\b|"
    r"字节|无符号|短整|单精度|半精度|位"
)


def _type_after_init(ordered: list[str], fused: dict[str, float], top_k: int) -> list[str]:
    """``ordered`` with each ``T`` that a route found moved right after ``T.init`` when ``T.init``
    is among the first ``top_k`` and ``T`` is not."""
    head = ordered[:top_k]
    out: list[str] = []
    for k in head:
        out.append(k)
        owner = k[: -len(".init")] if k.endswith(".init") else ""
        if owner in fused and owner not in head and owner not in out:
            out.append(owner)
    return out + [k for k in ordered if k not in out]


def _hit(
    index: SearchIndex,
    i: int,
    tokens: list[str],
    fused: float,
    bm25: float,
    why_rank: dict[str, int],
    lang: str | None,
    shown: dict[str, str],
) -> SearchHit:
    kb = index.kb
    node = index.docs[i].node
    d = kb.node(node)  # with the texts a read-only graph keeps on disk (source, code)
    kind = d.get("kind")
    matched = sorted(dict.fromkeys(shown.get(t, t) for t in index.matched_terms(i, tokens)))
    why = [f"{route} rank {r}" for route, r in sorted(why_rank.items())]
    if matched:
        why.append("matched: " + ", ".join(matched[:8]))
    common = {"id": node, "kind": kind, "score": round(fused, 6), "bm25": round(bm25, 4), "why": why}
    if kind in DOC_KINDS:
        zh = lang == "zh"
        return SearchHit(
            **common,
            qualname=node,
            name=_doc_title(kb.G, d, zh),
            signature=_doc_code(d),
            module="",
            description=_doc_text(d, zh),
            source=(d.get("source_zh") if zh else None) or d.get("source", ""),
        )
    return SearchHit(
        **common,
        qualname=d.get("qualname") or node,
        name=d.get("name", ""),
        signature=d.get("signature", "") or d.get("code", "")[:200],
        module=d.get("module", ""),
        import_=kb.import_for(node) if kind != NodeKind.EXAMPLE.value else None,
        description=short_description(d),
        source=d.get("source", "") or "",
    )


def _doc_title(G: Any, d: dict[str, Any], zh: bool) -> str:
    if d.get("kind") == NodeKind.JAVA_CONSTRUCT.value:
        return str((d.get("name_zh") if zh else None) or d.get("name", ""))
    title = (d.get("title_zh") if zh else d.get("title_en")) or d.get("name", "")
    page = G.nodes[d["page"]] if d.get("page") in G else None
    if page is not None:
        ptitle = (page.get("title_zh") if zh else page.get("title_en")) or page.get("name", "")
        return f"{ptitle} > {title}"
    return str(title)


def _doc_code(d: dict[str, Any]) -> str:
    if d.get("kind") == NodeKind.JAVA_CONSTRUCT.value:
        return str(d.get("cangjie", ""))[:400]
    for block in d.get("code") or []:
        if block.get("lang") in ("cangjie", ""):
            return str(block.get("code", ""))[:400]
    return ""


def _doc_text(d: dict[str, Any], zh: bool, limit: int = 400) -> str:
    if d.get("kind") == NodeKind.JAVA_CONSTRUCT.value:
        text = (d.get("note_zh") if zh else None) or d.get("note", "")
    else:
        text = (d.get("text_zh") if zh else d.get("text_en")) or d.get("text_en") or d.get("text_zh") or ""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_description(d: dict[str, Any], limit: int = 240) -> str:
    text: str = d.get("description_en") or d.get("description_zh") or d.get("title") or ""
    return text if len(text) <= limit else text[: limit - 1] + "…"
