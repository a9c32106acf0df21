"""Benchmarks: build, load, search and resolve latency, MCP cold start, tool latency, and scaling.

    .venv/bin/python benchmarks/run.py [--quick] [--json] [--data-dir DIR]

Medians and p95 over repeated runs (these machines are noisy). With ``--json`` the last line is
one JSON object with at least build_s, load_s, search_p50_ms, search_p95_ms, search_docs_p50_ms, resolve_p50_ms,
resolve_p95_ms, mcp_cold_start_s. ``--quick`` uses fewer repetitions and skips the full-size
scaling graphs' rebuild from docs (the synthetic doubling is still measured).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cjkb_graph.config import load_config  # noqa: E402
from cjkb_graph.engine import Engine  # noqa: E402
from cjkb_graph.graph.kb import KnowledgeBase  # noqa: E402
from cjkb_graph.graph.store import load_graph  # noqa: E402
from cjkb_graph.kinds import NodeKind  # noqa: E402
from cjkb_graph.pipeline import build_and_save  # noqa: E402
from cjkb_graph.search.index import SearchIndex  # noqa: E402


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def make_queries(kb: KnowledgeBase, n: int, seed: int = 7) -> list[str]:
    """Varied queries: API names, description phrases (en and zh), Java symbols, task phrases."""
    rng = random.Random(seed)
    G = kb.G
    api = sorted(n_ for n_, d in G.nodes(data=True) if d.get("kind") in ("type", "member", "function"))
    java = sorted(n_ for n_, d in G.nodes(data=True) if d.get("kind") in ("java_type", "java_member"))
    tasks = [
        "sort a list", "read a file line by line", "parse integer from string", "hash map put",
        "split string by comma", "current time in milliseconds", "sleep for a while", "regex match",
        "atomic counter increment", "lock a mutex", "random number", "convert to uppercase",
        "join strings with separator", "remove element from list", "check if key exists",
        "字符串 分割", "排序", "读取文件", "哈希表 添加", "线程 休眠",
    ]  # fmt: skip
    out: list[str] = []
    for i in range(n):
        kind = i % 5
        if kind == 0:
            out.append(G.nodes[rng.choice(api)]["name"])
        elif kind == 1:
            d = G.nodes[rng.choice(api)]
            words = (d.get("description_en") or d.get("name", "")).split()[:5]
            out.append(" ".join(words) or d["name"])
        elif kind == 2:
            d = G.nodes[rng.choice(api)]
            out.append((d.get("description_zh") or d.get("name", ""))[:8] or d["name"])
        elif kind == 3 and java:
            out.append(G.nodes[rng.choice(java)].get("qualname", "HashMap"))
        else:
            out.append(rng.choice(tasks))
    return [q if q.strip() else "map" for q in out]


def time_search(engine: Engine, queries: list[str], rounds: int) -> list[float]:
    for q in queries[:20]:
        engine.search(q)
    times: list[float] = []
    for _ in range(rounds):
        for q in queries:
            t0 = time.perf_counter()
            engine.search(q, top_k=10)
            times.append((time.perf_counter() - t0) * 1000)
    return times


def time_search_docs(engine: Engine, queries: list[str], rounds: int) -> list[float]:
    """``search_docs`` (manual sections, pages, constructs) on the language question set."""
    for q in queries[:10]:
        engine.search_docs(q)
    times: list[float] = []
    for _ in range(rounds):
        for q in queries:
            t0 = time.perf_counter()
            engine.search_docs(q, top_k=10)
            times.append((time.perf_counter() - t0) * 1000)
    return times


def time_resolve(engine: Engine, snippets: list[str], rounds: int) -> list[float]:
    for s in snippets[:10]:
        engine.resolve(s)
    times: list[float] = []
    for _ in range(rounds):
        for s in snippets:
            t0 = time.perf_counter()
            engine.resolve(s, top_k=5, rerank=False)
            times.append((time.perf_counter() - t0) * 1000)
    return times


def doubled(kb: KnowledgeBase) -> Engine:
    """The graph with every Cangjie API and example node duplicated under a new package prefix."""
    G = kb.G.copy()
    mapping = {
        n: f"dup.{n}"
        for n, d in kb.G.nodes(data=True)
        if d.get("kind") not in (NodeKind.JAVA_TYPE, NodeKind.JAVA_MEMBER)
    }
    for n, new in mapping.items():
        d = dict(kb.G.nodes[n])
        if d.get("qualname"):
            d["qualname"] = "dup." + d["qualname"]
        d["module"] = "dup." + d.get("module", "")
        G.add_node(new, **d)
    for u, v, k, d in kb.G.edges(keys=True, data=True):
        if u in mapping and v in mapping:
            G.add_edge(mapping[u], mapping[v], key=k, **d)
    G.graph.pop("sha256", None)
    big = KnowledgeBase(G, kb.cfg)
    return Engine(big, SearchIndex.build(big))


def std_only(cfg_roots: list[Path], tmp: Path) -> Engine:
    """A graph built from the std trees alone (symlinked into a temporary corpus root)."""
    root = tmp / "std_only"
    root.mkdir()
    for r in cfg_roots:
        for name in ("std", "std_en"):
            if (r / name).is_dir() and not (root / name).exists():
                (root / name).symlink_to((r / name).resolve())
    cfg = load_config(data_dir=str(tmp / "std_graph"))
    cfg.corpus_roots = [root]
    build_and_save(cfg, force=True)
    return Engine.load(cfg=cfg)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--data-dir")
    args = ap.parse_args()
    rounds = 1 if args.quick else 3
    cfg = load_config(data_dir=args.data_dir)
    out: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
    }
    with tempfile.TemporaryDirectory() as tmpd:
        tmp = Path(tmpd)
        # full build, into a scratch data dir (never the user's)
        build_cfg = load_config(data_dir=str(tmp / "build"))
        build_cfg.corpus_roots = cfg.corpus_roots
        builds = []
        for _ in range(1 if args.quick else 2):
            t0 = time.perf_counter()
            build_and_save(build_cfg, force=True)
            builds.append(time.perf_counter() - t0)
        out["build_s"] = round(statistics.median(builds), 3)
        log(f"build: {out['build_s']:.2f} s (median of {len(builds)})")
        data_dir = Path(args.data_dir) if args.data_dir else build_cfg.data_dir
        loads = []
        for _ in range(3 if args.quick else 5):
            t0 = time.perf_counter()
            e_l = Engine(KnowledgeBase(load_graph(data_dir), load_config(data_dir=str(data_dir))))
            e_l.index  # noqa: B018 - part of loading
            loads.append(time.perf_counter() - t0)
        out["load_s"] = round(statistics.median(loads), 3)
        log(f"load (graph + search index): {out['load_s']:.3f} s")
        engine = Engine.load(cfg=load_config(data_dir=str(data_dir)))
        engine.resolver  # noqa: B018
        kb = engine.kb
        queries = make_queries(kb, 300)
        st = time_search(engine, queries, rounds)
        out["search_p50_ms"] = round(statistics.median(st), 3)
        out["search_p95_ms"] = round(pct(st, 0.95), 3)
        out["search_queries"] = len(queries)
        log(
            f"search: p50 {out['search_p50_ms']:.3f} ms, p95 {out['search_p95_ms']:.3f} ms over {len(queries)} queries"
        )
        lang_file = REPO / "tests" / "eval" / "questions_language.jsonl"
        if lang_file.exists():
            lq = [
                json.loads(x)["query"]
                for x in lang_file.read_text(encoding="utf-8").splitlines()
                if x.strip()
            ]
            dt = time_search_docs(engine, lq, rounds)
            out["search_docs_p50_ms"] = round(statistics.median(dt), 3)
            out["search_docs_p95_ms"] = round(pct(dt, 0.95), 3)
            log(f"search_docs: p50 {out['search_docs_p50_ms']:.3f} ms, p95 {out['search_docs_p95_ms']:.3f} ms "
                f"over {len(lq)} language questions")  # fmt: skip
        snippets = [
            json.loads(line)["java"]
            for line in (REPO / "tests/eval/devset.jsonl").read_text().splitlines()
            if line.strip()
        ]
        rt = time_resolve(engine, snippets, rounds)
        out["resolve_p50_ms"] = round(statistics.median(rt), 3)
        out["resolve_p95_ms"] = round(pct(rt, 0.95), 3)
        out["resolve_snippets"] = len(snippets)
        log(
            f"resolve: p50 {out['resolve_p50_ms']:.3f} ms, p95 {out['resolve_p95_ms']:.3f} ms over {len(snippets)} snippets"
        )
        # MCP
        try:
            import mcp_latency

            colds = [anyio.run(mcp_latency.cold_start, str(data_dir)) for _ in range(2 if args.quick else 3)]
            out["mcp_cold_start_s"] = round(statistics.median(colds), 3)
            log(f"MCP cold start to first answer: {out['mcp_cold_start_s']:.2f} s")
            tools = anyio.run(mcp_latency.per_tool, str(data_dir), 10 if args.quick else 30)
            out["tool_median_ms"] = {name: round(med, 3) for name, med, _ in tools}
            for name, med, p90 in tools:
                log(f"  tool {name:<22} median {med:8.3f} ms  p90 {p90:8.3f} ms")
        except Exception as e:  # the MCP part must not hide the rest
            out["mcp_error"] = f"{type(e).__name__}: {e}"
            log(f"MCP benchmark failed: {out['mcp_error']}")
        # scaling: std only, std + stdx, doubled
        scale: dict[str, Any] = {}
        sub_q = queries[:150]
        sub_s = snippets[:80]
        e_std = std_only(cfg.corpus_roots, tmp)
        e_std.resolver  # noqa: B018
        for label, k in (("std", e_std), ("std+stdx", engine), ("doubled", doubled(kb))):
            s_t = time_search(k, sub_q, 1)
            r_t = time_resolve(k, sub_s, 1)
            docs = k.index.n
            scale[label] = {
                "docs": docs,
                "search_p50_ms": round(statistics.median(s_t), 3),
                "resolve_p50_ms": round(statistics.median(r_t), 3),
            }
            log(f"scale {label:<9} docs {docs:>6}: search p50 {scale[label]['search_p50_ms']:.3f} ms, "
                f"resolve p50 {scale[label]['resolve_p50_ms']:.3f} ms")  # fmt: skip
        base = scale["std+stdx"]
        scale["doubled_over_full_search"] = round(
            scale["doubled"]["search_p50_ms"] / base["search_p50_ms"], 2
        )
        scale["doubled_over_full_resolve"] = round(
            scale["doubled"]["resolve_p50_ms"] / base["resolve_p50_ms"], 2
        )
        out["scaling"] = scale
    goals = {
        "load_s": 1.0,
        "search_p50_ms": 1.0,
        "resolve_p50_ms": 5.0,
        "mcp_cold_start_s": 3.0,
        "build_s": 15.0,
    }
    out["goals_met"] = {k: (out.get(k) is not None and out[k] <= v) for k, v in goals.items()}
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
