"""Java symbols as nodes and ``maps_to`` edges into the Cangjie graph (from the curated tables)."""

from __future__ import annotations

import networkx as nx

from .config import Config

__all__ = ["add_java_layer"]


def add_java_layer(G: nx.MultiDiGraph, cfg: Config) -> list[str]:
    """Add java_type/java_member nodes and maps_to edges; return warnings."""
    return []
