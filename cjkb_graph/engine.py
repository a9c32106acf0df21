"""The engine: one object that owns the graph, the search index, the resolver and every cache.

Adapters (the CLI, the MCP server, notebooks) hold an ``Engine`` and call its methods. Input is
checked once against :mod:`cjkb_graph.limits`: by the library function when it checks its own
arguments, else here.

    >>> engine = Engine.load()                                    # doctest: +SKIP
    >>> engine.search("hash map put", top_k=3)[0].qualname       # doctest: +SKIP
    'std.collection.HashMap.add'
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from . import lookup, navigate
from .config import Config, load_config
from .errors import InputError
from .graph.kb import KnowledgeBase
from .graph.store import load_graph, warn_stale_tables
from .limits import MAX_CANGJIE_BYTES, MAX_ERROR_CHARS, MAX_JAVA_BYTES, MAX_TOP_K, check_range, check_text
from .models import (
    ApiDetails,
    CheckResult,
    ClassMembers,
    DescribeResult,
    ErrorHints,
    Examples,
    ExportResult,
    JavaMapping,
    Modules,
    Neighbors,
    NodeResult,
    PathResult,
    RerankStatus,
    ResolveResult,
    SearchHit,
)
from .resolve.llm import rerank_result, set_workers
from .search.index import SearchIndex
from .search.query import search, search_docs

if TYPE_CHECKING:
    from .cangjie import CangjieChecker
    from .resolve.assist import Assistant
    from .resolve.javamap import JavaLookup
    from .resolve.resolver import Resolver

__all__ = ["Engine"]


def _nonempty(name: str, value: object, limit: int, example: str, *, in_bytes: bool = False) -> str:
    text = check_text(name, value, limit, in_bytes=in_bytes)
    if not text.strip():
        raise InputError(f"{name} is empty; {example}")
    return text


class Engine:
    """The graph and everything derived from it, built once and shared by every request."""

    def __init__(self, kb: KnowledgeBase, index: SearchIndex | None = None):
        self.kb = kb
        self.cfg: Config = kb.cfg
        self._index = index
        self._resolver: Resolver | None = None
        self._java: JavaLookup | None = None
        self._assistant: Assistant | None = None
        self._checker: CangjieChecker | None = None
        self._modules: Modules | None = None
        self._lock = threading.RLock()
        set_workers(self.cfg.serve.llm_workers)

    # Parts are built on first use (under a lock), so a one-shot command pays only for what it uses.
    @property
    def index(self) -> SearchIndex:
        with self._lock:
            if self._index is None:
                saved = SearchIndex.load(self.kb, self.cfg.data_dir) if self.kb.graph_sha256 else None
                self._index = saved if saved is not None else SearchIndex.build(self.kb)  # ~2 s in memory
            return self._index

    @property
    def resolver(self) -> Resolver:
        with self._lock:
            if self._resolver is None:
                from .resolve.resolver import Resolver  # imported on first use: a search needs none of it

                self._resolver = Resolver(self.kb, self.index)
            return self._resolver

    @property
    def java(self) -> JavaLookup:
        with self._lock:
            if self._java is None:
                from .resolve.javamap import JavaLookup

                self._java = JavaLookup(self.kb, self.resolver)
            return self._java

    @property
    def assistant(self) -> Assistant:
        with self._lock:
            if self._assistant is None:
                from .resolve.assist import Assistant

                self._assistant = Assistant(self.resolver, self.index, self.java, self.cfg.llm)
            return self._assistant

    @property
    def checker(self) -> CangjieChecker:
        with self._lock:
            if self._checker is None:
                from .cangjie import CangjieChecker  # tree-sitter: imported on first check

                self._checker = CangjieChecker(self.kb.G)
            return self._checker

    def warm(self) -> None:
        """Build every part now (a server does this while it waits for its first call)."""
        _ = self.assistant
        _ = self.checker
        self.list_modules()

    @classmethod
    def load(cls, data_dir: str | Path | None = None, cfg: Config | None = None) -> Engine:
        """The engine over the graph built in ``data_dir`` (default: the configured one), loaded
        read-only (edges share their data; ``engine.G.copy()`` gives a graph you can change)."""
        cfg = cfg or load_config(data_dir=str(data_dir) if data_dir else None)
        warn_stale_tables(cfg)
        return cls(KnowledgeBase(load_graph(cfg.data_dir, read_only=True), cfg))

    @property
    def G(self) -> nx.MultiDiGraph:
        return self.kb.G

    # ------------------------------------------------------------------ search and lookup
    def search(
        self, query: str, *, module: str | None = None, kind: str | None = None, top_k: int = 10
    ) -> list[SearchHit]:
        return search(self.index, query, module=module or None, kind=kind or None, top_k=top_k)

    def search_docs(self, query: str, lang: str | None = None, top_k: int = 10) -> list[SearchHit]:
        """Manual sections, pages and Java constructs for a language question (``lang``: en/zh)."""
        return search_docs(self.index, query, lang=lang or None, top_k=top_k)

    def get_api_details(self, name: str, module: str | None = None) -> ApiDetails:
        return lookup.get_api_details(self.kb, name, module)

    def get_class_members(
        self, class_name: str, module: str | None = None, include_inherited: bool = True
    ) -> ClassMembers:
        return lookup.get_class_members(self.kb, class_name, module, include_inherited)

    def find_examples(
        self, query: str, module: str | None = None, top_k: int = 5, lang: str | None = None
    ) -> Examples:
        return lookup.find_examples(self.kb, self.index, query, module, top_k, lang or None)

    def list_modules(self) -> Modules:
        with self._lock:
            if self._modules is None:
                self._modules = lookup.list_modules(self.kb)
            return self._modules.model_copy(deep=True)

    def get_node(self, node_id: str) -> NodeResult:
        return lookup.get_node(self.kb, node_id)

    # ------------------------------------------------------------------ Java to Cangjie
    def java_to_cangjie(self, java_symbol: str) -> JavaMapping:
        from .resolve.javamap import java_to_cangjie

        return java_to_cangjie(self.java, java_symbol)

    def resolve(self, java_code: str, *, top_k: int = 5, rerank: bool | None = None) -> ResolveResult:
        """Ranked Cangjie APIs for every API call of a Java snippet; optionally reranked by the LLM."""
        java_code = check_text("java_code", java_code, MAX_JAVA_BYTES, in_bytes=True)
        check_range("top_k", top_k, 1, MAX_TOP_K)
        result = self.resolver.resolve(java_code, top_k=top_k)
        if rerank and not self.cfg.llm.enabled:
            result.rerank = RerankStatus(
                status="skipped",
                reason="llm.enabled is false in the config: the endpoint was not contacted",
                kept="deterministic order",
            )
        elif rerank or (rerank is None and self.cfg.llm.enabled):
            rerank_result(self.cfg.llm, result, java_code)
        return result

    def describe(self, java_code: str) -> DescribeResult:
        java_code = check_text("java_code", java_code, MAX_JAVA_BYTES, in_bytes=True)
        return self.assistant.describe(java_code)

    def error_fix_hint(self, error_text: str, top_k: int = 5) -> ErrorHints:
        error_text = _nonempty(
            "error_text", error_text, MAX_ERROR_CHARS, "paste the compiler's error message"
        )
        check_range("top_k", top_k, 1, MAX_TOP_K)
        return self.assistant.error_fix_hint(error_text, top_k)

    def check(self, cangjie_code: str) -> CheckResult:
        """Diagnostics for a Cangjie draft: syntax, unknown types and members, Java-isms, imports."""
        cangjie_code = check_text("cangjie_code", cangjie_code, MAX_CANGJIE_BYTES, in_bytes=True)
        return self.checker.check(cangjie_code)

    def evaluate(self, cases: list[dict[str, Any]], ks: list[int], top_k: int = 10) -> dict[str, Any]:
        from .resolve.evaluate import evaluate

        return evaluate(self.resolver, cases, ks, top_k)

    def mapping_coverage(self) -> dict[str, Any]:
        from .resolve.javamap import coverage_report

        return coverage_report(self.kb)

    def dangling_targets(self) -> list[dict[str, str]]:
        from .graph.java_layer import dangling_targets  # the Java tables' loader: only here

        return dangling_targets(self.kb.G, self.cfg)

    # ------------------------------------------------------------------ graph walks
    def get_neighbors(
        self,
        node_id: str,
        edge_kinds: Iterable[str] | None = None,
        direction: str = "both",
        depth: int = 1,
        limit: int = 50,
        offset: int = 0,
    ) -> Neighbors:
        return navigate.get_neighbors(self.kb, node_id, edge_kinds, direction, depth, limit, offset)

    def find_path(
        self, source: str, target: str, edge_kinds: Iterable[str] | None = None, max_length: int = 6
    ) -> PathResult:
        return navigate.find_path(self.kb, source, target, edge_kinds, max_length)

    def export_subgraph(
        self, node_id: str, depth: int = 1, edge_kinds: Iterable[str] | None = None
    ) -> ExportResult:
        return navigate.export_subgraph(self.kb, node_id, depth, edge_kinds)
