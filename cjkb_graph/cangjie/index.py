"""A lookup index over the knowledge graph, built once per checker."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

import networkx as nx


@dataclass(frozen=True)
class Sig:
    """Call shape of one overload."""

    positional: int  # positional parameters
    named: frozenset[str]  # all named parameters
    named_required: frozenset[str]
    variadic: bool  # the last positional parameter is an Array (variadic call allowed)
    last_type: str = ""  # type text of the last positional parameter


def split_top(text: str, sep: str = ",") -> list[str]:
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    prev = ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ")]}" or (ch == ">" and prev != "-"):
            depth -= 1
        prev = ch
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def param_text(signature: str, name: str) -> str | None:
    """The text inside the parameter parentheses of a func/init signature."""
    sig = signature
    m = re.search(r"(?:func|init|main)\s*(?:" + re.escape(name) + r")?\s*(<[^()]*>)?\s*\(", sig)
    if not m:
        m = re.search(r"\binit\s*\(", sig)
        if not m:
            return None
    i = m.end()
    depth = 1
    j = i
    while j < len(sig) and depth:
        if sig[j] == "(":
            depth += 1
        elif sig[j] == ")":
            depth -= 1
        j += 1
    return sig[i : j - 1]


def parse_sig(params: str) -> Sig:
    pos = 0
    named: set[str] = set()
    req: set[str] = set()
    last_type = ""
    for p in split_top(params):
        p = p.strip()
        if not p:
            continue
        head, _, rest = p.partition(":")
        head = head.strip().split()[-1] if head.strip() else ""
        if head.endswith("!"):
            nm = head[:-1]
            named.add(nm)
            if "=" not in rest:
                req.add(nm)
        else:
            pos += 1
            last_type = rest.split("=")[0].strip()
    return Sig(pos, frozenset(named), frozenset(req), last_type.startswith("Array<"), last_type)


def generic_params(signature: str, name: str) -> list[str]:
    head = signature.split("\n", 1)[0]
    m = re.search(r"\b" + re.escape(name) + r"\s*<([^>]*(?:<[^>]*>[^>]*)*)>", head)
    if not m:
        return []
    return [p.strip().split()[0] for p in split_top(m.group(1)) if p.strip()]


@dataclass
class GraphIndex:
    G: nx.MultiDiGraph
    modules: set[str] = field(default_factory=set)
    module_names: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    types_by_name: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    type_params: dict[str, list[str]] = field(default_factory=dict)
    supers: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    members: dict[str, dict[str, list[str]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(list))
    )
    functions: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    java_types: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    java_members: dict[str, dict[str, list[str]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(list))
    )
    java_by_name: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    java_for_type: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    sigs: dict[str, Sig | None] = field(default_factory=dict)
    signatures: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    _mentions: dict[str, set[str]] = field(default_factory=dict)
    ext_via: dict[tuple[str, str], str] = field(
        default_factory=dict
    )  # (type, interface) -> extension package

    @classmethod
    def build(cls, G: nx.MultiDiGraph) -> GraphIndex:
        ix = cls(G)
        for n, d in G.nodes(data=True):
            kind = d.get("kind")
            if kind in ("type", "member", "function") and d.get("signature"):
                ix.signatures[d.get("module", "")].append(d["signature"])
            if kind == "module":
                ix.modules.add(n)
            elif kind == "type":
                ix.types_by_name[d["name"]].append(n)
                ix.module_names[d.get("module", "")].add(d["name"])
                ix.type_params[n] = generic_params(d.get("signature") or "", d["name"])
            elif kind == "member":
                owner = d.get("owner")
                if owner:
                    ix.members[owner][d["name"]].append(n)
            elif kind == "function":
                name = d["name"]
                ix.functions[name].append(n)
                ix.module_names[d.get("module", "")].add(name)
            elif kind == "java_type":
                ix.java_types[d["name"]].append(n)
            elif kind == "java_member":
                owner = d.get("owner") or n.rsplit(".", 1)[0]
                ix.java_members[owner][d["name"]].append(n)
                ix.java_by_name[d["name"]].append(n)
        for u, v, k, ed in G.edges(keys=True, data=True):
            if k == "inherits" and G.nodes[u].get("kind") == "type":
                ix.supers[u].append(v)
                # an interface a documented extension adds (`extend<T> StringReader<T> <: Seekable`):
                # the package to import for it
                if ed.get("extension"):
                    ix.ext_via[(u, v)] = ed["extension"]
            elif k == "maps_to" and G.nodes[u].get("kind") == "java_type":
                ix.java_for_type[v].append(u)
        # std.core types first, then by id: stable preferences
        for ids in ix.types_by_name.values():
            ids.sort(key=lambda i: (not i.startswith("std.core."), not i.startswith("std."), i))
        return ix

    def mentions(self, module: str) -> set[str]:
        """Type names used in the signatures of a package's APIs (a package may re-export them)."""
        if module not in self._mentions:
            self._mentions[module] = set(
                re.findall(r"\b[A-Z]\w*", "\n".join(self.signatures.get(module, ())))
            )
        return self._mentions[module]

    # ---- types
    def closure(self, tid: str) -> list[str]:
        seen, order, stack = {tid}, [tid], [tid]
        while stack:
            for s in self.supers.get(stack.pop(), ()):
                if s not in seen:
                    seen.add(s)
                    order.append(s)
                    stack.append(s)
        return order

    def member_ids(self, tid: str, name: str) -> list[str]:
        out: list[str] = []
        for t in self.closure(tid):
            out.extend(self.members.get(t, {}).get(name, ()))
        return out

    def member_names(self, tid: str) -> set[str]:
        names: set[str] = set()
        for t in self.closure(tid):
            names.update(self.members.get(t, {}).keys())
        return names

    def sig(self, api: str) -> Sig | None:
        if api not in self.sigs:
            d = self.G.nodes[api]
            pt = None
            if d.get("member_kind") in ("func", "init", "operator", "macro") or (
                d.get("kind") == "function" and d.get("member_kind") in (None, "func")
            ):
                pt = param_text(d.get("signature") or "", d.get("name", ""))
            self.sigs[api] = parse_sig(pt) if pt is not None else None
        return self.sigs[api]

    def java_maps(self, jid: str) -> list[tuple[str, dict]]:
        return [(v, d) for _, v, k, d in self.G.out_edges(jid, keys=True, data=True) if k == "maps_to"]
