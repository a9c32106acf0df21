"""Load ``graph_data/language/task_terms.yaml``: Chinese task words -> English search words.

No networkx here: the pipeline stores the table on the graph (``G.graph["zh_terms"]``).
"""

from __future__ import annotations

import os
from pathlib import Path

import yaml

__all__ = ["DEFAULT_PATH", "load_task_terms"]

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "graph_data" / "language" / "task_terms.yaml"


def load_task_terms(path: str | os.PathLike[str] | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """The table (word -> English words) and warnings; a missing or malformed file is a warning."""
    p = Path(path) if path is not None else DEFAULT_PATH
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError) as err:
        return {}, [f"{p}: task terms not loaded ({err})"]
    terms = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(terms, dict):
        return {}, [f"{p}: no `terms` mapping; task terms not loaded"]
    out: dict[str, list[str]] = {}
    warnings: list[str] = []
    for word, english in terms.items():
        if isinstance(english, str):
            english = [english]
        if (
            not isinstance(word, str)
            or not isinstance(english, list)
            or not all(isinstance(e, str) for e in english)
        ):
            warnings.append(f"{p}: entry {word!r} is not `word: [english, ...]`; skipped")
            continue
        out[word] = list(english)
    return out, warnings
