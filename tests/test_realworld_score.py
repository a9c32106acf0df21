"""benchmarks/realworld.py's hand-checked score: top-1 precision, and the answered calls per receiver
source and confidence (a guess is counted as an answer, right only when its first candidate is)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import realworld


def _sugg(text: str, top: str | None, source: str, confidence: str) -> dict:
    cands = [{"qualname": top}] if top else []
    return {
        "call": {"text": text, "line": 1},
        "candidates": cands,
        "receiver_source": source,
        "confidence": confidence,
    }


def test_precision_counts_guesses_and_splits_by_source_and_confidence(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(
        json.dumps(
            {
                "id": "m",
                "suggestions": [
                    _sugg("sb.append(x)", "std.core.StringBuilder.append", "declared", "high"),
                    _sugg("new ArrayList<>()", "std.collection.ArrayList.init", "declared", "high"),
                    _sugg("log.info(s)", "stdx.log.Logger.info", "guessed", "low"),
                    _sugg("repo.save(x)", None, "user", "medium"),
                ],
            }
        )
        + "\n"
    )
    checked = tmp_path / "checked.jsonl"
    rows = [
        ("sb.append(x)", "std.core.StringBuilder.append"),
        ("new ArrayList<>()", "std.collection.ArrayList"),  # a constructor's T.init counts as T
        ("log.info(s)", "user"),  # the project's own logger: the guess is a wrong answer
        ("repo.save(x)", "user"),  # no answer: right, and not counted as answered
    ]
    checked.write_text(
        "".join(json.dumps({"method_id": "m", "call": c, "line": 1, "expected": e}) + "\n" for c, e in rows)
    )
    got = realworld.score_checked(checked, results)
    assert (got["answered"], got["top1_precision"]) == (3, 0.667)
    assert got["user_none_abstain_rate"] == 0.5
    assert got["answered_by"] == {
        "confidence:high": {"answered": 2, "right": 2},
        "confidence:low": {"answered": 1, "right": 0},
        "source:declared": {"answered": 2, "right": 2},
        "source:guessed": {"answered": 1, "right": 0},
    }
