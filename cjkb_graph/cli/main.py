"""The ``cjkb-graph`` command line: parse the arguments, run one subcommand, turn errors into exit codes.

Subcommands live in ``graph_cmds``, ``commands``, ``check_cmd``, ``doctor_cmd`` and ``serve``; each exports
``add_parsers`` and ``COMMANDS``, and this module imports them (they never import it back).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..config import load_config
from ..errors import CjkbError, NodeNotFound
from . import check_cmd, commands, doctor_cmd, graph_cmds, serve
from .output import Handler, err

__all__ = ["main"]

_MODULES = (graph_cmds, commands, check_cmd, doctor_cmd, serve)
_COMMANDS: dict[str, Handler] = {name: fn for mod in _MODULES for name, fn in mod.COMMANDS.items()}


def _parser() -> argparse.ArgumentParser:
    # the options are accepted before and after the subcommand; SUPPRESS keeps a subcommand's
    # parser from overwriting a value given before it with its own default
    top = argparse.ArgumentParser(add_help=False)
    top.add_argument("--data-dir", help="where the built graph lives (default: config.yaml, CJKB_DATA_DIR)")
    top.add_argument("--config", help="config file (default: ./config.yaml of the project, CJKB_CONFIG)")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", default=argparse.SUPPRESS, help="where the built graph lives")
    common.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p = argparse.ArgumentParser(
        prog="cjkb-graph",
        description="Knowledge graph of the Cangjie std/stdx APIs for translating Java code to Cangjie.",
        parents=[top],
    )
    p.add_argument("--version", action="version", version=f"cjkb-graph {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _MODULES:
        mod.add_parsers(sub, common)
    return p


def _cli_names(message: str) -> str:
    """Library messages name the MCP tools; on the command line name the commands instead."""
    return message.replace("search_api", "`cjkb-graph search`").replace(
        "get_api_details", "`cjkb-graph show`"
    )


def entry() -> int:
    """The `cjkb-graph` process: main() plus what only a whole process may do (see
    output.freeze_long_lived)."""
    from . import output

    output._FREEZE = True
    return main()


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    try:
        cfg = load_config(args.config, data_dir=args.data_dir)
        return _COMMANDS[args.command](args, cfg)
    except NodeNotFound as e:
        err(_cli_names(str(e)))
        if e.suggestions:
            err("did you mean: " + ", ".join(e.suggestions))
        return 2
    except CjkbError as e:
        err(_cli_names(str(e)))
        return 2
    except KeyboardInterrupt:
        err("interrupted")
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as e:  # a file that cannot be read or written: name it, no traceback
        where = f" '{e.filename}'" + (f" -> '{e.filename2}'" if e.filename2 else "") if e.filename else ""
        err(f"{e.strerror or e}{where}; check the path and its permissions")
        return 1
    except Exception as e:  # a bug: say so in one line, with what to report
        err(f"internal error: {type(e).__name__}: {e} (please report it with the command you ran)")
        return 1
