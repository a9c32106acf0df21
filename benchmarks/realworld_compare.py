#!/usr/bin/env python3
"""Which labelled calls two resolver runs answer differently: a before/after check of a change on
the real-world sets, beside `realworld.py`'s aggregates.

Both runs are `cjkb-graph resolve --batch` outputs over the same methods (`realworld.py --out`); the
labels are a materialised calls file (`.cjkb/realworld/heldoutN_calls.jsonl`, or several sets
concatenated). A call whose first candidate changed is `better` (now right, was wrong), `worse`
(was right, now wrong) or `other` (wrong both times, or right both times through the `.init` rule).

    .venv/bin/python benchmarks/realworld_compare.py before.jsonl after.jsonl \\
        --checked .cjkb/realworld/heldout346_calls.jsonl [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from realworld import first_answer, is_right, suggestions_by_call


def compare(before: Path, after: Path, checked: Path) -> dict:
    """The labelled calls whose first answer changed, each classified, and the counts; also how many
    of all suggestions (labelled or not) changed their first answer."""
    a, b = suggestions_by_call(before), suggestions_by_call(after)
    changes: list[dict] = []
    for line in checked.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        key = (row["method_id"], row["call"], row["line"])
        old, new = first_answer(a.get(key)), first_answer(b.get(key))
        if old == new:
            continue
        was, now = is_right(row["expected"], old), is_right(row["expected"], new)
        verdict = "better" if now and not was else "worse" if was and not now else "other"
        changes.append(
            {
                "verdict": verdict,
                "expected": row["expected"],
                "before": old,
                "after": new,
                "receiver_source": (b.get(key) or {}).get("receiver_source"),
                "call": row["call"][:100],
                "method_id": row["method_id"],
            }
        )
    counts = {v: sum(c["verdict"] == v for c in changes) for v in ("better", "worse", "other")}
    changed_all = sum(first_answer(sg) != first_answer(b.get(k)) for k, sg in a.items())
    return {**counts, "suggestions": len(a), "suggestions_changed": changed_all, "changes": changes}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path, help="`resolve --batch` output of the old code")
    ap.add_argument("after", type=Path, help="`resolve --batch` output of the new code")
    ap.add_argument("--checked", type=Path, required=True, help="materialised labelled calls")
    ap.add_argument("--json", action="store_true", help="print the whole report as JSON")
    a = ap.parse_args(argv)
    for p in (a.before, a.after, a.checked):
        if not p.is_file():
            print(
                f"error: {p} is not a file (give two resolver outputs and --checked labels)", file=sys.stderr
            )
            return 2
    try:
        report = compare(a.before, a.after, a.checked)
    except (ValueError, KeyError) as e:
        print(
            f"error: unreadable input ({e}); resolver outputs need id and suggestions, labels need "
            "method_id, call, line, expected (materialise them: realworld_materialise.py)",
            file=sys.stderr,
        )
        return 2
    if a.json:
        print(json.dumps(report, indent=1))
        return 0
    for c in report["changes"]:
        print(
            f"{c['verdict']:6} {c['expected']} | {c['before']} -> {c['after']} | {c['receiver_source']} | {c['call']}"
        )
    print(
        f"better {report['better']}, worse {report['worse']}, other {report['other']}; first answers changed "
        f"in {report['suggestions_changed']} of {report['suggestions']} suggestions"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
