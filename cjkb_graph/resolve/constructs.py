"""The Java language constructs of a snippet (switch on a String, try-with-resources, a ternary,
a labelled break, ``synchronized``, an anonymous class, ...), found from the graph's construct nodes.

Each ``java_construct`` node carries its ``detect`` hint (built from
``graph_data/language/java_constructs.yaml``): javalang node classes (``ast``) with ``requires``
attributes and ``modifiers``, and/or a ``regex`` over the text; ``mode: all`` needs both. The tree is
the one the extractor already parsed (:attr:`Extraction.tree`); when the extractor fell back to a
partial parse or the token scan, only the regexes are tried.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..graph.kb import KnowledgeBase
from ..kinds import EdgeKind, NodeKind
from ..models import ConstructUse

__all__ = ["ConstructDetector"]

_WRAPPERS = {"__W", "__m"}  # the class/method the extractor wraps a snippet in
MAX_CONSTRUCTS = 20


@dataclass(frozen=True)
class _Spec:
    node: str
    ast: tuple[str, ...]
    requires: tuple[str, ...]
    modifiers: frozenset[str]
    regex: re.Pattern[str] | None
    all: bool


def _matches(node: Any, spec: _Spec) -> bool:
    for cond in spec.requires:
        attr, eq, want = cond.partition("=")
        value = getattr(node, attr, None)
        if not eq:
            if not value:
                return False
        elif isinstance(value, list | set | tuple):
            if want not in {str(v) for v in value}:
                return False
        elif str(value) != want:
            return False
    return not (spec.modifiers and not spec.modifiers <= set(getattr(node, "modifiers", None) or ()))


class ConstructDetector:
    """Detection hints of every construct node of one graph, compiled once."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.specs: list[_Spec] = []
        for n, d in sorted(kb.G.nodes(data=True), key=lambda x: x[0]):
            if d.get("kind") != NodeKind.JAVA_CONSTRUCT.value:
                continue
            det = d.get("detect") or {}
            try:
                rx = re.compile(det["regex"], re.MULTILINE) if det.get("regex") else None
            except re.error:
                rx = None
            self.specs.append(
                _Spec(
                    n,
                    tuple(det.get("ast") or ()),
                    tuple(det.get("requires") or ()),
                    frozenset(det.get("modifiers") or ()),
                    rx,
                    det.get("mode") == "all",
                )
            )

    def detect(self, code: str, tree: Any | None) -> list[ConstructUse]:
        """The constructs in ``code`` (``tree``: the extractor's javalang tree, or None)."""
        present: dict[str, list[Any]] = {}
        if tree is not None:
            try:
                for _path, node in tree:
                    if getattr(node, "name", None) in _WRAPPERS:
                        continue
                    present.setdefault(type(node).__name__, []).append(node)
            except RecursionError:
                present = {}
        found: list[tuple[int, str, int | None]] = []
        for order, spec in enumerate(self.specs):
            nodes = [n for cls in spec.ast for n in present.get(cls, []) if _matches(n, spec)]
            # the regex is needed only when the tree did not already decide (it costs most of the time)
            need_rx = spec.regex is not None and (spec.all or not nodes)
            rx_match = spec.regex.search(code) if need_rx and spec.regex is not None else None
            if spec.all:
                hit = (bool(nodes) or not spec.ast) and (rx_match is not None or spec.regex is None)
            else:
                hit = bool(nodes) or rx_match is not None
            if not hit:
                continue
            line = _first_line(nodes)
            if line is None and rx_match is not None:
                line = code.count("\n", 0, rx_match.start()) + 1
            found.append((order, spec.node, line))
        found.sort(key=lambda x: (x[2] if x[2] is not None else 1 << 30, x[0]))
        return [self.use(node, line) for _, node, line in found[:MAX_CONSTRUCTS]]

    def use(self, node: str, line: int | None = None) -> ConstructUse:
        d = self.kb.G.nodes[node]
        manual = [
            v
            for _, v, k, e in sorted(
                self.kb.G.out_edges(node, keys=True, data=True), key=lambda x: x[3].get("rank", 0) or 0
            )
            if k == EdgeKind.MAPS_TO.value and e.get("target_kind") == "manual"
        ]
        return ConstructUse(
            id=node,
            name=d.get("name", ""),
            name_zh=d.get("name_zh", ""),
            line=line,
            note=d.get("note", ""),
            note_zh=d.get("note_zh", ""),
            java=d.get("java", ""),
            cangjie=d.get("cangjie", ""),
            manual=manual,
            source=d.get("source", ""),
        )


def _first_line(nodes: Iterable[Any]) -> int | None:
    lines: list[int] = []
    for n in nodes:
        pos = getattr(n, "position", None)
        line = pos[0] if isinstance(pos, tuple) else getattr(pos, "line", None)
        if isinstance(line, int):
            lines.append(line)
    return min(lines) if lines else None
