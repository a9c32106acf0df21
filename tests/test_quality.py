"""Quality floors on the evaluation sets: a regression in the resolver or the tables fails here.

The floors sit a little below the measured figures (benchmarks/README.md) so that noise-free
changes pass and real regressions do not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.evaluate import load_cases

EVAL = Path(__file__).parent / "eval"


@pytest.mark.parametrize(
    ("name", "r1", "r5"),
    [("devset", 0.76, 0.885), ("holdout", 0.78, 0.88), ("realistic", 0.76, 0.86)],
)
def test_recall_floors(real_engine: Engine, name: str, r1: float, r5: float) -> None:
    report = real_engine.evaluate(load_cases(EVAL / f"{name}.jsonl"), [1, 5])
    s = report["summary"]
    assert s["recall@1"] >= r1, s
    assert s["recall@5"] >= r5, s
