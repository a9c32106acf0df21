#!/usr/bin/env python3
"""Move the Java facts (``returns:`` of members, ``supertypes:`` of types) out of the curated
mapping tables (graph_data/java/*.yaml) into cjkb_graph/java/jdk_facts.json, the data file of
:mod:`cjkb_graph.java.jdk` (the one place for Java facts).

Idempotent: a table without such keys is left untouched; facts already in the JSON file are kept,
a value moved again replaces the stored one (and is reported).  Facts listed in ``DECISIONS`` are
dropped instead of moved (none so far: see docs/jdk_facts.md for the disagreements and decisions).

Usage: python scripts/migrate_jdk_facts.py [--check] [YAML_DIR] [JSON_FILE]
(--check: only report what would move; exit status 1 when something would.)
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loaders.java_tables import load_curated  # noqa: E402

# (owner, member key) -> reason: table facts NOT moved (none so far; see docs/jdk_facts.md)
DECISIONS: dict[tuple[str, str], str] = {}

_FLOW_RETURNS = re.compile(r",\s*returns:\s*(?:\"[^\"]*\"|'[^']*'|[^,}\n]+)(?=\s*[,}])")
_BLOCK_RETURNS = re.compile(r"^[ \t]+returns:[^\n]*\n", re.M)
_SUPERTYPES = re.compile(r"^[ \t]+supertypes:[ \t]*\[[^\]\n]*\][ \t]*\n", re.M)


def member_key(name: str, arity: int | None) -> str:
    return name if arity is None else f"{name}/{arity}"


def strip_keys(text: str) -> str:
    text = _FLOW_RETURNS.sub("", text)
    text = _BLOCK_RETURNS.sub("", text)
    return _SUPERTYPES.sub("", text)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    ydir = Path(args[0]) if args else ROOT / "graph_data" / "java"
    jfile = Path(args[1]) if len(args) > 1 else ROOT / "cjkb_graph" / "java" / "jdk_facts.json"
    data = json.loads(jfile.read_text()) if jfile.exists() else {}
    returns: dict[str, dict[str, str]] = data.setdefault("returns", {})
    supers: dict[str, list[str]] = data.setdefault("supertypes", {})
    tables = load_curated(ydir)
    if tables.errors:
        print("\n".join(tables.errors), file=sys.stderr)
        return 2
    moved = 0
    for m in tables.members:
        if not m.returns:
            continue
        moved += 1
        key = member_key(m.name, m.arity)
        if (m.owner_fqn, key) in DECISIONS:
            continue
        old = returns.get(m.owner_fqn, {}).get(key)
        if old is not None and old != m.returns:
            print(f"{m.owner_fqn}.{key}: returns {old} -> {m.returns}")
        returns.setdefault(m.owner_fqn, {})[key] = m.returns
    for t in tables.types:
        if not t.supertypes:
            continue
        moved += 1
        old_s = supers.get(t.fqn)
        if old_s is not None and old_s != t.supertypes:
            print(f"{t.fqn}: supertypes {old_s} -> {t.supertypes}")
        supers[t.fqn] = list(t.supertypes)
    if check:
        print(f"{moved} facts to move")
        return 1 if moved else 0
    if not moved:
        print("nothing to move")
        return 0
    changed = 0
    for path in sorted(ydir.glob("*.yaml")):
        text = path.read_text()
        new = strip_keys(text)
        if new != text:
            path.write_text(new)
            changed += 1
    for d in (returns, supers):
        for k in list(d):
            if isinstance(d[k], dict):
                d[k] = dict(sorted(d[k].items()))
    data["returns"] = dict(sorted(returns.items()))
    data["supertypes"] = dict(sorted(supers.items()))
    jfile.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    left = load_curated(ydir)
    rest = sum(1 for m in left.members if m.returns) + sum(1 for t in left.types if t.supertypes)
    print(f"moved {moved} facts from {changed} tables into {jfile}")
    if rest:
        print(f"{rest} facts could not be removed from the YAML text: edit them by hand", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
