"""Load ``graph_data/language/java_constructs.yaml``: Java language constructs and how to write them
in Cangjie (format: ``graph_data/language/README.md``).

No networkx here: :func:`cjkb_graph.graph.manual.add_constructs_layer` turns the records into nodes;
:mod:`cjkb_graph.resolve.constructs` finds the constructs in Java code from those nodes' ``detect``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .yaml_lines import item_lines

__all__ = [
    "DEFAULT_PATH",
    "ConstructError",
    "JavaConstruct",
    "load_constructs",
]

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "graph_data" / "language" / "java_constructs.yaml"
REQUIRED = ("id", "name", "name_zh", "java", "cangjie", "note", "note_zh", "keywords", "manual", "detect")
DETECT_KEYS = {"ast", "requires", "modifiers", "regex", "mode"}
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ConstructError(Exception):
    """The construct table is missing or not a YAML mapping with a ``constructs`` list."""


@dataclass
class JavaConstruct:
    id: str
    name: str
    name_zh: str
    java: str
    cangjie: str
    note: str
    note_zh: str
    keywords: list[str]
    manual: list[str]
    detect: dict[str, Any]
    apis: list[str] = field(default_factory=list)
    source: str = ""  # <file>#L<line>


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value]


def _check_detect(detect: Any, where: str, warnings: list[str]) -> dict[str, Any]:
    if not isinstance(detect, dict):
        warnings.append(f"{where}: detect must be a mapping with ast/requires/modifiers/regex")
        return {}
    out: dict[str, Any] = {}
    for key, value in detect.items():
        if key not in DETECT_KEYS:
            warnings.append(f"{where}: unknown detect key {key!r} ignored")
            continue
        if key == "mode":
            if value not in ("any", "all"):
                warnings.append(f"{where}: detect mode must be 'any' or 'all'; 'any' used")
                continue
            out[key] = value
        elif key == "regex":
            try:
                re.compile(str(value))
            except re.error as err:
                warnings.append(f"{where}: detect regex does not compile ({err}); ignored")
                continue
            out[key] = str(value)
        else:
            out[key] = _as_list(value)
    if not out.get("ast") and not out.get("regex"):
        warnings.append(f"{where}: detect needs an ast list or a regex")
    return out


def load_constructs(
    path: str | os.PathLike[str] | None = None, label: str | None = None
) -> tuple[list[JavaConstruct], list[str]]:
    """Parse the construct table; return the constructs and warnings about skipped/odd entries."""
    p = Path(path) if path is not None else DEFAULT_PATH
    label = label or (
        p.relative_to(DEFAULT_PATH.parent.parent.parent).as_posix() if p == DEFAULT_PATH else p.name
    )
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise ConstructError(f"construct table '{p}' cannot be read ({err.strerror})") from err
    except UnicodeDecodeError as err:
        raise ConstructError(f"construct table '{p}' is not UTF-8") from err
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise ConstructError(f"construct table '{p}' is not valid YAML: {err}") from err
    if not isinstance(data, dict) or not isinstance(data.get("constructs"), list):
        raise ConstructError(f"construct table '{p}' needs a top-level 'constructs:' list")
    lines = item_lines(text, "constructs")
    warnings: list[str] = []
    out: list[JavaConstruct] = []
    seen: set[str] = set()
    for i, entry in enumerate(data["constructs"]):
        where = f"{label}:{lines[i] if i < len(lines) else '?'}"
        if not isinstance(entry, dict):
            warnings.append(f"{where}: entry is not a mapping; skipped")
            continue
        missing = [k for k in REQUIRED if not entry.get(k)]
        if missing:
            warnings.append(f"{where}: missing {', '.join(missing)}; skipped")
            continue
        cid = str(entry["id"])
        if not _ID_RE.match(cid):
            warnings.append(f"{where}: id {cid!r} is not lower-case-with-dashes; skipped")
            continue
        if cid in seen:
            warnings.append(f"{where}: duplicate id {cid!r}; skipped")
            continue
        seen.add(cid)
        out.append(
            JavaConstruct(
                id=cid,
                name=str(entry["name"]),
                name_zh=str(entry["name_zh"]),
                java=str(entry["java"]).rstrip(),
                cangjie=str(entry["cangjie"]).rstrip(),
                note=" ".join(str(entry["note"]).split()),
                note_zh=" ".join(str(entry["note_zh"]).split()),
                keywords=_as_list(entry["keywords"]),
                manual=_as_list(entry["manual"]),
                detect=_check_detect(entry["detect"], where, warnings),
                apis=_as_list(entry.get("apis")),
                source=f"{label}#L{lines[i]}" if i < len(lines) else label,
            )
        )
    return out, warnings
