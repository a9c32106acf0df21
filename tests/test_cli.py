"""The command line end to end: build (skip when unchanged), stats, show, search, resolve, eval, java2cj, mappings."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cjkb_graph.config import Config

REPO = Path(__file__).resolve().parent.parent


def run(cfg: Config, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "CJKB_DATA_DIR": str(cfg.data_dir),
        "CJKB_CORPUS": os.pathsep.join(map(str, cfg.corpus_roots)),
    }
    return subprocess.run(
        [sys.executable, "-m", "cjkb_graph.cli", *args],
        cwd=REPO,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_build_skips_when_unchanged(real_cfg: Config, tmp_path: Path) -> None:
    # a copy of the session's graph, so the shared one is never rebuilt under other tests
    copy = Config(corpus_roots=real_cfg.corpus_roots, data_dir=tmp_path / "graph")
    shutil.copytree(real_cfg.data_dir, copy.data_dir)
    r = run(copy, "build")
    assert r.returncode == 0, r.stderr
    assert "up to date" in r.stdout


def test_stats_json(real_cfg: Config) -> None:
    r = run(real_cfg, "stats", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["nodes"]["type"] > 900 and data["edges"]["maps_to"] > 1000
    assert "std.collection" in data["packages"]


def test_show_and_unknown_node(real_cfg: Config) -> None:
    r = run(real_cfg, "show", "std.collection.HashMap.add", "--json")
    assert r.returncode == 0, r.stderr
    node = json.loads(r.stdout)
    assert (
        node["id"].startswith("std.collection.HashMap.add(") and node["import"] == "import std.collection.*"
    )
    # a manual section's code is a list of blocks: each is printed under "code:" (was a traceback)
    section = "manual:first_understanding/install#environment-preparation"
    r = run(real_cfg, "show", section)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert r.stdout.count("\n  code (bash, ") == 1 and r.stdout.count("\n  --- (bash, ") == 1
    assert "\n    $ brew install libffi\n" in r.stdout
    bad = run(real_cfg, "show", "std.collection.HashMapp")
    assert bad.returncode == 2 and "did you mean" in bad.stderr and "Traceback" not in bad.stderr


def test_search_and_resolve(real_cfg: Config, tmp_path: Path) -> None:
    r = run(real_cfg, "search", "parse integer", "--json", "--top-k", "3")
    assert r.returncode == 0 and len(json.loads(r.stdout)) == 3
    r = run(real_cfg, "resolve", "-", "--json", stdin="List<String> xs = new ArrayList<>(); xs.add(k);")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert [(s["call"]["text"], s["candidates"][0]["qualname"]) for s in out["suggestions"]] == [
        ("new ArrayList<>()", "std.collection.ArrayList.init"),
        ("xs.add(k)", "std.collection.ArrayList.add"),
    ]
    inp = tmp_path / "in.jsonl"
    inp.write_text('{"id": "a", "java": "Math.abs(x);"}\n{"id": "b", "java": "s.trim();"}\nnot json\n')
    outp = tmp_path / "out.jsonl"
    r = run(real_cfg, "resolve", "--batch", str(inp), "--out", str(outp))
    assert r.returncode == 1 and "not a JSON object" in r.stderr
    lines = [json.loads(x) for x in outp.read_text().splitlines()]
    assert [x["id"] for x in lines] == ["a", "b"] and all(x["ms"] >= 0 and "suggestions" in x for x in lines)


def test_eval(real_cfg: Config, tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text(
        json.dumps(
            {
                "id": "1",
                "java": "List<String> xs = new ArrayList<>(); xs.add(a);",
                "expected": ["std.collection.ArrayList.add"],
            }
        )
        + "\n"
    )
    r = run(real_cfg, "eval", str(cases), "--k", "1,5", "--json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["recall@1"] == 1.0 and s["mrr"] == 1.0 and "median_ms" in s and "p95_ms" in s
    assert s["calls_scored"] == 1 and s["call_recall@1"] == 1.0  # xs.add(a); no ArrayList expected
    bad = run(real_cfg, "eval", str(cases), "--k", "x")
    assert bad.returncode == 2 and "--k" in bad.stderr


def test_eval_several_files_and_baseline(real_cfg: Config, tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    one.write_text(
        json.dumps(
            {
                "id": "a",
                "java": "List<String> xs = new ArrayList<>(); xs.add(s);",
                "expected": ["std.collection.ArrayList.add"],
            }
        )
        + "\n"
    )
    two.write_text(
        json.dumps(
            {"id": "b", "java": "int n = Integer.parseInt(s);", "expected": ["std.convert.Int64.parse"]}
        )
        + "\n"
    )
    base = tmp_path / "base.json"
    r = run(real_cfg, "eval", str(one), str(two), "--write-baseline", str(base))
    assert r.returncode == 0, r.stderr
    assert "cases: 2" in r.stdout
    assert json.loads(base.read_text()) == {
        "a": {"std.collection.ArrayList.add": 1},
        "b": {"std.convert.Int64.parse": 1},
    }
    assert run(real_cfg, "eval", str(one), str(two), "--baseline", str(base)).returncode == 0
    # a baseline that promised more: the case got worse -> exit 1, named
    base.write_text(
        json.dumps({"a": {"std.collection.ArrayList.add": 0}, "b": {"std.convert.Int64.parse": None}})
    )
    worse = run(real_cfg, "eval", str(one), str(two), "--baseline", str(base))
    assert worse.returncode == 1
    assert "WORSE: a: std.collection.ArrayList.add rank 0 -> 1" in worse.stdout
    assert "better: b: std.convert.Int64.parse rank missing -> 1" in worse.stdout
    dup = run(real_cfg, "eval", str(one), str(one))
    assert dup.returncode == 2 and "case id 'a' is in both" in dup.stderr


def test_java2cj_json_forms(real_cfg: Config) -> None:
    one = json.loads(run(real_cfg, "java2cj", "java.util.HashMap", "--json").stdout)
    assert (
        one["query"] == "java.util.HashMap"
        and one["mappings"][0]["target"]["qualname"] == "std.collection.HashMap"
    )
    r = run(real_cfg, "java2cj", "HashMap.put", "Nope.nothing", "--json")
    many = json.loads(r.stdout)
    assert isinstance(many, list) and [m["query"] for m in many] == ["HashMap.put", "Nope.nothing"]
    assert many[1]["mappings"] == []
    assert r.returncode == 2  # an unknown symbol, like `show` of an unknown node


def test_mappings_report(real_cfg: Config) -> None:
    # --check (dangling targets): tests/test_mapping_quality.py
    r = run(real_cfg, "mappings", "--report", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    rep = json.loads(r.stdout)["report"]
    # java.util.yaml: 52 types, then Base64.Decoder/Encoder (approximate) and Formatter (none) in 0.6.0,
    # Currency (none) in 0.7.4, IntSummaryStatistics (none: no statistics object) in 0.7.8
    assert rep["packages"]["java.util"]["types"] == {"total": 57, "exact": 7, "approximate": 36, "none": 14}


@pytest.mark.parametrize("args", [["resolve", "/nonexistent.java"]])  # build: test_build_robustness.py
def test_bad_input_is_a_clear_error(real_cfg: Config, args: list[str], tmp_path: Path) -> None:
    r = run(real_cfg, *args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "does not exist" in r.stderr


def _main(cfg: Config, *args: str) -> int:
    from cjkb_graph.cli.main import main

    return main([*args, "--data-dir", str(cfg.data_dir)])


def test_folders_and_bad_files_are_clear_errors(
    real_cfg: Config, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    java = tmp_path / "in.jsonl"
    java.write_text('{"id": "a", "java": "s.trim();"}\n')
    not_utf8 = tmp_path / "cases.jsonl"
    not_utf8.write_bytes(b'\xff\xfe{"id": 1}\n')
    expected_str = tmp_path / "str.jsonl"
    expected_str.write_text('{"id": 1, "java": "m.put(1, 2);", "expected": "HashMap.add"}\n')
    for args, says in [
        (["resolve", str(tmp_path)], "is a folder"),
        (["resolve", "--batch", str(tmp_path), "--out", str(tmp_path / "o.jsonl")], "is a folder"),
        (["resolve", "--batch", str(java), "--out", str(tmp_path)], "is a folder"),
        (["export", "--out", str(tmp_path)], "is a folder"),
        (["eval", str(tmp_path)], "is a folder"),
        (["eval", str(not_utf8)], "cases.jsonl:1"),
        (["eval", str(expected_str)], "'expected' must be a list"),
    ]:
        assert _main(real_cfg, *args) == 2, args
        err = capsys.readouterr().err
        assert says in err and "internal error" not in err, (args, err)


def test_undecodable_bytes_in_argv_and_stdin(real_cfg: Config) -> None:
    env = {**os.environ, "CJKB_DATA_DIR": str(real_cfg.data_dir)}
    cmd = [sys.executable, "-m", "cjkb_graph.cli"]
    r = subprocess.run(
        [*cmd, "java2cj", os.fsdecode(b"Hash\xffMap"), "--json"], cwd=REPO, env=env, capture_output=True
    )
    assert r.returncode == 2, r.stderr  # no such symbol, and no traceback
    assert json.loads(r.stdout)["query"] == "Hash\ufffdMap"
    r = subprocess.run(
        [*cmd, "resolve", "-", "--json"], cwd=REPO, env=env, input=b"s.trim();\xff\n", capture_output=True
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["suggestions"]


def test_cli_errors_name_cli_commands_not_mcp_tools(real_cfg: Config) -> None:
    r = run(real_cfg, "show", "std.collection.HashMapp")
    assert r.returncode == 2
    assert "cjkb-graph search" in r.stderr and "search_api" not in r.stderr


def test_main_in_process_leaves_the_collector_alone(
    real_cfg: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only the `cjkb-graph` process freezes its graph out of the cyclic collector; main() called
    from a test or a notebook must not (a frozen graph held by a cycle would never be freed)."""
    import gc

    from cjkb_graph.cli.main import main

    before = gc.get_freeze_count()
    assert main(["search", "hash map put", "--top-k", "1", "--data-dir", str(real_cfg.data_dir)]) == 0
    assert "std.collection.HashMap.add" in capsys.readouterr().out
    assert gc.get_freeze_count() == before


def test_the_console_script_process_freezes_its_graph(real_cfg: Config) -> None:
    code = (
        "import gc, sys\n"
        "from cjkb_graph.cli import main as m\n"
        f"sys.argv = ['cjkb-graph', 'stats', '--data-dir', {str(real_cfg.data_dir)!r}]\n"
        "rc = m.entry()\n"
        "print('frozen', gc.get_freeze_count(), file=sys.stderr)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    frozen = int(out.stderr.split("frozen")[-1].split()[0])
    # the imports alone leave about 60,000 tracked objects; the graph adds about 75,000 more (it
    # added 150,000 before edges with equal data shared one dict, in 0.4.0)
    assert frozen > 110_000
