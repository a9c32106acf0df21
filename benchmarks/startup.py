"""Start-up and footprint: one-shot CLI commands, MCP spawn to first answer, server memory.

    .venv/bin/python benchmarks/startup.py [--data-dir DIR] [--runs 5] [--rss-runs 1] [--json]

* **one-shot CLI**: wall time of a fresh ``cjkb-graph search`` / ``show`` / ``resolve`` process
  (interpreter start, imports, graph and index load, answer), median of ``--runs``;
* **MCP cold start**: spawn ``cjkb-graph serve`` -> ``initialize`` -> first answered tool call
  (``search_api``) over real stdio with the SDK's client, median of ``--runs``;
* **server RSS**: ``VmRSS`` of the server process (from ``/proc``) after its first answer, after it
  has warmed every part, and after a mixed workload (English and Chinese search, a language
  question, a resolve, a Cangjie check, lookups); ``VmHWM`` is the peak. ``--rss-runs N``
  measures it in the first N cold starts and reports the median.

The CLI is the ``cjkb-graph`` beside this interpreter; with ``PYTHONPATH=<checkout>`` its
subprocesses run that checkout's code (a worktree measured with a shared venv).

Aims (issue 13): first answer < 1.5 s, RSS < 160 MB, one-shot search < 0.8 s. These machines are
noisy: compare medians of runs made back to back.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent
CLI = str(Path(sys.executable).parent / "cjkb-graph")

ONE_SHOT = {
    "search": ["search", "sort a list", "--top-k", "3"],
    "show": ["show", "std.collection.HashMap.add"],
    "resolve": ["resolve", "-", "--top-k", "3"],
}
RESOLVE_INPUT = 'Map<String, Integer> m = new HashMap<>();\nm.put("a", 1);\nString s = "x".trim();\n'

WORKLOAD: list[tuple[str, dict[str, Any]]] = [
    ("search_api", {"query": "read all lines of a file"}),
    ("search_api", {"query": "字符串转整数"}),
    ("search_docs", {"query": "how do I write a switch on a string"}),
    ("resolve_java_code", {"java_code": RESOLVE_INPUT}),
    ("check_cangjie_code", {"cangjie_code": 'let m = HashMap<String, Int64>()\nm.put("a", 1)\n'}),
    ("get_class_members", {"class_name": "ArrayList"}),
    ("java_to_cangjie", {"java_symbol": "java.util.HashMap.put"}),
    ("get_neighbors", {"node_id": "java.util.HashMap", "depth": 2, "limit": 20}),
]


_PASS_ENV = ("PYTHONPATH", "CJKB_CORPUS", "CJKB_DATA_DIR", "CJKB_CONFIG")


def _extra(data_dir: str | None) -> list[str]:
    return ["--data-dir", data_dir] if data_dir else []


def one_shot(name: str, data_dir: str | None, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(
            [CLI, *ONE_SHOT[name], *_extra(data_dir)],
            input=RESOLVE_INPUT if name == "resolve" else "",
            capture_output=True,
            text=True,
            check=True,
            cwd=REPO,
        )
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _rss_mb(pid: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = round(int(value.split()[0]) / 1024, 1)
    return out


def _server_pid(parent: int) -> int:
    """The newest `serve` process this benchmark started (a child of this process).

    Only this process's children count: a machine shared with other sessions may run other
    `cjkb-graph serve` processes, whose memory is not this run's figure.
    """
    me, best, best_start = os.getpid(), parent, -1
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        ppid, start = int(fields[1]), int(fields[19])
        if ppid == me and b"serve" in cmdline and start > best_start:
            best, best_start = int(proc.name), start
    return best


async def cold_start(data_dir: str | None, measure_rss: bool) -> dict[str, Any]:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    # the SDK passes the server only a few variables (HOME, PATH, ...): PYTHONPATH and the
    # cjkb-graph settings are passed on so the server runs the same code as the one-shot commands
    env = {k: os.environ[k] for k in _PASS_ENV if k in os.environ}
    params = StdioServerParameters(command=CLI, args=["serve", *_extra(data_dir)], cwd=str(REPO), env=env)
    result: dict[str, Any] = {}
    t0 = time.perf_counter()
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        res = await s.call_tool("search_api", {"query": "hash map put", "top_k": 3})
        result["first_answer_s"] = time.perf_counter() - t0
        assert not res.is_error, res
        if measure_rss:
            pid = _server_pid(0)
            result["rss_first_answer"] = _rss_mb(pid)
            await anyio.sleep(3.0)  # the server warms every part in the background
            result["rss_warm"] = _rss_mb(pid)
            for name, args in WORKLOAD:
                r2 = await s.call_tool(name, args)
                assert not r2.is_error, (name, r2)
            result["rss_after_workload"] = _rss_mb(pid)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--rss-runs", type=int, default=1, help="cold starts that also measure RSS (median)")
    a = ap.parse_args()
    report: dict[str, Any] = {"one_shot_s": {n: round(one_shot(n, a.data_dir, a.runs), 3) for n in ONE_SHOT}}
    starts = [anyio.run(cold_start, a.data_dir, i < a.rss_runs) for i in range(max(a.runs, a.rss_runs))]
    report["mcp_first_answer_s"] = round(statistics.median(s["first_answer_s"] for s in starts), 3)
    report["mcp_first_answer_runs_s"] = [round(s["first_answer_s"], 3) for s in starts]
    measured = [s for s in starts if "rss_after_workload" in s]
    for key in ("rss_first_answer", "rss_warm", "rss_after_workload"):
        report[f"server_{key}_mb"] = {
            k: statistics.median(s[key][k] for s in measured) for k in measured[0][key]
        }
    report["server_rss_after_workload_runs_mb"] = [s["rss_after_workload"]["VmRSS"] for s in measured]
    report["aims"] = {
        "one_shot_search_under_0.8_s": report["one_shot_s"]["search"] < 0.8,
        "first_answer_under_1.5_s": report["mcp_first_answer_s"] < 1.5,
        "rss_under_160_mb": report["server_rss_after_workload_mb"]["VmRSS"] < 160,
    }
    if a.json:
        print(json.dumps(report, indent=2))
        return
    for k, v in report.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main()
