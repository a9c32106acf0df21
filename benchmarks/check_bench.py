"""Benchmark of the Cangjie draft checker (issue 10).

Prints: the share of valid snippets with any error (doc examples from the built graph plus
tests/eval/cangjie/valid.jsonl and, when materialised, public_valid.jsonl), the share of planted mistakes caught on the right line, the share
whose message or suggestion names the expected fix, and median / p95 ms per snippet.

    .venv/bin/python benchmarks/check_bench.py [--data-dir graph_data/build] [--json] [--failures N]

Real application code (`--set PATH`, repeatable; `--apps` = tests/eval/cangjie/apps.jsonl): lines
{"id", "cangjie"} of whole files that compile; every error there is a false error unless the labels file
(`apps_labels.jsonl`: id, line, code, verdict true/false, cause) says the code itself is wrong. Prints the
files with any error, errors per file and the share of errors labelled false (unlabelled errors are listed).
The code is not committed: `--materialise CLONES` rebuilds apps.jsonl and apps_holdout.jsonl from
apps_sources.jsonl / apps_holdout_sources.jsonl (repository,
commit, path, licence) with `git show COMMIT:PATH` in CLONES/<owner>+<name> (a clone or bare mirror).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cjkb_graph.cangjie import CangjieChecker, CheckResult  # noqa: E402

EVAL = ROOT / "tests" / "eval" / "cangjie"


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_graph_any(data_dir: Path):
    from cjkb_graph.graph.store import load_graph

    return load_graph(data_dir)


def caught(res: CheckResult, case: dict) -> tuple[bool, bool]:
    on_line = [d for d in res.diagnostics if d.line == case["line"] and d.severity in ("error", "warning")]
    line_ok = any(d.severity == "error" for d in on_line)
    texts = [d.message for d in on_line] + [s for d in on_line for s in d.suggestions]
    fix_ok = any(f in t for f in case["expected_fix"] for t in texts)
    return line_ok, fix_ok


def run(data_dir: Path, failures: int = 0) -> dict:
    G = load_graph_any(data_dir)
    t0 = time.perf_counter()
    ck = CangjieChecker(G)
    index_ms = (time.perf_counter() - t0) * 1000
    times: list[float] = []

    def timed(code: str) -> CheckResult:
        t = time.perf_counter()
        r = ck.check(code)
        times.append((time.perf_counter() - t) * 1000)
        return r

    examples = [(n, d["code"]) for n, d in G.nodes(data=True) if d.get("kind") == "example" and d.get("code")]
    ex_bad = []
    for n, code in examples:
        r = timed(code)
        if r.errors:
            ex_bad.append((n, r.errors[0]))
    valid = load_jsonl(EVAL / "valid.jsonl")
    public = EVAL / "public_valid.jsonl"  # materialised by benchmarks/public_valid.py (not committed)
    if public.exists():
        valid += load_jsonl(public)
    v_bad = []
    for case in valid:
        r = timed(case["cangjie"])
        if r.errors:
            v_bad.append((case["id"], r.errors[0]))

    def planted_set(name: str) -> tuple[int, int, int, list]:
        cases = load_jsonl(EVAL / name)
        n_line = n_fix = 0
        bad = []
        for case in cases:
            r = timed(case["cangjie"])
            line_ok, fix_ok = caught(r, case)
            n_line += line_ok
            n_fix += fix_ok
            if not (line_ok and fix_ok):
                bad.append(
                    (case["id"], case["kind"], line_ok, fix_ok, [d.model_dump() for d in r.diagnostics][:3])
                )
        return len(cases), n_line, n_fix, bad

    n_planted, n_line, n_fix, p_bad = planted_set("planted.jsonl")
    n_hold, h_line, h_fix, h_bad = planted_set("planted_holdout.jsonl")
    hv_bad = [c["id"] for c in load_jsonl(EVAL / "valid_holdout.jsonl") if timed(c["cangjie"]).errors]
    times.sort()
    out = {
        "examples": len(examples),
        "examples_with_error": len(ex_bad),
        "valid_jsonl": len(valid),
        "valid_jsonl_with_error": len(v_bad),
        "valid_error_share": (len(ex_bad) + len(v_bad)) / max(1, len(examples) + len(valid)),
        "planted": n_planted,
        "planted_line_share": n_line / max(1, n_planted),
        "planted_fix_share": n_fix / max(1, n_planted),
        "holdout_planted": n_hold,
        "holdout_line_share": h_line / max(1, n_hold),
        "holdout_fix_share": h_fix / max(1, n_hold),
        "holdout_valid_with_error": hv_bad,
        "holdout_valid": len(load_jsonl(EVAL / "valid_holdout.jsonl")),
        "median_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * (len(times) - 1))],
        "index_build_ms": index_ms,
    }
    if failures:
        out["failures"] = {
            "examples": [(n, d.line, d.code, d.message) for n, d in ex_bad[:failures]],
            "valid": [(n, d.line, d.code, d.message) for n, d in v_bad[:failures]],
            "planted": p_bad[:failures],
            "holdout": h_bad[:failures],
        }
    return out


def app_set(ck: CangjieChecker, path: Path, labels_path: Path | None = None) -> dict:
    """Errors on whole files of real applications, with the verdicts of a labels file."""
    cases = load_jsonl(path)
    labels = {}
    if labels_path is not None and labels_path.exists():
        labels = {(x["id"], x["line"], x["code"]): x for x in load_jsonl(labels_path)}
    errors: list[tuple[str, int, str, str]] = []
    files_with_error = 0
    causes: dict[str, int] = {}
    verdicts = {"true": 0, "false": 0, "unlabelled": 0}
    for case in cases:
        errs = ck.check(case["cangjie"]).errors
        files_with_error += bool(errs)
        for d in errs:
            lab = labels.get((case["id"], d.line, d.code))
            v = lab["verdict"] if lab else "unlabelled"
            verdicts[v if v in verdicts else "unlabelled"] += 1
            if lab:
                causes[lab["cause"]] = causes.get(lab["cause"], 0) + 1
            else:
                errors.append((case["id"], d.line, d.code, d.message))
    n_err = sum(verdicts.values())
    labelled = verdicts["true"] + verdicts["false"]
    return {
        "set": str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path),
        "files": len(cases),
        "files_with_error": files_with_error,
        "errors": n_err,
        "errors_per_file": n_err / max(1, len(cases)),
        "verdicts": verdicts,
        "false_share_of_labelled": verdicts["false"] / labelled if labelled else None,
        "causes": dict(sorted(causes.items(), key=lambda kv: -kv[1])),
        "unlabelled": errors,
    }


def materialise(clones: Path, sources: Path, out: Path) -> int:
    """apps.jsonl from the committed references, read with git from local clones or mirrors."""
    import subprocess

    n = 0
    with out.open("w", encoding="utf-8") as f:
        for ref in load_jsonl(sources):
            repo_dir = clones / ref["repo"].replace("/", "+")
            if not repo_dir.exists():
                repo_dir = clones / ref["repo"]
            code = subprocess.run(
                [
                    "git",
                    f"--git-dir={repo_dir / '.git'}"
                    if (repo_dir / ".git").exists()
                    else f"--git-dir={repo_dir}",
                    "show",
                    f"{ref['commit']}:{ref['path']}",
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            if code.returncode != 0:
                print(f"missing: {ref['repo']}@{ref['commit'][:10]}:{ref['path']}", file=sys.stderr)
                continue
            f.write(json.dumps({**ref, "cangjie": code.stdout}, ensure_ascii=False) + "\n")
            n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--data-dir", type=Path, default=ROOT / "graph_data" / "build")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--failures", type=int, default=0, help="also list up to N failures per set")
    ap.add_argument(
        "--set", type=Path, action="append", default=[], help="real-code set {id, cangjie} (repeatable)"
    )
    ap.add_argument("--apps", action="store_true", help="the set tests/eval/cangjie/apps.jsonl")
    ap.add_argument("--labels", type=Path, default=EVAL / "apps_labels.jsonl")
    ap.add_argument(
        "--materialise", type=Path, metavar="CLONES", help="write apps.jsonl from apps_sources.jsonl"
    )
    a = ap.parse_args()
    if a.materialise:
        for name in ("apps", "apps_holdout"):
            n = materialise(a.materialise, EVAL / f"{name}_sources.jsonl", EVAL / f"{name}.jsonl")
            print(f"wrote {n} files to {EVAL / (name + '.jsonl')}")
        return
    sets = list(a.set) + ([EVAL / "apps.jsonl"] if a.apps else [])
    if sets:
        ck = CangjieChecker(load_graph_any(a.data_dir))
        res = [app_set(ck, s, a.labels) for s in sets]
        if a.json:
            print(json.dumps(res, indent=2, ensure_ascii=False))
            return
        for r in res:
            fs = r["false_share_of_labelled"]
            print(
                f"{r['set']}: {r['files_with_error']} of {r['files']} files with an error, "
                f"{r['errors']} errors ({r['errors_per_file']:.2f} per file); verdicts {r['verdicts']}"
                + (f", false share of labelled {fs:.1%}" if fs is not None else "")
            )
            for c, n in r["causes"].items():
                print(f"   {n:3d}  {c}")
            for e in r["unlabelled"][: a.failures or 50]:
                print("   unlabelled:", e)
        return
    out = run(a.data_dir, a.failures)
    if a.json:
        print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        return
    print(
        f"valid snippets with any error: {out['valid_error_share']:.2%} "
        f"({out['examples_with_error']}/{out['examples']} doc examples, "
        f"{out['valid_jsonl_with_error']}/{out['valid_jsonl']} valid.jsonl)"
    )
    print(f"planted mistakes caught on the right line: {out['planted_line_share']:.2%} of {out['planted']}")
    print(f"planted mistakes naming the right fix:     {out['planted_fix_share']:.2%}")
    print(
        f"holdout (written after tuning, not tuned on): line {out['holdout_line_share']:.2%}, "
        f"fix {out['holdout_fix_share']:.2%} of {out['holdout_planted']}; "
        f"holdout valid snippets with an error: {len(out['holdout_valid_with_error'])}"
        f" of {out['holdout_valid']}"
    )
    print(
        f"ms per snippet: median {out['median_ms']:.2f}, p95 {out['p95_ms']:.2f} "
        f"(index build {out['index_build_ms']:.0f} ms, once per checker)"
    )
    for k, v in out.get("failures", {}).items():
        print(f"-- {k}")
        for f in v:
            print("  ", f)


if __name__ == "__main__":
    main()
