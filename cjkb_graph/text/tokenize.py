"""One tokenizer for code and prose: identifiers split on case and underscores, Chinese segmented
into words by jieba (search mode: a long word also yields its shorter dictionary words).

jieba is imported and its dictionary loaded on the first Chinese text, once, under a lock, with its
log messages silenced; segmentation with the bundled dictionary is deterministic.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

__all__ = ["segment_chinese", "split_identifier", "tokenize"]

_JIEBA: Any = None
_JIEBA_LOCK = threading.Lock()
# function words of Chinese questions that carry no topic (kept out of the index and the queries)
_ZH_STOP = frozenset(
    {"的", "了", "在", "是", "和", "与", "或", "把", "被", "将", "对", "中", "里", "个", "一个", "吗", "呢",
     "怎么", "如何", "怎样", "什么", "为什么", "哪个", "哪些", "可以", "能", "要", "用", "使用", "我", "你",
     "有", "没有", "一", "这", "那", "该", "时", "时候"}
)  # fmt: skip


def _jieba() -> Any:
    global _JIEBA
    if _JIEBA is None:
        with _JIEBA_LOCK:
            if _JIEBA is None:
                import jieba

                jieba.setLogLevel(logging.WARNING)
                logging.getLogger("jieba").setLevel(logging.WARNING)
                jieba.initialize()
                _JIEBA = jieba
    return _JIEBA


@lru_cache(maxsize=65536)
def segment_chinese(run: str) -> tuple[str, ...]:
    """Words of a run of Chinese characters (jieba's search mode), function words dropped."""
    if len(run) == 1:
        return () if run in _ZH_STOP else (run,)
    words = _jieba().lcut_for_search(run, HMM=False)
    return tuple(w for w in words if w.strip() and w not in _ZH_STOP)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[\u3400-\u9fff]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[0-9]|\b)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_STOP = frozenset(
    {"the", "a", "an", "of", "to", "in", "is", "and", "or", "for", "on", "by", "be", "as", "it", "this", "that",
     "with", "from", "at", "if", "are", "which", "its", "public", "func", "let", "var"}
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


def tokenize(text: str, words: bool = True) -> list[str]:
    """Lower-cased tokens of code or prose; generics are stripped by splitting on punctuation.

    Chinese runs are segmented into words (``words=False``: single characters instead).
    """
    tokens: list[str] = []
    for m in _WORD.finditer(text):
        w = m.group(0)
        c = w[0]
        if "\u3400" <= c <= "\u9fff":
            if words:
                tokens.extend(segment_chinese(w))
            else:
                tokens.extend(w)
            continue
        for t in split_identifier(w):
            if t not in _STOP and (len(t) > 1 or t.isdigit()):
                tokens.append(t)
    return tokens
