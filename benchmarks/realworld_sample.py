#!/usr/bin/env python3
"""Draw the fixed-seed sample of calls for the hand-checked truth set (tests/eval/realworld/checked_calls.jsonl).

The population is every call the resolver extracted from the real-world corpus (the `calls` of each
line of a `cjkb-graph resolve --batch` output), in file order. The sample is drawn with
random.Random(SEED).sample and printed as JSON lines {"method_id", "call", "line", "kind"} together
with the method text, so that each `expected` can be decided by reading the code; the resolver's
candidates are deliberately not shown.

    .venv/bin/python benchmarks/realworld_sample.py --results .cjkb/realworld_results.jsonl --n 150

With --whole-methods the sample is every call of whole methods instead: methods are taken in
random.Random(SEED).shuffle order until at least N calls are in (the fresh set
tests/eval/realworld/fresh_calls.jsonl was drawn this way from fresh_methods.jsonl). Each line then
also carries the method's repository, commit, path, first line and licence.

The printed lines hold the call texts (code): label them in a file next to the materialised sets
(.cjkb/realworld/, git-ignored) and commit only their references
(`benchmarks/realworld_materialise.py --to-refs DIR`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from realworld_materialise import OUT_DIR, not_materialised  # noqa: E402


def population(results: Path) -> list[dict]:
    out = []
    for line in results.open(encoding="utf-8"):
        r = json.loads(line)
        for c in r.get("calls") or []:
            out.append({"method_id": r["id"], "call": c["text"], "line": c["line"], "kind": c["kind"]})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=Path, default=ROOT / ".cjkb" / "realworld_results.jsonl")
    ap.add_argument(
        "--methods", type=Path, default=OUT_DIR / "methods.jsonl", help="a materialised methods set"
    )
    ap.add_argument("--n", type=int, default=150)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--show", action="store_true", help="print each method's code under its calls")
    ap.add_argument("--whole-methods", action="store_true", help="sample whole methods (all their calls)")
    a = ap.parse_args(argv)
    problem = not_materialised(a.methods, "java")
    if problem:
        print(problem, file=sys.stderr)
        return 2
    pop = population(a.results)
    methods, meta = {}, {}
    for line in a.methods.open(encoding="utf-8"):
        d = json.loads(line)
        methods[d["id"]] = d["java"]
        meta[d["id"]] = {
            "repo": d.get("repo"),
            "commit": d.get("commit"),
            "path": d.get("path"),
            "method_line": d.get("line"),
            "license": d.get("license"),
        }
    if a.whole_methods:
        ids = sorted({p["method_id"] for p in pop})
        random.Random(a.seed).shuffle(ids)
        chosen: set[str] = set()
        n = 0
        for mid in ids:
            if n >= a.n:
                break
            chosen.add(mid)
            n += sum(1 for p in pop if p["method_id"] == mid)
        sample = [dict(p, **meta[p["method_id"]]) for p in pop if p["method_id"] in chosen]
    else:
        sample = random.Random(a.seed).sample(pop, a.n)
    print(f"population {len(pop)} calls; sample {len(sample)}", file=sys.stderr)
    for s in sample:
        print(json.dumps(s, ensure_ascii=False))
        if a.show:
            for i, text in enumerate(methods[s["method_id"]].splitlines(), 1):
                print(f"    {i:3d}{'>' if i == s['line'] else ' '} {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
