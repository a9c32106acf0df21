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
        {
            run
            for _, d in real_engine.G.nodes(data=True)
            for run in _RUN.findall(d.get("description_zh") or "")
        }
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
