#!/usr/bin/env python3
"""How often two labellings of the same calls agree: a check that a hand-checked sample's labels
can be reproduced from the brief (tests/eval/realworld/LABELLING.md), and so what its top-1
precision can mean.

Both files are label references (``heldoutN_calls.jsonl`` form: no code, so nothing needs to be
materialised); their lines are matched by method, line, span and call hash.

    .venv/bin/python benchmarks/label_agreement.py tests/eval/realworld/heldout42_calls.jsonl \\
        tests/eval/realworld/second42_calls.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path


def _key(row: dict) -> tuple:
    return (row["method_id"], row["line"], tuple(row["span"]), row["call_sha256"])


def _kind(expected: str) -> str:
    return expected if expected in ("user", "none") else "api"


def agreement(first: Path, second: Path) -> dict:
    """Exact agreement of ``expected`` over the calls both files label, and the pairs of kinds."""
    a = {_key(r): r["expected"] for r in map(json.loads, first.read_text(encoding="utf-8").splitlines()) if r}
    b = {
        _key(r): r["expected"] for r in map(json.loads, second.read_text(encoding="utf-8").splitlines()) if r
    }
    both = [k for k in a if k in b]
    same = sum(a[k] == b[k] for k in both)
    pairs = Counter(f"{_kind(a[k])}/{_kind(b[k])}" for k in both if a[k] != b[k])
    api_both = [k for k in both if _kind(a[k]) == _kind(b[k]) == "api"]
    return {
        "calls": len(both),
        "only_first": len(a) - len(both),
        "only_second": len(b) - len(both),
        "agree": same,
        "agreement": round(same / max(1, len(both)), 3),
        "api_both": len(api_both),
        "api_same": sum(a[k] == b[k] for k in api_both),
        "disagreements_by_kind": dict(sorted(pairs.items())),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("first", type=Path)
    ap.add_argument("second", type=Path)
    a = ap.parse_args(argv)
    for p in (a.first, a.second):
        if not p.is_file():
            print(f"error: {p} is not a file (give two label reference files)", file=sys.stderr)
            return 2
    try:
        print(json.dumps(agreement(a.first, a.second), indent=1))
    except (ValueError, KeyError) as e:
        print(f"error: not a label reference file ({e}); lines need method_id, line, span, call_sha256, expected",
              file=sys.stderr)  # fmt: skip
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
