"""benchmarks/realworld_compare.py: the labelled calls two resolver runs answer differently."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from realworld_compare import compare, main


def _run(path: Path, answers: dict[str, str | None]) -> Path:
    """A `resolve --batch` output of one method whose calls answer as given (None: no candidate)."""
    suggestions = [
        {
            "call": {"text": text, "line": 1},
            "receiver_source": "declared",
            "candidates": [{"qualname": q}] if q else [],
        }
        for text, q in answers.items()
    ]
    path.write_text(json.dumps({"id": "m1", "suggestions": suggestions}) + "\n", encoding="utf-8")
    return path


@pytest.fixture()
def labels(tmp_path: Path) -> Path:
    rows = [
        ("a.size()", "std.collection.ArrayList.size"),  # better: was no answer
        ("b.get(0)", "std.collection.ArrayList.[]"),  # worse: was right
        ("log.info(x)", "user"),  # other: wrong both times
        ("it.remove()", "none"),  # better: no answer now
        ("new StringBuilder()", "std.core.StringBuilder"),  # unchanged: right both times
    ]
    path = tmp_path / "calls.jsonl"
    lines = [json.dumps({"method_id": "m1", "call": c, "line": 1, "expected": e}) for c, e in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_each_changed_call_is_classified(tmp_path: Path, labels: Path) -> None:
    before = _run(
        tmp_path / "before.jsonl",
        {
            "a.size()": None,
            "b.get(0)": "std.collection.ArrayList.[]",
            "log.info(x)": "stdx.log.Logger.info",
            "it.remove()": "std.collection.ArrayList.remove",
            "new StringBuilder()": "std.core.StringBuilder.init",
        },
    )
    after = _run(
        tmp_path / "after.jsonl",
        {
            "a.size()": "std.collection.ArrayList.size",
            "b.get(0)": "std.collection.HashMap.get",
            "log.info(x)": "stdx.log.Logger.warn",
            "it.remove()": None,
            "new StringBuilder()": "std.core.StringBuilder.init",
        },
    )
    r = compare(before, after, labels)
    assert (r["better"], r["worse"], r["other"]) == (2, 1, 1)
    assert {c["call"]: c["verdict"] for c in r["changes"]} == {
        "a.size()": "better",
        "b.get(0)": "worse",
        "log.info(x)": "other",
        "it.remove()": "better",
    }
    assert (r["suggestions"], r["suggestions_changed"]) == (5, 4)


def test_a_missing_file_is_a_clear_error(
    tmp_path: Path, labels: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _run(tmp_path / "run.jsonl", {"a.size()": None})
    assert main([str(run), str(tmp_path / "nope.jsonl"), "--checked", str(labels)]) == 2
    assert "is not a file" in capsys.readouterr().err


def test_labels_without_call_text_are_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _run(tmp_path / "run.jsonl", {"a.size()": None})
    refs = tmp_path / "refs.jsonl"  # a committed reference file: no call text until materialised
    refs.write_text(json.dumps({"method_id": "m1", "line": 1, "expected": "none"}) + "\n", encoding="utf-8")
    assert main([str(run), str(run), "--checked", str(refs)]) == 2
    assert "materialise" in capsys.readouterr().err
