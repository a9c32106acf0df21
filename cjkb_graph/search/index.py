"""BM25 entry points into the graph, with a Java-term expansion route fused by reciprocal rank.

Scores are rank-bm25's (``BM25Okapi``); to answer in well under a millisecond the index keeps,
per term, the posting list of documents and their precomputed BM25 term weights, so a query only
touches the documents that contain its terms instead of scoring the whole corpus.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import re
import struct
import sys
import threading
import zipfile
from collections import OrderedDict, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import orjson

from ..graph.files import atomic_write
from ..graph.kb import KnowledgeBase
from ..graph.store import hydrate, load_manifest, verify_saved_files
from ..kinds import EdgeKind, NodeKind
from ..text.tokenize import Segmenter, corpus_words, stem, tokenize
from .bridge import learn_bridge

__all__ = ["INDEX_ARRAYS", "INDEX_META", "INDEX_WORDS", "SearchIndex", "phrase_key", "phrase_pairs"]

_FIELD_WEIGHTS = {
    "name": 3, "qualname": 1, "signature": 2, "java": 2, "description": 1, "keywords": 2, "javadoc": 1,
    "tasks": 2, "owner": 1,
}  # fmt: skip
_MANUAL_KINDS = (NodeKind.MANUAL_PAGE.value, NodeKind.MANUAL_SECTION.value)
_JAVA_KINDS = (NodeKind.JAVA_TYPE.value, NodeKind.JAVA_MEMBER.value)
INDEX_ARRAYS = "search_index.npz"
INDEX_META = "search_index.json"
# the Chinese dictionary words the indexed text contains: queries are segmented with these alone
INDEX_WORDS = "search_words.txt"


def _is_cjk(token: str) -> bool:
    return "\u3400" <= token[0] <= "\u9fff"


@dataclass(slots=True)
class _Doc:
    node: str
    kind: str
    module: str


class _TermFloats(Mapping[str, float]):
    """term -> float through the index's term positions and one array (a saved index's idf)."""

    def __init__(self, position: dict[str, int], values: np.ndarray):
        self._position = position
        self._values = values

    def __getitem__(self, term: str) -> float:
        return float(self._values[self._position[term]])

    def __iter__(self) -> Iterator[str]:
        return iter(self._position)

    def __len__(self) -> int:
        return len(self._position)


class _LazyPostings(Mapping[str, tuple[np.ndarray, np.ndarray]]):
    """Posting lists sliced out of the saved arrays on use (loading stays in milliseconds); with
    a saved index, read from the file (``_FileArray``)."""

    # lists read from the file stay in a least-recently-used cache of at most this many bytes
    CACHE_BYTES = 2 << 20

    def __init__(self, index: dict[str, int], bounds: Any, ids: Any, ws: Any):
        self._index = index
        self._bounds = bounds
        self._ids = ids
        self._ws = ws
        self._cache: OrderedDict[str, tuple[np.ndarray, np.ndarray]] | None = (
            OrderedDict() if isinstance(ids, _FileArray) else None
        )
        self._cached_bytes = 0
        self._lock = threading.Lock()

    def __getitem__(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        i = self._index[term]
        a, b = int(self._bounds[i]), int(self._bounds[i + 1])
        if self._cache is None:
            return self._ids[a:b], self._ws[a:b]
        with self._lock:
            hit = self._cache.get(term)
            if hit is not None:
                self._cache.move_to_end(term)
                return hit
        post = (self._ids[a:b], self._ws[a:b])
        with self._lock:
            if term not in self._cache:
                self._cache[term] = post
                self._cached_bytes += post[0].nbytes + post[1].nbytes
                while self._cached_bytes > self.CACHE_BYTES and len(self._cache) > 1:
                    _, (old_ids, old_ws) = self._cache.popitem(last=False)
                    self._cached_bytes -= old_ids.nbytes + old_ws.nbytes
        return post

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


class _OpenFile:
    """A read-only file handle, closed when the last array reading from it is gone."""

    def __init__(self, path: Path):
        self.fd = os.open(path, os.O_RDONLY)

    def __del__(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            os.close(self.fd)


class _FileArray:
    """A flat array stored in a file, read slice by slice with ``pread`` (``a[i:j]`` is a new
    read-only array): the 8 MB of postings stay on disk, and a query reads only its terms' lists.
    A build replaces the file by renaming it, so this open handle keeps reading its own version."""

    def __init__(self, file: _OpenFile, offset: int, dtype: np.dtype[Any], count: int):
        self._file, self._offset, self.dtype, self._count = file, offset, dtype, count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, sl: slice) -> np.ndarray:
        a, b, _ = sl.indices(self._count)
        size = self.dtype.itemsize
        raw = os.pread(self._file.fd, max(0, b - a) * size, self._offset + a * size)
        return np.frombuffer(raw, dtype=self.dtype)


def _npz_members(path: Path) -> dict[str, Any]:
    """The arrays of an uncompressed ``.npz`` (what ``save`` writes): ``lens`` read whole, the
    others as :class:`_FileArray` over one open handle of the file."""
    file = _OpenFile(path)
    out: dict[str, Any] = {}
    with os.fdopen(os.dup(file.fd), "rb") as fh, zipfile.ZipFile(fh) as zf:
        infos = zf.infolist()
    for info in infos:
        if info.compress_type != zipfile.ZIP_STORED or not info.filename.endswith(".npy"):
            raise ValueError(f"{path}: {info.filename} is not a stored .npy member")
        name_len, extra_len = struct.unpack("<HH", os.pread(file.fd, 4, info.header_offset + 26))
        start = info.header_offset + 30 + name_len + extra_len
        head = io.BytesIO(os.pread(file.fd, min(info.file_size, 1 << 16), start))
        version = np.lib.format.read_magic(head)
        read_header = (
            np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        )
        shape, fortran, dtype = read_header(head)
        if fortran or len(shape) != 1 or dtype.hasobject:
            raise ValueError(f"{path}: {info.filename} is not a flat array")
        arr = _FileArray(file, start + head.tell(), dtype, shape[0])
        out[info.filename[:-4]] = arr[:] if info.filename == "lens.npy" else arr
    return out


def _indexed_nodes(G: nx.MultiDiGraph) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every node: API, example, manual and construct nodes are hits; Java nodes are the vocabulary
    route's entry points (never returned themselves)."""
    yield from sorted(G.nodes(data=True), key=lambda x: x[0])


def _docs_of(G: nx.MultiDiGraph) -> list[_Doc]:
    """The index's documents: every node in id order, as ``_corpus`` makes them."""
    return [
        _Doc(n, sys.intern(d.get("kind") or ""), sys.intern(d.get("module", "")))
        for n, d in _indexed_nodes(G)
    ]


def _text_fields(G: nx.MultiDiGraph, n: str, d: dict[str, Any], java_names: list[str]) -> dict[str, str]:
    kind = d.get("kind") or ""
    if kind == NodeKind.EXAMPLE.value:
        return {"name": d.get("title", ""), "description": d.get("code", "")[:1500]}
    if kind in _MANUAL_KINDS:
        page = G.nodes[d["page"]] if d.get("page") in G else {}
        return {
            "name": f"{d.get('title_en', '')} {d.get('title_zh', '')}",
            "qualname": f"{page.get('title_en', '')} {page.get('title_zh', '')}",
            "description": f"{d.get('text_en', '')[:1500]} {d.get('text_zh', '')[:1000]}",
        }
    if kind == NodeKind.JAVA_CONSTRUCT.value:
        return {
            "name": f"{d.get('name', '')} {d.get('name_zh', '')}",
            "keywords": " ".join(d.get("keywords") or []),
            "description": f"{d.get('note', '')} {d.get('note_zh', '')}",
        }
    if kind in _JAVA_KINDS:
        owner = G.nodes[d["owner"]].get("name", "") if d.get("owner") in G else ""
        return {
            "name": d.get("name", "") if d.get("name") != "<init>" else owner,
            "qualname": owner,
            "java": " ".join(d.get("aliases") or []),
            "description": d.get("note", "")[:600],
            "javadoc": " ".join(d.get("keywords") or []),
        }
    return {
        "name": d.get("name", ""),
        "qualname": d.get("qualname", ""),
        "signature": d.get("signature", "")[:400],
        "java": " ".join(java_names),
        "description": (d.get("description_en", "") + " " + d.get("description_zh", ""))[:1200],
        "tasks": "\n".join(d.get("tasks") or []),  # one phrase a line (see phrase_pairs)
        # a member's type in the user's words ("哈希表", "dictionary"): "哈希表插入键值对" names
        # the type and the member's task, and only the member has both
        "owner": "\n".join(G.nodes[d["owner"]].get("tasks") or []) if d.get("owner") in G else "",
    }


def phrase_pairs(tokens: list[str]) -> list[str]:
    """Ordered pairs of neighbouring tokens (``string>int``): they tell "string to int" from "int to
    string", which the words alone do not. Task phrases are indexed with them; queries add them."""
    return [f"{a}>{b}" for a, b in pairwise(tokens) if a != b]


def phrase_key(tokens: list[str]) -> list[str]:
    """The whole phrase as one token (``=convert>string>int``), for two words or more: a query that
    is exactly a curated task phrase finds the API that owns it, not one whose phrase shares a part."""
    return ["=" + ">".join(tokens)] if len(tokens) > 1 else []


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _corpus(G: nx.MultiDiGraph) -> tuple[list[_Doc], list[list[str]]]:
    """One token list per node: name, qualname, signature, Java aliases and descriptions, weighted."""
    hydrate(G)  # a read-only graph's long texts back into its node dicts: they are indexed
    java_names: dict[str, list[str]] = defaultdict(list)
    for u, v, k in G.edges(keys=True):
        if k == EdgeKind.MAPS_TO.value:
            d = G.nodes[u]
            java_names[v].append(d.get("qualname") or u)
            java_names[v].append(d.get("name", ""))
    docs: list[_Doc] = []
    corpus: list[list[str]] = []
    for n, d in _indexed_nodes(G):
        kind = d.get("kind") or ""
        text_fields = _text_fields(G, n, d, java_names.get(n, []))
        toks: list[str] = []
        for fname, text in text_fields.items():
            if not text:
                continue
            if fname == "tasks":
                for phrase in text.split("\n"):
                    words = tokenize(phrase)
                    toks.extend((words + phrase_pairs(words) + phrase_key(words)) * _FIELD_WEIGHTS[fname])
            else:
                toks.extend(tokenize(text) * _FIELD_WEIGHTS[fname])
        docs.append(_Doc(n, kind, d.get("module", "")))
        corpus.append(toks or ["_empty_"])
    return docs, corpus


class SearchIndex:
    """Inverted index over node text with rank-bm25 weights, for one graph."""

    def __init__(
        self,
        kb: KnowledgeBase,
        docs: list[_Doc],
        postings: Mapping[str, tuple[np.ndarray, np.ndarray]],
        idf: Mapping[str, float],
        bridge: dict[str, Any] | None = None,
    ):
        self.kb = kb
        # Chinese query segmentation: jieba over the index's own words when the saved index has
        # them (see text.tokenize), else jieba's full dictionary
        self.segmenter: Segmenter | None = None
        self._bridge = bridge
        self._synonyms: tuple[dict[str, set[str]], list[tuple[str, set[str]]]] | None = None
        self.docs = docs
        self.postings = postings
        self.idf = idf
        self.n = len(docs)
        # kinds and modules as small integer codes (one per distinct value), not arrays of strings
        self._kind_code: dict[str, int] = {}
        self._module_code: dict[str, int] = {}
        self.kind_codes = np.array(
            [self._kind_code.setdefault(d.kind, len(self._kind_code)) for d in docs], np.int32
        )
        self.module_codes = np.array(
            [self._module_code.setdefault(d.module, len(self._module_code)) for d in docs], np.int32
        )
        self.pos = {d.node: i for i, d in enumerate(docs)}
        self._kind_masks: dict[tuple[str, ...], np.ndarray] = {}
        self._factors: dict[tuple[tuple[str, ...], float], np.ndarray] = {}
        self._symbols: list[tuple[re.Pattern[str], list[str]]] | None = None
        self._titles: tuple[dict[str, list[int]], dict[int, int]] | None = None
        # (node, edge kind, limit) -> targets by rank; keyed by graph nodes, so bounded by the graph
        self.out_targets_cache: dict[tuple[str, str, int], list[str]] = {}
        G = kb.G
        self.glossary: dict[str, list[str]] = {
            k.lower(): v for k, v in (G.graph.get("glossary") or {}).items()
        }
        self._java_by_name: dict[str, list[str]] = defaultdict(list)
        for n, d in G.nodes(data=True):
            if d.get("kind") in (NodeKind.JAVA_TYPE.value, NodeKind.JAVA_MEMBER.value):
                self._java_by_name[d["name"].lower()].append(n)
                if d.get("kind") == NodeKind.JAVA_MEMBER.value:
                    owner = G.nodes[d["owner"]].get("name", "") if d.get("owner") in G else ""
                    self._java_by_name[f"{owner}.{d['name']}".lower()].append(n)
                for a in d.get("aliases") or []:
                    self._java_by_name[a.lower()].append(n)

    @classmethod
    def build(cls, kb: KnowledgeBase) -> SearchIndex:
        """Tokenize every node and index it with rank-bm25 (about 2 s for the full graph)."""
        docs, corpus = _corpus(kb.G)
        from rank_bm25 import BM25Okapi  # only to build: a saved index loads without it

        bm25 = BM25Okapi(corpus)
        k1, b, avgdl = bm25.k1, bm25.b, bm25.avgdl
        plist: dict[str, tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
        for i, freqs in enumerate(bm25.doc_freqs):
            norm = k1 * (1 - b + b * bm25.doc_len[i] / avgdl)
            for term, tf in freqs.items():
                ids, ws = plist[term]
                ids.append(i)
                ws.append(tf * (k1 + 1) / (tf + norm))
        postings = {
            t: (np.asarray(ids, dtype=np.int32), np.asarray(ws, dtype=np.float64))
            for t, (ids, ws) in plist.items()
        }
        return cls(kb, docs, postings, dict(bm25.idf), learn_bridge(kb.G))

    @property
    def bridge(self) -> dict[str, Any]:
        """Chinese word -> [(English word, association)], learned from the bilingual docs
        (``search.bridge``); saved with the index, learned on first use for an older index."""
        if self._bridge is None:
            hydrate(self.kb.G)  # learning reads every description
            self._bridge = learn_bridge(self.kb.G)
        return self._bridge

    def save(self, data_dir: Path) -> None:
        """Write the index next to the graph (atomically), so loading it takes milliseconds."""
        terms = sorted(self.postings)
        lens = np.array([len(self.postings[t][0]) for t in terms], dtype=np.int64)
        ids = np.concatenate([self.postings[t][0] for t in terms]) if terms else np.zeros(0, np.int32)
        ws = np.concatenate([self.postings[t][1] for t in terms]) if terms else np.zeros(0)
        meta = {
            "graph_sha256": self.kb.graph_sha256,
            "terms": terms,
            "idf": [self.idf.get(t, 0.0) for t in terms],
            # the documents are the graph's nodes in id order (_indexed_nodes): loading derives
            # them from the graph the sha256 above names instead of parsing 21k lists
            "doc_count": len(self.docs),
            "zh_en_bridge": self.bridge,
        }
        buf = io.BytesIO()
        np.savez(buf, lens=lens, ids=ids, ws=ws)
        atomic_write(data_dir / INDEX_ARRAYS, buf.getvalue())
        atomic_write(data_dir / INDEX_META, orjson.dumps(meta))
        # every text of every node (not only the indexed, truncated fields): queries quoting any
        # Chinese text of the graph segment as that text does
        texts = (t for _, d in self.kb.G.nodes(data=True) for t in _strings(d))
        atomic_write(data_dir / INDEX_WORDS, Segmenter(*corpus_words(texts)).to_bytes())

    @classmethod
    def load(cls, kb: KnowledgeBase, data_dir: Path) -> SearchIndex | None:
        """The saved index when it belongs to this graph and matches the manifest's sha256, else None
        (the caller rebuilds it in memory; a mismatch is logged as a warning)."""
        bad = verify_saved_files(data_dir, load_manifest(data_dir), (INDEX_ARRAYS, INDEX_META, INDEX_WORDS))
        if bad:
            logging.getLogger("cjkb_graph").warning(
                "%s in %s do(es) not match the manifest's sha256: rebuilding the search index in memory "
                "(run `cjkb-graph build --force` to repair the files)",
                ", ".join(bad),
                data_dir,
            )
            return None
        try:
            meta = orjson.loads((data_dir / INDEX_META).read_bytes())
            if meta.get("graph_sha256") != kb.graph_sha256 or not kb.graph_sha256:
                return None
            try:
                arrays = _npz_members(data_dir / INDEX_ARRAYS)
            except (OSError, ValueError, zipfile.BadZipFile):  # not laid out as `save` writes it: read it
                with np.load(data_dir / INDEX_ARRAYS) as npz:
                    arrays = {k: npz[k] for k in ("lens", "ids", "ws")}
            lens, ids, ws = arrays["lens"], arrays["ids"], arrays["ws"]
            # one term -> position dict for the postings and the idf; bounds and idf as arrays (34k
            # terms: Python ints and floats in a list and a second dict cost about 3.5 MB more)
            bounds = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)
            terms = meta["terms"]
            position = {t: i for i, t in enumerate(terms)}
            postings = _LazyPostings(position, bounds, ids, ws)
            # the graph's own node-id strings and one string per kind/module, not copies of them
            docs = _docs_of(kb.G)
            if len(docs) != meta["doc_count"]:
                return None
            if len(meta["idf"]) != len(terms):
                return None
            idf: Mapping[str, float] = _TermFloats(position, np.asarray(meta["idf"], dtype=np.float64))
            bridge = meta.get("zh_en_bridge")
        except Exception:  # missing, torn (BadZipFile) or foreign files: the caller rebuilds it in memory
            return None
        index = cls(kb, docs, postings, idf, bridge)
        # without the word list, queries are segmented with jieba's full dictionary
        with contextlib.suppress(OSError, ValueError, UnicodeDecodeError):
            index.segmenter = Segmenter.from_file(data_dir / INDEX_WORDS)
        return index

    def tokenize(self, text: str, stemmed: bool = True) -> list[str]:
        """Query tokens, segmented as this index's text was (see ``segmenter``)."""
        return tokenize(text, segment=self.segmenter.segment if self.segmenter else None, stemmed=stemmed)

    def shown_terms(self, query: str) -> dict[str, str]:
        """Index term -> the query's word it came from (``descend`` -> ``descending``), for ``why``."""
        # one segmentation: the stems are the raw tokens stemmed one by one, as tokenize does
        return {s: w for w in self.tokenize(query, stemmed=False) if (s := stem(w)) != w}

    # ------------------------------------------------------------------ scoring
    def scores(self, tokens: list[str]) -> np.ndarray:
        """Dense BM25 scores (identical to ``BM25Okapi.get_scores``) computed from postings."""
        score = np.zeros(self.n)
        for t in tokens:
            post = self.postings.get(t)
            if post is None:
                continue
            ids, ws = post
            score[ids] += (self.idf.get(t) or 0.0) * ws
        return score

    def weighted_scores(self, weights: Mapping[str, float]) -> np.ndarray:
        """BM25 scores with a weight per query term (bridged words carry their association)."""
        score = np.zeros(self.n)
        for t, w in weights.items():
            post = self.postings.get(t)
            if post is not None:
                ids, ws = post
                score[ids] += w * (self.idf.get(t) or 0.0) * ws
        return score

    def matched_terms(self, i: int, tokens: list[str]) -> list[str]:
        """The query's words in node ``i``'s text (word pairs left out)."""
        out = []
        for t in dict.fromkeys(tokens):
            if ">" in t:  # word pairs and whole phrases
                continue
            post = self.postings.get(t)
            if post is not None:
                j = int(np.searchsorted(post[0], i))
                if j < len(post[0]) and post[0][j] == i:
                    out.append(t)
        return sorted(out)

    def ranked(
        self,
        tokens: list[str],
        kinds: tuple[str, ...] | None,
        module: str | None,
        limit: int,
        score: np.ndarray | None = None,
    ) -> list[tuple[int, float]]:
        """The ``limit`` best documents of the given kinds (and module); ``score`` when precomputed."""
        if score is None:
            score = self.scores(tokens)
        mask = score > 0
        if kinds:
            kmask = self._kind_masks.get(kinds)
            if kmask is None:
                codes = [self._kind_code[k] for k in kinds if k in self._kind_code]
                kmask = self._kind_masks[kinds] = np.isin(self.kind_codes, codes)
            mask &= kmask
        if module:
            mask &= self.module_codes == self._module_code.get(module, -1)
        idx = np.nonzero(mask)[0]
        if idx.size == 0:
            return []
        vals = score[idx]
        if idx.size > limit:
            part = np.argpartition(-vals, limit - 1)[:limit]
            idx, vals = idx[part], vals[part]
        order = sorted(
            zip(idx.tolist(), vals.tolist(), strict=True), key=lambda x: (-x[1], self.docs[x[0]].node)
        )
        return order[:limit]

    @property
    def synonym_groups(self) -> tuple[dict[str, set[str]], list[tuple[str, set[str]]]]:
        """The graph's synonym groups as index terms: English stem -> the other words' stems, and
        (Chinese word, the other words' terms); made on first use."""
        if self._synonyms is None:
            en: dict[str, set[str]] = defaultdict(set)
            zh: dict[str, set[str]] = defaultdict(set)
            groups = self.kb.G.graph.get("synonyms") or {}
            for words in groups.get("en") or []:
                stems = [tuple(self.tokenize(w)) for w in words]
                for key in stems:
                    if len(key) == 1:
                        en[key[0]].update(t for other in stems if other != key for t in other)
            for words in groups.get("zh") or []:
                # one-character pieces of a segmented word (切掉 -> 切, 掉) are noise, not synonyms
                terms = [{t for t in self.tokenize(w) if len(t) > 1 or not _is_cjk(t)} for w in words]
                for w, own in zip(words, terms, strict=True):
                    zh[w].update(t for other in terms for t in other if t not in own)
            self._synonyms = (dict(en), sorted(zh.items(), key=lambda kv: (-len(kv[0]), kv[0])))
        return self._synonyms

    def title_postings(self) -> tuple[dict[str, list[int]], dict[int, int]]:
        """Title token -> the documents whose title holds it, and each document's title length, for
        manual pages, sections and Java constructs (their titles in both languages); made on first use."""
        if self._titles is None:
            G = self.kb.G
            post: dict[str, list[int]] = defaultdict(list)
            sizes: dict[int, int] = {}
            for i, d in enumerate(self.docs):
                if d.kind not in (*_MANUAL_KINDS, NodeKind.JAVA_CONSTRUCT.value):
                    continue
                a = G.nodes[d.node]
                text = f"{a.get('title_en', '')} {a.get('title_zh', '')} {a.get('name', '')} {a.get('name_zh', '')}"
                toks = set(self.tokenize(text))
                for t in toks:
                    post[t].append(i)
                if toks:
                    sizes[i] = len(toks)
            self._titles = (dict(post), sizes)
        return self._titles

    def prefix_factors(self, prefixes: tuple[str, ...], factor: float) -> np.ndarray:
        """Per-document score factors: ``factor`` for nodes whose id starts with one of
        ``prefixes``, 1 for the others (made once per argument pair)."""
        key = (prefixes, factor)
        cached = self._factors.get(key)
        if cached is None:
            cached = np.ones(self.n)
            for i, d in enumerate(self.docs):
                if d.node.startswith(prefixes):
                    cached[i] = factor
            self._factors[key] = cached
        return cached

    def symbol_terms(self, query: str) -> list[str]:
        """Index terms for the operator symbols in a query (``**`` -> power, exponentiation), from
        the synonym table's ``symbols`` patterns."""
        if self._symbols is None:
            rows = (self.kb.G.graph.get("synonyms") or {}).get("symbols") or []
            self._symbols = [(re.compile(r[0]), self.tokenize(" ".join(r[1:]))) for r in rows]
        out: dict[str, None] = {}
        for pattern, terms in self._symbols:
            if pattern.search(query):
                out.update(dict.fromkeys(terms))
        return list(out)

    def synonym_terms(self, query: str, tokens: list[str]) -> list[str]:
        """Index terms the synonym groups add to a query (its own terms left out)."""
        en, zh = self.synonym_groups
        own = set(tokens)
        out: dict[str, None] = {}
        for t in tokens:
            for s in sorted(en.get(t, ())):
                if s not in own:
                    out[s] = None
        low = query.lower()
        for word, terms in zh:
            if word in low:
                for s in sorted(terms):
                    if s not in own:
                        out[s] = None
        return list(out)

    def glossary_terms(self, query: str) -> list[str]:
        """Cangjie terms the imported glossaries give for the query's words."""
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", query)
        return list(dict.fromkeys(t for w in words for t in self.glossary.get(w.lower(), [])))

    def java_expansion(self, query: str) -> tuple[list[str], list[str]]:
        """Cangjie nodes (via maps_to) and glossary terms for Java symbols named in the query."""
        G = self.kb.G
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*", query)
        targets: list[str] = []
        terms: list[str] = []
        for w in words:
            cands = [w, w.split(".")[-1]] if "." in w else [w]
            if "." in w:
                parts = w.split(".")
                cands.insert(0, ".".join(parts[-2:]))
            for c in cands:
                java_nodes = self._java_by_name.get(c.lower(), [])
                for jn in sorted(java_nodes):
                    edges = sorted(
                        ((d.get("rank", 0), v) for _, v, k, d in G.out_edges(jn, keys=True, data=True)
                         if k == EdgeKind.MAPS_TO.value),
                    )  # fmt: skip
                    targets.extend(v for _, v in edges[:3])
                terms.extend(self.glossary.get(c.lower(), []))
                if java_nodes:
                    break
        return list(dict.fromkeys(targets)), list(dict.fromkeys(terms))
