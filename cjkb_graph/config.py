"""Configuration: config.yaml, overridden by environment variables and command-line options."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import ConfigError

__all__ = ["Config", "LLMConfig", "load_config"]

REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class LLMConfig:
    enabled: bool = False
    base_url: str = "http://127.0.0.1:8000/v1"
    model: str = "local-model"
    api_key_env: str = "CJKB_LLM_API_KEY"
    timeout_s: float = 10.0
    rerank_candidates: int = 8

    @property
    def api_key(self) -> str:
        return os.environ.get(self.api_key_env, "") or "not-needed"


@dataclass
class Config:
    corpus_roots: list[Path] = field(default_factory=list)
    manual: Path | None = None
    data_dir: Path = REPO_ROOT / "graph_data" / "build"
    java_tables: Path = REPO_ROOT / "graph_data" / "java"
    imported_tables: list[dict[str, Any]] = field(default_factory=list)
    search_top_k: int = 10
    resolve_top_k: int = 5
    llm: LLMConfig = field(default_factory=LLMConfig)
    path: Path | None = None


def _resolve(base: Path, value: str | os.PathLike[str]) -> Path:
    p = Path(value).expanduser()
    return p if p.is_absolute() else (base / p)


def load_config(path: str | os.PathLike[str] | None = None, data_dir: str | None = None) -> Config:
    """Read config.yaml (or CJKB_CONFIG), then apply CJKB_CORPUS / CJKB_DATA_DIR and ``data_dir``."""
    cfg_path = Path(path or os.environ.get("CJKB_CONFIG") or REPO_ROOT / "config.yaml")
    raw: dict[str, Any] = {}
    if cfg_path.exists():
        try:
            loaded = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError) as err:
            raise ConfigError(f"config file '{cfg_path}' is not valid YAML: {err}; fix or remove it") from err
        if loaded is not None and not isinstance(loaded, dict):
            raise ConfigError(f"config file '{cfg_path}' must hold a mapping at the top level")
        raw = loaded or {}
    elif path is not None:
        raise ConfigError(f"config file '{cfg_path}' does not exist")
    base = cfg_path.resolve().parent
    cfg = Config(path=cfg_path if cfg_path.exists() else None)
    corpus = raw.get("corpus") or {}
    cfg.corpus_roots = [_resolve(base, r) for r in (corpus.get("roots") or [])]
    if corpus.get("manual"):
        cfg.manual = _resolve(base, corpus["manual"])
    if raw.get("data_dir"):
        cfg.data_dir = _resolve(base, raw["data_dir"])
    java = raw.get("java") or {}
    if java.get("tables"):
        cfg.java_tables = _resolve(base, java["tables"])
    for entry in java.get("imported") or []:
        if not isinstance(entry, dict) or "path" not in entry or "format" not in entry:
            raise ConfigError(
                f"config java.imported entries need 'path' and 'format' (flat|categorised|glossary); got {entry!r}"
            )
        cfg.imported_tables.append({"path": _resolve(base, entry["path"]), "format": str(entry["format"])})
    cfg.search_top_k = int((raw.get("search") or {}).get("top_k", cfg.search_top_k))
    cfg.resolve_top_k = int((raw.get("resolve") or {}).get("top_k", cfg.resolve_top_k))
    llm = raw.get("llm") or {}
    cfg.llm = LLMConfig(
        enabled=bool(llm.get("enabled", False)),
        base_url=str(llm.get("base_url", LLMConfig.base_url)),
        model=str(llm.get("model", LLMConfig.model)),
        api_key_env=str(llm.get("api_key_env", LLMConfig.api_key_env)),
        timeout_s=float(llm.get("timeout_s", LLMConfig.timeout_s)),
        rerank_candidates=int(llm.get("rerank_candidates", LLMConfig.rerank_candidates)),
    )
    env_corpus = os.environ.get("CJKB_CORPUS")
    if env_corpus:
        cfg.corpus_roots = [Path(p).expanduser() for p in env_corpus.split(os.pathsep) if p]
    env_data = os.environ.get("CJKB_DATA_DIR")
    if env_data:
        cfg.data_dir = Path(env_data).expanduser()
    if data_dir:
        cfg.data_dir = Path(data_dir).expanduser()
    return cfg
