"""Load ``graph_data/vocabulary/synonyms.yaml``: groups of words a user may swap in a task question
("biggest" / "largest", "截取" / "截断"), English and Chinese (format: graph_data/vocabulary/README.md).

No networkx here: the build puts the groups on the graph (``G.graph["synonyms"]``) and the search
index turns them into query expansions. A file that cannot be read or parsed, an unknown key and a
group with fewer than two words are warnings naming ``file:line``; the other groups still load.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from .yaml_lines import item_lines

__all__ = ["DEFAULT_PATH", "LANGS", "load_synonyms"]

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "graph_data" / "vocabulary" / "synonyms.yaml"
LANGS = ("en", "zh")


def _group(value: Any, where: str, warnings: list[str]) -> list[str] | None:
    if not isinstance(value, list):
        warnings.append(f"{where}: a group must be a list of words; skipped")
        return None
    words = list(dict.fromkeys(" ".join(str(v).split()).lower() for v in value if v is not None))
    words = [w for w in words if w]
    if len(words) < 2:
        warnings.append(f"{where}: a group needs at least two words; skipped")
        return None
    return words


def load_synonyms(path: str | os.PathLike[str] | None = None) -> tuple[dict[str, list[list[str]]], list[str]]:
    """``{"en": [[word, ...], ...], "zh": [...]}`` and warnings. A missing file gives no groups and
    no warning (the table is optional)."""
    p = Path(path) if path is not None else DEFAULT_PATH
    out: dict[str, list[list[str]]] = {lang: [] for lang in LANGS}
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
    for key in sorted(set(data) - set(LANGS), key=str):
        warnings.append(f"synonym table {label}: unknown top-level key {key!r} ignored (allowed: en, zh)")
    for lang in LANGS:
        groups = data.get(lang)
        if groups is None:
            continue
        if not isinstance(groups, list):
            warnings.append(f"synonym table {label}: '{lang}' must be a list of groups; skipped")
            continue
        lines = item_lines(text, lang)
        for i, value in enumerate(groups):
            where = f"{label}:{lines[i] if i < len(lines) else '?'}"
            words = _group(value, where, warnings)
            if words:
                out[lang].append(words)
    return out, warnings
