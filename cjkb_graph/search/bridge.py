"""A Chinese -> English word bridge learned from the bilingual API docs.

Most API nodes carry the same description in English and Chinese (``description_en`` /
``description_zh``), and the manual's sections are merged en + zh: a parallel corpus. For each
Chinese word the bridge keeps the English words (description words and the node's own name words)
that co-occur with it most strongly over those aligned pairs, measured by the Dice coefficient of
their document frequencies. A Chinese task query ("获取文件大小") is then also searched with its
bridged English words ("file", "size", ...), in its own fused route.

The table is computed from the corpus at build time and saved with the search index (the ignored
build folder); nothing here is written by hand.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

import networkx as nx

from ..kinds import NodeKind
from ..text.tokenize import tokenize

__all__ = ["MIN_DICE", "MIN_PAIRS", "PER_WORD", "bridge_weights", "learn_bridge"]

MIN_PAIRS = 3  # a (zh, en) pair must co-occur in at least this many aligned documents
MIN_DICE = 0.08  # and be at least this strongly associated
PER_WORD = 5  # English words kept per Chinese word
_API_KINDS = (NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value, NodeKind.MODULE.value)
_MANUAL_KINDS = (NodeKind.MANUAL_SECTION.value,)


def _is_zh(tok: str) -> bool:
    return "\u3400" <= tok[0] <= "\u9fff"


def _aligned_pairs(G: nx.MultiDiGraph) -> Iterator[tuple[set[str], set[str]]]:
    """(Chinese words, English words) of every node written in both languages."""
    for _, d in G.nodes(data=True):
        kind = d.get("kind")
        if kind in _API_KINDS:
            en_text, zh_text = d.get("description_en") or "", d.get("description_zh") or ""
            names = [d.get("name") or ""]
        elif kind in _MANUAL_KINDS:
            en_text, zh_text = d.get("title_en") or "", d.get("title_zh") or ""
            names = []
        else:
            continue
        if not en_text or not zh_text:
            continue
        zh = {t for t in tokenize(zh_text) if _is_zh(t)}
        en = {t for t in tokenize(en_text) if not _is_zh(t) and not t.isdigit()}
        for name in names:
            # the name's words, not the compound (``toString`` -> to, string; not "tostring")
            parts = tokenize(name)
            en.update(parts[1:] or parts)
        if zh and en:
            yield zh, en


def learn_bridge(
    G: nx.MultiDiGraph, min_pairs: int = MIN_PAIRS, min_dice: float = MIN_DICE, per_word: int = PER_WORD
) -> dict[str, list[tuple[str, float]]]:
    """Chinese word -> up to ``per_word`` (English word, Dice) pairs, strongest first."""
    return _learn(_aligned_pairs(G), min_pairs, min_dice, per_word)


def _learn(
    pairs: Iterable[tuple[set[str], set[str]]], min_pairs: int, min_dice: float, per_word: int
) -> dict[str, list[tuple[str, float]]]:
    pairs = list(pairs)
    vocab: Counter[str] = Counter(e for _, en in pairs for e in en)
    df_zh: Counter[str] = Counter()
    df_en: Counter[str] = Counter()
    co: dict[str, Counter[str]] = defaultdict(Counter)
    for zh, en_words in pairs:
        en = {_base(e, vocab) for e in en_words}
        df_zh.update(zh)
        df_en.update(en)
        for z in zh:
            co[z].update(en)
    table: dict[str, list[tuple[str, float]]] = {}
    for z, row in co.items():
        scored = [(e, 2 * c / (df_zh[z] + df_en[e])) for e, c in row.items() if c >= min_pairs]
        best = sorted((x for x in scored if x[1] >= min_dice), key=lambda x: (-x[1], x[0]))[:per_word]
        if best:
            table[z] = [(e, round(s, 4)) for e, s in best]
    return table


def _base(word: str, vocab: Counter[str]) -> str:
    """The base form of an inflected English word when the corpus has it (``adds`` -> ``add``,
    ``parsing`` -> ``parse``; the most frequent candidate wins): API names use base forms,
    descriptions the third person."""
    best, best_n = word, 0
    for suffix, repl in (
        ("ies", "y"),
        ("es", ""),
        ("s", ""),
        ("ed", ""),
        ("ed", "e"),
        ("ing", ""),
        ("ing", "e"),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            cand = word[: -len(suffix)] + repl
            if vocab.get(cand, 0) > best_n:
                best, best_n = cand, vocab[cand]
    return best


def bridge_weights(table: dict[str, Any], tokens: Iterable[str]) -> dict[str, float]:
    """English words (with weights) bridged from the Chinese words of a query; each Chinese word
    spreads weight 1 over its words in proportion to their association."""
    out: dict[str, float] = defaultdict(float)
    for z in dict.fromkeys(t for t in tokens if _is_zh(t)):
        row = table.get(z)
        if not row:
            continue
        total = sum(s for _, s in row)
        for e, s in row:
            out[e] += s / total
    return dict(out)
