#!/usr/bin/env python3
"""Rebuild the real-world Java evaluation sets from their committed references and local git mirrors.

The Java methods of tests/eval/realworld/ come from public repositories and are not committed: git
holds references only. A method line is {"id", "repo", "commit", "path", "line", "end_line",
"license", "sha256"}; a label line is {"method_id", "line", "span", "call_sha256", ..., "expected"},
where `span` = [start, end] are character offsets into the method text and the call's text is
`" ".join(java[start:end].split())` (the extractor's own whitespace folding), checked against
`call_sha256` (the first 16 hex digits of its SHA-256). A call the extractor cut at CALL_CAP
characters (its text ends in "...") carries `"cut": CALL_CAP`: its `span` covers the kept part and
its text is `" ".join(java[start:].split())[:cut - 3] + "..."`, as the extractor makes it.

    .venv/bin/python benchmarks/realworld_materialise.py --mirrors /work/.mirror

reads every file with `git --git-dir=<mirror> show <commit>:<path>` (a mirror is
MIRRORS/<owner>+<name>/repo, MIRRORS/<owner>+<name> or a clone's .git there), cuts lines
line..end_line the way benchmarks/realworld_cut.py does, verifies the hashes and writes the sets in
their full form ({"id", ..., "java"}; {"method_id", "call", "line", ...}) to .cjkb/realworld/
(git-ignored). Nothing is written unless every method of every set could be rebuilt, unless
--partial is given (then the methods that could not be rebuilt and their labels are left out, and
listed). The files are replaced atomically.

    .venv/bin/python benchmarks/realworld_materialise.py --to-refs DIR

does the reverse for new or edited sets: reads full files (same names) from DIR and writes their
references to tests/eval/realworld/ (or --refs-dir).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from realworld_cut import cut_method, text_sha256  # noqa: E402
from realworld_sets import SETS  # noqa: E402

REFS_DIR = ROOT / "tests" / "eval" / "realworld"
OUT_DIR = ROOT / ".cjkb" / "realworld"
CALL_HASH_LEN = 16
CALL_CAP = 240  # the extractor's cap on a call's text (cjkb_graph/java/model.py, _TEXT_CAP)
HOW = (
    "tests/eval/realworld/ holds references only (the Java code of public repositories is not committed);\n"
    "materialise the sets from local git mirrors of the repositories listed in tests/eval/realworld/samples/:\n"
    "    .venv/bin/python benchmarks/realworld_materialise.py --mirrors /work/.mirror\n"
    "(MIRRORS/<owner>+<name>/repo as the fetch tool makes them, or any clone at those commits); "
    "this writes .cjkb/realworld/*.jsonl"
)


class RefError(Exception):
    """A reference that cannot be turned back into its text (missing mirror/commit, hash mismatch)."""


def load_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def dump_line(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False) + "\n"


def call_text(java: str, span: list[int], cut: int | None = None) -> str:
    start, end = span
    if cut:  # the extractor cut the text: the first cut - 3 folded characters from start, then "..."
        return " ".join(java[start:].split())[: cut - 3] + "..."
    return " ".join(java[start:end].split())


def call_hash(text: str) -> str:
    return text_sha256(text)[:CALL_HASH_LEN]


def not_materialised(path: Path, field: str) -> str | None:
    """Why `path` cannot be used as a full set (None: it can): missing, or a reference file."""
    if not path.exists():
        return f"{path} does not exist.\n{HOW}"
    with path.open(encoding="utf-8") as f:
        first = next((line for line in f if line.strip()), None)
    if first is not None and field not in json.loads(first):
        return f"{path} has no {field!r} field: it is a reference file, not a materialised set.\n{HOW}"
    return None


# ---------------------------------------------------------------------------------------------
# references -> full files
# ---------------------------------------------------------------------------------------------
def git_dir_for(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+")
    # a bare mirror (owner+name/repo), or a working clone: the fetch tool gives some as owner+name/repo/.git
    for cand in (
        base / "repo",
        base / "repo" / ".git",
        base / ".git",
        base,
        mirrors / repo / ".git",
        mirrors / repo,
    ):
        if (cand / "HEAD").is_file() and (cand / "objects").is_dir():
            return cand
    return None


class Mirrors:
    def __init__(self, root: Path):
        self.root = root
        self.files: dict[tuple[str, str, str], str] = {}

    def show(self, repo: str, commit: str, path: str) -> str:
        key = (repo, commit, path)
        if key not in self.files:
            git_dir = git_dir_for(self.root, repo)
            if git_dir is None:
                raise RefError(f"no mirror of {repo} under {self.root}")
            # the same text mode as realworld_cut.git (universal newlines, undecodable bytes replaced)
            p = subprocess.run(
                ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                capture_output=True,
                text=True,
                errors="replace",
            )
            if p.returncode != 0:
                raise RefError(f"{repo}@{commit[:10]}:{path}: {p.stderr.strip().splitlines()[-1:]}")
            self.files[key] = p.stdout
        return self.files[key]


def method_row(ref: dict, mirrors: Mirrors) -> dict:
    src = mirrors.show(ref["repo"], ref["commit"], ref["path"])
    java = cut_method(src, ref["line"], ref["end_line"])
    if text_sha256(java) != ref["sha256"]:
        raise RefError(
            f"{ref['id']}: the text of lines {ref['line']}-{ref['end_line']} does not match sha256"
        )
    out = {k: v for k, v in ref.items() if k not in ("end_line", "sha256")}
    out["java"] = java  # last, as realworld_cut wrote it
    return out


def label_row(ref: dict, java: str) -> dict:
    text = call_text(java, ref["span"], ref.get("cut"))
    if call_hash(text) != ref["call_sha256"]:
        raise RefError(f"{ref['method_id']} line {ref['line']} span {ref['span']}: call text does not match")
    rest = {k: v for k, v in ref.items() if k not in ("method_id", "span", "call_sha256", "cut")}
    return {"method_id": ref["method_id"], "call": text, **rest}


def materialise(
    mirrors: Path, refs_dir: Path, partial: bool, sets: list[tuple[str, str]] = SETS
) -> tuple[dict[str, str], list[str]]:
    """{file name: full text} for every set, and the list of references that could not be rebuilt."""
    m = Mirrors(mirrors)
    texts: dict[str, str] = {}
    problems: list[str] = []
    for methods_name, labels_name in sets:
        java: dict[str, str] = {}
        lines = []
        for ref in load_jsonl(refs_dir / methods_name):
            try:
                row = method_row(ref, m)
            except RefError as e:
                problems.append(f"{methods_name}: {e}")
                continue
            java[row["id"]] = row["java"]
            lines.append(dump_line(row))
        texts[methods_name] = "".join(lines)
        lines = []
        for ref in load_jsonl(refs_dir / labels_name):
            if ref["method_id"] not in java:
                problems.append(
                    f"{labels_name}: label of {ref['method_id']} line {ref['line']} (method missing)"
                )
                continue
            try:
                lines.append(dump_line(label_row(ref, java[ref["method_id"]])))
            except RefError as e:
                problems.append(f"{labels_name}: {e}")
        texts[labels_name] = "".join(lines)
    if problems and not partial:
        return {}, problems
    return texts, problems


def write_atomically(out_dir: Path, texts: dict[str, str]) -> None:
    """Every file is written to a temporary name first and renamed into place at the end."""
    out_dir.mkdir(parents=True, exist_ok=True)
    tmps = []
    try:
        for name, text in texts.items():
            fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=f".{name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            os.chmod(tmp, 0o644)  # mkstemp makes 0600
            tmps.append((tmp, out_dir / name))
        for tmp, dest in tmps:
            os.replace(tmp, dest)
    finally:
        for tmp, _ in tmps:
            if os.path.exists(tmp):
                os.unlink(tmp)


# ---------------------------------------------------------------------------------------------
# full files -> references
# ---------------------------------------------------------------------------------------------
def method_ref(row: dict) -> dict:
    out = {k: v for k, v in row.items() if k != "java"}
    lic = out.pop("license", None)
    out["end_line"] = row["line"] + row["java"].count("\n")
    out["license"] = lic
    out["sha256"] = text_sha256(row["java"])
    return out


def _folded(java: str) -> tuple[str, list[int]]:
    """java with whitespace runs folded to one space (stripped), and each character's offset in java."""
    chars, offs = [], []
    for i, ch in enumerate(java):
        if ch.isspace():
            if chars and chars[-1] != " ":
                chars.append(" ")
                offs.append(i)
        else:
            chars.append(ch)
            offs.append(i)
    return "".join(chars), offs


def find_span(java: str, text: str, line: int, nth: int, cut: bool = False) -> list[int]:
    """The character span of the nth occurrence (0-based) of call `text` whose lines include `line`.

    cut: `text` is the kept part of a call the extractor cut, so its line may lie after the span."""
    folded, offs = _folded(java)
    hits, i = [], folded.find(text)
    while i >= 0:
        start, end = offs[i], offs[i + len(text) - 1] + 1
        if java.count("\n", 0, start) + 1 <= line <= java.count("\n", 0, len(java) if cut else end) + 1:
            hits.append([start, end])
        i = folded.find(text, i + 1)
    if cut and hits and nth >= len(hits):
        # two calls of one chain that the cap cuts to the same text start at the same place
        # (a(..).b(..) and a(..).b(..).c()): they share the span of the kept text
        return hits[-1]
    if nth >= len(hits):
        raise RefError(f"call {text[:40]!r} not found {nth + 1} time(s) around line {line}")
    return hits[nth]


def label_refs(rows: list[dict], java: dict[str, str]) -> list[dict]:
    seen: dict[tuple[str, int, str], int] = {}
    out = []
    for row in rows:
        key = (row["method_id"], row["line"], row["call"])
        nth = seen.get(key, 0)  # the same text twice on a line: the labels take the occurrences in order
        seen[key] = nth + 1
        cut = len(row["call"]) == CALL_CAP and row["call"].endswith("...")
        text = row["call"][:-3].rstrip() if cut else row["call"]
        span = find_span(java[row["method_id"]], text, row["line"], nth, cut)
        assert call_text(java[row["method_id"]], span, CALL_CAP if cut else None) == row["call"]
        rest = {k: v for k, v in row.items() if k not in ("method_id", "call", "line")}
        out.append(
            {
                "method_id": row["method_id"],
                "line": row["line"],
                "span": span,
                "call_sha256": call_hash(row["call"]),
                **({"cut": CALL_CAP} if cut else {}),
                **rest,
            }
        )
    return out


def to_refs(full_dir: Path, refs_dir: Path, sets: list[tuple[str, str]] = SETS) -> None:
    for methods_name, labels_name in sets:
        rows = load_jsonl(full_dir / methods_name)
        java = {r["id"]: r["java"] for r in rows}
        texts = {
            methods_name: "".join(dump_line(method_ref(r)) for r in rows),
            labels_name: "".join(dump_line(r) for r in label_refs(load_jsonl(full_dir / labels_name), java)),
        }
        write_atomically(refs_dir, texts)
        print(f"{refs_dir / methods_name}: {len(rows)} methods; {refs_dir / labels_name}", file=sys.stderr)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirrors", type=Path, help="directory of bare mirrors <owner>+<name>/repo")
    ap.add_argument("--refs-dir", type=Path, default=REFS_DIR, help="the committed references")
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="where the full files go (git-ignored)")
    ap.add_argument("--partial", action="store_true", help="write what can be rebuilt, list the rest")
    ap.add_argument("--to-refs", type=Path, metavar="DIR", help="write references from the full files in DIR")
    a = ap.parse_args(argv)
    if a.to_refs:
        to_refs(a.to_refs, a.refs_dir)
        return 0
    if not a.mirrors:
        ap.error("--mirrors MIRRORS (or --to-refs DIR) is required")
    texts, problems = materialise(a.mirrors, a.refs_dir, a.partial)
    for p in problems:
        print(f"cannot rebuild: {p}", file=sys.stderr)
    if not texts:
        print(
            f"{len(problems)} reference(s) could not be rebuilt; nothing written (--partial writes the rest)"
        )
        return 1
    write_atomically(a.out, texts)
    for name, text in texts.items():
        print(f"{a.out / name}: {text.count(chr(10))} lines")
    if problems:
        print(f"{len(problems)} reference(s) left out (see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
