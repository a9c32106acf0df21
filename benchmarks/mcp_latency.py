"""MCP server timings: cold start over real stdio, and per-tool latency in-process.

    .venv/bin/python benchmarks/mcp_latency.py [--data-dir DIR] [--runs 3] [--calls 30]

Cold start is spawn -> initialize -> first answered tool call (``get_node``), via the SDK's stdio
client. Per-tool latency is ``MCPServer.call_tool`` in-process (argument validation, worker
thread, library call, output model), median and p90 over ``--calls`` calls after 3 warm-ups.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("search_api", {"query": "sort a list"}),
    ("get_api_details", {"name": "std.collection.HashMap.add"}),
    ("get_class_members", {"class_name": "HashMap"}),
    ("find_examples", {"query": "HashMap.add"}),
    ("find_examples", {"query": "match a regular expression"}),
    ("java_to_cangjie", {"java_symbol": "java.util.HashMap.put"}),
    ("resolve_java_code", {"java_code": 'Map<String,Integer> m = new HashMap<>();\nm.put("a", 1);'}),
    ("describe_java_code", {"java_code": 'List<String> xs = new ArrayList<>();\nxs.add("a");'}),
    ("error_fix_hint", {"error_text": "error: undeclared identifier 'HashMap'"}),
    ("list_modules", {}),
    ("get_node", {"node_id": "std.collection.HashMap"}),
    ("get_neighbors", {"node_id": "java.util.HashMap", "depth": 2, "limit": 20}),
    ("find_path", {"source": "java.util.HashMap", "target": "std.collection.HashMap"}),
    ("export_subgraph", {"node_id": "std.collection.HashMap", "depth": 1}),
]


async def cold_start(data_dir: str | None) -> float:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    script = Path(sys.executable).parent / "cjkb-graph"
    args = ["serve"] + (["--data-dir", data_dir] if data_dir else [])
    params = StdioServerParameters(command=str(script), args=args, cwd=str(REPO))
    t0 = time.perf_counter()
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        res = await s.call_tool("get_node", {"node_id": "std.collection.HashMap"})
        elapsed = time.perf_counter() - t0
        assert not res.is_error, res
    return elapsed


async def per_tool(data_dir: str | None, n: int) -> list[tuple[str, float, float]]:
    from cjkb_graph.engine import Engine
    from cjkb_graph.mcp_server import build_server

    engine = Engine.load(data_dir)
    engine.warm()
    server = build_server(lambda: engine)
    rows = []
    for name, args in CALLS:
        times = []
        for i in range(n + 3):
            t = time.perf_counter()
            r = await server.call_tool(name, args)
            if i >= 3:
                times.append((time.perf_counter() - t) * 1000)
            assert not getattr(r, "is_error", False), (name, r)
        times.sort()
        rows.append(
            (
                f"{name} {next(iter(args.values()), '')!s:.28}",
                statistics.median(times),
                times[int(0.9 * (len(times) - 1))],
            )
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--calls", type=int, default=30)
    a = ap.parse_args()
    starts = [anyio.run(cold_start, a.data_dir) for _ in range(a.runs)]
    print("cold start (spawn -> first answered call): " + ", ".join(f"{s:.2f} s" for s in starts))
    print(f"{'tool':<50}{'median ms':>10}{'p90 ms':>10}")
    for label, med, p90 in anyio.run(per_tool, a.data_dir, a.calls):
        print(f"{label:<50}{med:>10.2f}{p90:>10.2f}")


if __name__ == "__main__":
    main()
