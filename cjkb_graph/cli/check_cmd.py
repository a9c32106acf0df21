"""``cjkb-graph check``: a Cangjie draft checked against the graph (text, ``--json`` or ``--batch``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import orjson

from ..config import Config
from ..engine import Engine
from ..errors import InputError
from ..graph.files import atomic_write
from .output import Handler, check_output, emit_json, engine_for, err, read_input

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    c = sub.add_parser(
        "check",
        parents=[common],
        help="check a Cangjie draft: syntax, unknown types/members, Java-isms, missing imports",
        description="Exit code: 0 when no error was found, 1 when some was, 2 on bad input.",
    )
    c.add_argument(
        "file", nargs="?", default="-", metavar="FILE|-", help="Cangjie source, - for stdin (default)"
    )
    c.add_argument(
        "--json", action="store_true", help="print {diagnostics, imports_missing, parsed, apis, ms}"
    )
    c.add_argument("--batch", metavar="IN.jsonl", help='lines {"id", "cangjie"}; writes --out')
    c.add_argument("--out", metavar="OUT.jsonl", help='with --batch: lines {"id", "ms", "diagnostics", ...}')


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8", errors="replace")
    return read_input(path, "Cangjie file")


def cmd_check(args: argparse.Namespace, cfg: Config) -> int:
    engine = engine_for(cfg)
    if args.batch:
        if not args.out:
            raise InputError("--batch needs --out OUT.jsonl")
        return _batch(engine, Path(args.batch), check_output(args.out, "--out"))
    result = engine.check(_read(args.file))
    if args.json:
        emit_json(result)
    else:
        name = "<stdin>" if args.file == "-" else args.file
        for d in result.diagnostics:
            print(f"{name}:{d.line}:{d.column}: {d.severity}: {d.message} [{d.code}]")
            for s in d.suggestions:
                print(f"    fix: {s}")
        for imp in result.imports_missing:
            print(f"{name}: missing import: {imp}")
        n_err = len(result.errors)
        print(f"{n_err} error(s), {len(result.diagnostics) - n_err} warning(s)/note(s)")
    return 1 if result.errors else 0


def _batch(engine: Engine, inp: Path, out: Path) -> int:
    lines: list[bytes] = []
    bad = 0
    for no, raw in enumerate(read_input(str(inp), "batch input").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            item = orjson.loads(raw)
            code = item["cangjie"]
            case_id = item.get("id", no)
        except (orjson.JSONDecodeError, KeyError, TypeError):
            bad += 1
            err(f"{inp}:{no}: not a JSON object with a 'cangjie' field; skipped")
            continue
        t0 = time.perf_counter()
        try:
            result: dict[str, Any] = engine.check(code).model_dump(mode="json", by_alias=True)
        except InputError as e:
            result = {"error": str(e)}
        lines.append(
            orjson.dumps({"id": case_id, **result, "ms": round((time.perf_counter() - t0) * 1000, 3)})
        )
    atomic_write(out, b"\n".join(lines) + (b"\n" if lines else b""))
    print(f"wrote {len(lines)} results to {out}" + (f" ({bad} bad lines skipped)" if bad else ""))
    return 0 if not bad else 1


COMMANDS: dict[str, Handler] = {"check": cmd_check}
