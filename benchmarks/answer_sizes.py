"""Bytes per MCP answer (structured content + text), in-process, at the tools' defaults.

    .venv/bin/python benchmarks/answer_sizes.py [--data-dir DIR] [--json]

Each row is one ``call_tool`` through the server (argument validation, library call, output
model): the size of the structured content as compact JSON, the size of the text content, and
the time. The inputs include a 15-line method and a 99 KB call chain ``a.b().b()...``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

METHOD_15 = """public static Map<String, Integer> countWords(List<String> lines) {
    Map<String, Integer> counts = new HashMap<>();
    for (String line : lines) {
        String[] words = line.trim().toLowerCase().split("\\\\s+");
        for (String w : words) {
            if (w.isEmpty()) continue;
            counts.put(w, counts.getOrDefault(w, 0) + 1);
        }
    }
    List<String> keys = new ArrayList<>(counts.keySet());
    Collections.sort(keys);
    StringBuilder sb = new StringBuilder();
    for (String k : keys) sb.append(k).append('=').append(counts.get(k)).append('\\n');
    System.out.println(sb.toString());
    return counts;
}"""
SNIPPET_8 = """List<Integer> xs = new ArrayList<>();
xs.add(3);
Collections.sort(xs);
Map<String, Integer> counts = new HashMap<>();
counts.put("a", counts.getOrDefault("a", 0) + 1);
String s = String.valueOf(xs.size());
System.out.println(s.trim());
Thread.sleep(10);"""
CHAIN_99K = "a" + ".b()" * 24_750  # 99,001 bytes, within the 100 KB limit

CALLS: list[tuple[str, str, dict[str, Any]]] = [
    ("resolve 15-line method", "resolve_java_code", {"java_code": METHOD_15}),
    ("resolve 8 lines top_k=2", "resolve_java_code", {"java_code": SNIPPET_8, "top_k": 2}),
    ("resolve 99 KB call chain", "resolve_java_code", {"java_code": CHAIN_99K}),
    ("resolve 99 KB top_k=50", "resolve_java_code", {"java_code": CHAIN_99K, "top_k": 50}),
    ("describe 15-line method", "describe_java_code", {"java_code": METHOD_15}),
    ("describe 99 KB call chain", "describe_java_code", {"java_code": CHAIN_99K}),
    ("search_api sort a list", "search_api", {"query": "sort a list"}),
    ("search_api top_k=50", "search_api", {"query": "string", "top_k": 50}),
    ("get_api_details HashMap", "get_api_details", {"name": "HashMap"}),
    ("get_api_details init", "get_api_details", {"name": "init"}),
    ("get_class_members HashMap", "get_class_members", {"class_name": "HashMap"}),
    ("get_class_members String", "get_class_members", {"class_name": "std.core.String"}),
    ("find_examples HashMap", "find_examples", {"query": "HashMap"}),
    ("find_examples top_k=50", "find_examples", {"query": "String", "top_k": 50}),
    ("java_to_cangjie HashMap.put", "java_to_cangjie", {"java_symbol": "java.util.HashMap.put"}),
    ("error_fix_hint", "error_fix_hint", {"error_text": "error: undeclared identifier 'HashMap'"}),
    ("list_modules", "list_modules", {}),
    ("get_node HashMap", "get_node", {"node_id": "std.collection.HashMap"}),
    ("get_neighbors depth 3 limit 200", "get_neighbors", {"node_id": "std.core.String", "depth": 3, "limit": 200}),
    ("export_subgraph HashMap", "export_subgraph", {"node_id": "std.collection.HashMap", "depth": 1}),
]  # fmt: skip


async def measure(data_dir: str | None) -> list[dict[str, Any]]:
    from cjkb_graph.engine import Engine
    from cjkb_graph.mcp_server import build_server

    engine = Engine.load(data_dir)
    engine.warm()
    server = build_server(lambda: engine)
    tools = {t.name: t for t in await server.list_tools()}
    rows = []
    for label, name, args in CALLS:
        if name not in tools:
            continue
        t0 = time.perf_counter()
        r: Any = await server.call_tool(name, args)
        ms = (time.perf_counter() - t0) * 1000
        structured = json.dumps(r.structured_content, ensure_ascii=False, separators=(",", ":")).encode()
        text = sum(len(c.text.encode()) for c in r.content if getattr(c, "text", None))
        rows.append(
            {
                "call": label,
                "structured_bytes": len(structured),
                "text_bytes": text,
                "total_bytes": len(structured) + text,
                "ms": round(ms, 1),
                "error": bool(getattr(r, "is_error", False)),
            }
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = anyio.run(measure, a.data_dir)
    if a.json:
        print(json.dumps(rows))
        return
    print(f"{'call':<34}{'structured':>12}{'text':>12}{'total':>12}{'ms':>9}")
    for r in rows:
        flag = "  (error)" if r["error"] else ""
        print(
            f"{r['call']:<34}{r['structured_bytes']:>12,}{r['text_bytes']:>12,}{r['total_bytes']:>12,}{r['ms']:>9.1f}{flag}"
        )


if __name__ == "__main__":
    main()
