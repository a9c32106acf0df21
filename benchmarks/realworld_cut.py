#!/usr/bin/env python3
"""Cut whole Java methods out of mirrored public repositories into a JSONL corpus.

Standalone: reads bare git mirrors with `git ls-tree` / `git show`, parses every candidate file with
javalang, keeps method declarations (and constructors) whose text is 8-60 lines, and samples them
with a fixed seed. The sample is uniform over the eligible methods of a repository (after the path
filters below), not chosen for the tool.

    python benchmarks/realworld_cut.py --out tests/eval/realworld/methods.jsonl \
        --repo TheAlgorithms/Java=/work/.mirror/TheAlgorithms+Java/repo:MIT:200 ...

Each --repo is OWNER/NAME=GIT_DIR:LICENSE:COUNT. Output lines are references, not code (the
fetched code is never committed): {"id", "repo", "commit", "path", "line", "end_line", "license",
"sha256"}, where `sha256` is the hash of the method text that `cut_method` gives for the lines
`line`..`end_line` of the file at that commit. `benchmarks/realworld_materialise.py` turns them
back into {"id", "repo", "commit", "path", "line", "license", "java"} (in .cjkb/realworld/).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
import textwrap

import javalang

MIN_LINES, MAX_LINES = 8, 60
# generated code, tests and build scripts are not what people translate
SKIP_PATH = re.compile(
    r"(^|/)(test|tests|generated|target|mall-mbg)/|Test\.java$|Tests\.java$|package-info\.java$|module-info\.java$"
)


def git(git_dir: str, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True, errors="replace"
    ).stdout


def cut_method(src: str, start: int, end: int) -> str:
    """The method text: lines start..end (1-based, inclusive) of the file, dedented."""
    return textwrap.dedent("\n".join(src.splitlines()[start - 1 : end]))


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def method_spans(src: str):
    """Yield (start_line, end_line, name) of each method/constructor with a body."""
    try:
        tree = javalang.parse.parse(src)
        tokens = list(javalang.tokenizer.tokenize(src))
    except Exception:
        return
    by_pos = {(t.position.line, t.position.column): i for i, t in enumerate(tokens)}
    for _, node in tree.filter(javalang.tree.MethodDeclaration):
        yield from _span(node, tokens, by_pos)
    for _, node in tree.filter(javalang.tree.ConstructorDeclaration):
        yield from _span(node, tokens, by_pos)


def _span(node, tokens, by_pos):
    if node.body is None or node.position is None:
        return
    start = node.position.line
    for a in node.annotations or []:
        if a.position is not None:
            start = min(start, a.position.line)
    # the first token at/after the declaration's position, then the first '{' and its match
    i = by_pos.get((node.position.line, node.position.column))
    if i is None:
        return
    while i < len(tokens) and tokens[i].value != "{":
        if tokens[i].value == ";":
            return
        i += 1
    depth = 0
    for j in range(i, len(tokens)):
        v = tokens[j].value
        if v == "{":
            depth += 1
        elif v == "}":
            depth -= 1
            if depth == 0:
                yield start, tokens[j].position.line, node.name
                return


def cut_repo(name: str, git_dir: str, license_: str, count: int, seed: int) -> list[dict]:
    commit = git(git_dir, "rev-parse", "HEAD").strip()
    paths = [
        p
        for p in git(git_dir, "ls-tree", "-r", "--name-only", "HEAD").splitlines()
        if p.endswith(".java") and not SKIP_PATH.search(p)
    ]
    eligible = []
    for path in paths:
        src = git(git_dir, "show", f"HEAD:{path}")
        for start, end, mname in method_spans(src):
            n = end - start + 1
            if MIN_LINES <= n <= MAX_LINES:
                eligible.append((path, start, mname, end, cut_method(src, start, end)))
    eligible.sort(key=lambda e: (e[0], e[1]))
    rng = random.Random(f"{seed}:{name}")
    picked = rng.sample(eligible, min(count, len(eligible)))
    picked.sort(key=lambda e: (e[0], e[1]))
    short = name.split("/")[1].lower()
    print(
        f"{name}: {len(paths)} files, {len(eligible)} eligible methods, {len(picked)} sampled",
        file=sys.stderr,
    )
    return [
        {
            "id": f"{short}:{path}:{start}:{mname}",
            "repo": name,
            "commit": commit,
            "path": path,
            "line": start,
            "end_line": end,
            "license": license_,
            "sha256": text_sha256(body),
        }
        for path, start, mname, end, body in picked
    ]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", action="append", required=True, help="OWNER/NAME=GIT_DIR:LICENSE:COUNT")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    rows = []
    for spec in a.repo:
        name, rest = spec.split("=", 1)
        git_dir, license_, count = rest.rsplit(":", 2)
        rows += cut_repo(name, git_dir, license_, int(count), a.seed)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} method references to {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
