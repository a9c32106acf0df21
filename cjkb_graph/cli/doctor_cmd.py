"""``cjkb-graph doctor``: check the installation, print a fix hint for each failed check."""

from __future__ import annotations

import argparse
from typing import Any

from ..config import Config
from ..doctor import run_checks
from .output import Handler, emit_json

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    d = sub.add_parser(
        "doctor",
        parents=[common],
        help="check the installation: deps, corpus, graph built and fresh, mappings, LLM endpoint",
    )
    d.add_argument("--json", action="store_true", help="print the checks as JSON")


def cmd_doctor(args: argparse.Namespace, cfg: Config) -> int:
    checks = run_checks(cfg)
    failed = [c for c in checks if not c.ok]
    if args.json:
        emit_json({"ok": not failed, "checks": [c.to_dict() for c in checks]})
    else:
        width = max(len(c.name) for c in checks)
        for c in checks:
            print(f"{'ok  ' if c.ok else 'FAIL'}  {c.name:<{width}}  {c.detail}")
            if not c.ok and c.fix:
                print(f"      {'':<{width}}  fix: {c.fix}")
        print(f"{len(checks) - len(failed)}/{len(checks)} checks passed")
    return 1 if failed else 0


COMMANDS: dict[str, Handler] = {"doctor": cmd_doctor}
