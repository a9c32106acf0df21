#!/usr/bin/env python3
"""Add the missing supertypes of the tables' JDK types to cjkb_graph/java/jdk_facts.json.

The graph's ``inherits`` edges between Java types come from the facts' ``supertypes`` (merged with
the hand-written ``SUPERS`` of cjkb_graph/java/jdk.py). A table type without them cannot reach its
supertypes' rows: ``gz.read(buf)`` on a ``GZIPInputStream`` found no ``InputStream.read``,
``e.getMessage()`` on a ``ZipException`` no ``Throwable.getMessage``. This script reads each
``java.*`` / ``javax.*`` type of the curated tables (graph_data/java) with the installed JDK's
``javap -public``, walks ``extends`` / ``implements`` up to ``java.lang.Object``, and writes, for the
types the facts do not list yet, their supertypes that are table types themselves, nearest first.
Entries already in the file are kept as they are (they are curated).

    .venv/bin/python scripts/gen_jdk_supertypes.py           # JDK 17 here; rewrites the file
    .venv/bin/python scripts/gen_jdk_supertypes.py --check   # exit 1 when the file lacks some
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "cjkb_graph" / "java" / "jdk_facts.json"
TABLES = ROOT / "graph_data" / "java"
_HEAD = re.compile(r"^(?:public |protected |abstract |final |sealed |non-sealed |static |strictfp )*"
                   r"(?:class|interface|enum|record|@interface) ([\w.$]+)(?:<.*?>)?(.*)\{\s*$")  # fmt: skip


def table_types() -> list[str]:
    out: list[str] = []
    for path in sorted(TABLES.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for t in doc.get("types") or []:
            fqn = str(t.get("java", ""))
            if fqn.startswith(("java.", "javax.")):
                out.append(fqn)
    return out


def _binary(fqn: str) -> str:
    """java.util.Map.Entry -> java.util.Map$Entry (javap wants nested classes by binary name)."""
    parts = fqn.split(".")
    for i, p in enumerate(parts):
        if p[:1].isupper():
            return ".".join(parts[: i + 1]) + "".join("$" + q for q in parts[i + 1 :])
    return fqn


def _strip_generics(text: str) -> str:
    depth, out = 0, []
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def direct_supers(javap: str, fqns: list[str]) -> dict[str, list[str]]:
    """The direct supertypes of each class javap knows (missing ones are left out)."""
    found: dict[str, list[str]] = {}
    for i in range(0, len(fqns), 60):
        batch = fqns[i : i + 60]
        res = subprocess.run([javap, "-public", *map(_binary, batch)], capture_output=True, text=True)
        for line in res.stdout.splitlines():
            m = _HEAD.match(line.strip())
            if not m:
                continue
            name = m.group(1).replace("$", ".")
            rest = _strip_generics(m.group(2))
            sups = re.findall(r"[\w.$]+", rest.replace("extends", " ").replace("implements", " "))
            found[name] = [s.replace("$", ".") for s in sups]
    return found


def closure(javap: str, start: list[str]) -> dict[str, list[str]]:
    """Direct supertypes of ``start`` and of every supertype reached, javap read once per type."""
    direct: dict[str, list[str]] = {}
    todo = list(dict.fromkeys(start))
    while todo:
        got = direct_supers(javap, todo)
        for t in todo:
            direct[t] = got.get(t, [])
        todo = sorted({s for t in got for s in got[t] if s not in direct})
    return direct


def nearest_first(fqn: str, direct: dict[str, list[str]]) -> list[str]:
    order, queue = [], list(direct.get(fqn, []))
    while queue:
        cur = queue.pop(0)
        if cur in order or cur == fqn:
            continue
        order.append(cur)
        queue.extend(direct.get(cur, []))
    return order


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--javap", default="javap")
    ap.add_argument("--check", action="store_true", help="only report what is missing (exit 1 if any)")
    a = ap.parse_args()
    facts = json.loads(FACTS.read_text(encoding="utf-8"))
    known = facts.setdefault("supertypes", {})
    types = table_types()
    in_tables = set(types)
    direct = closure(a.javap, types)
    added = {}
    for fqn in types:
        if fqn in known:
            continue
        sups = [s for s in nearest_first(fqn, direct) if s in in_tables and s != "java.lang.Object"]
        if sups:
            added[fqn] = sups
    for fqn, sups in sorted(added.items()):
        print(f"{fqn}: {', '.join(sups)}", file=sys.stderr)
    if a.check:
        return 1 if added else 0
    known.update(added)
    facts["supertypes"] = dict(sorted(known.items()))
    text = json.dumps(facts, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    fd, tmp = tempfile.mkstemp(dir=FACTS.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, FACTS)
    print(f"{len(added)} types given their supertypes; {FACTS.relative_to(ROOT)} rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
