"""Shared fixtures: the mini doc fixture and the real corpus graph (built once per session)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cjkb_graph.config import Config, load_config
from cjkb_graph.engine import Engine
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.pipeline import build_and_save

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def real_corpus_root() -> Path | None:
    env = os.environ.get("CJKB_CORPUS")
    if env:
        first = Path(env.split(os.pathsep)[0])
        return first if first.exists() else None
    default = REPO.parent / "shared" / "corpus" / "cangjie-docs-v1.2.0"
    return default if default.exists() else None


@pytest.fixture(scope="session")
def corpus_root() -> Path:
    root = real_corpus_root()
    if root is None:
        pytest.skip("real Cangjie docs corpus not found (set CJKB_CORPUS)")
    return root


@pytest.fixture(scope="session")
def real_cfg(corpus_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Config:
    cfg = load_config(REPO / "config.yaml", data_dir=str(tmp_path_factory.mktemp("graph")))
    cfg.corpus_roots = [corpus_root]
    build_and_save(cfg, force=True)
    return cfg


@pytest.fixture(scope="session")
def real_kb(real_cfg: Config) -> KnowledgeBase:
    return KnowledgeBase.load(cfg=real_cfg)


@pytest.fixture(scope="session")
def real_engine(real_kb: KnowledgeBase) -> Engine:
    return Engine(real_kb)


@pytest.fixture()
def mini_corpus() -> Path:
    return FIXTURES / "docs_mini"
