"""`cjkb-graph doctor`: every check passes on a good installation and fails, with a fix hint, on a broken one."""

from __future__ import annotations

import json
import shutil
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import ClassVar

import networkx as nx
import pytest

from cjkb_graph import doctor
from cjkb_graph.cli.main import main
from cjkb_graph.config import Config, LLMConfig, load_config
from cjkb_graph.doctor import Check, run_checks
from cjkb_graph.graph.store import GRAPH_FILE, load_manifest
from cjkb_graph.pipeline import build_and_save, save_all

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def by_name(checks: list[Check]) -> dict[str, Check]:
    return {c.name: c for c in checks}


@pytest.fixture()
def mini_cfg(tmp_path: Path) -> Config:
    """A config over a private copy of the mini docs, no Java tables, LLM off, graph built."""
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURES / "docs_mini", corpus)
    (tmp_path / "java").mkdir()
    cfg = load_config(REPO / "config.yaml", data_dir=str(tmp_path / "data"))
    cfg.corpus_roots = [corpus]
    cfg.java_tables = tmp_path / "java"
    cfg.imported_tables = []
    cfg.llm = LLMConfig(enabled=False)
    build_and_save(cfg, force=True)
    return cfg


def test_all_checks_pass_on_mini_build(mini_cfg: Config) -> None:
    checks = run_checks(mini_cfg)
    assert [c.name for c in checks] == [
        "python", "corpus", "graph", "fresh", "unparsed", "java_mapping", "llm",
    ]  # fmt: skip
    bad = [c for c in checks if not c.ok]
    assert not bad, bad
    assert all(c.fix == "" for c in checks)


def test_real_graph_passes(real_cfg: Config, capsys: pytest.CaptureFixture[str]) -> None:
    """The real build (docs + curated Java tables): every mapping target resolves, graph fresh."""
    checks = by_name(run_checks(real_cfg))
    for name in ("python", "corpus", "graph", "fresh", "java_mapping"):
        assert checks[name].ok, checks[name]
    assert "maps_to edges" in checks["java_mapping"].detail


def test_not_built(mini_cfg: Config, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = mini_cfg.model_copy(update={"data_dir": tmp_path / "nowhere"})
    checks = by_name(run_checks(cfg))
    assert checks["corpus"].ok
    for name in ("graph", "fresh", "unparsed", "java_mapping"):
        assert not checks[name].ok
        assert "cjkb-graph build" in checks[name].fix
    assert "no built graph" in checks["graph"].detail


def test_stale_graph_names_changed_file(mini_cfg: Config) -> None:
    doc = mini_cfg.corpus_roots[0] / "std" / "demo" / "demo_package_api" / "demo_package_classes.md"
    doc.write_text(doc.read_text("utf-8") + "\n\n功能：补充说明。\n", "utf-8")
    checks = by_name(run_checks(mini_cfg))
    assert checks["graph"].ok  # still loadable
    assert not checks["fresh"].ok
    assert "1 changed" in checks["fresh"].detail and "demo_package_classes.md" in checks["fresh"].detail
    build_and_save(mini_cfg)
    assert by_name(run_checks(mini_cfg))["fresh"].ok


def test_graph_not_matching_manifest(mini_cfg: Config) -> None:
    """An interrupted build can leave a new graph.json with the old manifest: doctor notices."""
    path = mini_cfg.data_dir / GRAPH_FILE
    data = json.loads(path.read_bytes())
    data["nodes"] = data["nodes"][:-1]
    path.write_text(json.dumps(data), "utf-8")
    check = by_name(run_checks(mini_cfg))["graph"]
    assert not check.ok
    assert "does not match its manifest" in check.detail
    assert "build --force" in check.fix


def test_corrupt_graph_file(mini_cfg: Config) -> None:
    (mini_cfg.data_dir / GRAPH_FILE).write_bytes(b'{"nodes": [')
    check = by_name(run_checks(mini_cfg))["graph"]
    assert not check.ok and "corrupt" in check.detail


def test_missing_corpus(mini_cfg: Config, tmp_path: Path) -> None:
    cfg = mini_cfg.model_copy(update={"corpus_roots": [tmp_path / "no-docs-here"]})
    check = by_name(run_checks(cfg))["corpus"]
    assert not check.ok
    assert str(tmp_path / "no-docs-here") in check.detail
    assert "CJKB_CORPUS" in check.fix
    empty = tmp_path / "empty"
    empty.mkdir()
    check = by_name(run_checks(mini_cfg.model_copy(update={"corpus_roots": [empty]})))["corpus"]
    assert not check.ok and "no Cangjie API docs" in check.detail
    assert not by_name(run_checks(mini_cfg.model_copy(update={"corpus_roots": []})))["corpus"].ok


def test_unparsed_headings(mini_cfg: Config) -> None:
    doc = mini_cfg.corpus_roots[0] / "std" / "demo" / "demo_package_api" / "demo_package_classes.md"
    doc.write_text(doc.read_text("utf-8") + "\n## class <T>\n\n功能：没有名字。\n", "utf-8")
    build_and_save(mini_cfg)
    check = by_name(run_checks(mini_cfg))["unparsed"]
    assert not check.ok
    assert "1 API headings" in check.detail and "demo_package_classes.md" in check.detail
    assert "warnings.txt" in check.fix


def test_missing_dependency(monkeypatch: pytest.MonkeyPatch, mini_cfg: Config) -> None:
    monkeypatch.setitem(doctor.REQUIRED_MODULES, "cjkb_no_such_module", "cjkb-no-such-dist")
    check = by_name(run_checks(mini_cfg))["python"]
    assert not check.ok and "cjkb_no_such_module" in check.detail
    assert "pip install" in check.fix


def _save_with_java(cfg: Config, G: nx.MultiDiGraph) -> None:
    manifest = load_manifest(cfg.data_dir)
    assert manifest is not None
    save_all(G, cfg, manifest, [])


def test_java_mapping_problems(mini_cfg: Config) -> None:
    from cjkb_graph.graph.store import load_graph

    G = load_graph(mini_cfg.data_dir)
    box = next(n for n, d in G.nodes(data=True) if d.get("kind") == "type" and d.get("name") == "Box")
    G.add_node("java.util.Box", kind="java_type", name="Box", qualname="java.util.Box", confidence="exact")
    G.add_edge("java.util.Box", box, key="maps_to", kind="maps_to", confidence="exact")
    for name, conf in (("get", "exact"), ("hack", "none"), ("peek", "approximate")):
        G.add_node(f"java.util.Box.{name}", kind="java_member", name=name, confidence=conf)
        G.add_edge(f"java.util.Box.{name}", "java.util.Box", key="member_of", kind="member_of")
    G.add_edge("java.util.Box.get", f"{box}.get", key="maps_to", kind="maps_to")  # target never built
    _save_with_java(mini_cfg, G)
    check = by_name(run_checks(mini_cfg))["java_mapping"]
    assert not check.ok
    assert "1 java types, 3 java members, 2 maps_to edges" in check.detail
    assert f"java.util.Box.get -> {box}.get" in check.detail  # dangling target
    assert "java.util.Box.peek" in check.detail  # approximate member without an edge
    assert "java.util.Box.hack" not in check.detail  # confidence none: no edge expected
    assert "graph_data" in check.fix or "java" in check.fix


def test_java_tables_but_no_layer(mini_cfg: Config) -> None:
    (mini_cfg.java_tables / "x.yaml").write_text("package: java.x\ntypes: []\n", "utf-8")
    check = by_name(run_checks(mini_cfg))["java_mapping"]
    assert not check.ok and "no Java mapping layer" in check.detail


# ----------------------------------------------------------------------------- LLM endpoint


class _Models(BaseHTTPRequestHandler):
    seen_auth: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        _Models.seen_auth.append(self.headers.get("Authorization", ""))
        if self.path.rstrip("/") != "/v1/models":
            self.send_error(404)
            return
        body = json.dumps({"object": "list", "data": [{"id": "tiny-coder", "object": "model"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture()
def models_server() -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), _Models)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_llm_reachable(mini_cfg: Config, models_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CJKB_LLM_API_KEY", "sekrit")
    mini_cfg.llm = LLMConfig(enabled=True, base_url=models_server, model="tiny-coder", timeout_s=2)
    check = by_name(run_checks(mini_cfg))["llm"]
    assert check.ok, check
    assert "tiny-coder" in check.detail
    assert _Models.seen_auth[-1] == "Bearer sekrit"


def test_llm_wrong_model(mini_cfg: Config, models_server: str) -> None:
    mini_cfg.llm = LLMConfig(enabled=True, base_url=models_server, model="big-model", timeout_s=2)
    check = by_name(run_checks(mini_cfg))["llm"]
    assert not check.ok and "tiny-coder" in check.detail and "llm.model" in check.fix


def test_llm_wrong_path(mini_cfg: Config, models_server: str) -> None:
    mini_cfg.llm = LLMConfig(enabled=True, base_url=models_server + "/nope", timeout_s=2)
    check = by_name(run_checks(mini_cfg))["llm"]
    assert not check.ok and "HTTP 404" in check.detail


def test_llm_closed_port(mini_cfg: Config) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    mini_cfg.llm = LLMConfig(enabled=True, base_url=url, timeout_s=2)
    check = by_name(run_checks(mini_cfg))["llm"]
    assert not check.ok
    assert url in check.detail and url in check.fix and "llm.enabled: false" in check.fix


def test_llm_disabled_not_probed(mini_cfg: Config) -> None:
    mini_cfg.llm = LLMConfig(enabled=False, base_url=f"http://127.0.0.1:{_closed_port()}/v1")
    check = by_name(run_checks(mini_cfg))["llm"]
    assert check.ok and "disabled" in check.detail


# ----------------------------------------------------------------------------- CLI


def _cli_env(
    monkeypatch: pytest.MonkeyPatch, cfg: Config, tmp_path: Path, llm_url: str | None = None
) -> None:
    conf = tmp_path / "doctor-config.yaml"
    llm = f"llm:\n  enabled: true\n  base_url: {llm_url}\n  model: tiny-coder\n" if llm_url else ""
    conf.write_text(f"java:\n  tables: {cfg.java_tables}\n{llm}", "utf-8")
    monkeypatch.setenv("CJKB_CONFIG", str(conf))
    monkeypatch.setenv("CJKB_CORPUS", str(cfg.corpus_roots[0]))
    monkeypatch.setenv("CJKB_DATA_DIR", str(cfg.data_dir))


def test_cli_all_ok(
    mini_cfg: Config, tmp_path: Path, models_server: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    _cli_env(monkeypatch, mini_cfg, tmp_path, models_server)
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "7/7 checks passed" in out and "FAIL" not in out
    assert main(["doctor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True
    assert {c["name"] for c in data["checks"]} >= {"corpus", "graph", "fresh", "java_mapping", "llm"}
    assert all(set(c) == {"name", "ok", "detail", "fix"} for c in data["checks"])


def test_cli_failures_print_fix(
    mini_cfg: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _cli_env(monkeypatch, mini_cfg, tmp_path, f"http://127.0.0.1:{_closed_port()}/v1")
    empty = tmp_path / "empty-data"
    assert main(["doctor", "--data-dir", str(empty)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  graph" in out and "FAIL  llm" in out and "ok    corpus" in out
    assert f"fix: cjkb-graph build --force --data-dir {empty}" in out
    assert "fix: start the OpenAI-compatible server" in out
    assert main(["doctor", "--json", "--data-dir", str(empty)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    failed = {c["name"] for c in data["checks"] if not c["ok"]}
    assert failed == {"graph", "fresh", "unparsed", "java_mapping", "llm"}
    assert all(c["fix"] for c in data["checks"] if not c["ok"])


def test_a_table_edited_after_the_build_is_named_when_the_graph_is_loaded(
    mini_cfg: Config, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    """`resolve` answers from the built graph: a table edited since then is named on stderr, once per
    load, with the command that rebuilds; a graph built from the current tables loads silently."""
    from cjkb_graph.engine import Engine

    Engine.load(cfg=mini_cfg)
    assert not [r for r in caplog.records if r.name == "cjkb_graph"]
    (mini_cfg.java_tables / "java_util.yaml").write_text("types: []\n", "utf-8")
    Engine.load(cfg=mini_cfg)
    (warning,) = [r.getMessage() for r in caplog.records if r.name == "cjkb_graph"]
    assert "1 Java table(s) changed (java_util.yaml)" in warning
    assert f"cjkb-graph build --data-dir {mini_cfg.data_dir}" in warning
    assert capsys.readouterr().out == ""  # never on stdout (the MCP server's protocol stream)
    caplog.clear()
    build_and_save(mini_cfg)
    Engine.load(cfg=mini_cfg)
    assert not [r for r in caplog.records if r.name == "cjkb_graph"]
