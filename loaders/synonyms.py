"""Load ``graph_data/vocabulary/synonyms.yaml``: groups of words a user may swap in a task question
("biggest" / "largest", "截取" / "截断"), English and Chinese, and the words operator symbols stand
for (``**`` -> power; format: graph_data/vocabulary/README.md).

No networkx here: the build puts the groups on the graph (``G.graph["synonyms"]``) and the search
index turns them into query expansions. A file that cannot be read or parsed, an unknown key, a
group with fewer than two words and a symbol pattern that does not compile are warnings naming
``file:line``; the other entries still load.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import yaml

from .yaml_lines import item_lines

__all__ = ["DEFAULT_PATH", "LANGS", "load_synonyms"]

_KEYS = (*("en", "zh"), "symbols")

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "graph_data" / "vocabulary" / "synonyms.yaml"
LANGS = ("en", "zh")


def _words(value: list[Any]) -> list[str]:
    words = dict.fromkeys(" ".join(str(v).split()).lower() for v in value if v is not None)
    return [w for w in words if w]


def _group(value: Any, where: str, warnings: list[str]) -> list[str] | None:
    if not isinstance(value, list):
        warnings.append(f"{where}: a group must be a list of words; skipped")
        return None
    words = _words(value)
    if len(words) < 2:
        warnings.append(f"{where}: a group needs at least two words; skipped")
        return None
    return words


def _symbol(value: Any, where: str, warnings: list[str]) -> list[str] | None:
    """``[pattern, word, ...]`` of a ``symbols`` entry (``{pattern, words}``), or None with a warning."""
    if not isinstance(value, dict) or set(value) != {"pattern", "words"}:
        warnings.append(f"{where}: a symbol entry needs exactly 'pattern' and 'words'; skipped")
        return None
    pattern = value["pattern"]
    try:
        re.compile(str(pattern))
    except re.error as err:
        warnings.append(f"{where}: pattern {pattern!r} is not a valid regular expression ({err}); skipped")
        return None
    words = _words(value["words"]) if isinstance(value["words"], list) else []
    if not words:
        warnings.append(f"{where}: 'words' must be a list of at least one word; skipped")
        return None
    return [str(pattern), *words]


def load_synonyms(path: str | os.PathLike[str] | None = None) -> tuple[dict[str, list[list[str]]], list[str]]:
    """``{"en": [[word, ...], ...], "zh": [...], "symbols": [[pattern, word, ...], ...]}`` and
    warnings. A missing file gives no groups and no warning (the table is optional)."""
    p = Path(path) if path is not None else DEFAULT_PATH
    out: dict[str, list[list[str]]] = {key: [] for key in _KEYS}
    warnings: list[str] = []
    if not p.is_file():
        return out, warnings
    label = p.name
    try:
        text = p.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
    except OSError as err:
        return out, [f"synonym table {label}: cannot be read ({err.strerror}); skipped"]
    except UnicodeDecodeError:
        return out, [f"synonym table {label}: not UTF-8; skipped"]
    except yaml.YAMLError as err:
        return out, [f"synonym table {label}: not valid YAML ({' '.join(str(err).split())}); skipped"]
    if data is None:
        return out, warnings
    if not isinstance(data, dict):
        return out, [f"synonym table {label}: needs top-level 'en:' and 'zh:' lists; skipped"]
    for key in sorted(set(data) - set(_KEYS), key=str):
        warnings.append(
            f"synonym table {label}: unknown top-level key {key!r} ignored (allowed: en, zh, symbols)"
        )
    for lang in _KEYS:
        groups = data.get(lang)
        if groups is None:
            continue
        if not isinstance(groups, list):
            warnings.append(f"synonym table {label}: '{lang}' must be a list; skipped")
            continue
        lines = item_lines(text, lang)
        for i, value in enumerate(groups):
            where = f"{label}:{lines[i] if i < len(lines) else '?'}"
            words = _symbol(value, where, warnings) if lang == "symbols" else _group(value, where, warnings)
            if words:
                out[lang].append(words)
    return out, warnings
