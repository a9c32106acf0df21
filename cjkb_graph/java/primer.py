"""A short primer for Java programmers writing Cangjie, generated from the construct table
(``graph_data/language/java_constructs.yaml``): one line per key construct, the first sentence of
its curated note. The MCP server puts it in its instructions (kept under ``PRIMER_MAX_CHARS``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

__all__ = ["PRIMER_IDS", "PRIMER_MAX_CHARS", "java_primer"]

PRIMER_MAX_CHARS = 1500
# the constructs a Java programmer trips over first, in this order
PRIMER_IDS = (
    "null-check",
    "ternary",
    "switch-string",
    "checked-exceptions",
    "try-with-resources",
    "string-interpolation",
    "integer-overflow",
    "numeric-casts",
    "char-vs-rune",
    "anonymous-class",
    "labelled-break",
    "synchronized",
    "varargs",
    "struct-value-type",
)
_SENTENCE = re.compile(r"^(.+?\.)(?:\s|$)", re.S)


def _first_sentence(text: str, limit: int) -> str:
    text = " ".join(text.split())
    m = _SENTENCE.match(text)
    out = m.group(1) if m else text
    if len(out) < 40:  # "There is no null.": say what to write instead, too
        m2 = _SENTENCE.match(text[len(out) :].strip())
        out = f"{out} {m2.group(1) if m2 else text[len(out) :].strip()}"
    return out if len(out) <= limit else out[: limit - 1].rstrip() + "…"


def java_primer(path: str | Path, max_chars: int = PRIMER_MAX_CHARS) -> str:
    """The primer text, or "" when the table cannot be read (the server then goes without it)."""
    try:
        data: Any = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        rows = {str(c["id"]): c for c in data["constructs"] if isinstance(c, dict) and "id" in c}
    except (OSError, yaml.YAMLError, KeyError, TypeError):
        return ""
    head = "Java -> Cangjie primer (more: search_docs; resolve_java_code lists a snippet's constructs):"
    lines = [head]
    size = len(head)
    for cid in PRIMER_IDS:
        c = rows.get(cid)
        if c is None:
            continue
        line = f"- {c.get('name', cid)}: {_first_sentence(str(c.get('note', '')), 100)}"
        if size + len(line) + 1 > max_chars:
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines) if len(lines) > 1 else ""
