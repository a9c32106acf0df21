"""Materialise the public valid Cangjie snippets listed in tests/eval/cangjie/public_sources.jsonl.

Only references (repository, commit, path, licence) are committed; the code itself is read from a
local mirror or clone of each repository at run time into tests/eval/cangjie/public_valid.jsonl
(git-ignored), lines {"id", "source", "license", "cangjie"}.

    python benchmarks/public_valid.py [--mirror-root /work/.mirror] [--select N]

--select re-runs the selection (positive compile-and-run tests of the official test suite) and
rewrites public_sources.jsonl.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT / "tests" / "eval" / "cangjie"
SOURCES = EVAL / "public_sources.jsonl"
OUT = EVAL / "public_valid.jsonl"
REPO = "cangjielanguage/cangjie_test"
LICENSE = "Apache-2.0 with Runtime Library Exception"
AREAS = (
    "collection",
    "core",
    "convert",
    "unicode",
    "time",
    "math",
    "sort",
    "regex",
    "io",
    "fs",
    "random",
    "env",
    "console",
    "format",
    "sync",
    "objectpool",
    "argopt",
)
BAD = (
    "ERRCHECK",
    "EXEC-PIPE",
    "ASSERT",
    "error:",
    "deprecated",
    "DEPENDENCE",
    "--experimental",
    "unsafe",
    "foreign",
    "@C",
    "CFunc",
    "-Woff",
    "macro package",
    "PASS-EXEC",
    "EXPECT",
)


def git_dir(mirror_root: Path, repo: str) -> Path:
    return mirror_root / repo.replace("/", "+") / "repo"


def show(gd: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", str(gd), "show", f"{commit}:{path}"], capture_output=True, check=True, text=True
    ).stdout


def select(mirror_root: Path, n: int) -> None:
    gd = git_dir(mirror_root, REPO)
    commit = subprocess.run(
        ["git", "-C", str(gd), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    files = subprocess.run(
        ["git", "-C", str(gd), "ls-tree", "-r", "--name-only", commit, "testsuites/HLT/API/std"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    picked = []
    for f in sorted(files):
        parts = f.split("/")
        if not f.endswith(".cj") or len(parts) < 5 or parts[4] not in AREAS:
            continue
        code = show(gd, commit, f)
        head = code[:1500]
        if "// EXEC:" not in head or any(b in code for b in BAD) or len(code.splitlines()) > 90:
            continue
        picked.append(f)
    step = max(1, len(picked) // n)
    rows = [
        {
            "id": f"cangjie_test:{p.split('/', 3)[-1]}",
            "repo": REPO,
            "commit": commit,
            "path": p,
            "license": LICENSE,
        }
        for p in picked[::step][:n]
    ]
    SOURCES.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} of {len(picked)} candidate files -> {SOURCES}")


def materialise(mirror_root: Path) -> int:
    rows = [json.loads(x) for x in SOURCES.read_text(encoding="utf-8").splitlines() if x.strip()]
    out = []
    for r in rows:
        code = show(git_dir(mirror_root, r["repo"]), r["commit"], r["path"])
        out.append(
            {
                "id": r["id"],
                "source": f"https://github.com/{r['repo']}/blob/{r['commit']}/{r['path']}",
                "license": r["license"],
                "cangjie": code,
            }
        )
    OUT.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in out), encoding="utf-8")
    return len(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror-root", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--select", type=int, default=0)
    a = ap.parse_args()
    if a.select:
        select(a.mirror_root, a.select)
    print(f"{materialise(a.mirror_root)} snippets -> {OUT}")


if __name__ == "__main__":
    main()
