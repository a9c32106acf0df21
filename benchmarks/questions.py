"""Score a search function on the held-out question sets (tests/eval/questions_*.jsonl).

    python benchmarks/questions.py [--data-dir DIR] [--cli] [--json] [--failures N]
    python benchmarks/questions.py --fresh | --fresh2 | --set PATH [--aggregate-only]

The scorer only needs ``search(query, top_k) -> list of hits`` where a hit is a mapping with
``id``, ``qualname``, ``kind`` and ``source``: task questions go to ``Engine.search`` (the API
search), language questions to ``Engine.search_docs`` (manual sections, pages, constructs), in
process (or, with ``--cli`` or when that import fails, ``cjkb-graph search [--docs] QUERY --json``).

- language questions: a hit counts when its node is one of the expected pages (``manual:<page>``),
  a section of one (``manual:<page>#...``), or a ``java_construct`` whose ``manual`` list points into
  one (read from the node's outgoing ``maps_to`` edges when the graph is available, else from
  graph_data/language/java_constructs.yaml);
- task questions: a hit counts when its ``qualname`` is one of the expected qualnames.

Reports hit@1 and hit@5 per group (language: ``en``/``zh``; task: ``en``/``zh``/``java``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
EVAL = REPO / "tests" / "eval"
LANG_FILE = EVAL / "questions_language.jsonl"
TASK_FILE = EVAL / "questions_task.jsonl"
FRESH_FILE = EVAL / "questions_fresh.jsonl"  # held out after the sets above became development sets
FRESH2_FILE = EVAL / "questions_fresh2.jsonl"  # task questions held out after questions_fresh was used
TOP_K = 5

SearchFn = Callable[[str, int], list[Mapping[str, Any]]]


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def page_of(node_id: str) -> str | None:
    """``manual:a/b#s`` -> ``a/b``; None for non-manual ids."""
    if not node_id.startswith("manual:"):
        return None
    return node_id[len("manual:") :].split("#", 1)[0]


def construct_pages_from_yaml() -> dict[str, set[str]]:
    """construct node id -> manual pages its ``manual`` list points into (from the YAML table)."""
    try:
        sys.path.insert(0, str(REPO))
        from loaders.java_constructs import load_constructs

        constructs, _ = load_constructs()
    except Exception:  # the table or its loader is not there yet: no construct credit
        return {}
    return {f"construct:{c.id}": {p for p in map(page_of, c.manual) if p} for c in constructs}


def hit_pages(hit: Mapping[str, Any], construct_pages: Mapping[str, set[str]]) -> set[str]:
    node = str(hit.get("id", ""))
    page = page_of(node)
    if page:
        return {page}
    if hit.get("kind") == "java_construct" or node.startswith("construct:"):
        return set(construct_pages.get(node, set()))
    return set()


def score(
    search: SearchFn,
    lang_items: Iterable[dict[str, Any]],
    task_items: Iterable[dict[str, Any]],
    construct_pages: Mapping[str, set[str]] | None = None,
    top_k: int = TOP_K,
    docs_search: SearchFn | None = None,
) -> dict[str, Any]:
    """hit@1 / hit@5 per group, plus the failing ids and timing (``docs_search`` for language
    questions; default ``search``)."""
    construct_pages = construct_pages if construct_pages is not None else construct_pages_from_yaml()
    groups: dict[str, dict[str, list[int]]] = defaultdict(lambda: {"hit1": [], "hit5": []})
    failures: dict[str, list[dict[str, Any]]] = defaultdict(list)
    times: list[float] = []

    def run(query: str, fn: SearchFn = search) -> list[Mapping[str, Any]]:
        t = time.perf_counter()
        try:
            hits = list(fn(query, top_k))
        except Exception as err:  # a query the search rejects scores as a miss
            print(f"search failed for {query!r}: {err}", file=sys.stderr)
            hits = []
        times.append((time.perf_counter() - t) * 1000)
        return hits

    for q in lang_items:
        hits = run(q["query"], docs_search or search)
        want = set(q["expected_pages"])
        ranks = [i for i, h in enumerate(hits[:top_k]) if hit_pages(h, construct_pages) & want]
        key = f"language/{q['lang']}"
        groups[key]["hit1"].append(int(bool(ranks) and ranks[0] == 0))
        groups[key]["hit5"].append(int(bool(ranks)))
        if not ranks:
            failures[key].append({"id": q["id"], "query": q["query"], "top": [h.get("id") for h in hits[:3]]})
    for q in task_items:
        hits = run(q["query"])
        want = set(q["expected"])
        ranks = [i for i, h in enumerate(hits[:top_k]) if h.get("qualname") in want]
        key = f"task/{q['group']}"
        groups[key]["hit1"].append(int(bool(ranks) and ranks[0] == 0))
        groups[key]["hit5"].append(int(bool(ranks)))
        if not ranks:
            failures[key].append(
                {"id": q["id"], "query": q["query"], "top": [h.get("qualname") for h in hits[:3]]}
            )
    table = {
        g: {
            "n": len(v["hit1"]),
            "hit@1": round(sum(v["hit1"]) / len(v["hit1"]), 3),
            f"hit@{top_k}": round(sum(v["hit5"]) / len(v["hit5"]), 3),
        }
        for g, v in sorted(groups.items())
        if v["hit1"]
    }
    times.sort()
    return {
        "groups": table,
        "failures": dict(failures),
        "ms_p50": round(times[len(times) // 2], 2) if times else None,
        "queries": len(times),
    }


# --------------------------------------------------------------------------- search back-ends


def inprocess_search(data_dir: str | None) -> tuple[SearchFn, SearchFn, dict[str, set[str]] | None]:
    """``Engine.search`` and ``Engine.search_docs`` on the built graph; construct pages from its
    maps_to edges."""
    sys.path.insert(0, str(REPO))
    from cjkb_graph.engine import Engine

    engine = Engine.load(data_dir)
    kb = engine.kb

    def fn(query: str, top_k: int) -> list[Mapping[str, Any]]:
        hits = [h.model_dump(by_alias=True) for h in engine.search(query, top_k=top_k)]
        for h in hits:
            h["source"] = h.get("source") or kb.G.nodes[h["id"]].get("source", "")
        return hits

    def docs_fn(query: str, top_k: int) -> list[Mapping[str, Any]]:
        return [h.model_dump(by_alias=True) for h in engine.search_docs(query, top_k=top_k)]

    engine.search("warm up", top_k=1)
    engine.search_docs("热身", top_k=1)  # loads the Chinese segmenter outside the timings
    cpages: dict[str, set[str]] = {}
    for n, d in kb.G.nodes(data=True):
        if d.get("kind") == "java_construct":
            cpages[n] = {
                p for _, v, k in kb.G.out_edges(n, keys=True) if k == "maps_to" for p in [page_of(v)] if p
            }
    return fn, docs_fn, (cpages or None)


def cli_search(data_dir: str | None, docs: bool = False) -> SearchFn:
    exe = shutil.which("cjkb-graph") or str(REPO / ".venv" / "bin" / "cjkb-graph")

    def fn(query: str, top_k: int) -> list[Mapping[str, Any]]:
        cmd = [exe, "search", query, "--json", "--top-k", str(top_k)] + (["--docs"] if docs else [])
        if data_dir:
            cmd[1:1] = ["--data-dir", data_dir]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
        if out.returncode != 0:
            raise RuntimeError(out.stderr.strip()[:200])
        return json.loads(out.stdout)

    return fn


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", default=None, help="built graph (default: the CLI's default)")
    ap.add_argument("--cli", action="store_true", help="call `cjkb-graph search --json` per query")
    ap.add_argument("--json", action="store_true", help="print the full result as JSON")
    ap.add_argument("--failures", type=int, default=0, metavar="N", help="list up to N misses per group")
    ap.add_argument("--lang-file", type=Path, default=LANG_FILE)
    ap.add_argument("--task-file", type=Path, default=TASK_FILE)
    ap.add_argument(
        "--fresh", action="store_true", help="score tests/eval/questions_fresh.jsonl (both kinds in one file)"
    )
    ap.add_argument(
        "--fresh2", action="store_true", help="score tests/eval/questions_fresh2.jsonl (held out)"
    )
    ap.add_argument(
        "--set",
        type=Path,
        default=None,
        metavar="PATH",
        help="score one mixed file (lines with a `set` field)",
    )
    ap.add_argument(
        "--aggregate-only",
        action="store_true",
        help="leave the per-question misses out of --json (for held-out sets)",
    )
    args = ap.parse_args(argv)
    for path in [args.set] if args.set else [args.lang_file, args.task_file]:
        if not path.is_file():
            ap.error(f"question file {path} does not exist (paths are relative to the current folder)")
    cpages: dict[str, set[str]] | None = None
    backend = "cli"
    if args.cli:
        fn, docs_fn = cli_search(args.data_dir), cli_search(args.data_dir, docs=True)
    else:
        try:
            fn, docs_fn, cpages = inprocess_search(args.data_dir)
            backend = "in-process"
        except Exception as err:
            print(f"in-process search unavailable ({err}); using the CLI", file=sys.stderr)
            fn, docs_fn = cli_search(args.data_dir), cli_search(args.data_dir, docs=True)
    mixed = args.set or (FRESH2_FILE if args.fresh2 else FRESH_FILE if args.fresh else None)
    if mixed is not None:
        fresh = read_jsonl(mixed)
        lang_items = [q for q in fresh if q.get("set") == "language"]
        task_items = [q for q in fresh if q.get("set") == "task"]
    else:
        lang_items, task_items = read_jsonl(args.lang_file), read_jsonl(args.task_file)
    result = score(fn, lang_items, task_items, cpages, docs_search=docs_fn)
    result["backend"] = backend
    if args.aggregate_only:
        result.pop("failures", None)
        args.failures = 0
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print(f"backend: {backend}; {result['queries']} queries; search p50 {result['ms_p50']} ms")
    print(f"{'group':<14} {'n':>4} {'hit@1':>7} {'hit@5':>7}")
    for g, row in result["groups"].items():
        print(f"{g:<14} {row['n']:>4} {row['hit@1']:>7.3f} {row['hit@5']:>7.3f}")
    if args.failures:
        for g, fails in result["failures"].items():
            print(f"\nmisses in {g} ({len(fails)}):")
            for f in fails[: args.failures]:
                print(f"  {f['id']}: {f['query']}  -> {f['top']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
