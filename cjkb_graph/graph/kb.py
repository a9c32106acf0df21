"""The loaded knowledge base: the graph plus the lookup indexes every tool shares."""

from __future__ import annotations

import difflib
from collections import Counter, defaultdict
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from ..config import Config, load_config
from ..errors import NodeNotFound
from ..kinds import EdgeKind, NodeKind
from .build import import_line
from .store import load_graph, node_attr, node_attrs

__all__ = ["KnowledgeBase"]

API_KINDS = {NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value}


class KnowledgeBase:
    """Read-only view over the built graph with id/qualname/name indexes."""

    def __init__(self, G: nx.MultiDiGraph, cfg: Config | None = None):
        self.G = G
        self.cfg = cfg or Config()
        self.by_qualname: dict[str, list[str]] = defaultdict(list)
        self.by_name: dict[str, list[str]] = defaultdict(list)
        self.by_lower: dict[str, list[str]] = defaultdict(list)
        for n, d in G.nodes(data=True):
            q = d.get("qualname")
            if q:
                self.by_qualname[q].append(n)
            name = d.get("name")
            if name and d.get("kind") != NodeKind.EXAMPLE.value:
                self.by_name[name].append(n)
                self.by_lower[name.lower()].append(n)
        for lst in (*self.by_qualname.values(), *self.by_name.values(), *self.by_lower.values()):
            lst.sort()

    @classmethod
    def load(cls, data_dir: str | Path | None = None, cfg: Config | None = None) -> KnowledgeBase:
        cfg = cfg or load_config(data_dir=str(data_dir) if data_dir else None)
        return cls(load_graph(cfg.data_dir, read_only=True), cfg)

    # ------------------------------------------------------------------ lookup
    def resolve_node(self, ref: str) -> str:
        """An id or a qualname -> one node id (the first overload for a qualname)."""
        ref = ref.strip()
        if ref in self.G:
            return ref
        ids = self.by_qualname.get(ref)
        if ids:
            return ids[0]
        raise NodeNotFound(
            f"no node '{ref}'; try search_api, or one of the suggestions", suggestions=self.suggest(ref)
        )

    def resolve_all(self, ref: str) -> list[str]:
        """All nodes an id, qualname or simple name names (overloads together)."""
        ref = ref.strip()
        if ref in self.G:
            return [ref]
        if ref in self.by_qualname:
            return list(self.by_qualname[ref])
        return list(self.by_name.get(ref, []))

    @cached_property
    def _id_pool(self) -> list[str]:
        return sorted({*self.by_qualname.keys()})

    def suggest(self, ref: str, n: int = 5) -> list[str]:
        """Close ids/qualnames for a miss ("did you mean"): types and functions before members."""
        ref = ref.strip()[:200]
        tail = ref.replace("#", ".").split("(")[0].rstrip(".").split(".")[-1]
        cands: set[str] = set()
        for cand in self.by_lower.get(tail.lower(), []):
            cands.add(cand)
        for name in difflib.get_close_matches(tail, list(self.by_name), n=n, cutoff=0.75):
            cands.update(self.by_name[name][:6])
        preferred: set[str] = set()
        prefix_ids = self.by_qualname.get(ref.rsplit(".", 1)[0], []) if "." in ref else []
        owner = prefix_ids[0] if prefix_ids and self.G.nodes[prefix_ids[0]].get("kind") == "type" else None
        if owner is not None:
            # Type.member: that type's members with close names, and what the Java name maps to there
            cands = {
                c for c in cands if (self.G.nodes[c].get("qualname") or c).startswith(ref.rsplit(".", 1)[0])
            }
            members = {self.G.nodes[m]["name"]: m for m in self.members_of(owner)}
            for name in difflib.get_close_matches(tail, list(members), n=n, cutoff=0.6):
                cands.add(members[name])
            for jm in self.by_name.get(tail, []):
                if self.G.nodes[jm].get("kind") == "java_member":
                    for _, v, k in self.G.out_edges(jm, keys=True):
                        if k == EdgeKind.MAPS_TO.value and self.G.nodes[v].get("owner") == owner:
                            cands.add(v)
                            preferred.add(v)
        if len(cands) < n:
            for q in difflib.get_close_matches(ref, self._id_pool, n=n, cutoff=0.8):
                cands.update(self.by_qualname.get(q, [])[:1])
        kind_rank = {"type": 0, "function": 1, "module": 2, "member": 3, "java_type": 4, "java_member": 5}
        prefix = ref.rsplit(".", 1)[0] if "." in ref else ""

        def key(c: str) -> tuple[bool, int, float, int, bool, int, str]:
            d = self.G.nodes[c]
            q = d.get("qualname") or c
            sim = difflib.SequenceMatcher(None, tail.lower(), d.get("name", "").lower()).ratio()
            return (
                c not in preferred,
                0 if prefix and q.startswith(prefix) else 1,
                -round(sim, 2),
                kind_rank.get(d.get("kind", ""), 9),
                q.startswith("stdx."),
                len(q),
                q,
            )

        out: list[str] = []
        for c in sorted(cands, key=key):
            q = self.G.nodes[c].get("qualname") or c
            if q not in out:
                out.append(q)
        return out[:n]

    # ------------------------------------------------------------------ views
    def import_for(self, node_id: str) -> str | None:
        d = self.G.nodes[node_id]
        return import_line(d.get("module", ""))

    def api_ref_fields(self, node_id: str) -> dict[str, Any]:
        """What every reference to an API shows (the fields of ``models.ApiRef``)."""
        d = self.G.nodes[node_id]
        return {
            "id": node_id,
            "qualname": d.get("qualname") or node_id,
            "kind": d.get("kind"),
            "signature": d.get("signature", ""),
            "module": d.get("module", ""),
            "import_": self.import_for(node_id),
        }

    def edge_counts(self, node_id: str) -> dict[str, dict[str, int]]:
        out_c = Counter(k for _, _, k in self.G.out_edges(node_id, keys=True))
        in_c = Counter(k for _, _, k in self.G.in_edges(node_id, keys=True))
        return {"out": dict(sorted(out_c.items())), "in": dict(sorted(in_c.items()))}

    def node(self, node_id: str) -> dict[str, Any]:
        """Every attribute of a node, in a new dict (the long texts of a read-only load included)."""
        return node_attrs(self.G, node_id)

    def attr(self, node_id: str, key: str, default: Any = None) -> Any:
        """One attribute of a node; a long text a read-only load left on disk is read back."""
        return node_attr(self.G, node_id, key, default)

    def node_view(self, node_id: str) -> dict[str, Any]:
        d = node_attrs(self.G, node_id)
        d["id"] = node_id
        if d.get("kind") in API_KINDS or d.get("kind") == NodeKind.MODULE.value:
            d["import"] = self.import_for(node_id)
        return d

    @cached_property
    def _examples_index(self) -> dict[str, list[str]]:
        index: dict[str, list[str]] = defaultdict(list)
        for u, v, k in self.G.edges(keys=True):
            if k == EdgeKind.EXAMPLE_FOR.value:
                index[v].append(u)
        for exs in index.values():
            exs.sort(key=lambda e: (bool(self.G.nodes[e].get("sample")), e))
        return dict(index)

    def examples_for(self, node_id: str, limit: int = 3) -> list[str]:
        """Example ids showing this API: its own examples first, then whole samples."""
        return self._examples_index.get(node_id, [])[:limit]

    def members_of(self, type_id: str) -> list[str]:
        return sorted(u for u, _, k in self.G.in_edges(type_id, keys=True) if k == EdgeKind.MEMBER_OF.value)

    def supertypes(self, type_id: str, depth: int = 8) -> list[str]:
        """Transitive supertypes in breadth-first order."""
        seen: list[str] = []
        frontier = [type_id]
        for _ in range(depth):
            nxt: list[str] = []
            for t in frontier:
                for _, v, k in self.G.out_edges(t, keys=True):
                    if k == EdgeKind.INHERITS.value and v not in seen and v != type_id:
                        seen.append(v)
                        nxt.append(v)
            if not nxt:
                break
            frontier = sorted(nxt)
        return seen

    @property
    def graph_sha256(self) -> str:
        return str(self.G.graph.get("sha256", ""))
