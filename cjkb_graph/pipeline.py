"""The build: parse the docs -> API graph -> Java layer -> search index -> save (graph, index, manifest)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from loaders.cangjie_docs import CorpusError, parse_corpus
from loaders.cangjie_manual import ManualError, parse_manual
from loaders.java_constructs import ConstructError, load_constructs
from loaders.synonyms import load_synonyms
from loaders.tasks import load_tasks

from . import __version__
from .cangjie import CangjieChecker, example_uses
from .config import Config
from .errors import BuildError
from .graph.build import BuildReport, add_edge, build_api_graph
from .graph.files import file_sha256, remove_stale_temps
from .graph.java_layer import add_java_layer
from .graph.kb import KnowledgeBase
from .graph.manual import LayerReport, add_constructs_layer, add_manual_layer
from .graph.store import (
    GRAPH_FILE,
    MANIFEST_FILE,
    graph_counts,
    inputs_digest,
    load_manifest,
    save_graph,
    save_manifest,
    saved_file_hashes,
    verify_saved_files,
)
from .graph.tasks import add_task_phrases
from .kinds import EdgeKind
from .search.index import SearchIndex

__all__ = [
    "BuildOutcome",
    "add_language_layer",
    "add_uses_edges",
    "build_and_save",
    "build_graph",
    "check_corpus",
    "save_all",
]


@dataclass
class BuildOutcome:
    skipped: bool
    manifest: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    graph: nx.MultiDiGraph | None = None


def check_corpus(cfg: Config) -> None:
    """BuildError naming the path and where to get the docs when no corpus root is usable."""
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


def build_graph(
    cfg: Config, progress: Callable[[str], None] | None = None
) -> tuple[nx.MultiDiGraph, list[str], dict[str, int]]:
    """The whole graph in memory: the docs' API graph plus the Java layer; warnings; heading counts."""
    try:
        parsed = parse_corpus(cfg.corpus_roots, progress=progress)
    except CorpusError as err:
        raise BuildError(str(err)) from err
    report = BuildReport()
    G = build_api_graph(parsed, report)
    warnings = list(parsed.warnings) + report.warnings
    warnings.extend(add_java_layer(G, cfg))
    entries, task_warnings = load_tasks(cfg.tasks_path)
    warnings.extend(task_warnings)
    warnings.extend(add_task_phrases(G, entries))
    synonyms, syn_warnings = load_synonyms(cfg.synonyms_path)
    warnings.extend(syn_warnings)
    if any(synonyms.values()):
        G.graph["synonyms"] = synonyms
    add_uses_edges(G)
    warnings.extend(add_language_layer(G, cfg, progress))
    return G, warnings, parsed.heading_counts


def add_language_layer(
    G: nx.MultiDiGraph, cfg: Config, progress: Callable[[str], None] | None = None
) -> list[str]:
    """The manual's pages and sections, then the Java constructs; a missing manual is a warning."""
    report = LayerReport()
    manual = cfg.manual_path
    if manual is None:
        report.warnings.append(
            "no language manual: set corpus.manual or put dev-guide/ in the first corpus root; "
            "search_docs and error_fix_hint will have no manual passages"
        )
    else:
        try:
            if progress:
                progress(f"manual: {manual}")
            add_manual_layer(G, parse_manual(manual), report)
        except ManualError as err:
            report.warnings.append(f"language manual not loaded: {err}")
    try:
        constructs, cwarn = load_constructs(cfg.constructs_path)
    except ConstructError as err:
        report.warnings.append(f"Java construct table not loaded: {err}")
    else:
        report.warnings.extend(cwarn)
        add_constructs_layer(G, constructs, report)
    return report.warnings


def add_uses_edges(G: nx.MultiDiGraph) -> int:
    """``uses`` edges from every doc example to every API its code calls (parsed as Cangjie)."""
    pairs = example_uses(G, CangjieChecker(G))
    for example, api in sorted(set(pairs)):
        add_edge(G, example, api, EdgeKind.USES)
    return len(pairs)


def save_all(G: nx.MultiDiGraph, cfg: Config, manifest: dict[str, Any], warnings: list[str]) -> None:
    """Graph, then its search index, then the manifest, each atomically (see graph.store)."""
    sha = save_graph(G, cfg.data_dir, warnings)
    SearchIndex.build(KnowledgeBase(G, cfg)).save(cfg.data_dir)
    save_manifest(cfg.data_dir, {**manifest, "graph_sha256": sha, "files": saved_file_hashes(cfg.data_dir)})


def build_and_save(
    cfg: Config, force: bool = False, progress: Callable[[str], None] | None = None
) -> BuildOutcome:
    """Build the graph from the configured inputs and save it; skip when inputs are unchanged."""
    check_corpus(cfg)
    remove_stale_temps(cfg.data_dir)  # a killed build's half-written files
    digest, files = inputs_digest(cfg)
    manifest_path = cfg.data_dir / MANIFEST_FILE
    graph_path = cfg.data_dir / GRAPH_FILE
    if not force and manifest_path.exists() and graph_path.exists():
        old = load_manifest(cfg.data_dir) or {}
        # A build killed between writing graph.json and manifest.json leaves a graph the manifest does
        # not describe: skip only when the graph on disk is the one the manifest names.
        # Every saved file must be the one the manifest recorded (a truncated index is rebuilt).
        if (
            old.get("inputs_digest") == digest
            and old.get("graph_sha256") == file_sha256(graph_path)
            and old.get("files")
            and not verify_saved_files(cfg.data_dir, old)
        ):
            return BuildOutcome(skipped=True, manifest=old)
    t0 = time.perf_counter()
    G, warnings, headings = build_graph(cfg, progress)
    manifest: dict[str, Any] = {
        "tool_version": __version__,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "build_seconds": round(time.perf_counter() - t0, 3),
        "corpus_roots": [str(r) for r in cfg.corpus_roots],
        "inputs_digest": digest,
        "input_files": len(files),
        "input_hashes": files,
        "api_headings": headings,
        "counts": graph_counts(G),
        "warnings": len(warnings),
        "unparsed": sum(1 for w in warnings if "unparsable" in w),
    }
    save_all(G, cfg, manifest, warnings)
    return BuildOutcome(skipped=False, manifest=manifest, warnings=warnings, graph=G)
