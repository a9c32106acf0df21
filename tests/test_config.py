"""config.yaml: settings of the wrong type or out of range are one clear ConfigError, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from cjkb_graph.cli.main import main
from cjkb_graph.config import load_config
from cjkb_graph.errors import ConfigError


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("CJKB_CONFIG", "CJKB_CORPUS", "CJKB_DATA_DIR"):
        monkeypatch.delenv(var, raising=False)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('search:\n  top_k: "abc"\n', "search.top_k"),
        ("search:\n  top_k: 0\n", "search.top_k"),
        ("resolve:\n  top_k: 500\n", "resolve.top_k"),
        ("resolve:\n  top_k: true\n", "resolve.top_k"),
        ("llm:\n  timeout_s: soon\n", "llm.timeout_s"),
        ('llm:\n  enabled: "no"\n', "llm.enabled"),
        ("llm:\n  rerank_candidates: [1]\n", "llm.rerank_candidates"),
        ("llm:\n  model: 3\n", "llm.model"),
        ("corpus: [a, b]\n", "corpus"),
        ("corpus:\n  roots: {a: 1}\n", "corpus.roots"),
        ("corpus:\n  roots: [1]\n", "corpus.roots"),
        ("data_dir: 5\n", "data_dir"),
        ("java: 3\n", "java"),
        ("java:\n  imported: {path: x, format: flat}\n", "java.imported"),
        ("search: top\n", "search"),
    ],
)
def test_wrong_setting_is_a_config_error_naming_it(tmp_path: Path, text: str, names: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as exc:
        load_config(path)
    assert f"`{names}`" in str(exc.value) and str(path) in str(exc.value)


def test_valid_values_and_defaults(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "corpus:\n  roots: docs\nsearch:\n  top_k: 7\nllm:\n  enabled: true\n  timeout_s: 3\n",
    )
    cfg = load_config(path)
    assert cfg.corpus_roots == [tmp_path / "docs"]  # one root written without the list
    assert cfg.search_top_k == 7 and cfg.resolve_top_k == 5
    assert cfg.llm.enabled is True and cfg.llm.timeout_s == 3.0 and isinstance(cfg.llm.timeout_s, float)
    empty = load_config(_write(tmp_path, ""))
    assert empty.search_top_k == 10 and empty.llm.enabled is False


def test_unreadable_config_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(tmp_path)  # a folder


def test_cli_reports_a_bad_config_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, 'search:\n  top_k: "abc"\n')
    assert main(["--config", str(path), "stats", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "search.top_k" in err and "internal error" not in err and "Traceback" not in err
