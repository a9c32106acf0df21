"""Snapshot what scripts and agents read (CLI --json, --batch lines, MCP results) to compare two versions.

    python benchmarks/snapshot.py OUT_DIR            # write one JSON file per surface
    python benchmarks/snapshot.py --compare A B      # old snapshot A vs new snapshot B

A refactor must keep every field: `--compare` fails (exit 1) when a value changed or a field
disappeared, and lists fields that were added (allowed). Timings (`ms`) are ignored.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
EVAL = REPO / "tests" / "eval"
CLI = [sys.executable, "-m", "cjkb_graph.cli"]

SEARCH_QUERIES = [
    "hash map put",
    "sort a list in descending order",
    "read file lines",
    "字符串转整数",
    "java.util.HashMap.put",
    "regex split",
]
JAVA_SYMBOLS = ["java.util.HashMap.put", "Integer.parseInt", "System.out.println", "java.util.concurrent"]
MCP_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("search_api", {"query": "sort a list in descending order", "top_k": 5}),
    ("get_api_details", {"name": "std.collection.HashMap.add"}),
    ("get_class_members", {"class_name": "std.core.StringBuilder", "include_inherited": False}),
    ("find_examples", {"query": "ArrayList", "top_k": 2}),
    ("java_to_cangjie", {"java_symbol": "java.util.HashMap.getOrDefault"}),
    (
        "resolve_java_code",
        {"java_code": "List<Integer> xs = new ArrayList<>();\nxs.add(3);\nCollections.sort(xs);", "top_k": 3},
    ),
    ("describe_java_code", {"java_code": "String s = x.trim().toUpperCase();"}),
    ("error_fix_hint", {"error_text": "error: undeclared identifier 'sort'"}),
    ("list_modules", {}),
    ("get_node", {"node_id": "std.collection.HashMap"}),
    (
        "get_neighbors",
        {"node_id": "java.util.HashMap.getOrDefault", "edge_kinds": ["maps_to"], "direction": "out"},
    ),
    ("find_path", {"source": "java.util.HashMap.put", "target": "std.collection.Map"}),
    ("export_subgraph", {"node_id": "std.collection.HashSet", "depth": 1, "edge_kinds": ["member_of"]}),
    ("get_node", {"node_id": "std.collection.HashMapp"}),
]


def _strip_ms(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_ms(v) for k, v in value.items() if k not in {"ms", "elapsed_ms"}}
    if isinstance(value, list):
        return [_strip_ms(v) for v in value]
    return value


def _run(args: list[str], stdin: str | None = None) -> Any:
    proc = subprocess.run(CLI + args, input=stdin, capture_output=True, text=True, cwd=REPO, timeout=600)
    try:
        out: Any = json.loads(proc.stdout) if proc.stdout.strip() else None
    except json.JSONDecodeError:
        out = proc.stdout
    return {"exit": proc.returncode, "out": _strip_ms(out)}


def _batch(cases: Path) -> list[Any]:
    with tempfile.TemporaryDirectory() as tmp:
        inp, out = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        with cases.open(encoding="utf-8") as f, inp.open("w", encoding="utf-8") as g:
            for line in f:
                case = json.loads(line)
                g.write(json.dumps({"id": case["id"], "java": case["java"]}) + "\n")
        subprocess.run([*CLI, "resolve", "--batch", str(inp), "--out", str(out)], check=True, cwd=REPO)
        return [_strip_ms(json.loads(line)) for line in out.read_text(encoding="utf-8").splitlines()]


async def _mcp() -> list[Any]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "cjkb_graph.cli", "serve"], env=dict(os.environ), cwd=str(REPO)
    )
    results = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for name, args in MCP_CALLS:
            r = await session.call_tool(name, args)
            text = [c.text for c in r.content if getattr(c, "type", "") == "text"]
            results.append(
                {
                    "tool": name,
                    "args": args,
                    "is_error": r.is_error,
                    "structured": _strip_ms(r.structured_content),
                    "error_text": text if r.is_error else None,
                }
            )
    return results


def snapshot(out_dir: Path) -> None:
    import anyio

    out_dir.mkdir(parents=True, exist_ok=True)
    surfaces: dict[str, Any] = {
        "search": [_run(["search", q, "--json", "--top-k", "5"]) for q in SEARCH_QUERIES],
        "java2cj": [_run(["java2cj", s, "--json"]) for s in JAVA_SYMBOLS],
        "show": [_run(["show", "std.collection.HashMap.add", "--json"])],
        "resolve_json": [
            _run(["resolve", "-", "--json"], stdin="Map<String,Integer> m = new HashMap<>(); m.put(w, 1);")
        ],
        "eval": [_run(["eval", str(EVAL / "devset.jsonl"), "--json"])],
        "mcp": anyio.run(_mcp),
    }
    for name in ("devset", "holdout", "realistic"):
        surfaces[f"batch_{name}"] = _batch(EVAL / f"{name}.jsonl")
    for name, value in surfaces.items():
        (out_dir / f"{name}.json").write_text(json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True))
    print(f"wrote {len(surfaces)} surfaces to {out_dir}")


def _diff(a: Any, b: Any, path: str, changed: list[str], added: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k not in b:
                changed.append(f"{path}.{k}: removed")
            else:
                _diff(a[k], b[k], f"{path}.{k}", changed, added)
        added.extend(f"{path}.{k}" for k in b if k not in a)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            changed.append(f"{path}: length {len(a)} -> {len(b)}")
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            _diff(x, y, f"{path}[{i}]", changed, added)
    elif a != b:
        changed.append(f"{path}: {str(a)[:120]!r} -> {str(b)[:120]!r}")


def compare(old: Path, new: Path) -> int:
    bad = 0
    for f in sorted(old.glob("*.json")):
        g = new / f.name
        if not g.exists():
            print(f"{f.name}: missing in {new}")
            bad += 1
            continue
        changed: list[str] = []
        added: list[str] = []
        _diff(json.loads(f.read_text()), json.loads(g.read_text()), f.stem, changed, added)
        fields = sorted({a.split("]")[-1] if "]" in a else a for a in added})
        print(f"{f.name}: {len(changed)} changed, {len(added)} added ({', '.join(fields[:8])})")
        for c in changed[:15]:
            print("   ", c)
        bad += len(changed)
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="?", type=Path, help="folder to write the snapshot into")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    ns = ap.parse_args()
    if ns.compare:
        return compare(*ns.compare)
    if ns.out is None:
        ap.error("give OUT_DIR or --compare OLD NEW")
    snapshot(ns.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
