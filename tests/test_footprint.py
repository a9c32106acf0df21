"""Start-up footprint: Chinese queries are segmented with the index's own words, not jieba's 80 MB
dictionary, and give the tokens the full dictionary gives on the text the index holds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cjkb_graph.config import Config
from cjkb_graph.engine import Engine
from cjkb_graph.search.index import INDEX_WORDS
from cjkb_graph.text.tokenize import Segmenter, corpus_words, segment_chinese, tokenize

pytestmark = pytest.mark.corpus

_RUN = re.compile(r"[\u3400-\u9fff]{2,}")


def test_index_words_segment_indexed_text_as_the_full_dictionary(real_engine: Engine) -> None:
    segmenter = real_engine.index.segmenter
    assert segmenter is not None, f"the saved index has no {INDEX_WORDS}"
    assert 3000 < len(segmenter.words) < 20000  # the index's words, not jieba's 349,046
    runs = sorted(
        {run for n in real_engine.G for run in _RUN.findall(real_engine.kb.attr(n, "description_zh") or "")}
    )
    assert len(runs) > 2000
    differ = [r for r in runs if segmenter.segment(r) != segment_chinese(r)]
    assert differ == []


def test_a_word_list_segments_only_with_its_words() -> None:
    """The control: a list without the word 字符串 splits it, so the test above can fail."""
    words, total = corpus_words(["整数转字符串"])
    assert "字符串" in words and "整数" in words
    full = Segmenter(words, total)
    assert tokenize("字符串转整数", segment=full.segment) == tokenize("字符串转整数")
    without = Segmenter({w: f for w, f in words.items() if w != "字符串"}, total)
    assert "字符串" not in tokenize("字符串转整数", segment=without.segment)


def test_word_list_file_round_trip_and_bad_file(tmp_path: Path) -> None:
    seg = Segmenter({"读取": 100, "文件": 200}, 1000)
    path = tmp_path / INDEX_WORDS
    path.write_bytes(seg.to_bytes())
    back = Segmenter.from_file(path)
    assert (back.words, back.total) == (seg.words, seg.total)
    path.write_text("读取 100\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a word list"):
        Segmenter.from_file(path)


def test_chinese_search_in_a_fresh_process_leaves_the_full_dictionary_unloaded(real_cfg: Config) -> None:
    code = (
        "import json, jieba\n"
        "from cjkb_graph.engine import Engine\n"
        f"e = Engine.load({str(real_cfg.data_dir)!r})\n"
        "hits = e.search('字符串转整数', top_k=5)\n"
        "print(json.dumps({'full_dictionary_loaded': jieba.dt.initialized, 'top': [h.qualname for h in hits]}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["full_dictionary_loaded"] is False
    assert result["top"][0] == "std.convert.Int64.parse", result  # segmented: 字符串 / 转 / 整数


def test_saved_postings_are_read_from_the_file_and_equal_the_saved_arrays(real_engine: Engine) -> None:
    """The posting lists are read from search_index.npz on use (not held in memory), equal to
    np.load's; a least-recently-used cache keeps at most CACHE_BYTES of them."""
    import numpy as np

    from cjkb_graph.search.index import INDEX_ARRAYS, _FileArray, _LazyPostings, _npz_members

    path = real_engine.cfg.data_dir / INDEX_ARRAYS
    members = _npz_members(path)
    assert isinstance(members["ids"], _FileArray) and isinstance(members["ws"], _FileArray)
    with np.load(path) as npz:
        assert np.array_equal(members["lens"], npz["lens"])
        for name in ("ids", "ws"):
            whole = members[name][:]
            assert whole.dtype == npz[name].dtype and np.array_equal(whole, npz[name])
            assert np.array_equal(members[name][5:17], npz[name][5:17]) and not whole.flags.writeable
    postings = real_engine.index.postings
    assert isinstance(postings, _LazyPostings) and isinstance(postings._ids, _FileArray)
    bounds = np.concatenate([[0], np.cumsum(members["lens"])])
    with np.load(path) as npz:
        for i, term in enumerate(list(postings)[:200]):
            ids, ws = postings[term]
            assert np.array_equal(ids, npz["ids"][bounds[i] : bounds[i + 1]])
            assert np.array_equal(ws, npz["ws"][bounds[i] : bounds[i + 1]])
    small = _LazyPostings(
        {t: i for i, t in enumerate(postings)}, bounds.tolist(), members["ids"], members["ws"]
    )
    small.CACHE_BYTES = 10_000
    for term in list(postings)[:3000]:
        small[term]
    assert small._cached_bytes <= 10_000 or len(small._cache) == 1


def test_a_compressed_npz_is_refused(tmp_path: Path) -> None:
    import numpy as np

    from cjkb_graph.search.index import _npz_members

    np.savez_compressed(tmp_path / "x.npz", ids=np.arange(5))
    with pytest.raises(ValueError, match="not a stored"):
        _npz_members(tmp_path / "x.npz")
    np.savez(tmp_path / "y.npz", ids=np.arange(5, dtype=np.int32), lens=np.array([2, 3]))
    got = _npz_members(tmp_path / "y.npz")
    assert got["ids"][:].tolist() == [0, 1, 2, 3, 4] and got["ids"][1:3].tolist() == [1, 2]
    assert got["lens"].tolist() == [2, 3]


def test_jieba_is_imported_without_pkg_resources_and_its_hmm_on_first_use() -> None:
    """jieba imports pkg_resources (about 6 MB) only to open its own files, and its HMM (3.5 MB)
    serves only HMM=True: neither is loaded for our segmentation, and HMM=True still works."""
    code = (
        "import json, sys\n"
        "from cjkb_graph.text.tokenize import Segmenter, _import_jieba, tokenize\n"
        "seg = Segmenter({'字符串': 100, '整数': 100}, 1000)\n"
        "toks = tokenize('字符串转整数', segment=seg.segment)\n"
        "state = ['pkg_resources' in sys.modules, 'jieba.finalseg.prob_emit' in sys.modules]\n"
        "hmm = _import_jieba().lcut('他来到了网易杭研大厦', HMM=True)\n"
        "print(json.dumps([toks, state, hmm, 'jieba.finalseg.prob_emit' in sys.modules]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True
    )
    toks, state, hmm, loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert "字符串" in toks and "整数" in toks
    assert state == [False, False]
    assert "杭研" in hmm and loaded  # an unknown word found by the HMM, loaded when first needed
