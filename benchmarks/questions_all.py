"""Score every question set in one process: hit@5 per set and group, and the mean over groups.

    python benchmarks/questions_all.py [--data-dir DIR] [--sets dev,fresh,...] [--json]

Sets: ``dev`` (questions_task + questions_language) and ``freshN`` (questions_freshN.jsonl). The
scoring is ``benchmarks/questions.py``'s (same hit rules). Held-out sets are left out unless named
in ``--sets``: only their aggregate figures are printed, never their misses.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import questions as Q

DEFAULT_SETS = ("dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6")


def load_set(name: str) -> tuple[list[dict], list[dict]]:
    if name == "dev":
        return Q.read_jsonl(Q.LANG_FILE), Q.read_jsonl(Q.TASK_FILE)
    path = Q.EVAL / f"questions_{name}.jsonl"
    if not path.is_file():
        raise SystemExit(
            f"no question set {path}; sets are dev and freshN (tests/eval/questions_freshN.jsonl)"
        )
    items = Q.read_jsonl(path)
    return [x for x in items if x.get("set") == "language"], [
        x for x in items if x.get("set", "task") == "task"
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--sets", default=",".join(DEFAULT_SETS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    fn, docs_fn, cpages = Q.inprocess_search(args.data_dir)
    out: dict[str, dict[str, dict[str, float]]] = {}
    hit5, hit1 = [], []
    for name in [s for s in args.sets.split(",") if s]:
        lang, task = load_set(name)
        groups = Q.score(fn, lang, task, cpages, docs_search=docs_fn)["groups"]
        out[name] = {g: {"n": v["n"], "hit@1": v["hit@1"], "hit@5": v["hit@5"]} for g, v in groups.items()}
        hit5 += [v["hit@5"] for v in groups.values()]
        hit1 += [v["hit@1"] for v in groups.values()]
    summary = {
        "sets": out,
        "mean_hit@5": round(sum(hit5) / len(hit5), 4),
        "mean_hit@1": round(sum(hit1) / len(hit1), 4),
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
        return 0
    for name, groups in out.items():
        print(name.ljust(8), "  ".join(f"{g} {v['hit@5']:.2f}" for g, v in groups.items()))
    print(
        f"mean over {len(hit5)} groups: hit@5 {summary['mean_hit@5']:.4f}, hit@1 {summary['mean_hit@1']:.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
