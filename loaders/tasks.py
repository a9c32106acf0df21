"""Load ``graph_data/tasks/*.yaml``: everyday tasks in plain words (English and Chinese) for the
Cangjie APIs that do them (format: ``graph_data/tasks/README.md``).

No networkx here: :func:`cjkb_graph.graph.tasks.add_task_phrases` puts the phrases on the API nodes.
A file that cannot be read or parsed, an entry without ``api`` or without phrases, and an unknown
key are warnings; the other files and entries still load.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .yaml_lines import item_lines

__all__ = ["DEFAULT_DIR", "ENTRY_KEYS", "TaskEntry", "load_tasks"]

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "graph_data" / "tasks"
ENTRY_KEYS = frozenset({"api", "en", "zh"})
_FILE_KEYS = frozenset({"area", "tasks"})


@dataclass(frozen=True)
class TaskEntry:
    api: str  # Cangjie qualname (every overload) or member id (one)
    en: tuple[str, ...]
    zh: tuple[str, ...]
    source: str  # <file>#L<line>


def _phrases(value: Any, where: str, key: str, warnings: list[str]) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        warnings.append(f"{where}: {key} must be a list of phrases; ignored")
        return ()
    out = [" ".join(str(v).split()) for v in value if v is not None and str(v).strip()]
    return tuple(dict.fromkeys(out))


def _load_file(path: Path, warnings: list[str]) -> list[TaskEntry]:
    label = path.name
    try:
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
    except OSError as err:
        warnings.append(f"task table {label}: cannot be read ({err.strerror}); skipped")
        return []
    except UnicodeDecodeError:
        warnings.append(f"task table {label}: not UTF-8; skipped")
        return []
    except yaml.YAMLError as err:
        warnings.append(f"task table {label}: not valid YAML ({' '.join(str(err).split())}); skipped")
        return []
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), list):
        warnings.append(f"task table {label}: needs a top-level 'tasks:' list; skipped")
        return []
    for key in sorted(set(data) - _FILE_KEYS):
        warnings.append(f"task table {label}: unknown top-level key {key!r} ignored (allowed: area, tasks)")
    lines = item_lines(text, "tasks")
    out: list[TaskEntry] = []
    for i, entry in enumerate(data["tasks"]):
        line = lines[i] if i < len(lines) else 0
        where = f"{label}:{line or '?'}"
        if not isinstance(entry, dict):
            warnings.append(f"{where}: entry is not a mapping; skipped")
            continue
        for key in sorted(set(entry) - ENTRY_KEYS):
            warnings.append(f"{where}: unknown key {key!r} ignored (allowed: api, en, zh)")
        api = entry.get("api")
        if not isinstance(api, str) or not api.strip():
            warnings.append(f"{where}: missing api; skipped")
            continue
        en = _phrases(entry.get("en"), where, "en", warnings)
        zh = _phrases(entry.get("zh"), where, "zh", warnings)
        if not en and not zh:
            warnings.append(f"{where}: {api} has no en or zh phrases; skipped")
            continue
        out.append(TaskEntry(api.strip(), en, zh, f"{label}#L{line}"))
    return out


def load_tasks(directory: str | os.PathLike[str] | None = None) -> tuple[list[TaskEntry], list[str]]:
    """Every entry of every ``*.yaml`` file in ``directory`` (sorted by file name), and warnings.

    A missing directory gives no entries and no warning (the tables are optional)."""
    d = Path(directory) if directory is not None else DEFAULT_DIR
    warnings: list[str] = []
    entries: list[TaskEntry] = []
    if not d.is_dir():
        return entries, warnings
    for path in sorted([*d.glob("*.yaml"), *d.glob("*.yml")]):
        entries.extend(_load_file(path, warnings))
    return entries, warnings
