"""Throughput of stateless streamable HTTP: one worker process against N, at 32 concurrent clients.

    .venv/bin/python benchmarks/http_workers.py [--workers 1,2] [--clients 32] [--seconds 20] [--json]

For each worker count it starts ``cjkb-graph serve --transport streamable-http --stateless
--workers N`` on a free loopback port, waits until every worker answers, then runs ``--clients``
threads for ``--seconds``; each thread keeps one HTTP/1.1 connection and sends ``tools/call``
requests in turn from a mixed list (search, resolve, lookups, a Cangjie check). Reported: calls
per second, p50/p95 latency, errors, and the ratio to one worker. The client threads run on the
same machine as the server: on 2 cores they take CPU from it, so the ratio, not the absolute
figure, is the result.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CLI = str(Path(sys.executable).parent / "cjkb-graph")
HEADERS = {
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": "2025-06-18",
}
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("search_api", {"query": "sort a list", "top_k": 5}),
    ("resolve_java_code", {"java_code": 'Map<String,Integer> m = new HashMap<>();\nm.put("a", 1);'}),
    ("get_class_members", {"class_name": "HashMap", "include_inherited": False}),
    ("java_to_cangjie", {"java_symbol": "java.util.ArrayList.add"}),
    ("search_api", {"query": "读取文件", "top_k": 5}),
    ("check_cangjie_code", {"cangjie_code": 'let m = HashMap<String, Int64>()\nm.put("a", 1)\n'}),
    ("get_node", {"node_id": "std.collection.ArrayList"}),
    ("resolve_java_code", {"java_code": 'String s = " a ".trim().toUpperCase();\nint n = s.length();'}),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(conn: http.client.HTTPConnection, i: int) -> bool:
    name, args = CALLS[i % len(CALLS)]
    body = {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": name, "arguments": args}}
    conn.request("POST", "/mcp", body=json.dumps(body), headers=HEADERS)
    resp = conn.getresponse()
    data = resp.read()
    return resp.status == 200 and b'"isError":true' not in data and b'"result"' in data


def _wait_ready(port: int, proc: subprocess.Popen[bytes], workers: int, timeout: float = 120) -> None:
    """Every worker loaded: a burst of calls all answer fast (a worker still loading takes seconds)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}")
        try:
            times = []
            for _ in range(4 * workers):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                t0 = time.perf_counter()
                ok = _call(conn, 6)  # get_node: needs only the graph
                times.append(time.perf_counter() - t0)
                conn.close()
                if not ok:
                    raise OSError("not ready")
            if max(times) < 0.5:
                return
        except OSError:
            pass
        time.sleep(0.5)
    raise SystemExit("server did not become ready")


def run(workers: int, clients: int, seconds: float) -> dict[str, Any]:
    port = _free_port()
    cmd = [CLI, "serve", "--transport", "streamable-http", "--stateless", "--port", str(port)]
    cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_ready(port, proc, workers)
        # warm every worker's resolver, checker and caches before the clock starts
        for i in range(len(CALLS) * 4 * workers):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            _call(conn, i)
            conn.close()
        latencies: list[float] = []
        errors = [0]
        lock = threading.Lock()
        stop = time.perf_counter() + seconds

        def client(k: int) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            i = k
            mine: list[float] = []
            bad = 0
            while time.perf_counter() < stop:
                t0 = time.perf_counter()
                try:
                    ok = _call(conn, i)
                except (OSError, http.client.HTTPException):
                    ok = False
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                mine.append(time.perf_counter() - t0)
                bad += not ok
                i += 1
            conn.close()
            with lock:
                latencies.extend(mine)
                errors[0] += bad

        t0 = time.perf_counter()
        threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    latencies.sort()
    return {
        "workers": workers,
        "clients": clients,
        "calls": len(latencies),
        "errors": errors[0],
        "calls_per_s": round(len(latencies) / wall, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 1),
        "p95_ms": round(latencies[int(0.95 * (len(latencies) - 1))] * 1000, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default=f"1,{os.cpu_count() or 2}")
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = [run(int(w), a.clients, a.seconds) for w in a.workers.split(",")]
    base = rows[0]["calls_per_s"] or 1.0
    for r in rows:
        r["ratio_to_first"] = round(r["calls_per_s"] / base, 2)
    if a.json:
        print(json.dumps(rows, indent=2))
        return
    print(
        f"{'workers':>8}{'clients':>8}{'calls':>8}{'errors':>8}{'calls/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'ratio':>7}"
    )
    for r in rows:
        print(
            f"{r['workers']:>8}{r['clients']:>8}{r['calls']:>8}{r['errors']:>8}{r['calls_per_s']:>9}"
            f"{r['p50_ms']:>9}{r['p95_ms']:>9}{r['ratio_to_first']:>7}"
        )


if __name__ == "__main__":
    main()
