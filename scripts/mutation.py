"""A small mutation runner over the core modules (run OUTSIDE CI; see docs/testing.md).

Each mutant changes one spot of one module, runs a test selection against it and is restored:
"killed" when a test fails, "survived" when all pass, "timeout" when the run exceeds its limit.

    .venv/bin/python scripts/mutation.py --named            # the four mutants of issue 14
    .venv/bin/python scripts/mutation.py --auto --max 40    # AST mutants, a seeded sample
    .venv/bin/python scripts/mutation.py --auto --module navigate.py --list

Automatic mutants: comparison flips (< <=, > >=, == !=, in / not in), and/or swaps, numeric
constants (n -> n + 1, 0.x -> 0), `not x` -> `x`, `return <expr>` -> `return None` is left out
(too many trivially killed). The graph is built once into a temporary folder and the tests reuse it
through CJKB_TEST_GRAPH, so a mutant costs one pytest run of the selection (about 1-2 minutes).
Results are appended to --out (JSON lines) as they come, so a long run can be stopped and read.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PKG = REPO / "cjkb_graph"
CORE = ["resolve/resolver.py", "search/query.py", "navigate.py", "lookup.py"]
# In-process tests over the real graph: the ones that can notice a ranking or lookup change.
# The subprocess/integration tests (MCP stdio, CLI, export, build robustness) are left out for speed.
TESTS = [
    "tests/test_ranking_rules.py",
    "tests/test_eval_baseline.py",
    "tests/test_quality.py",
    "tests/test_resolver.py",
    "tests/test_resolver_props.py",
    "tests/test_search.py",
    "tests/test_tools.py",
    "tests/test_javamap.py",
    "tests/test_constructs.py",
    "tests/test_assist.py",
    "tests/test_graph_real.py",
]


@dataclass
class Mutant:
    name: str
    path: str  # relative to cjkb_graph/
    old: str  # exact text replaced (must occur once in the file, or at `offset`)
    new: str
    offset: int | None = None  # character offset of `old` for automatic mutants


NAMED = [
    Mutant(
        "a: resolver drops inherited Cangjie members",
        "resolve/resolver.py",
        "        for sup in self.kb.supertypes(target):\n",
        "        for sup in []:  # mutant\n",
    ),
    Mutant(
        "b: the Java-expansion route adds nothing to the fused score",
        "search/query.py",
        "        fused[i] += 1.0 / (RRF_K + rank_b)\n",
        "        fused[i] += 0.0\n",
    ),
    Mutant(
        "c: get_neighbors accepts limit above its maximum",
        "navigate.py",
        'check_range("limit", limit, 1, MAX_NEIGHBOR_LIMIT)',
        'check_range("limit", limit, 1, MAX_NEIGHBOR_LIMIT + 1)',
    ),
    Mutant(
        "d: deprecated members are not ranked below their replacements",
        "resolve/resolver.py",
        '                s -= 0.2\n                why.append("deprecated")\n',
        '                why.append("deprecated")\n',
    ),
]

_CMP_SWAP = {
    ast.Lt: "<=",
    ast.LtE: "<",
    ast.Gt: ">=",
    ast.GtE: ">",
    ast.Eq: "!=",
    ast.NotEq: "==",
}
_CMP_TEXT = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


def _offsets(src: str) -> list[int]:
    starts = [0]
    for line in src.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def auto_mutants(rel: str) -> list[Mutant]:
    src = (PKG / rel).read_text(encoding="utf-8")
    tree = ast.parse(src)
    starts = _offsets(src)
    out: list[Mutant] = []

    def at(node: ast.AST) -> tuple[int, int]:
        return (
            starts[node.lineno - 1] + node.col_offset,  # type: ignore[attr-defined]
            starts[node.end_lineno - 1] + node.end_col_offset,  # type: ignore[attr-defined]
        )

    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            op = type(node.ops[0])
            if op in _CMP_SWAP:
                a, _ = at(node.left)
                _, b = at(node)
                seg = src[a:b]
                sym = f" {_CMP_TEXT[op]} "
                if seg.count(sym) == 1:
                    k = seg.index(sym)
                    out.append(
                        Mutant(
                            f"{rel}:{node.lineno} {_CMP_TEXT[op]} -> {_CMP_SWAP[op]}",
                            rel,
                            sym,
                            f" {_CMP_SWAP[op]} ",
                            a + k,
                        )
                    )
            elif op in (ast.In, ast.NotIn):
                a, _ = at(node.left)
                _, b = at(node)
                seg = src[a:b]
                sym, rep = (" not in ", " in ") if op is ast.NotIn else (" in ", " not in ")
                if seg.count(sym) == 1 and (op is ast.NotIn or " not in " not in seg):
                    k = seg.index(sym)
                    out.append(Mutant(f"{rel}:{node.lineno}{sym}->{rep}", rel, sym, rep, a + k))
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            _, a = at(node.values[0])
            b, _ = at(node.values[1])
            seg = src[a:b]
            sym, rep = (" and ", " or ") if isinstance(node.op, ast.And) else (" or ", " and ")
            if seg.count(sym) == 1:
                out.append(Mutant(f"{rel}:{node.lineno}{sym}->{rep}", rel, sym, rep, a + seg.index(sym)))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            a, b = at(node)
            if src[a:b].startswith("not "):
                out.append(Mutant(f"{rel}:{node.lineno} drop not", rel, "not ", "", a))
        elif (
            isinstance(node, ast.Constant) and type(node.value) in (int, float) and id(node) not in docstrings
        ):
            a, b = at(node)
            text = src[a:b]
            if isinstance(node.value, float):
                rep = "0.0" if node.value else "1.0"
            else:
                rep = str(node.value + 1)
            out.append(Mutant(f"{rel}:{node.lineno} {text} -> {rep}", rel, text, rep, a))
    out.sort(key=lambda m: (m.path, m.offset or 0))
    return out


def apply(m: Mutant) -> str:
    """Write the mutant; return the original text to restore."""
    path = PKG / m.path
    src = path.read_text(encoding="utf-8")
    if m.offset is None:
        if src.count(m.old) != 1:
            raise SystemExit(f"named mutant {m.name!r}: its text is not found once in {m.path}")
        mutated = src.replace(m.old, m.new)
    else:
        if src[m.offset : m.offset + len(m.old)] != m.old:
            raise SystemExit(f"mutant {m.name!r} does not match {m.path} (file changed?)")
        mutated = src[: m.offset] + m.new + src[m.offset + len(m.old) :]
    path.write_text(mutated, encoding="utf-8")
    return src


def build_graph(folder: Path) -> None:
    code = (
        "import os, sys; from pathlib import Path\n"
        "from cjkb_graph.config import load_config\n"
        "from cjkb_graph.pipeline import build_and_save\n"
        "sys.path.insert(0, 'tests'); from conftest import real_corpus_root\n"
        "root = real_corpus_root()\n"
        "assert root is not None, 'no corpus: set CJKB_CORPUS'\n"
        f"cfg = load_config(Path('config.yaml'), data_dir={str(folder)!r}); cfg.corpus_roots = [root]\n"
        "build_and_save(cfg, force=True)\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


def run_tests(tests: list[str], graph: Path, timeout: float) -> str:
    env = {**os.environ, "CJKB_TEST_GRAPH": str(graph), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("CI", None)
    try:
        r = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
            cwd=REPO,
            env=env,
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    if r.returncode == 0:
        return "survived"
    if r.returncode == 1:
        failed = [
            ln.split()[1] for ln in r.stdout.decode(errors="replace").splitlines() if ln.startswith("FAILED ")
        ]
        return f"killed by {failed[0]}" if failed else "killed"
    return f"error (pytest exit {r.returncode})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--named", action="store_true", help="the four named mutants")
    ap.add_argument("--auto", action="store_true", help="automatic AST mutants of the core modules")
    ap.add_argument("--module", action="append", help="only this core module (repeatable), e.g. navigate.py")
    ap.add_argument("--max", type=int, default=0, help="sample at most N automatic mutants (seeded)")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument(
        "--tests", nargs="*", default=None, help="test files to run (default: the in-process set)"
    )
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per mutant")
    ap.add_argument("--out", default="mutation-report.jsonl", help="JSON lines report (appended)")
    args = ap.parse_args()

    modules = [m for m in CORE if not args.module or any(m.endswith(x) for x in args.module)]
    mutants: list[Mutant] = []
    if args.named:
        mutants += [m for m in NAMED if m.path in modules]
    if args.auto:
        auto = [m for rel in modules for m in auto_mutants(rel)]
        if args.max and len(auto) > args.max:
            auto = sorted(
                random.Random(args.seed).sample(auto, args.max), key=lambda m: (m.path, m.offset or 0)
            )
        mutants += auto
    if not mutants:
        ap.error("choose --named and/or --auto")
    if args.list:
        for m in mutants:
            print(m.name)
        print(f"{len(mutants)} mutants")
        return 0
    tests = args.tests or TESTS
    with tempfile.TemporaryDirectory(prefix="cjkb-mut-") as tmp:
        graph = Path(tmp) / "graph"
        print(f"building the graph once into {graph} ...", flush=True)
        build_graph(graph)
        t0 = time.perf_counter()
        if run_tests(tests, graph, args.timeout) != "survived":
            raise SystemExit("the unmutated code fails the selected tests: fix that first")
        print(f"baseline run: {time.perf_counter() - t0:.0f} s; {len(mutants)} mutants", flush=True)
        counts: dict[str, int] = {}
        for m in mutants:
            original = apply(m)
            t1 = time.perf_counter()
            try:
                outcome = run_tests(tests, graph, args.timeout)
            finally:
                (PKG / m.path).write_text(original, encoding="utf-8")
            key = outcome.split(" by ")[0]
            counts[key] = counts.get(key, 0) + 1
            secs = time.perf_counter() - t1
            print(f"{secs:5.0f} s  {m.name}: {outcome}", flush=True)
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps({"mutant": m.name, "outcome": outcome, "seconds": round(secs)}) + "\n")
    print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
