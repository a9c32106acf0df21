"""What every subcommand shares: JSON output, reading inputs, errors, the engine."""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel

from ..config import Config
from ..engine import Engine
from ..errors import InputError
from ..graph.files import atomic_write
from ..graph.kb import KnowledgeBase
from ..graph.store import load_graph, warn_stale_tables

__all__ = ["Handler", "check_output", "emit_json", "engine_for", "err", "kb_for", "read_input", "run_batch"]

Handler = Callable[[argparse.Namespace, Config], int]

_JSON_OPTS = orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY


def _plain(obj: Any) -> Any:
    """Models as the MCP tools send them (``import`` by alias), inside lists and dicts too."""
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json", by_alias=True)
    if isinstance(obj, list | tuple):
        return [_plain(v) for v in obj]
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    return obj


def _without_surrogates(obj: Any) -> Any:
    """``obj`` with lone surrogates (undecodable bytes of argv or stdin) replaced, so it encodes as UTF-8."""
    if isinstance(obj, str):
        return obj.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if isinstance(obj, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_without_surrogates(v) for v in obj]
    return obj


def emit_json(obj: Any) -> None:
    obj = _plain(obj)
    try:
        data = orjson.dumps(obj, option=_JSON_OPTS)
    except orjson.JSONEncodeError:
        data = orjson.dumps(_without_surrogates(obj), option=_JSON_OPTS)
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.flush()


def read_input(path: str, what: str) -> str:
    """The text of a file the user named (undecodable bytes replaced); InputError when it cannot be read."""
    p = Path(path)
    if not p.exists():
        raise InputError(f"{what} '{path}' does not exist")
    if p.is_dir():
        raise InputError(f"{what} '{path}' is a folder; pass a file")
    try:
        return p.read_bytes().decode("utf-8", errors="replace")
    except OSError as e:
        raise InputError(f"{what} '{path}' cannot be read ({e.strerror})") from e


def check_output(path: str, what: str) -> Path:
    """``path`` as an output file: InputError when it names a folder."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{what} '{path}' is a folder; pass a file name, e.g. {p / 'out'}")
    return p


def err(msg: str) -> None:
    print(f"cjkb-graph: {msg}", file=sys.stderr, flush=True)


def kb_for(cfg: Config) -> KnowledgeBase:
    """The graph alone (stats, show, export need nothing else)."""
    kb = KnowledgeBase(load_graph(cfg.data_dir, read_only=True), cfg)
    warn_stale_tables(cfg)
    freeze_long_lived()
    return kb


# set by the `cjkb-graph` process entry (cli.main.entry), never by main() called in a test or a
# notebook: frozen objects that a reference cycle holds are never freed
_FREEZE = False


def freeze_long_lived() -> None:
    """In a `cjkb-graph` process, move what exists now (the graph, the warmed parts) out of the
    cyclic collector's reach, so that no full collection walks their million containers again
    (about 70 ms each, in a one-shot command or in the middle of a request)."""
    if _FREEZE:
        gc.freeze()


def engine_for(cfg: Config) -> Engine:
    return Engine(kb_for(cfg))


def run_batch(inp: Path, out: Path, field: str, answer: Callable[[Any], dict[str, Any]]) -> int:
    """``--batch``: one output line ``{"id", "ms", ...answer}`` per input line ``{"id", field}``.

    A line that is not such an object is reported (file:line) and skipped (exit 1); an input the
    library rejects gives ``{"id", "ms", "error"}``. The output file is written atomically.
    """
    lines: list[bytes] = []
    bad = 0
    for no, raw in enumerate(read_input(str(inp), "batch input").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            item = orjson.loads(raw)
            value = item[field]
            case_id = item.get("id", no)
        except (orjson.JSONDecodeError, KeyError, TypeError):
            bad += 1
            err(f"{inp}:{no}: not a JSON object with a '{field}' field; skipped")
            continue
        t0 = time.perf_counter()
        try:
            result = answer(value)
        except InputError as e:
            result = {"error": str(e)}
        lines.append(
            orjson.dumps({"id": case_id, **result, "ms": round((time.perf_counter() - t0) * 1000, 3)})
        )
    atomic_write(out, b"\n".join(lines) + (b"\n" if lines else b""))
    print(f"wrote {len(lines)} results to {out}" + (f" ({bad} bad lines skipped)" if bad else ""))
    return 0 if not bad else 1
