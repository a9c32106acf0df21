#!/usr/bin/env python3
"""The real-world methods with their class around them: the file's imports and the enclosing
class's field declarations, as a user who pastes the class (not only the method) gives them.

The hand-checked samples are whole methods cut out of their files, so a field's declared type
(``serverMap`` a ``ConcurrentHashMap``, ``logger`` the project's own) is not visible to the resolver.
This writes each method again with that context, keeping the method's lines where they were: line 1
is ``import ...; class Name { `` followed by the method's own first line, and the fields come after
the method. The labels (method id, call text, line) match unchanged, so
``benchmarks/realworld.py --methods OUT/heldoutN_methods.jsonl --checked .cjkb/realworld/heldoutN_calls.jsonl``
scores the same calls with the context known.

    .venv/bin/python benchmarks/realworld_context.py --mirrors /work/.mirror \\
        .cjkb/realworld/heldout42_methods.jsonl ...      # -> .cjkb/realworld_context/

Reads materialised method files (``realworld_materialise.py``) and the files from the mirrors. A
method whose file does not parse, or whose class is not found, is written as it was (counted).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import javalang

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realworld_materialise import Mirrors, RefError, write_atomically

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / ".cjkb" / "realworld_context"
_TYPES = (javalang.tree.ClassDeclaration, javalang.tree.EnumDeclaration, javalang.tree.InterfaceDeclaration)
_OPEN, _CLOSE = "({[", ")}]"


def _offsets(src: str) -> list[int]:
    starts, pos = [0], 0
    for line in src.splitlines(keepends=True):
        pos += len(line)
        starts.append(pos)
    return starts


def _field_text(src: str, starts: list[int], tokens: list, index: int) -> str | None:
    """The source of the declaration starting at token ``index``, up to its ``;`` at depth 0."""
    depth = 0
    for tok in tokens[index:]:
        if tok.value in _OPEN:
            depth += 1
        elif tok.value in _CLOSE:
            depth -= 1
        elif tok.value == ";" and depth == 0:
            first = tokens[index].position
            a = starts[first.line - 1] + first.column - 1
            b = starts[tok.position.line - 1] + tok.position.column
            return " ".join(src[a:b].split())
    return None


def class_context(src: str, line: int, end_line: int) -> tuple[str, list[str]] | None:
    """``(header, fields)`` for the method at lines line..end_line: the file's imports and the
    innermost class declaring it on one line, and that class's field declarations."""
    try:
        tree = javalang.parse.parse(src)
        tokens = list(javalang.tokenizer.tokenize(src))
    except Exception:  # javalang raises many kinds: such a file is no input here
        return None
    by_pos = {(t.position.line, t.position.column): i for i, t in enumerate(tokens)}
    owner = None
    try:
        for _, node in (hit for kind in _TYPES for hit in tree.filter(kind)):
            members = [*getattr(node, "methods", []), *getattr(node, "constructors", [])]
            declares = any(m.position and line <= m.position.line <= end_line for m in members)
            if declares and (owner is None or node.position.line >= owner.position.line):  # innermost
                owner = node
    except RecursionError:
        return None
    if owner is None:
        return None
    starts = _offsets(src)
    fields = []
    for f in getattr(owner, "fields", []):
        pos = f.position or (f.type.position if getattr(f, "type", None) is not None else None)
        i = by_pos.get((pos.line, pos.column)) if pos else None
        text = _field_text(src, starts, tokens, i) if i is not None else None
        if text:
            fields.append(text)
    imports = [
        f"import {'static ' if imp.static else ''}{imp.path}{'.*' if imp.wildcard else ''};"
        for imp in tree.imports
    ]
    return " ".join([*imports, f"class {owner.name} {{ "]), fields


def with_context(row: dict, mirrors: Mirrors) -> tuple[dict, bool]:
    src = mirrors.show(row["repo"], row["commit"], row["path"])
    n_lines = row["java"].count("\n") + 1
    ctx = class_context(src, row["line"], row["line"] + n_lines - 1)
    if ctx is None:
        return row, False
    header, fields = ctx
    java = header + row["java"] + "\n" + "\n".join(fields) + "\n}\n"
    return {**row, "java": java}, True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "methods", nargs="+", type=Path, help="materialised method files (.cjkb/realworld/*_methods.jsonl)"
    )
    ap.add_argument("--mirrors", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    a = ap.parse_args(argv)
    mirrors = Mirrors(a.mirrors)
    texts: dict[str, str] = {}
    for path in a.methods:
        if not path.is_file():
            print(f"error: {path} is not a file (materialise the sets first)", file=sys.stderr)
            return 2
        rows, done = [], 0
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if "java" not in row:
                print(f"error: {path} holds references, not methods: materialise it first", file=sys.stderr)
                return 2
            try:
                row, ok = with_context(row, mirrors)
            except RefError as e:
                print(f"error: {e}", file=sys.stderr)
                return 2
            done += ok
            rows.append(json.dumps(row, ensure_ascii=False))
        texts[path.name] = "\n".join(rows) + "\n"
        print(f"{a.out / path.name}: {done} of {len(rows)} methods with their class's imports and fields")
    write_atomically(a.out, texts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
