"""benchmarks/realworld_materialise.py: references -> full sets and back, on a git repo made here.

The Java below is written for this test (no fetched code): one file in a throw-away repository.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from realworld_materialise import (
    HOW,
    call_hash,
    load_jsonl,
    main,
    materialise,
    not_materialised,
    to_refs,
    write_atomically,
)

SETS = [("m.jsonl", "c.jsonl")]
SRC = """package demo;

class Counter {
    private final java.util.List<String> seen = new java.util.ArrayList<>();

    int count(String s) {
        if (s.isEmpty()) {
            return 0;
        }
        seen.add(s);
        return Integer.parseInt(s.trim()) + s.length() + s.length();
    }
}
"""


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture()
def mirror(tmp_path: Path) -> tuple[Path, str]:
    repo = tmp_path / "mirrors" / "demo+counter"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    (repo / "Counter.java").write_text(SRC, encoding="utf-8")
    _git(repo, "add", "Counter.java")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "demo")
    return tmp_path / "mirrors", _git(repo, "rev-parse", "HEAD")


def _full_set(tmp_path: Path, commit: str) -> Path:
    """The full form of a one-method set, as realworld_cut and a labeller would write it."""
    java = "\n".join(SRC.splitlines()[5:12])
    java = "\n".join(line[4:] for line in java.splitlines())
    mid = "counter:Counter.java:6:count"
    method = {
        "id": mid,
        "repo": "demo/counter",
        "commit": commit,
        "path": "Counter.java",
        "line": 6,
        "license": "MIT",
        "java": java,
    }
    size = {"kind": "method", "expected": "std.core.String.size"}
    labels = [
        {"method_id": mid, "call": "s.isEmpty()", "line": 2, "expected": "std.core.String.isEmpty"},
        {"method_id": mid, "call": "seen.add(s)", "line": 5, "expected": "user"},
        {"method_id": mid, "call": "s.length()", "line": 6, **size},
        {"method_id": mid, "call": "s.length()", "line": 6, **size},
    ]
    full = tmp_path / "full"
    write_atomically(
        full,
        {
            "m.jsonl": json.dumps(method, ensure_ascii=False) + "\n",
            "c.jsonl": "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in labels),
        },
    )
    return full


def test_round_trip_is_byte_for_byte(tmp_path: Path, mirror: tuple[Path, str]) -> None:
    mirrors, commit = mirror
    full = _full_set(tmp_path, commit)
    refs = tmp_path / "refs"
    to_refs(full, refs, SETS)
    ref_m = load_jsonl(refs / "m.jsonl")[0]
    assert "java" not in ref_m and ref_m["end_line"] == 12 and len(ref_m["sha256"]) == 64
    ref_c = load_jsonl(refs / "c.jsonl")
    assert all("call" not in r for r in ref_c)
    # the same text twice on a line: the two labels take the two occurrences in order
    assert ref_c[2]["span"] != ref_c[3]["span"] and ref_c[2]["call_sha256"] == call_hash("s.length()")
    texts, problems = materialise(mirrors, refs, False, SETS)
    assert problems == []
    for name in ("m.jsonl", "c.jsonl"):
        assert texts[name] == (full / name).read_text(encoding="utf-8")


def test_a_working_clone_inside_the_mirror_folder_is_found(tmp_path: Path, mirror: tuple[Path, str]) -> None:
    # the fetch tool leaves some repositories as owner+name/repo/.git (a working clone), not bare
    mirrors, commit = mirror
    full = _full_set(tmp_path, commit)
    refs = tmp_path / "refs"
    to_refs(full, refs, SETS)
    other = tmp_path / "other"
    (other / "demo+counter").mkdir(parents=True)
    (mirrors / "demo+counter").rename(other / "demo+counter" / "repo")
    texts, problems = materialise(other, refs, False, SETS)
    assert problems == []
    assert texts["m.jsonl"] == (full / "m.jsonl").read_text(encoding="utf-8")


def test_mismatch_and_missing_commit_write_nothing_unless_partial(tmp_path: Path, mirror) -> None:
    mirrors, commit = mirror
    refs = tmp_path / "refs"
    to_refs(_full_set(tmp_path, commit), refs, SETS)
    row = load_jsonl(refs / "m.jsonl")[0]
    bad = [dict(row, sha256="0" * 64), dict(row, id="gone", commit="1" * 40)]
    (refs / "m.jsonl").write_text("".join(json.dumps(r) + "\n" for r in bad), encoding="utf-8")
    texts, problems = materialise(mirrors, refs, False, SETS)
    assert texts == {} and len(problems) == 2 + 4  # two methods, and the four labels of the first
    texts, problems = materialise(mirrors, refs, True, SETS)
    assert texts == {"m.jsonl": "", "c.jsonl": ""} and len(problems) == 6


def test_not_materialised_explains_how(tmp_path: Path, mirror) -> None:
    _, commit = mirror
    refs = tmp_path / "refs"
    to_refs(_full_set(tmp_path, commit), refs, SETS)
    assert HOW in not_materialised(tmp_path / "absent.jsonl", "java")
    assert "reference file" in not_materialised(refs / "m.jsonl", "java")
    assert not_materialised(tmp_path / "full" / "m.jsonl", "java") is None


def test_cli_refuses_without_mirrors(capsys) -> None:
    with pytest.raises(SystemExit):
        main([])
    assert "--mirrors" in capsys.readouterr().err
