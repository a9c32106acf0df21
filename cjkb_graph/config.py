"""Settings: config.yaml validated by pydantic models, then environment variables and options on top.

An unknown key (``serch:``, ``top_kk:``, ``enabeld:``), a value of the wrong type or out of range is
a ``ConfigError`` naming the file, the key and the keys that are allowed there.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import ConfigError

__all__ = ["Config", "ConfigFile", "LLMConfig", "ServeConfig", "load_config"]

REPO_ROOT = Path(__file__).resolve().parent.parent


class _Section(BaseModel):
    """A section of config.yaml: unknown keys are errors, values are not coerced (``"10"`` is no int)."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _path_text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"must be a path (a non-empty string), not {value!r:.60}")
    return value


class CorpusSection(_Section):
    roots: list[str] = Field(default_factory=list, description="roots of API doc trees")
    manual: str | None = Field(
        None, description="language manual folder (the dev-guide); default: <first root>/dev-guide"
    )

    @field_validator("roots", mode="before")
    @classmethod
    def _one_root(cls, value: Any) -> Any:
        if value is None:
            return []
        if isinstance(value, str):
            return [value]  # one root written without the list
        if not isinstance(value, list):
            raise ValueError(f"must be a list of folders, not {value!r:.60}")
        return [_path_text(v) for v in value]

    @field_validator("manual", mode="before")
    @classmethod
    def _manual_path(cls, value: Any) -> Any:
        return None if value is None else _path_text(value)


class ImportedTable(_Section):
    path: str
    format: Literal["flat", "categorised", "glossary"]


class JavaSection(_Section):
    tables: str | None = None
    imported: list[ImportedTable] = Field(default_factory=list)

    @field_validator("imported", mode="before")
    @classmethod
    def _list(cls, value: Any) -> Any:
        if value is None:
            return []
        if not isinstance(value, list):
            raise ValueError(
                "must be a list of {path, format} entries, e.g. [{path: my_tables/flat.json, format: flat}]"
            )
        return value


class SearchSection(_Section):
    top_k: int = Field(10, ge=1, le=50)


class ResolveSection(_Section):
    top_k: int = Field(5, ge=1, le=50)


class LLMConfig(_Section):
    enabled: bool = False
    base_url: str = Field("http://127.0.0.1:8000/v1", min_length=1)
    model: str = Field("local-model", min_length=1)
    api_key_env: str = Field("CJKB_LLM_API_KEY", min_length=1)
    timeout_s: float = Field(10.0, ge=0.1, le=600)
    rerank_candidates: int = Field(8, ge=1, le=50)

    @property
    def api_key(self) -> str:
        return os.environ.get(self.api_key_env, "") or "not-needed"


class ServeConfig(_Section):
    """Limits of ``cjkb-graph serve`` (see the README's MCP section)."""

    max_sessions: int = Field(200, ge=1, le=100_000, description="streamable HTTP sessions kept at once")
    session_idle_s: float = Field(600.0, ge=1, le=86_400, description="an idle HTTP session is closed after")
    max_connections: int = Field(256, ge=1, le=100_000, description="concurrent HTTP connections")
    keepalive_s: float = Field(
        15.0, ge=0.1, le=3600, description="idle keep-alive connections are closed after"
    )
    llm_workers: int = Field(4, ge=1, le=64, description="concurrent LLM calls; the rest wait or fall back")
    workers: int = Field(
        1, ge=1, le=64, description="HTTP worker processes (more than 1 needs stateless mode)"
    )
    bearer_token_env: str | None = Field(
        None, description="env var holding a bearer token HTTP clients must send"
    )


class ConfigFile(_Section):
    """The layout of config.yaml."""

    corpus: CorpusSection = Field(default_factory=lambda: CorpusSection())
    data_dir: str | None = None
    java: JavaSection = Field(default_factory=lambda: JavaSection())
    search: SearchSection = Field(default_factory=lambda: SearchSection())
    resolve: ResolveSection = Field(default_factory=lambda: ResolveSection())
    llm: LLMConfig = Field(default_factory=lambda: LLMConfig())
    serve: ServeConfig = Field(default_factory=lambda: ServeConfig())

    @field_validator("corpus", "java", "search", "resolve", "llm", "serve", mode="before")
    @classmethod
    def _mapping(cls, value: Any) -> Any:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise ValueError(f"must be a mapping of settings, not {type(value).__name__} {value!r:.60}")
        return value

    @field_validator("data_dir", mode="before")
    @classmethod
    def _data_dir(cls, value: Any) -> Any:
        return None if value is None else _path_text(value)


class Config(BaseModel):
    """The settings in force: config.yaml with paths resolved, then environment and options applied."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    corpus_roots: list[Path] = Field(default_factory=list)
    manual: Path | None = None
    data_dir: Path = REPO_ROOT / "graph_data" / "build"
    java_tables: Path = REPO_ROOT / "graph_data" / "java"
    imported_tables: list[dict[str, Any]] = Field(default_factory=list)
    search_top_k: int = 10
    resolve_top_k: int = 5
    llm: LLMConfig = Field(default_factory=lambda: LLMConfig())
    serve: ServeConfig = Field(default_factory=lambda: ServeConfig())
    path: Path | None = None
    constructs_path: Path = REPO_ROOT / "graph_data" / "language" / "java_constructs.yaml"
    tasks_path: Path = REPO_ROOT / "graph_data" / "tasks"  # plain-word task phrases per API
    synonyms_path: Path = REPO_ROOT / "graph_data" / "vocabulary" / "synonyms.yaml"  # query word groups

    @property
    def manual_path(self) -> Path | None:
        """The language manual: ``corpus.manual`` when set, else ``<first root>/dev-guide`` if present."""
        if self.manual is not None:
            return self.manual
        for root in self.corpus_roots[:1]:
            if (root / "dev-guide").is_dir():
                return root / "dev-guide"
        return None


def _resolve(base: Path, value: str) -> Path:
    p = Path(value).expanduser()
    return p if p.is_absolute() else (base / p)


def _allowed_keys(loc: tuple[Any, ...]) -> list[str]:
    """The keys the section at ``loc`` (without the bad key itself) accepts."""
    model: type[BaseModel] = ConfigFile
    for part in loc[:-1]:
        field = model.model_fields.get(str(part))
        ann = getattr(field, "annotation", None) if field else None
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            model = ann
        else:
            args = getattr(ann, "__args__", ()) if ann is not None else ()
            inner = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
            if inner is None:
                continue
            model = inner
    return list(model.model_fields)


def _explain(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        loc = tuple(p for p in e["loc"] if not isinstance(p, int))
        where = ".".join(str(p) for p in loc) or "top level"
        if e["type"] == "extra_forbidden":
            parts.append(f"unknown key `{where}`; allowed here: {', '.join(_allowed_keys(loc))}")
        else:
            msg = e["msg"].removeprefix("Value error, ")
            parts.append(f"`{where}` {msg} (got {e.get('input')!r:.60})")
    return "; ".join(parts)


def load_config(path: str | os.PathLike[str] | None = None, data_dir: str | None = None) -> Config:
    """Read config.yaml (or CJKB_CONFIG), then apply CJKB_CORPUS / CJKB_DATA_DIR and ``data_dir``.

    A file that cannot be read, is not YAML, or holds an unknown key or a setting of the wrong type
    or out of range is a ConfigError naming the file and the setting; an empty file means the defaults.
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
        parsed = ConfigFile.model_validate(raw)
    except ValidationError as err:
        raise ConfigError(f"config file '{cfg_path}': {_explain(err)}") from None
    cfg = _from_file(parsed, cfg_path)
    env_corpus = os.environ.get("CJKB_CORPUS")
    if env_corpus:
        cfg.corpus_roots = [Path(p).expanduser() for p in env_corpus.split(os.pathsep) if p]
    env_data = os.environ.get("CJKB_DATA_DIR")
    if env_data:
        cfg.data_dir = Path(env_data).expanduser()
    if data_dir:
        cfg.data_dir = Path(data_dir).expanduser()
    return cfg


def _from_file(f: ConfigFile, cfg_path: Path) -> Config:
    base = cfg_path.resolve().parent
    cfg = Config(path=cfg_path if cfg_path.exists() else None, llm=f.llm, serve=f.serve)
    cfg.corpus_roots = [_resolve(base, r) for r in f.corpus.roots]
    if f.corpus.manual:
        cfg.manual = _resolve(base, f.corpus.manual)
    if f.data_dir:
        cfg.data_dir = _resolve(base, f.data_dir)
    if f.java.tables:
        cfg.java_tables = _resolve(base, f.java.tables)
    cfg.imported_tables = [{"path": _resolve(base, t.path), "format": t.format} for t in f.java.imported]
    cfg.search_top_k = f.search.top_k
    cfg.resolve_top_k = f.resolve.top_k
    return cfg
