"""The Chinese -> English bridge learned from the bilingual docs (``search.bridge``) and the fused
routes it feeds for Chinese task queries."""

from __future__ import annotations

from collections import Counter

import pytest

import cjkb_graph.search.query as query_mod
from cjkb_graph.engine import Engine
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.search.bridge import _base, _learn, bridge_weights
from cjkb_graph.search.index import SearchIndex
from cjkb_graph.text.tokenize import stem


def test_learns_the_word_pairs_that_co_occur() -> None:
    pairs = [
        ({"文件", "读取"}, {"file", "read", "the"}),
        ({"文件", "写入"}, {"file", "write", "the"}),
        ({"文件", "删除"}, {"file", "remove", "the"}),
        ({"读取", "字节"}, {"read", "bytes", "the"}),
        ({"读取", "行"}, {"read", "line", "the"}),
        ({"队列"}, {"queue", "the"}),
    ]
    table = _learn(pairs, min_pairs=2, min_dice=0.5, per_word=1)
    assert table["文件"] == [("file", 1.0)]
    assert table["读取"] == [("read", 1.0)]
    # a pair seen once is not evidence; "the" co-occurs with everything but is never the best
    assert "队列" not in table and "写入" not in table


def test_base_form_is_the_most_frequent_candidate() -> None:
    vocab = Counter({"create": 50, "creat": 1, "add": 9, "match": 4, "parse": 7})
    assert _base("creates", vocab) == "create"
    assert _base("created", vocab) == "create"
    assert _base("adds", vocab) == "add"
    assert _base("matches", vocab) == "match"
    assert _base("parsing", vocab) == "parse"
    assert _base("unknowns", vocab) == "unknowns"


def test_bridge_weights_spread_one_per_chinese_word() -> None:
    table = {"文件": [["file", 0.9], ["directory", 0.3]], "删除": [["remove", 0.6]]}
    w = bridge_weights(table, ["删除", "文件", "file", "未知"])
    assert w == pytest.approx({"file": 0.75, "directory": 0.25, "remove": 1.0})


def test_real_bridge_is_learned_and_saved(real_kb: KnowledgeBase, real_engine: Engine) -> None:
    bridge = real_engine.index.bridge
    # the English side holds index terms (stems): "remove" is indexed as "remov"
    assert "file" in [e for e, _ in bridge["文件"]]
    assert stem("remove") == "remov" and "remov" in [e for e, _ in bridge["删除"]]
    assert "random" in [e for e, _ in bridge["随机"]]
    saved = SearchIndex.load(real_kb, real_kb.cfg.data_dir)
    assert saved is not None and saved._bridge is not None  # read from the saved index, not relearned
    assert {k: [list(p) for p in v] for k, v in saved.bridge.items()} == {
        k: [list(p) for p in v] for k, v in bridge.items()
    }


def test_chinese_task_query_reaches_the_api_through_the_bridge(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def top5(q: str) -> list[str]:
        return [h.qualname for h in real_engine.search(q, top_k=5)]

    # (queries the task phrases of graph_data/tasks do not answer on their own)
    hits = real_engine.search("按条件删除列表中的元素", top_k=5)
    hit = next(h for h in hits if h.qualname == "std.collection.ArrayList.removeIf")
    assert any(w.startswith("zh_bridge") for w in hit.why)
    assert "std.collection.HashMap.mapValues" in top5("把哈希表中的每个值都转换一下，生成新的映射")
    # without the bridge routes these Chinese queries miss their API
    monkeypatch.setattr(query_mod, "_bridge_routes", lambda *a, **k: [])
    assert "std.collection.ArrayList.removeIf" not in top5("按条件删除列表中的元素")
    assert "std.collection.HashMap.mapValues" not in top5("把哈希表中的每个值都转换一下，生成新的映射")


def test_bridge_routes_only_for_chinese_queries(real_engine: Engine) -> None:
    for q in ["sort a list descending", "Integer.parseInt", "read file"]:
        assert not any("zh_bridge" in w for h in real_engine.search(q, top_k=5) for w in h.why)
