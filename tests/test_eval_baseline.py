"""Per-case regression: no evaluation case may get worse than tests/eval/baseline_ranks.json.

The aggregate floors of test_quality.py let a change move several cases both ways unnoticed; this
test compares every case's best rank per expected API with the reviewed baseline. A rank that rises
or an API that drops out of the top 10 fails; improvements pass and are printed (run with -s or see
the report). After an intended change, regenerate and review the diff (tests/eval/README.md):

    cjkb-graph eval tests/eval/devset.jsonl tests/eval/holdout.jsonl tests/eval/realistic.jsonl \
        --write-baseline tests/eval/baseline_ranks.json
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.evaluate import baseline_ranks, compare_baseline, load_cases

EVAL = Path(__file__).parent / "eval"
SETS = ("devset", "holdout", "realistic")
BASELINE = EVAL / "baseline_ranks.json"


@pytest.fixture(scope="module")
def report(real_engine: Engine) -> dict:
    cases = [c for name in SETS for c in load_cases(EVAL / f"{name}.jsonl")]
    return real_engine.evaluate(cases, [1, 5])


def test_no_case_gets_worse_than_the_baseline(report: dict) -> None:
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert len(baseline) == sum(len(load_cases(EVAL / f"{n}.jsonl")) for n in SETS)
    worse, better = compare_baseline(report, baseline)
    for line in better:
        print(f"better than the baseline: {line}")
    assert worse == [], "cases got worse (if intended, regenerate the baseline: see this file's docstring)"


def test_compare_baseline_reports_worse_and_better(report: dict) -> None:
    now = baseline_ranks(report)
    cid, ranks = next((c, r) for c, r in now.items() if any(v == 1 for v in r.values()))
    api = next(a for a, v in ranks.items() if v == 1)
    # the baseline claims a better rank than now -> worse; a worse one -> better; None -> dropped out
    assert compare_baseline(report, {cid: {api: 0}}) == ([f"{cid}: {api} rank 0 -> 1"], [])
    assert compare_baseline(report, {cid: {api: 3}}) == ([], [f"{cid}: {api} rank 3 -> 1"])
    assert compare_baseline(report, {cid: {api: None}}) == ([], [f"{cid}: {api} rank missing -> 1"])
    worse, _ = compare_baseline(report, {"no-such-case": {api: 1}})
    assert worse == ["no-such-case: case missing from the evaluated files"]
