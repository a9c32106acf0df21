"""Build, save and load the graph: node-link JSON via orjson, written atomically, with a manifest."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx
import orjson

from loaders.cangjie_docs import CorpusError, parse_corpus

from . import __version__
from .build import BuildReport, build_api_graph
from .config import Config
from .errors import BuildError, GraphNotBuilt

__all__ = [
    "GRAPH_FILE",
    "MANIFEST_FILE",
    "BuildOutcome",
    "atomic_write",
    "build_and_save",
    "graph_counts",
    "load_graph",
    "load_manifest",
]

GRAPH_FILE = "graph.json"
# node-link endpoint keys that cannot clash with edge attributes (maps_to edges carry `source`)
_SRC, _DST, _KEY = "_from", "_to", "_key"
MANIFEST_FILE = "manifest.json"


@dataclass
class BuildOutcome:
    skipped: bool
    manifest: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    graph: nx.MultiDiGraph | None = None


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _inputs_digest(cfg: Config) -> tuple[str, dict[str, str]]:
    """Hash of every input file (docs, Java tables, imported tables) plus the tool version."""
    files: dict[str, str] = {}
    for root in cfg.corpus_roots:
        if not root.exists():
            continue
        # the root by its real path: `../shared/x` from config.yaml and `/abs/shared/x` from
        # CJKB_CORPUS are the same inputs, not a reason to rebuild
        real = root.resolve()
        for p in sorted(root.rglob("*.md")):
            try:  # a folder named *.md, a dangling link, an unreadable file: the loader warns about it
                digest = hashlib.sha256(p.read_bytes()).hexdigest()
            except OSError as err:
                digest = f"unreadable:{err.errno}"
            files[f"corpus:{p.relative_to(root).as_posix()}@{real}"] = digest
    if cfg.java_tables.exists():
        for p in sorted(cfg.java_tables.rglob("*")):
            if p.is_file() and p.suffix in (".yaml", ".yml", ".json", ".jsonl"):
                files[f"java:{p.name}"] = hashlib.sha256(p.read_bytes()).hexdigest()
    for entry in cfg.imported_tables:
        p = Path(entry["path"])
        if p.exists():
            files[f"imported:{p}"] = hashlib.sha256(p.read_bytes()).hexdigest()
    h = hashlib.sha256(__version__.encode())
    for k in sorted(files):
        h.update(k.encode())
        h.update(files[k].encode())
    return h.hexdigest(), files


def graph_counts(G: nx.MultiDiGraph) -> dict[str, Any]:
    nodes = Counter(d.get("kind", "?") for _, d in G.nodes(data=True))
    edges = Counter(k for _, _, k in G.edges(keys=True))
    packages = Counter(
        d.get("module", "") for _, d in G.nodes(data=True) if d.get("kind") in ("type", "member", "function")
    )
    return {
        "nodes": dict(sorted(nodes.items())),
        "edges": dict(sorted(edges.items())),
        "packages": dict(sorted(packages.items())),
        "total_nodes": G.number_of_nodes(),
        "total_edges": G.number_of_edges(),
    }


def build_and_save(
    cfg: Config, force: bool = False, progress: Callable[[str], None] | None = None
) -> BuildOutcome:
    """Build the graph from the configured inputs and save it; skip when inputs are unchanged."""
    if not cfg.corpus_roots:
        raise BuildError(
            "no corpus configured: set CJKB_CORPUS, config.yaml corpus.roots, or pass `build --corpus DIR` "
            "(the docs are the `doc` folders of the official Cangjie runtime and cangjie_stdx repos)"
        )
    for root in cfg.corpus_roots:
        if not root.exists():
            raise BuildError(
                f"corpus path '{root}' does not exist. Get the Cangjie API docs (the `doc` folders of the "
                "official Cangjie runtime repo and of cangjie_stdx, CC BY 4.0) and point CJKB_CORPUS or "
                "`build --corpus DIR` at them"
            )
    digest, files = _inputs_digest(cfg)
    manifest_path = cfg.data_dir / MANIFEST_FILE
    graph_path = cfg.data_dir / GRAPH_FILE
    if not force and manifest_path.exists() and graph_path.exists():
        old = load_manifest(cfg.data_dir) or {}
        # A build killed between writing graph.json and manifest.json leaves a graph the manifest does
        # not describe: skip only when the graph on disk is the one the manifest names.
        if old.get("inputs_digest") == digest and old.get("graph_sha256") == _file_sha256(graph_path):
            return BuildOutcome(skipped=True, manifest=old)
    t0 = time.perf_counter()
    try:
        parsed = parse_corpus(cfg.corpus_roots, progress=progress)
    except CorpusError as err:
        raise BuildError(str(err)) from err
    report = BuildReport()
    G = build_api_graph(parsed, report)
    warnings = list(parsed.warnings) + report.warnings
    from .java_layer import add_java_layer  # local: keeps doc-only tools light

    warnings.extend(add_java_layer(G, cfg))
    counts = graph_counts(G)
    manifest: dict[str, Any] = {
        "tool_version": __version__,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "build_seconds": round(time.perf_counter() - t0, 3),
        "corpus_roots": [str(r) for r in cfg.corpus_roots],
        "inputs_digest": digest,
        "input_files": len(files),
        "input_hashes": files,
        "api_headings": parsed.heading_counts,
        "counts": counts,
        "warnings": len(warnings),
        "unparsed": sum(1 for w in warnings if "unparsable" in w),
    }
    save_graph(G, cfg.data_dir, manifest, warnings, cfg)
    return BuildOutcome(skipped=False, manifest=manifest, warnings=warnings, graph=G)


def save_graph(
    G: nx.MultiDiGraph,
    data_dir: Path,
    manifest: dict[str, Any],
    warnings: list[str],
    cfg: Config | None = None,
) -> None:
    """Graph, then its search index, then the manifest, each atomically.

    Every file is replaced whole, and the search index names the graph hash it was built for, so a
    save killed at any point leaves a loadable graph (the index is rebuilt in memory on mismatch).
    """
    G.graph.pop("sha256", None)
    raw = orjson.dumps(nx.node_link_data(G, edges="edges", source=_SRC, target=_DST, key=_KEY))
    atomic_write(data_dir / GRAPH_FILE, raw)
    sha = hashlib.sha256(raw).hexdigest()
    G.graph["sha256"] = sha
    atomic_write(data_dir / "warnings.txt", ("\n".join(warnings) + "\n").encode("utf-8"))
    from .kb import KnowledgeBase
    from .search import SearchIndex

    SearchIndex.build(KnowledgeBase(G, cfg)).save(data_dir)
    manifest = dict(manifest)
    manifest["graph_sha256"] = sha
    atomic_write(data_dir / MANIFEST_FILE, orjson.dumps(manifest, option=orjson.OPT_INDENT_2))


def load_manifest(data_dir: Path) -> dict[str, Any] | None:
    path = data_dir / MANIFEST_FILE
    if not path.exists():
        return None
    try:
        result = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    return result if isinstance(result, dict) else None


def load_graph(data_dir: Path) -> nx.MultiDiGraph:
    """Load the built graph; GraphNotBuilt with the command to run when there is none."""
    path = data_dir / GRAPH_FILE
    if not path.exists():
        raise GraphNotBuilt(f"no built graph in '{data_dir}': run `cjkb-graph build` (or pass --data-dir)")
    raw = path.read_bytes()
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise GraphNotBuilt(
            f"graph file '{path}' is corrupt ({err}); run `cjkb-graph build --force`"
        ) from err
    G = nx.MultiDiGraph()
    try:
        G.add_nodes_from((n.pop("id"), n) for n in data["nodes"])
        G.add_edges_from((e.pop(_SRC), e.pop(_DST), e.pop(_KEY), e) for e in data["edges"])
        G.graph.update(data.get("graph") or {})
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise GraphNotBuilt(
            f"graph file '{path}' is not a cjkb-graph graph ({type(err).__name__}: {err}); "
            "run `cjkb-graph build --force`"
        ) from err
    G.graph["sha256"] = hashlib.sha256(raw).hexdigest()
    return G
