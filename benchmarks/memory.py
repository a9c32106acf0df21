"""Where the server's memory goes: RSS after each step of what `cjkb-graph serve` does, in-process.

    .venv/bin/python benchmarks/memory.py [--data-dir DIR] [--json]

Steps: the libraries (pydantic, networkx, numpy, the MCP SDK), this package's server module, the
graph (loaded as the server loads it), the search index, the resolver, the checker, the module
list, the tool registrations, then each call of `benchmarks/startup.py`'s mixed workload. Each row
is ``VmRSS`` after the step and its increase (``RssFile``, the mapped files, in brackets). A step
can reuse memory an earlier one freed, so the increases are an upper bound per step only in sum.
`startup.py` measures the real server process; this one says which part costs what.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import sys
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _status() -> tuple[float, float]:
    values = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssFile"):
            values[key] = int(value.split()[0]) / 1024
    return values["VmRSS"], values["RssFile"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows: list[dict[str, Any]] = []
    last = [_status()[0]]

    def step(name: str) -> None:
        rss, file = _status()
        rows.append(
            {
                "step": name,
                "rss_mb": round(rss, 1),
                "delta_mb": round(rss - last[0], 1),
                "file_mb": round(file, 1),
            }
        )
        last[0] = rss

    step("interpreter")
    for mod in ("pydantic", "networkx", "numpy", "mcp.types", "mcp.server.mcpserver"):
        importlib.import_module(mod)
        step(f"import {mod}")
    from startup import WORKLOAD

    from cjkb_graph.config import load_config
    from cjkb_graph.engine import Engine
    from cjkb_graph.graph.kb import KnowledgeBase
    from cjkb_graph.graph.store import load_graph
    from cjkb_graph.mcp_server import build_server

    step("import cjkb_graph.mcp_server")
    cfg = load_config(data_dir=a.data_dir)
    read_only = "read_only" in inspect.signature(load_graph).parameters  # older versions: no such load
    G = load_graph(cfg.data_dir, read_only=True) if read_only else load_graph(cfg.data_dir)
    step("graph")
    engine = Engine(KnowledgeBase(G, cfg))
    step("knowledge base")
    for part in ("index", "resolver", "assistant", "checker"):
        getattr(engine, part)
        step(part)
    engine.list_modules()
    step("module list")
    server = build_server(lambda: engine)
    step("tool registrations")

    async def workload() -> None:
        for name, args in WORKLOAD:
            await server.call_tool(name, args)
            step(f"{name} {next(iter(args.values()), '')!s:.30}")

    anyio.run(workload)
    if a.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        print(f"{r['step']:50s} {r['rss_mb']:7.1f} MB  +{r['delta_mb']:5.1f}  (files {r['file_mb']:.1f})")


if __name__ == "__main__":
    main()
