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
    assert "std.convert" in result["top"], result  # the package of the string-to-number parsers


def _buffer_owner(a: object) -> object:
    while getattr(a, "base", None) is not None:
        a = a.base  # type: ignore[attr-defined]
    return a.obj if isinstance(a, memoryview) else a


def test_saved_postings_are_mapped_not_copied_and_equal_the_saved_arrays(real_engine: Engine) -> None:
    """The posting arrays are read-only views of the mapped search_index.npz, equal to np.load's."""
    import mmap

    import numpy as np

    from cjkb_graph.search.index import INDEX_ARRAYS, _mapped_npz

    path = real_engine.cfg.data_dir / INDEX_ARRAYS
    mapped = _mapped_npz(path)
    with np.load(path) as npz:
        for name in ("lens", "ids", "ws"):
            assert mapped[name].dtype == npz[name].dtype and np.array_equal(mapped[name], npz[name])
            assert not mapped[name].flags.writeable
            assert isinstance(_buffer_owner(mapped[name]), mmap.mmap)
    postings = real_engine.index.postings
    ids, _ = postings[next(iter(postings))]
    assert isinstance(_buffer_owner(ids), mmap.mmap)  # the engine's index uses the mapping too


def test_a_compressed_npz_is_refused_by_the_mapper(tmp_path: Path) -> None:
    import numpy as np

    from cjkb_graph.search.index import _mapped_npz

    np.savez_compressed(tmp_path / "x.npz", ids=np.arange(5))
    with pytest.raises(ValueError, match="not a stored"):
        _mapped_npz(tmp_path / "x.npz")
    np.savez(tmp_path / "y.npz", ids=np.arange(5, dtype=np.int32))
    assert _mapped_npz(tmp_path / "y.npz")["ids"].tolist() == [0, 1, 2, 3, 4]


def test_jieba_is_imported_without_pkg_resources() -> None:
    """jieba imports pkg_resources (about 6 MB) only to open its own files; the segmenter blocks it."""
    code = (
        "import sys\n"
        "from cjkb_graph.text.tokenize import Segmenter, tokenize\n"
        "seg = Segmenter({'字符串': 100, '整数': 100}, 1000)\n"
        "print(tokenize('字符串转整数', segment=seg.segment), 'pkg_resources' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.split()[-1] == "False", out.stdout
    assert "字符串" in out.stdout and "整数" in out.stdout
