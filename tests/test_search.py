"""BM25 entry points: rank-bm25's scores, filters, Java expansion, explanations and limits."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.search.index import SearchIndex, _corpus
from cjkb_graph.search.query import search
from cjkb_graph.text.tokenize import tokenize


def test_tokenizer_splits_code_and_chinese() -> None:
    toks = tokenize("HashMap<K, V>.getOrDefault to_string 字符串分割")
    assert {"hashmap", "hash", "map", "getordefault", "get", "default", "string", "字符", "分割"} <= set(toks)
    assert "<" not in "".join(toks)


def test_scores_are_rank_bm25s(real_kb: KnowledgeBase, real_engine: Engine) -> None:
    index: SearchIndex = real_engine.index
    _, corpus = _corpus(real_kb.G)
    reference = BM25Okapi(corpus)
    for q in ["hash map add", "将字符串转换为整数", "sleep duration", "regex"]:
        toks = tokenize(q)
        assert np.allclose(index.scores(toks), reference.get_scores(toks))


def test_saved_index_matches_built_one(real_kb: KnowledgeBase) -> None:
    saved = SearchIndex.load(real_kb, real_kb.cfg.data_dir)
    assert saved is not None
    built = SearchIndex.build(real_kb)
    toks = tokenize("array list remove at index")
    assert np.allclose(saved.scores(toks), built.scores(toks))


def test_search_finds_and_explains(real_engine: Engine) -> None:
    top = real_engine.search("sort a list descending", top_k=3)[0]
    assert (top.qualname, top.module, top.import_) == ("std.sort.sort", "std.sort", "import std.sort.*")
    # plain task words reach it through the Java vocabulary (task words -> Java names -> maps_to)
    assert "java_vocabulary rank 1" in top.why
    assert "matched: descending, list, sort" in top.why
    zh = real_engine.search("字符串 分割", top_k=5)
    # split leads (the Chinese -> English bridge reaches it through Java's split); its two
    # overloads are one hit, which says so
    assert zh[0].qualname == "std.core.String.split" and zh[0].overloads == 1
    assert len({h.qualname for h in zh}) == len(zh)
    assert "std.core.String.lazySplit" in [h.qualname for h in zh]
    assert zh[0].import_ is None  # std.core needs no import


def test_plain_words_find_integer_parsing(real_engine: Engine) -> None:
    hits = real_engine.search("parse integer from string", top_k=5)
    assert "std.convert.Int64.parse" in [h.qualname for h in hits]


def test_java_expansion_route(real_engine: Engine) -> None:
    hits = real_engine.search("Integer.parseInt", top_k=3)
    # one hit per API: Int64.parse stands for its two overloads; the Int32 one and the non-throwing
    # Int64.tryParse (Guava's Ints.tryParse maps there) follow
    assert [h.qualname for h in hits] == [
        "std.convert.Int64.parse",
        "std.convert.Int64.tryParse",
        "std.convert.Int32.parse",
    ]
    assert hits[0].overloads == 1
    assert "java_expansion rank 1" in hits[0].why


def test_filters(real_engine: Engine) -> None:
    hits = real_engine.search("remove", module="std.collection", kind="member", top_k=20)
    assert len(hits) == 20 and all(h.module == "std.collection" and h.kind == "member" for h in hits)
    # a member named exactly "remove" leads (which collection's is a tie between equal docs)
    assert hits[0].name == "remove" and hits[0].qualname.startswith("std.collection.")
    ex = real_engine.search("HashMap add", kind="example", top_k=3)
    assert [h.kind for h in ex] == ["example"] * 3
    assert ex[0].id.startswith("example:std/collection/collection_package_samples/sample_hashmap_")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"query": ""}, "empty"),
        ({"query": "x" * 1001}, "limit is 1000"),
        ({"query": "map", "top_k": 51}, "1..50"),
        ({"query": "map", "kind": "klass"}, "unknown kind"),
        ({"query": "map", "module": "std.nope"}, "list_modules"),
    ],
)
def test_limits(real_engine: Engine, kwargs: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        search(real_engine.index, **kwargs)


@pytest.mark.parametrize("meta", [b"[]", b'{"graph_sha256": null}', b'{"terms": 3}'])
def test_foreign_saved_index_is_rebuilt_in_memory(tmp_path: Path, meta: bytes) -> None:
    from cjkb_graph.config import Config
    from cjkb_graph.pipeline import build_and_save

    fixtures = Path(__file__).resolve().parent / "fixtures"
    cfg = Config(
        corpus_roots=[fixtures / "docs_mini"], data_dir=tmp_path / "d", java_tables=tmp_path / "none"
    )
    build_and_save(cfg, force=True)
    kb = KnowledgeBase.load(cfg=cfg)
    if meta == b'{"graph_sha256": null}':
        meta = b'{"graph_sha256": "%s", "terms": ["a"], "idf": [], "docs": 5}' % kb.graph_sha256.encode()
    (cfg.data_dir / "search_index.json").write_bytes(meta)
    assert SearchIndex.load(kb, cfg.data_dir) is None
    hits = Engine(kb).search("put", top_k=3)
    assert hits[0].qualname is not None and hits[0].qualname.endswith(".put")


@pytest.mark.parametrize(
    "query",
    ["读取文件的所有行", "sort a list of strings by length", "HashMap iterate entries", "线程池提交任务"],
)
def test_a_longer_list_starts_with_the_shorter_one(real_engine: Engine, query: str) -> None:
    # each route used to be read 3 * top_k deep, so asking for 25 hits reordered the first ten
    short = [h.qualname or h.id for h in real_engine.search(query, top_k=10)]
    long = [h.qualname or h.id for h in real_engine.search(query, top_k=25)]
    assert long[:10] == short and len(long) == 25 and len(set(long)) == 25
    docs_short = [h.id for h in real_engine.search_docs(query, top_k=10)]
    docs_long = [h.id for h in real_engine.search_docs(query, top_k=25)]
    assert docs_long[:10] == docs_short
