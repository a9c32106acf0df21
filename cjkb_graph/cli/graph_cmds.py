"""``build``, ``stats``, ``show`` and ``export``: the graph itself."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..config import Config
from ..graph.store import WARNINGS_FILE, graph_counts
from ..limits import MAX_EXPORT_DEPTH, check_range
from .output import Handler, check_output, emit_json, kb_for

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
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


def cmd_build(args: argparse.Namespace, cfg: Config) -> int:
    if args.corpus:
        cfg.corpus_roots = [Path(p).expanduser() for p in args.corpus]
    progress = _Progress()
    from ..pipeline import build_and_save  # the loaders: imported only to build

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
        f"  unparsed API headings: {m['unparsed']}; warnings: {m['warnings']} (see {cfg.data_dir / WARNINGS_FILE})"
    )
    # a mapping-table problem drops rows (a malformed file, all of it): list those before the docs' notes
    for w in sorted(
        outcome.warnings, key=lambda w: not w.split(":", 1)[0].endswith((".yaml", ".yml", ".json"))
    )[:8]:
        print(f"    {w}")
    if len(outcome.warnings) > 8:
        print(f"    ... {len(outcome.warnings) - 8} more")
    return 0


def cmd_stats(args: argparse.Namespace, cfg: Config) -> int:
    kb = kb_for(cfg)
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


def cmd_show(args: argparse.Namespace, cfg: Config) -> int:
    kb = kb_for(cfg)
    node_id = kb.resolve_node(args.node)
    # a qualname names every overload: show the first, say so and name the others
    overloads = kb.resolve_all(args.node.strip()) if args.node.strip() not in kb.G else [node_id]
    others = [n for n in overloads if n != node_id]
    view = kb.node_view(node_id)
    out_edges = sorted((k, v) for _, v, k in kb.G.out_edges(node_id, keys=True))
    in_edges = sorted((k, u) for u, _, k in kb.G.in_edges(node_id, keys=True))
    if args.json:
        view["out_edges"] = [{"kind": k, "target": v} for k, v in out_edges]
        view["in_edges"] = [{"kind": k, "source": u} for k, u in in_edges]
        view["other_overloads"] = others
        emit_json(view)
        return 0
    print(node_id)
    if others:
        print(
            f"  ('{args.node.strip()}' has {len(overloads)} overloads; this is one. The others: {', '.join(others)})"
        )
    for k in sorted(view):
        if k in ("id", "code") or view[k] in ("", None, [], {}):
            continue
        print(f"  {k}: {view[k]}")
    # an example's code is one string; a manual page or section has a list of {lang, code, source}
    code = view.get("code")
    blocks = [{"code": code}] if isinstance(code, str) else [b for b in code or [] if isinstance(b, dict)]
    for i, b in enumerate(b for b in blocks if b.get("code")):
        where = ", ".join(str(b[k]) for k in ("lang", "source") if b.get(k))
        suffix = f" ({where})" if where else ""
        print(f"  code{suffix}:" if i == 0 else f"  ---{suffix}")
        print("    " + str(b["code"]).replace("\n", "\n    "))
    print("  out:")
    for k, v in out_edges[:200]:
        print(f"    -{k}-> {v}")
    print("  in:")
    for k, u in in_edges[:200]:
        print(f"    <-{k}- {u}")
    if len(in_edges) > 200:
        print(f"    ... {len(in_edges) - 200} more")
    return 0


def cmd_export(args: argparse.Namespace, cfg: Config) -> int:
    from ..graph.export import flatten_for_graphml, neighbourhood, write_graphml

    check_output(args.out, "--out")
    kb = kb_for(cfg)
    nodes = None
    if args.around:
        center = kb.resolve_node(args.around)
        check_range("--depth", args.depth, 0, MAX_EXPORT_DEPTH)
        nodes = neighbourhood(kb.G, center, args.depth)
    kinds = [k for part in (args.kinds or []) for k in part.split(",")]
    H = flatten_for_graphml(kb.G, nodes, kinds or None)
    write_graphml(H, check_output(args.out, "--out"))
    print(f"wrote {H.number_of_nodes()} nodes and {H.number_of_edges()} edges to {args.out}")
    return 0


COMMANDS: dict[str, Handler] = {
    "build": cmd_build,
    "stats": cmd_stats,
    "show": cmd_show,
    "export": cmd_export,
}
