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
    """The docs corpus; ``None`` only when ``CJKB_CORPUS`` is unset and the default is absent.

    A ``CJKB_CORPUS`` that is set but names a missing folder is a mistake, not "no corpus": the run
    stops (see ``pytest_configure``) instead of skipping every corpus test.
    """
    env = os.environ.get("CJKB_CORPUS")
    if env:
        return Path(env.split(os.pathsep)[0])
    default = REPO.parent / "shared" / "corpus" / "cangjie-docs-v1.2.0"
    return default if default.exists() else None


def _under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def pytest_configure(config: pytest.Config) -> None:
    env = os.environ.get("CJKB_CORPUS")
    if env:
        first = Path(env.split(os.pathsep)[0])
        if not first.is_dir():
            raise pytest.UsageError(
                f"CJKB_CORPUS is set to '{env}' but '{first}' is not a folder; point it at the "
                "Cangjie docs (a root with std/, std_en/, stdx/, stdx_en/) or unset it"
            )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under CI (``CI=true``) a skipped test fails the run: CI must not go green without the corpus."""
    if not _under_ci():
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if skipped and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        if reporter is not None:
            reporter.write_sep("=", f"CI=true: {len(skipped)} skipped test(s) fail the run", red=True)
            for rep in skipped:
                reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
                reporter.write_line(f"SKIPPED {rep.nodeid}: {reason}")


@pytest.fixture(scope="session")
def corpus_root() -> Path:
    root = real_corpus_root()
    if root is None:
        pytest.skip("real Cangjie docs corpus not found (set CJKB_CORPUS)")
    return root


@pytest.fixture(scope="session")
def real_cfg(corpus_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Config:
    # CJKB_TEST_GRAPH: a graph already built from this corpus (scripts/mutation.py builds one once and
    # reuses it for every mutant). Never set in CI: there every session builds its own graph.
    prebuilt = os.environ.get("CJKB_TEST_GRAPH")
    if prebuilt:
        cfg = load_config(REPO / "config.yaml", data_dir=prebuilt)
        cfg.corpus_roots = [corpus_root]
        return cfg
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
