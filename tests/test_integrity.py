"""Saved files are verified by sha256 (load, doctor, build); a killed build's temp files go away."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cjkb_graph.doctor import run_checks
from cjkb_graph.engine import Engine
from cjkb_graph.graph.store import load_manifest
from cjkb_graph.pipeline import build_and_save

from .test_build_robustness import FIXTURES, make_cfg


@pytest.fixture()
def built(tmp_path: Path):  # type: ignore[no-untyped-def]
    corpus = tmp_path / "corpus"
    shutil.copytree(FIXTURES / "docs_mini", corpus)
    cfg = make_cfg(corpus, tmp_path / "data")
    build_and_save(cfg)
    return cfg


def test_the_manifest_records_every_saved_file(built) -> None:  # type: ignore[no-untyped-def]
    files = (load_manifest(built.data_dir) or {})["files"]
    assert {"graph.json", "search_index.npz", "search_index.json", "warnings.txt"} <= set(files)
    assert all(len(h) == 64 for h in files.values())
    assert build_and_save(built).skipped  # unchanged inputs and files: up to date


def test_a_truncated_index_fails_doctor_is_rebuilt_by_build_and_in_memory_on_load(
    built, caplog: pytest.LogCaptureFixture
) -> None:  # type: ignore[no-untyped-def]
    npz = built.data_dir / "search_index.npz"
    npz.write_bytes(npz.read_bytes()[: npz.stat().st_size // 2])
    graph = next(c for c in run_checks(built) if c.name == "graph")
    assert not graph.ok and "search_index.npz" in graph.detail and "sha256" in graph.detail

    with caplog.at_level(logging.WARNING, logger="cjkb_graph"):
        engine = Engine.load(cfg=built)
        name = next(d["name"] for _, d in engine.G.nodes(data=True) if d.get("kind") == "member")
        hits = engine.search(name, top_k=3)  # no BadZipFile: rebuilt in memory
    assert hits and any("search_index.npz" in r.getMessage() for r in caplog.records)

    outcome = build_and_save(built)
    assert not outcome.skipped  # not "up to date"
    assert next(c for c in run_checks(built) if c.name == "graph").ok


def test_a_killed_writers_temp_files_are_removed_by_the_next_build_and_load(built) -> None:  # type: ignore[no-untyped-def]
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True)
    pid = int(dead.stdout)
    stale = built.data_dir / f".graph.json.{pid}.abc123.tmp"
    stale.write_bytes(b"x" * 1000)
    Engine.load(cfg=built)
    assert not stale.exists()
    stale.write_bytes(b"x" * 1000)
    live = built.data_dir / f".graph.json.{1}.abc123.tmp"  # pid 1 is alive: someone is writing
    live.write_bytes(b"x")
    build_and_save(built)
    assert not stale.exists() and live.exists()
    live.unlink()
