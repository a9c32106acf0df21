"""The ``cjkb-graph`` command line: thin adapters over the library functions."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import orjson

from . import __version__
from .config import Config, load_config
from .errors import CjkbError, InputError, NodeNotFound

__all__ = ["main"]

Handler = Callable[[argparse.Namespace, Config], int]
_COMMANDS: dict[str, Handler] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        _COMMANDS[name] = fn
        return fn

    return deco


_JSON_OPTS = orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY


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


def _kb(cfg: Config) -> Any:
    from .kb import KnowledgeBase

    return KnowledgeBase.load(cfg=cfg)


# ---------------------------------------------------------------------------- build / stats / show / export


class _Progress:
    """A one-line progress counter on a terminal (stderr); silent otherwise."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.n = 0

    def __call__(self, label: str) -> None:
        self.n += 1
        if self.tty and self.n % 10 == 0:
            print(f"\r  parsing docs: {self.n} files ({label[:50]:<50})", end="", file=sys.stderr, flush=True)

    def done(self) -> None:
        if self.tty and self.n:
            print("\r" + " " * 80 + "\r", end="", file=sys.stderr, flush=True)


@command("build")
def cmd_build(args: argparse.Namespace, cfg: Config) -> int:
    from .store import build_and_save

    if args.corpus:
        cfg.corpus_roots = [Path(p).expanduser() for p in args.corpus]
    progress = _Progress()
    outcome = build_and_save(cfg, force=args.force, progress=progress)
    progress.done()
    m = outcome.manifest
    if outcome.skipped:
        print(f"graph in {cfg.data_dir} is up to date (inputs unchanged); use --force to rebuild")
        return 0
    c = m["counts"]
    print(f"built graph in {m['build_seconds']:.1f} s -> {cfg.data_dir}")
    print(
        "  nodes: " + ", ".join(f"{k} {v}" for k, v in c["nodes"].items()) + f"  (total {c['total_nodes']})"
    )
    print(
        "  edges: " + ", ".join(f"{k} {v}" for k, v in c["edges"].items()) + f"  (total {c['total_edges']})"
    )
    print(f"  packages: {len(c['packages'])}; doc files: {m['input_files']}")
    print(
        f"  unparsed API headings: {m['unparsed']}; warnings: {m['warnings']} (see {cfg.data_dir / 'warnings.txt'})"
    )
    for w in outcome.warnings[:8]:
        print(f"    {w}")
    if len(outcome.warnings) > 8:
        print(f"    ... {len(outcome.warnings) - 8} more")
    return 0


@command("stats")
def cmd_stats(args: argparse.Namespace, cfg: Config) -> int:
    from .store import graph_counts

    kb = _kb(cfg)
    counts = graph_counts(kb.G)
    if args.json:
        emit_json(counts)
        return 0
    print(f"nodes ({counts['total_nodes']}):")
    for k, v in counts["nodes"].items():
        print(f"  {k:<14}{v:>8}")
    print(f"edges ({counts['total_edges']}):")
    for k, v in counts["edges"].items():
        print(f"  {k:<14}{v:>8}")
    print("packages (API nodes):")
    for k, v in counts["packages"].items():
        print(f"  {k:<40}{v:>6}")
    return 0


@command("show")
def cmd_show(args: argparse.Namespace, cfg: Config) -> int:
    kb = _kb(cfg)
    node_id = kb.resolve_node(args.node)
    view = kb.node_view(node_id)
    out_edges = sorted((k, v) for _, v, k in kb.G.out_edges(node_id, keys=True))
    in_edges = sorted((k, u) for u, _, k in kb.G.in_edges(node_id, keys=True))
    if args.json:
        view["out_edges"] = [{"kind": k, "target": v} for k, v in out_edges]
        view["in_edges"] = [{"kind": k, "source": u} for k, u in in_edges]
        emit_json(view)
        return 0
    print(node_id)
    for k in sorted(view):
        if k in ("id", "code") or view[k] in ("", None, [], {}):
            continue
        print(f"  {k}: {view[k]}")
    if "code" in view:
        print("  code:\n    " + view["code"].replace("\n", "\n    "))
    print("  out:")
    for k, v in out_edges[:200]:
        print(f"    -{k}-> {v}")
    print("  in:")
    for k, u in in_edges[:200]:
        print(f"    <-{k}- {u}")
    if len(in_edges) > 200:
        print(f"    ... {len(in_edges) - 200} more")
    return 0


@command("export")
def cmd_export(args: argparse.Namespace, cfg: Config) -> int:
    from .export import flatten_for_graphml, neighbourhood, write_graphml

    check_output(args.out, "--out")
    kb = _kb(cfg)
    nodes = None
    if args.around:
        center = kb.resolve_node(args.around)
        if not 0 <= args.depth <= 5:
            raise InputError(f"--depth {args.depth} is out of range 0..5")
        nodes = neighbourhood(kb.G, center, args.depth)
    kinds = [k for part in (args.kinds or []) for k in part.split(",")]
    H = flatten_for_graphml(kb.G, nodes, kinds or None)
    write_graphml(H, check_output(args.out, "--out"))
    print(f"wrote {H.number_of_nodes()} nodes and {H.number_of_edges()} edges to {args.out}")
    return 0


# ---------------------------------------------------------------------------- parser


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
    b = sub.add_parser("build", parents=[common], help="build the graph from the docs and tables")
    b.add_argument(
        "--corpus", action="append", metavar="DIR", help="docs root (repeatable; overrides config)"
    )
    b.add_argument("--force", action="store_true", help="rebuild even when inputs are unchanged")
    s = sub.add_parser("stats", parents=[common], help="counts per node kind, edge kind and package")
    s.add_argument("--json", action="store_true", help='print {"nodes": {kind: n}, "edges": ..., ...}')
    sh = sub.add_parser("show", parents=[common], help="one node with its edges")
    sh.add_argument("node", metavar="ID_OR_QUALNAME", help="e.g. std.collection.HashMap.add")
    sh.add_argument("--json", action="store_true", help="print the node and its edges as JSON")
    e = sub.add_parser("export", parents=[common], help="GraphML of the graph or of a neighbourhood")
    e.add_argument("--format", default="graphml", choices=["graphml"], help="output format (only graphml)")
    e.add_argument("--out", required=True, metavar="FILE", help="the GraphML file to write")
    e.add_argument("--around", metavar="ID", help="only the neighbourhood of this node (id or qualname)")
    e.add_argument("--depth", type=int, default=1, help="with --around: hops, 0..5 (default 1)")
    e.add_argument("--kinds", action="append", metavar="K[,K...]", help="keep only these node/edge kinds")
    for extra in _EXTRA_PARSERS:
        extra(sub, common)
    return p


_EXTRA_PARSERS: list[Callable[[Any, argparse.ArgumentParser], None]] = []


def main(argv: Sequence[str] | None = None) -> int:
    _load_extensions()
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    try:
        cfg = load_config(args.config, data_dir=args.data_dir)
        return _COMMANDS[args.command](args, cfg)
    except NodeNotFound as e:
        err(str(e))
        if e.suggestions:
            err("did you mean: " + ", ".join(e.suggestions))
        return 2
    except CjkbError as e:
        err(str(e))
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


def _load_extensions() -> None:
    """Subcommands defined in other modules register themselves on import."""
    import importlib

    for mod in ("cjkb_graph.cli_more", "cjkb_graph.cli_doctor", "cjkb_graph.cli_serve"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise


if __name__ == "__main__":
    # `python -m cjkb_graph.cli`: run the package module, where the subcommands register
    from cjkb_graph.cli import main as _main

    sys.exit(_main())
