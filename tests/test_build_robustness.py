"""Broken inputs and interrupted builds: the build warns and completes; a killed build never leaves an
unloadable graph; a missing corpus is one clear error."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cjkb_graph.cli.main import main
from cjkb_graph.config import Config, load_config
from cjkb_graph.graph.store import GRAPH_FILE, MANIFEST_FILE, load_graph, load_manifest
from cjkb_graph.pipeline import build_and_save

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
API = Path("std") / "demo" / "demo_package_api"


def make_cfg(corpus: Path, data: Path, java: Path | None = None) -> Config:
    cfg = load_config(REPO / "config.yaml", data_dir=str(data))
    cfg.corpus_roots = [corpus]
    cfg.java_tables = java or data.parent / "no-java-tables"
    cfg.imported_tables = []
    return cfg


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(FIXTURES / "docs_mini", root)
    return root


def warnings_for(warnings: list[str], name: str) -> list[str]:
    return [w for w in warnings if name in w]


# ----------------------------------------------------------------------------- corrupted files


def first_bad_line(raw: bytes) -> int:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return raw[: err.start].count(b"\n") + 1
    raise AssertionError("valid UTF-8")


def test_truncated_mid_fence(corpus: Path, tmp_path: Path) -> None:
    doc = corpus / API / "demo_package_classes.md"
    lines = doc.read_text("utf-8").splitlines(keepends=True)
    # cut inside the declaration block of `func put(T, Int64)`
    head = next(i for i, line in enumerate(lines) if line.startswith("### func put(T, Int64)"))
    fence = next(i for i in range(head, len(lines)) if lines[i].startswith("```cangjie"))
    doc.write_text("".join(lines[: fence + 2]), "utf-8")
    out = build_and_save(make_cfg(corpus, tmp_path / "data"), force=True)
    ws = warnings_for(out.warnings, "std/demo/demo_package_api/demo_package_classes.md")
    assert f"std/demo/demo_package_api/demo_package_classes.md:{fence + 1}: unclosed code fence" in " ".join(
        ws
    )
    G = load_graph(tmp_path / "data")
    assert G.nodes["std.demo.Box"]["kind"] == "type"  # what precedes the cut is kept
    assert "std.demo.Box.put(T)" in G


def test_binary_garbage(corpus: Path, tmp_path: Path) -> None:
    garbage = bytes(range(256)) * 8 + b"\x00\xff\xfe## class \xc3\x28Broken\n```cangjie\n\x80\x81"
    (corpus / API / "demo_package_structs.md").write_bytes(garbage)
    (corpus / "std" / "demo" / "demo_samples" / "sample_noise.md").write_bytes(garbage[::-1])
    out = build_and_save(make_cfg(corpus, tmp_path / "data"), force=True)
    ws = warnings_for(out.warnings, "demo_package_structs.md")
    line = first_bad_line(garbage)
    assert (
        f"std/demo/demo_package_api/demo_package_structs.md:{line}: not valid UTF-8; undecodable bytes replaced"
        in ws
    )
    assert any("sample_noise.md:" in w and "not valid UTF-8" in w for w in out.warnings)
    assert load_graph(tmp_path / "data").nodes["std.demo.Box"]["kind"] == "type"


@pytest.mark.parametrize("encoding", ["gbk", "latin-1"])
def test_wrong_encoding(corpus: Path, tmp_path: Path, encoding: str) -> None:
    doc = corpus / API / "demo_package_classes.md"
    text = doc.read_text("utf-8")
    if encoding == "latin-1":
        text = text.replace("一个盒子", "une boîte, déjà")
        raw = text.encode("latin-1", errors="replace")
    else:
        raw = text.encode("gbk")
    doc.write_bytes(raw)
    first_bad = first_bad_line(raw)
    out = build_and_save(make_cfg(corpus, tmp_path / "data"), force=True)
    assert (
        f"std/demo/demo_package_api/demo_package_classes.md:{first_bad}: not valid UTF-8; undecodable bytes replaced"
        in out.warnings
    )
    G = load_graph(tmp_path / "data")
    # ASCII headings and declarations survive a mis-encoded file
    assert "std.demo.Box.put(T)" in G
    assert "put(item: T)" in G.nodes["std.demo.Box.put(T)"]["signature"]


def test_headings_without_bodies(corpus: Path, tmp_path: Path) -> None:
    (corpus / API / "demo_package_ghost.md").write_text(
        "# 类\n\n## class Ghost\n### func vanish()\n### prop gone\n## func lonely(Int64)\n## class\n",
        "utf-8",
    )
    out = build_and_save(make_cfg(corpus, tmp_path / "data"), force=True)
    label = "std/demo/demo_package_api/demo_package_ghost.md"
    for line, text in ((3, "class Ghost"), (4, "func vanish()"), (5, "prop gone"), (6, "func lonely(Int64)")):
        assert (
            f"{label}:{line}: API heading {text!r} has no body (no declaration, no description)"
            in out.warnings
        )
    G = load_graph(tmp_path / "data")
    assert G.nodes["std.demo.Ghost.vanish()"]["source"] == f"{label}#L4"
    assert G.nodes["std.demo.Ghost.vanish()"]["signature"] == ""


def test_empty_dir_named_md_dangling_link(corpus: Path, tmp_path: Path) -> None:
    api = corpus / API
    (api / "demo_package_empty.md").write_bytes(b"")
    (api / "demo_package_folder.md").mkdir()
    (api / "demo_package_link.md").symlink_to(tmp_path / "does-not-exist.md")
    (api / "demo_package_blank.md").write_text("\n\n   \n", "utf-8")
    out = build_and_save(make_cfg(corpus, tmp_path / "data"), force=True)
    assert "std/demo/demo_package_api/demo_package_folder.md: cannot read (Is a directory)" in out.warnings
    assert (
        "std/demo/demo_package_api/demo_package_link.md: cannot read (No such file or directory)"
        in out.warnings
    )
    assert not warnings_for(out.warnings, "demo_package_empty.md")
    clean = build_and_save(make_cfg(FIXTURES / "docs_mini", tmp_path / "clean"), force=True)
    assert out.manifest["counts"]["nodes"] == clean.manifest["counts"]["nodes"]
    # a second build with unchanged (broken) inputs is skipped: the digest copes with them too
    assert build_and_save(make_cfg(corpus, tmp_path / "data")).skipped


def test_corrupt_overview_skips_package_with_warning(corpus: Path, tmp_path: Path) -> None:
    (corpus / "std" / "demo" / "demo_package_overview.md").write_bytes(b"\xff\xfe# \x00s\x00t\x00d\x00")
    out = build_and_save(make_cfg(corpus, tmp_path / "data"), force=True)
    assert "std/demo/demo_package_overview.md:1: overview title is not a package name; folder skipped" in (
        out.warnings
    )
    # the English tree still declares std.demo
    assert load_graph(tmp_path / "data").nodes["std.demo"]["kind"] == "module"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cut=st.floats(0, 1),
    flips=st.lists(st.tuples(st.floats(0, 1), st.binary(min_size=1, max_size=8)), max_size=6),
    which=st.sampled_from(
        ["demo_package_classes.md", "demo_package_interfaces.md", "demo_package_exceptions.md"]
    ),
)
def test_random_corruption_never_raises(
    tmp_path_factory: pytest.TempPathFactory, cut: float, flips: list[tuple[float, bytes]], which: str
) -> None:
    base = tmp_path_factory.mktemp("fuzz")
    root = base / "corpus"
    shutil.copytree(FIXTURES / "docs_mini", root)
    doc = root / API / which
    raw = bytearray(doc.read_bytes()[: max(1, int(len(doc.read_bytes()) * cut))])
    for where, junk in flips:
        i = int(where * len(raw))
        raw[i : i + len(junk)] = junk
    doc.write_bytes(bytes(raw))
    out = build_and_save(make_cfg(root, base / "data"), force=True)
    assert not out.skipped
    G = load_graph(base / "data")
    assert G.nodes["std.demo"]["kind"] == "module"
    assert all(":" in w for w in out.warnings)


# ----------------------------------------------------------------------------- missing corpus


# The one place for the missing-corpus error of `cjkb-graph build` (once asserted four times):
# missing, empty or a file, in-process and as a subprocess, the same clear message and exit 2.
@pytest.mark.parametrize("way", ["in-process", "subprocess"])
@pytest.mark.parametrize("case", ["missing", "empty", "file"])
def test_missing_or_empty_corpus_cli(
    tmp_path: Path, case: str, way: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CJKB_CORPUS", raising=False)
    path = tmp_path / "docs"
    if case == "empty":
        path.mkdir()
    elif case == "file":
        path.write_text("not a folder", "utf-8")
    args = ["build", "--corpus", str(path), "--data-dir", str(tmp_path / "data")]
    if way == "in-process":
        code = main(args)
        err = capsys.readouterr().err
    else:
        proc = subprocess.run(
            [sys.executable, "-m", "cjkb_graph.cli", *args],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=REPO,
        )
        code, err = proc.returncode, proc.stderr
    assert code == 2
    if case == "missing":
        assert f"corpus path '{path}' does not exist" in err
    else:
        assert str(path) in err
    assert "Cangjie" in err and "cangjie_stdx" in err  # where to get the docs
    assert "CJKB_CORPUS" in err
    assert "Traceback" not in err
    assert not (tmp_path / "data" / GRAPH_FILE).exists()


# ----------------------------------------------------------------------------- killed builds


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _assert_complete(data: Path, nodes: int, edges: int) -> None:
    G = load_graph(data)
    assert (G.number_of_nodes(), G.number_of_edges()) == (nodes, edges)
    manifest = load_manifest(data)
    assert manifest is not None
    # the build is deterministic, so whichever graph.json survived is the one the manifest names
    assert manifest["graph_sha256"] == _sha(data / GRAPH_FILE)
    assert manifest["counts"]["total_nodes"] == nodes


def _start_build(corpus: Path, data: Path) -> subprocess.Popen[bytes]:
    # a private snapshot of the Java tables: the build's inputs must not change between runs
    conf = data.parent / "kill-config.yaml"
    if not conf.exists():
        shutil.copytree(REPO / "graph_data" / "java", data.parent / "java")
        conf.write_text(f"java:\n  tables: {data.parent / 'java'}\n", "utf-8")
    return subprocess.Popen(
        [sys.executable, "-m", "cjkb_graph.cli", "build", "--force", "--data-dir", str(data), "--corpus",
         str(corpus)],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "CJKB_CONFIG": str(conf)},
    )  # fmt: skip


def _kill(proc: subprocess.Popen[bytes]) -> bool:
    """SIGKILL the build if it still runs; True when it was killed (not finished)."""
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    return killed


def _wait_for(proc: subprocess.Popen[bytes], cond: object, timeout: float = 120) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end and proc.poll() is None:
        if callable(cond) and cond():
            return True
        time.sleep(0.001)
    return False


def test_killed_build_leaves_previous_graph_loadable(corpus_root: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert _start_build(corpus_root, data).wait(timeout=300) == 0  # the previous, complete build
    G0 = load_graph(data)
    nodes, edges = G0.number_of_nodes(), G0.number_of_edges()
    assert nodes > 10000
    _assert_complete(data, nodes, edges)
    graph = data / GRAPH_FILE
    killed = 0
    # a kill while the docs are parsed, while graph.json is being written (its temp file exists),
    # right after graph.json was replaced (manifest not yet), while the search index is written (the
    # manifest is too small to catch mid-write reliably)
    probes: list[tuple[str, object]] = [
        ("parsing", 0.8),
        ("graph temp file", lambda: any(data.glob(f".{GRAPH_FILE}.*.tmp"))),
        ("graph replaced", lambda: graph.stat().st_ino != inode),
        ("search index temp file", lambda: any(data.glob(".search_index.*.tmp"))),
    ]
    outcomes: list[str] = []
    for what, when in probes:
        inode = graph.stat().st_ino
        proc = _start_build(corpus_root, data)
        if isinstance(when, float):
            time.sleep(when)
        else:
            _wait_for(proc, when)
        hit = _kill(proc)
        killed += hit
        outcomes.append(f"{what}: {'killed' if hit else 'finished'}")
        try:
            _assert_complete(data, nodes, edges)
        except AssertionError as err:
            raise AssertionError(f"after a kill at '{what}': {err}") from err
    assert killed >= 3, outcomes  # most probes hit a running build
    # stale temp files of killed builds never make a graph unloadable, and a normal build still works
    proc = _start_build(corpus_root, data)
    assert proc.wait(timeout=300) == 0
    _assert_complete(data, nodes, edges)


def test_torn_save_is_rebuilt_not_skipped(corpus: Path, tmp_path: Path) -> None:
    """Graph of inputs B with the manifest of inputs A (a kill between the two writes), inputs back to A:
    the next build must rebuild rather than trust the manifest."""
    data = tmp_path / "data"
    cfg = make_cfg(corpus, data)
    build_and_save(cfg, force=True)
    manifest_a = (data / MANIFEST_FILE).read_bytes()
    doc = corpus / API / "demo_package_classes.md"
    original = doc.read_bytes()
    doc.write_bytes(original.replace(b"### func put(T, Int64)", b"### func putMany(T, Int64)"))
    build_and_save(cfg)
    assert "std.demo.Box.putMany(T,Int64)" in load_graph(data)
    (data / MANIFEST_FILE).write_bytes(manifest_a)  # the torn state
    doc.write_bytes(original)
    out = build_and_save(cfg)
    assert not out.skipped
    G = load_graph(data)
    assert "std.demo.Box.putMany(T,Int64)" not in G and "std.demo.Box.put(T,Int64)" in G
    assert build_and_save(cfg).skipped


@pytest.mark.parametrize("graph", [b"[]", b'{"nodes": [{"name": "x"}], "edges": []}', b'{"nodes": 3}'])
def test_foreign_graph_or_manifest_json_is_a_clear_error(
    corpus: Path, tmp_path: Path, graph: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    """Valid JSON of the wrong shape: GraphNotBuilt with the command to run, and `build` repairs it."""
    data = tmp_path / "data"
    cfg = make_cfg(corpus, data)
    build_and_save(cfg, force=True)
    (data / GRAPH_FILE).write_bytes(graph)
    (data / MANIFEST_FILE).write_bytes(b"[1]")
    assert load_manifest(data) is None
    assert main(["stats", "--data-dir", str(data)]) == 2
    err = capsys.readouterr().err
    assert "build --force" in err and "internal error" not in err
    assert not build_and_save(cfg).skipped
    assert load_graph(data).number_of_nodes() > 0


def test_same_corpus_spelled_two_ways_is_not_rebuilt(corpus: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    (tmp_path / "sub").mkdir()
    build_and_save(make_cfg(corpus, data), force=True)
    assert build_and_save(make_cfg(tmp_path / "sub" / ".." / corpus.name, data)).skipped


def test_a_change_to_the_build_code_makes_the_next_build_rebuild(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inputs include the code that turns them into the graph: a loader fix must not be 'up to date'."""
    from cjkb_graph.graph import store

    code = tmp_path / "fake_loaders"
    code.mkdir()
    (code / "parse.py").write_text("VERSION = 1\n")
    monkeypatch.setattr(store, "_code_roots", lambda: [("loaders", code)])
    cfg = make_cfg(corpus, tmp_path / "data")
    build_and_save(cfg, force=True)
    assert build_and_save(cfg).skipped
    (code / "parse.py").write_text("VERSION = 2\n")
    assert not build_and_save(cfg).skipped
    assert "code:loaders/parse.py" in (load_manifest(cfg.data_dir) or {}).get("input_hashes", {})


def test_build_code_covers_the_loaders_but_not_the_cli() -> None:
    from cjkb_graph.graph import store

    names = {name for name, _ in store._code_roots()}
    assert {"loaders", "cjkb_graph/graph", "cjkb_graph/search/index.py", "cjkb_graph/cangjie"} <= names
    assert not any(n.startswith(("cjkb_graph/cli", "cjkb_graph/mcp", "cjkb_graph/resolve")) for n in names)


def test_build_lists_a_malformed_mapping_table_before_the_docs_notes(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the mini corpus's broken docs give notes of their own, collected before the tables are read
    tables = tmp_path / "tables" / "java"
    shutil.copytree(FIXTURES / "java_tables" / "broken", tables)
    cfg_file = tmp_path / "config.yaml"
    cfg_file.write_text(f"java:\n  tables: {tables}\n  imported: []\n", "utf-8")
    code = main(
        ["build", "--config", str(cfg_file), "--corpus", str(corpus), "--data-dir", str(tmp_path / "d")]
    )
    out = capsys.readouterr().out
    assert code == 0
    shown = [line.strip() for line in out.splitlines() if line.startswith("    ")]
    # the whole malformed file was dropped: that line comes first, not hidden behind "... N more"
    assert shown[0].startswith("b_malformed.yaml:") or "java/b_malformed.yaml:" in shown[0], shown
    assert "malformed YAML" in shown[0]
    assert any("unclosed code fence" in line for line in shown[1:])
