"""benchmarks/label_agreement.py: two labellings of the same calls, matched by their references."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import label_agreement as la


def _write(path: Path, labels: list[tuple[str, int, str]]) -> Path:
    rows = [
        {
            "method_id": m,
            "line": line,
            "span": [0, 5],
            "call_sha256": f"{i:016x}",
            "kind": "method",
            "expected": e,
        }
        for i, (m, line, e) in enumerate(labels)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_agreement_counts_exact_matches_and_kinds_of_disagreement(tmp_path: Path) -> None:
    first = _write(
        tmp_path / "a.jsonl",
        [("m", 1, "std.core.String.size"), ("m", 2, "user"), ("m", 3, "none"), ("m", 4, "std.a.B")],
    )
    second = _write(
        tmp_path / "b.jsonl",
        [("m", 1, "std.core.String.size"), ("m", 2, "user"), ("m", 3, "std.x.Y"), ("m", 4, "std.a.C")],
    )
    got = la.agreement(first, second)
    assert (got["calls"], got["agree"], got["agreement"]) == (4, 2, 0.5)
    assert (got["api_both"], got["api_same"]) == (2, 1)
    assert got["disagreements_by_kind"] == {"api/api": 1, "none/api": 1}


def test_a_missing_file_is_a_clear_error(tmp_path: Path, capsys) -> None:
    assert la.main([str(tmp_path / "nope.jsonl"), str(tmp_path / "nope.jsonl")]) == 2
    assert "is not a file" in capsys.readouterr().err
