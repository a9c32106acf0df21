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


def _section(raw: dict[str, Any], name: str) -> dict[str, Any]:
    value = raw.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ConfigError(
            f"`{name}` must be a mapping of settings, not {type(value).__name__} {value!r:.60}; "
            "see the project's config.yaml for the layout"
        )
    return value


def _typed(
    section: dict[str, Any],
    key: str,
    default: Any,
    kind: type,
    where: str,
    bounds: tuple[float, float] | None = None,
) -> Any:
    """``section[key]`` checked against ``kind`` (bool, int, float or str) and the range ``bounds``."""
    if key not in section or section[key] is None:
        return default
    value = section[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if not ok:
        expected = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}[kind]
        raise ConfigError(f"`{where}.{key}` must be {expected}, not {value!r:.60}")
    if kind is str and not value.strip():
        raise ConfigError(f"`{where}.{key}` is empty; give a value or remove the line")
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise ConfigError(f"`{where}.{key}` is {value}; it must be in {bounds[0]:g}..{bounds[1]:g}")
    return value


def _path_value(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"`{what}` must be a path (a non-empty string), not {value!r:.60}")
    return value


def load_config(path: str | os.PathLike[str] | None = None, data_dir: str | None = None) -> Config:
    """Read config.yaml (or CJKB_CONFIG), then apply CJKB_CORPUS / CJKB_DATA_DIR and ``data_dir``.

    A file that cannot be read, is not YAML, or holds a setting of the wrong type or out of range is
    a ConfigError naming the setting; an empty file means the defaults.
    """
    cfg_path = Path(path or os.environ.get("CJKB_CONFIG") or REPO_ROOT / "config.yaml")
    raw: dict[str, Any] = {}
    if cfg_path.exists():
        try:
            loaded = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError) as err:
            raise ConfigError(f"config file '{cfg_path}' is not valid YAML: {err}; fix or remove it") from err
        except OSError as err:
            raise ConfigError(
                f"config file '{cfg_path}' cannot be read ({err.strerror}); pass a readable YAML file"
            ) from err
        if loaded is not None and not isinstance(loaded, dict):
            raise ConfigError(f"config file '{cfg_path}' must hold a mapping at the top level")
        raw = loaded or {}
    elif path is not None:
        raise ConfigError(
            f"config file '{cfg_path}' does not exist; pass an existing YAML file or drop --config"
        )
    try:
        cfg = _from_mapping(raw, cfg_path)
    except ConfigError as err:
        raise ConfigError(f"config file '{cfg_path}': {err}") from None
    env_corpus = os.environ.get("CJKB_CORPUS")
    if env_corpus:
        cfg.corpus_roots = [Path(p).expanduser() for p in env_corpus.split(os.pathsep) if p]
    env_data = os.environ.get("CJKB_DATA_DIR")
    if env_data:
        cfg.data_dir = Path(env_data).expanduser()
    if data_dir:
        cfg.data_dir = Path(data_dir).expanduser()
    return cfg


def _from_mapping(raw: dict[str, Any], cfg_path: Path) -> Config:
    base = cfg_path.resolve().parent
    cfg = Config(path=cfg_path if cfg_path.exists() else None)
    corpus = _section(raw, "corpus")
    roots = corpus.get("roots")
    if isinstance(roots, str):
        roots = [roots]  # one root written without the list
    if roots is not None and not isinstance(roots, list):
        raise ConfigError(f"`corpus.roots` must be a list of folders, not {roots!r:.60}")
    cfg.corpus_roots = [_resolve(base, _path_value(r, "corpus.roots")) for r in roots or []]
    if corpus.get("manual"):
        cfg.manual = _resolve(base, _path_value(corpus["manual"], "corpus.manual"))
    if raw.get("data_dir"):
        cfg.data_dir = _resolve(base, _path_value(raw["data_dir"], "data_dir"))
    java = _section(raw, "java")
    if java.get("tables"):
        cfg.java_tables = _resolve(base, _path_value(java["tables"], "java.tables"))
    imported = java.get("imported") or []
    if not isinstance(imported, list):
        raise ConfigError(
            "`java.imported` must be a list of {path, format} entries, e.g. "
            "[{path: my_tables/flat.json, format: flat}]"
        )
    for entry in imported:
        if not isinstance(entry, dict) or "path" not in entry or "format" not in entry:
            raise ConfigError(
                f"java.imported entries need 'path' and 'format' (flat|categorised|glossary); got {entry!r}"
            )
        cfg.imported_tables.append(
            {
                "path": _resolve(base, _path_value(entry["path"], "java.imported.path")),
                "format": str(entry["format"]),
            }
        )
    cfg.search_top_k = _typed(_section(raw, "search"), "top_k", cfg.search_top_k, int, "search", (1, 50))
    cfg.resolve_top_k = _typed(_section(raw, "resolve"), "top_k", cfg.resolve_top_k, int, "resolve", (1, 50))
    llm = _section(raw, "llm")
    cfg.llm = LLMConfig(
        enabled=_typed(llm, "enabled", False, bool, "llm"),
        base_url=_typed(llm, "base_url", LLMConfig.base_url, str, "llm"),
        model=_typed(llm, "model", LLMConfig.model, str, "llm"),
        api_key_env=_typed(llm, "api_key_env", LLMConfig.api_key_env, str, "llm"),
        timeout_s=_typed(llm, "timeout_s", LLMConfig.timeout_s, float, "llm", (0.1, 600)),
        rerank_candidates=_typed(llm, "rerank_candidates", LLMConfig.rerank_candidates, int, "llm", (1, 50)),
    )
    return cfg
