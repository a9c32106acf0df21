"""``cjkb-graph check``: a Cangjie draft checked against the graph (text, ``--json`` or ``--batch``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..config import Config
from ..engine import Engine
from ..errors import InputError
from .output import Handler, check_output, emit_json, engine_for, read_input, run_batch

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
    return run_batch(
        inp, out, "cangjie", lambda code: engine.check(code).model_dump(mode="json", by_alias=True)
    )


COMMANDS: dict[str, Handler] = {"check": cmd_check}
