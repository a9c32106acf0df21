"""One tokenizer for code and prose: identifiers split on case and underscores, Chinese segmented
into words by jieba (search mode: a long word also yields its shorter dictionary words).

jieba is imported and its dictionary loaded on the first Chinese text, once, under a lock, with its
log messages silenced; segmentation with the bundled dictionary is deterministic.

The bundled dictionary costs about 80 MB and 0.5 s to load. A search index only needs the words
its own text contains: :func:`corpus_words` lists them at build time and a :class:`Segmenter` over
that list (a few thousand words) segments queries. A Chinese run made only of indexed text
segments exactly as with the full dictionary (every dictionary word inside it is kept, with its
frequency and the full dictionary's total); a run with words the index never saw can differ,
but only in how it splits words no document contains.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import types
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["Segmenter", "corpus_words", "segment_chinese", "split_identifier", "stem", "tokenize"]

_JIEBA: Any = None
_JIEBA_LOCK = threading.Lock()
# function words of Chinese questions that carry no topic (kept out of the index and the queries)
_ZH_STOP = frozenset(
    {"的", "了", "在", "是", "和", "与", "或", "把", "被", "将", "对", "中", "里", "个", "一个", "吗", "呢",
     "怎么", "如何", "怎样", "什么", "为什么", "哪个", "哪些", "可以", "能", "要", "用", "使用", "我", "你",
     "有", "没有", "一", "这", "那", "该", "时", "时候"}
)  # fmt: skip


def _import_jieba() -> Any:
    """``import jieba`` without ``pkg_resources`` and with ``jieba.finalseg`` loaded lazily.

    jieba imports ``pkg_resources`` only to open its own data files and falls back to plain paths
    without it; importing it costs about 6 MB (it scans every installed distribution). Its HMM
    (``finalseg``, 3.5 MB of probabilities) serves only ``HMM=True`` segmentation, which this
    module never asks for: it is loaded on first use."""
    if "jieba" in sys.modules:
        return sys.modules["jieba"]
    blocked = "pkg_resources" not in sys.modules
    if blocked:
        sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # `import pkg_resources` -> ImportError
    try:
        _lazy_finalseg()
        import jieba
    finally:
        if blocked and sys.modules.get("pkg_resources", 0) is None:
            del sys.modules["pkg_resources"]
    return jieba


class _OnFirstUse(types.ModuleType):
    """A module whose code runs when one of its names is first used (import statements only look
    at ``__spec__``/``__path__``, which are set)."""

    def __getattr__(self, name: str) -> Any:
        loader = self.__dict__.pop("_cjkb_loader", None)
        if loader is None or name.startswith("__"):
            raise AttributeError(name)
        loader.exec_module(self)
        return getattr(self, name)


def _lazy_finalseg() -> None:
    import importlib.util

    if "jieba.finalseg" in sys.modules:
        return
    spec = importlib.util.find_spec("jieba")  # finds it without running it
    if spec is None or not spec.submodule_search_locations:
        return
    pkg = Path(next(iter(spec.submodule_search_locations))) / "finalseg"
    sub = importlib.util.spec_from_file_location(
        "jieba.finalseg", pkg / "__init__.py", submodule_search_locations=[str(pkg)]
    )
    if sub is None or sub.loader is None:
        return
    module = _OnFirstUse(sub.name)
    module.__spec__, module.__loader__, module.__file__ = sub, sub.loader, sub.origin
    module.__path__, module.__package__ = [str(pkg)], sub.name
    module._cjkb_loader = sub.loader  # type: ignore[attr-defined]
    sys.modules[sub.name] = module


def _jieba() -> Any:
    global _JIEBA
    if _JIEBA is None:
        with _JIEBA_LOCK:
            if _JIEBA is None:
                jieba = _import_jieba()

                jieba.setLogLevel(logging.WARNING)
                logging.getLogger("jieba").setLevel(logging.WARNING)
                jieba.initialize()
                _JIEBA = jieba
    return _JIEBA


def _segment(tokenizer: Any, run: str) -> tuple[str, ...]:
    if len(run) == 1:
        return () if run in _ZH_STOP else (run,)
    words = tokenizer.lcut_for_search(run, HMM=False)
    return tuple(w for w in words if w.strip() and w not in _ZH_STOP)


@lru_cache(maxsize=65536)
def segment_chinese(run: str) -> tuple[str, ...]:
    """Words of a run of Chinese characters (jieba's search mode), function words dropped."""
    return _segment(_jieba(), run) if len(run) > 1 else _segment(None, run)


_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")
_TOTAL_HEADER = "# jieba total "


def corpus_words(texts: Iterable[str]) -> tuple[dict[str, int], int]:
    """The bundled dictionary's words that occur in ``texts`` (with their frequencies), and its total."""
    jb = _jieba()
    freq: dict[str, int] = jb.dt.FREQ
    found: dict[str, int] = {}
    runs = {run for text in texts for run in _CJK_RUN.findall(text)}
    for run in sorted(runs):
        for start, ends in jb.dt.get_DAG(run).items():
            for end in ends:
                word = run[start : end + 1]
                if freq.get(word):
                    found[word] = freq[word]
    return dict(sorted(found.items())), int(jb.dt.total)


class Segmenter:
    """jieba over a word list (see the module docstring); jieba's tokenizer is made on first use."""

    def __init__(self, words: dict[str, int], total: int):
        self.words = words
        self.total = total
        self._tokenizer: Any = None
        self._lock = threading.Lock()
        self.segment: Callable[[str], tuple[str, ...]] = lru_cache(maxsize=16384)(self._segment)

    def _segment(self, run: str) -> tuple[str, ...]:
        if len(run) == 1:
            return _segment(None, run)
        with self._lock:
            if self._tokenizer is None:
                jieba = _import_jieba()
                tk = jieba.Tokenizer()
                pfdict = dict(self.words)
                for word in self.words:  # jieba's prefix entries (frequency 0), as gen_pfdict makes them
                    for i in range(1, len(word)):
                        pfdict.setdefault(word[:i], 0)
                tk.FREQ, tk.total, tk.initialized = pfdict, self.total, True
                self._tokenizer = tk
        return _segment(self._tokenizer, run)

    def to_bytes(self) -> bytes:
        lines = [f"{_TOTAL_HEADER}{self.total}"] + [f"{w} {f}" for w, f in self.words.items()]
        return ("\n".join(lines) + "\n").encode("utf-8")

    @classmethod
    def from_file(cls, path: Path) -> Segmenter:
        """ValueError when the file is not a word list :meth:`to_bytes` wrote."""
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines or not lines[0].startswith(_TOTAL_HEADER):
            raise ValueError(f"{path} is not a word list (no '{_TOTAL_HEADER.strip()}' header)")
        total = int(lines[0][len(_TOTAL_HEADER) :])
        words: dict[str, int] = {}
        for line in lines[1:]:
            word, _, freq = line.partition(" ")
            words[word] = int(freq)
        return cls(words, total)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[\u3400-\u9fff]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[0-9]|\b)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_STOP = frozenset(
    {"the", "a", "an", "of", "to", "in", "is", "and", "or", "for", "on", "by", "be", "as", "it", "this", "that",
     "with", "from", "at", "are", "which", "its", "public"}
)  # fmt: skip


@lru_cache(maxsize=65536)
def split_identifier(word: str) -> tuple[str, ...]:
    """``getOrDefault`` -> (getordefault, get, or, default); ``to_string`` -> (to_string, to, string)."""
    low = word.lower()
    parts: list[str] = []
    for chunk in word.split("_"):
        parts.extend(p.lower() for p in _CAMEL.findall(chunk))
    out = [low]
    out.extend(p for p in parts if p != low)
    return tuple(out)


def tokenize(
    text: str,
    words: bool = True,
    segment: Callable[[str], tuple[str, ...]] | None = None,
    stemmed: bool = True,
) -> list[str]:
    """Lower-cased tokens of code or prose; generics are stripped by splitting on punctuation.

    English words are reduced to their stems (``stemmed=False``: as written, for display).
    Chinese runs are segmented into words (``words=False``: single characters instead) by
    ``segment`` (default: jieba with its bundled dictionary).
    """
    segment = segment or segment_chinese
    tokens: list[str] = []
    for m in _WORD.finditer(text):
        w = m.group(0)
        c = w[0]
        if "\u3400" <= c <= "\u9fff":
            if words:
                tokens.extend(segment(w))
            else:
                tokens.extend(w)
            continue
        for t in split_identifier(w):
            if t not in _STOP and (len(t) > 1 or t.isdigit()):
                tokens.append(stem(t) if stemmed else t)
    return tokens


_STEMMER: Any = None
_STEMMER_LOCK = threading.Lock()  # a PyStemmer object must not be used by two threads at once


@lru_cache(maxsize=131072)
def stem(word: str) -> str:
    """The English stem of a lower-case word (Snowball): ``numbers`` -> ``number``, ``parsing`` ->
    ``pars``; digits, short words and non-ASCII words (Chinese) as they are."""
    global _STEMMER
    if len(word) <= 3 or not word.isascii() or not word.isalpha():
        return word
    with _STEMMER_LOCK:
        if _STEMMER is None:
            import Stemmer  # PyStemmer: Snowball's C stemmers, one language loaded (about 1 MB)

            _STEMMER = Stemmer.Stemmer("english")
        return str(_STEMMER.stemWord(word))
