"""One tokenizer for code and prose: identifiers split on case and underscores, Chinese as bigrams."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["split_identifier", "tokenize"]

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


def tokenize(text: str, bigrams: bool = True) -> list[str]:
    """Lower-cased tokens of code or prose; generics are stripped by splitting on punctuation."""
    tokens: list[str] = []
    for m in _WORD.finditer(text):
        w = m.group(0)
        c = w[0]
        if "\u3400" <= c <= "\u9fff":
            if len(w) == 1:
                tokens.append(w)
            elif bigrams:
                tokens.extend(w[i : i + 2] for i in range(len(w) - 1))
            else:
                tokens.extend(w)
            continue
        for t in split_identifier(w):
            if t not in _STOP and (len(t) > 1 or t.isdigit()):
                tokens.append(t)
    return tokens
