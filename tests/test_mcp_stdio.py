"""The MCP server over real stdio: the SDK's client spawns ``cjkb-graph serve`` on a built graph."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from cjkb_graph.config import Config
from cjkb_graph.mcp_server import TOOL_NAMES

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

pytestmark = [pytest.mark.anyio, pytest.mark.timeout(120)]


@pytest.fixture()
def anyio_backend() -> str:
    return "asyncio"


def cli_command() -> list[str]:
    script = Path(sys.executable).parent / "cjkb-graph"
    return [str(script)] if script.exists() else [sys.executable, "-m", "cjkb_graph.cli"]


@asynccontextmanager
async def serve(
    data_dir: Path, stderr_file: Path, *extra: str, env: dict[str, str] | None = None, tee: Path | None = None
) -> AsyncIterator[ClientSession]:
    """A ClientSession on a freshly spawned ``cjkb-graph serve`` (stdout copied to ``tee``)."""
    cmd = [*cli_command(), "serve", "--data-dir", str(data_dir), *extra]
    if tee is not None:
        script = " ".join(f"'{c}'" for c in cmd) + f" | tee '{tee}'"
        params = StdioServerParameters(command="sh", args=["-c", script], cwd=str(REPO), env=env)
    else:
        params = StdioServerParameters(command=cmd[0], args=cmd[1:], cwd=str(REPO), env=env)
    with stderr_file.open("w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session


def data_hashes(data_dir: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(data_dir.iterdir()) if p.is_file()
    }


def error_text(result: Any) -> str:
    assert result.is_error, result
    return str(result.content[0].text)


def ok(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text if result.content else result
    sc = result.structured_content
    assert isinstance(sc, dict)
    return sc


# ---------------------------------------------------------------------------- good input


@pytest.mark.corpus
async def test_every_tool_with_good_input(real_cfg: Config, tmp_path: Path) -> None:
    async with serve(real_cfg.data_dir, tmp_path / "stderr.txt") as s:
        listed = (await s.list_tools()).tools
        assert sorted(t.name for t in listed) == sorted(TOOL_NAMES)
        for t in listed:
            assert t.output_schema and t.output_schema.get("type") == "object", t.name
            assert t.annotations and t.annotations.read_only_hint and t.annotations.idempotent_hint, t.name
            assert t.input_schema.get("additionalProperties") is False, t.name
            assert (t.description and "Next" in t.description) or t.name in ("find_path", "export_subgraph")

        r = ok(await s.call_tool("search_api", {"query": "sort a list", "top_k": 5}))
        assert r["count"] == len(r["hits"]) == 5
        hit = r["hits"][0]
        assert {"id", "qualname", "signature", "module", "import", "description", "why"} <= set(hit)
        assert any(h["module"] == "std.sort" or "sort" in h["qualname"] for h in r["hits"])

        r = ok(await s.call_tool("get_api_details", {"name": "std.collection.HashMap.add"}))
        ids = [m["id"] for m in r["matches"]]
        assert "std.collection.HashMap.add(K,V)" in ids and len(ids) >= 2
        m = r["matches"][ids.index("std.collection.HashMap.add(K,V)")]
        assert [p["name"] for p in m["params"]] == ["key", "value"]
        assert m["returns"] == "Option<V>" and m["import"] == "import std.collection.*" and m["source"]

        r = ok(await s.call_tool("get_class_members", {"class_name": "HashMap", "module": "std.collection"}))
        assert r["type"]["id"] == "std.collection.HashMap"
        groups = {g["name"]: g for g in r["groups"]}
        assert groups["add"]["count"] >= 2
        origins = {m["origin"] for g in r["groups"] for m in g["members"]}
        assert origins == {"own", "extension", "inherited"}

        r = ok(await s.call_tool("find_examples", {"query": "HashMap.add", "top_k": 3}))
        assert 1 <= len(r["examples"]) <= 3 and "HashMap" in r["examples"][0]["code"]
        r = ok(await s.call_tool("find_examples", {"query": "match a regular expression and read groups"}))
        # the first example reads a match's groups (a whole sample of capture groups ranks first now)
        assert "std.regex.Regex.getNamedGroups" in r["examples"][0]["apis"]

        r = ok(await s.call_tool("java_to_cangjie", {"java_symbol": "java.util.HashMap"}))
        assert r["mappings"][0]["target"]["id"] == "std.collection.HashMap"

        code = 'Map<String, Integer> m = new HashMap<>();\nm.put("a", 1);\nString s = "abc";\nint i = s.indexOf("b");'
        r = ok(await s.call_tool("resolve_java_code", {"java_code": code, "top_k": 3, "detail": "full"}))
        assert [c["text"] for c in r["calls"]] == ["new HashMap<>()", 'm.put("a", 1)', 's.indexOf("b")']
        assert "import std.collection.*" in r["imports"]
        tops = {sg["call"]["text"]: [c["qualname"] for c in sg["candidates"]] for sg in r["suggestions"]}
        assert tops['s.indexOf("b")'][0] == "std.core.String.indexOf"
        assert len(tops['m.put("a", 1)']) == 3  # top_k (put -> add itself: tests/test_resolver.py)

        r = ok(await s.call_tool("describe_java_code", {"java_code": code}))
        assert r["calls"] and r["calls"][0]["en"] and r["calls"][0]["zh"]
        assert r["block"]["en"] and r["block"]["zh"]

        r = ok(await s.call_tool("error_fix_hint", {"error_text": "error: undeclared identifier 'HashMap'"}))
        assert "import std.collection.*" in r["imports"]
        assert r["hints"] and r["apis"][0]["id"] == "std.collection.HashMap"

        r = ok(await s.call_tool("list_modules", {}))
        mods = {m["id"]: m for m in r["modules"]}
        assert mods["std.collection"]["types"] > 10 and mods["std.collection"]["summary"]

        r = ok(await s.call_tool("get_node", {"node_id": "std.collection.HashMap"}))
        assert r["kind"] == "type" and r["edge_counts"]["in"]["member_of"] > 10
        assert (
            ok(await s.call_tool("get_node", {"node_id": "std.collection.HashMap.add"}))["kind"] == "member"
        )

        r = ok(
            await s.call_tool("get_neighbors", {"node_id": "java.util.HashMap", "edge_kinds": ["maps_to"]})
        )
        assert r["neighbors"][0]["id"] == "std.collection.HashMap"
        assert r["neighbors"][0]["path"][0]["edge"] == "maps_to"
        page = ok(
            await s.call_tool("get_neighbors", {"node_id": "std.collection.HashMap", "limit": 5, "offset": 5})
        )
        assert page["total"] > 10 and len(page["neighbors"]) == 5 and page["next_offset"] == 10

        r = ok(
            await s.call_tool(
                "find_path", {"source": "java.util.HashMap", "target": "std.collection.HashMap"}
            )
        )
        assert r["paths"][0]["text"] == "java.util.HashMap -maps_to-> std.collection.HashMap"

        r = ok(await s.call_tool("export_subgraph", {"node_id": "std.collection.HashMap", "depth": 1}))
        assert r["graphml"].startswith("<?xml") and 1 < r["nodes"] <= r["node_limit"]


# ---------------------------------------------------------------------------- errors


@pytest.mark.corpus
async def test_error_paths(real_cfg: Config, tmp_path: Path) -> None:
    async with serve(real_cfg.data_dir, tmp_path / "stderr.txt") as s:
        msg = error_text(await s.call_tool("get_node", {"node_id": "std.collection.HashMapp"}))
        assert "no node 'std.collection.HashMapp'" in msg and "Did you mean" in msg
        assert "std.collection.HashMap" in msg
        msg = error_text(await s.call_tool("get_api_details", {"name": "HashMap.puut"}))
        assert "did you mean" in msg.lower()
        msg = error_text(
            await s.call_tool("find_path", {"source": "java.util.HashMapp", "target": "std.core"})
        )
        assert "java.util.HashMap" in msg

        msg = error_text(await s.call_tool("get_node", {"node_id": "std.core", "verbose": True}))
        assert "unknown parameter(s) 'verbose'" in msg and "node_id" in msg
        msg = error_text(await s.call_tool("get_node", {}))
        assert "missing required parameter 'node_id'" in msg

        msg = error_text(await s.call_tool("search_api", {"query": "x" * 1001}))
        assert "query" in msg and "1000" in msg
        msg = error_text(await s.call_tool("search_api", {"query": "sort", "top_k": 51}))
        assert "top_k" in msg and "50" in msg
        msg = error_text(await s.call_tool("search_api", {"query": "sort", "module": "std.nope"}))
        assert "std.nope" in msg
        msg = error_text(await s.call_tool("resolve_java_code", {"java_code": "int x = 1;\n" * 12_000}))
        assert "java_code" in msg and "100" in msg
        big_bytes = "// " + "漢" * 40_000  # under 100,000 characters, over 100,000 bytes
        msg = error_text(await s.call_tool("resolve_java_code", {"java_code": big_bytes}))
        assert "bytes" in msg and "100,000" in msg
        msg = error_text(await s.call_tool("get_neighbors", {"node_id": "std.core", "depth": 4}))
        assert "depth" in msg and "3" in msg
        msg = error_text(
            await s.call_tool("get_neighbors", {"node_id": "std.core", "edge_kinds": ["member_off"]})
        )
        assert "member_of" in msg
        msg = error_text(await s.call_tool("export_subgraph", {"node_id": "std.core", "depth": 2}))
        assert "the export limit is 500" in msg
        msg = error_text(await s.call_tool("no_such_tool", {}))
        assert "no_such_tool" in msg

        # garbage Java is not an error: whatever could be extracted plus notes
        r = ok(
            await s.call_tool("resolve_java_code", {"java_code": "}{ %% class ((( ;; \x00", "detail": "full"})
        )
        assert (r["calls"], r["suggestions"], r["parse_mode"]) == ([], [], "token_scan")
        assert any(n.startswith("javalang tokenizer failed") for n in r["notes"])
        # and the server keeps answering
        assert ok(await s.call_tool("get_node", {"node_id": "std.core"}))["id"] == "std.core"


# ---------------------------------------------------------------------------- stamina and hygiene


@pytest.mark.corpus
async def test_500_calls_stdout_hygiene_and_read_only(real_cfg: Config, tmp_path: Path) -> None:
    before = data_hashes(real_cfg.data_dir)
    tee = tmp_path / "stdout.jsonl"
    calls: list[tuple[str, dict[str, Any], bool]] = [
        ("get_node", {"node_id": "std.collection.HashMap"}, True),
        ("get_neighbors", {"node_id": "java.util.ArrayList", "depth": 2, "limit": 10}, True),
        ("search_api", {"query": "read a file line by line", "top_k": 5}, True),
        ("get_api_details", {"name": "String.indexOf"}, True),
        ("get_node", {"node_id": "no.such.Node"}, False),
        ("find_path", {"source": "java.lang.String", "target": "std.core.String"}, True),
        ("get_class_members", {"class_name": "ArrayList"}, True),
        ("search_api", {"query": "x", "top_k": 0}, False),
        ("find_examples", {"query": "std.collection.ArrayList.add"}, True),
        ("java_to_cangjie", {"java_symbol": "String.substring"}, True),
    ]
    async with serve(real_cfg.data_dir, tmp_path / "stderr.txt", "--log-level", "INFO", tee=tee) as s:
        for i in range(500):
            name, args, good = calls[i % len(calls)]
            r = await s.call_tool(name, args)
            assert r.is_error is (not good), (i, name, r.content[0].text if r.content else r)
    lines = [ln for ln in tee.read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert len(lines) >= 500
    for ln in lines:
        msg = json.loads(ln)  # nothing but JSON-RPC on stdout
        assert msg.get("jsonrpc") == "2.0", ln[:200]
    assert data_hashes(real_cfg.data_dir) == before


@pytest.mark.corpus
async def test_cold_start_answers_the_first_call(real_cfg: Config, tmp_path: Path) -> None:
    """The first tool call after spawning is answered from the graph the server loads in the
    background while the SDK imports (how long it takes: benchmarks/run.py, "MCP cold start")."""
    async with serve(real_cfg.data_dir, tmp_path / "stderr.txt") as s:
        r = ok(await s.call_tool("get_node", {"node_id": "std.collection.HashMap"}))
        assert (r["id"], r["kind"]) == ("std.collection.HashMap", "type")


# ---------------------------------------------------------------------------- no graph


def _config(tmp_path: Path, roots: list[Path]) -> Path:
    cfg = tmp_path / "config.yaml"
    lines = ["corpus:", "  roots:" + ("" if roots else " []"), *[f"    - {r}" for r in roots]]
    lines += [f"java:\n  tables: {REPO / 'graph_data' / 'java'}"]
    cfg.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return cfg


def test_missing_graph_and_no_corpus_is_a_clear_error(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CJKB_")}
    cmd = [
        *cli_command(),
        "serve",
        "--config",
        str(_config(tmp_path, [])),
        "--data-dir",
        str(tmp_path / "none"),
    ]
    proc = subprocess.run(cmd, input="", capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "run `cjkb-graph build" in proc.stderr


async def test_missing_graph_is_built_from_the_configured_corpus(tmp_path: Path) -> None:
    cfg = _config(tmp_path, [FIXTURES / "docs_mini"])
    data = tmp_path / "graph"
    err = tmp_path / "stderr.txt"
    async with serve(data, err, env={"CJKB_CONFIG": str(cfg)}) as s:
        r = ok(await s.call_tool("list_modules", {}))
        assert r["count"] >= 1
    assert (data / "graph.json").exists()
    assert "building it from" in err.read_text(encoding="utf-8")
