"""Java symbol lookup: from a Java name (FQN, simple, ``Type.method``, ``Type#m(args)``, package) to Cangjie."""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from typing import Any

from ..errors import InputError
from ..graph.kb import KnowledgeBase
from ..java import JavaCall
from ..kinds import EdgeKind, NodeKind
from ..limits import MAX_SYMBOL_CHARS
from ..models import JavaMapping, JavaMappingEntry, JavaTarget
from ..text.signature import param_count
from .resolver import Resolver

__all__ = ["JavaLookup", "coverage_report", "java_to_cangjie"]


def _target_view(kb: KnowledgeBase, node: str) -> JavaTarget:
    return JavaTarget(**kb.api_ref_fields(node))


def _mappings_of(kb: KnowledgeBase, java_node: str) -> list[JavaMappingEntry]:
    G = kb.G
    d = G.nodes[java_node]
    edges = sorted(
        (
            (ed.get("rank", 0), v, ed)
            for _, v, k, ed in G.out_edges(java_node, keys=True, data=True)
            if k == "maps_to"
        ),
        key=lambda e: (e[0], e[1]),
    )
    # one entry per target as written in the table: the overload whose arity fits the Java member
    arity = d.get("arity", -1)
    best: dict[str, tuple[tuple[int, int], str, dict[str, Any]]] = {}
    for rank, v, ed in edges:
        ref = ed.get("target_ref") or v
        pc = param_count(v)
        key = (0 if arity in (-1, None) or pc is None or pc == arity else 1, rank)
        if ref not in best or key < best[ref][0]:
            best[ref] = (key, v, ed)
    edges = sorted(((k[1], v, ed) for k, v, ed in best.values()), key=lambda e: (e[0], e[1]))
    out: list[JavaMappingEntry] = []
    for _, v, ed in edges:
        out.append(
            JavaMappingEntry(
                java_symbol=java_node,
                java_id=java_node,
                target=_target_view(kb, v),
                confidence=ed.get("confidence", ""),
                note=ed.get("note", ""),
                source=ed.get("source", ""),
            )
        )
    if not out and d.get("confidence") == "none":
        out.append(
            JavaMappingEntry(
                java_symbol=d.get("qualname") or java_node,
                java_id=java_node,
                target=None,
                confidence="none",
                note=d.get("note", ""),
                source=d.get("source", ""),
            )
        )
    return out


class JavaLookup:
    """Java symbol lookup over one graph: the resolver's Java indexes plus packages and a name pool."""

    def __init__(self, kb: KnowledgeBase, resolver: Resolver):
        self.kb = kb
        self.resolver = resolver
        G = kb.G
        # Java types by simple name/alias and members by (owner, name): the resolver has them already
        self.types_by_simple: dict[str, list[str]] = resolver.java_types_by_simple
        self.members: dict[tuple[str, str], list[str]] = resolver.java_members
        self.packages: dict[str, list[str]] = defaultdict(list)
        self.names: set[str] = set()
        for n, d in G.nodes(data=True):
            if d.get("kind") == NodeKind.JAVA_TYPE.value:
                self.packages[d.get("package", "")].append(n)
                self.names.update({n, d["name"]})
            elif d.get("kind") == NodeKind.JAVA_MEMBER.value:
                owner_simple = G.nodes[d["owner"]]["name"] if d["owner"] in G else ""
                self.names.update({d["qualname"], f"{owner_simple}.{d['name']}"})
        for lst in self.packages.values():
            lst.sort()


_SYMBOL = re.compile(r"^[A-Za-z_$][\w$]*(?:\s*(?:[.#]|::)\s*[A-Za-z_$<>][\w$<>]*)*(?:\s*\(.*\)|/\d+)?$")


def java_to_cangjie(idx: JavaLookup, symbol: str) -> JavaMapping:
    """Mappings of one Java symbol, best first; unknown symbols get close Java names as suggestions."""
    if not isinstance(symbol, str) or not symbol.strip():
        raise InputError(
            "java_symbol is empty; give e.g. java.util.HashMap, HashMap.put or Integer#parseInt(String)"
        )
    if len(symbol) > MAX_SYMBOL_CHARS:
        raise InputError(f"java_symbol is {len(symbol)} characters; the limit is {MAX_SYMBOL_CHARS}")
    query = symbol.strip()
    kb = idx.kb
    result = JavaMapping(query=query)
    if not _SYMBOL.match(query):
        result.suggestions = _did_you_mean(idx, query)
        return result
    G = kb.G
    if query in G and G.nodes[query].get("kind") in (NodeKind.JAVA_TYPE.value, NodeKind.JAVA_MEMBER.value):
        result.mappings = _mappings_of(kb, query)
        return result
    text = re.sub(r"\s+", "", query)
    arity: int | None = None
    m = re.match(r"^(.*?)\((.*)\)$", text)
    if m:
        text, args = m.group(1), m.group(2)
        arity = 0 if not args else len([a for a in args.split(",") if a])
    text = text.replace("#", ".").replace("::", ".")
    text = re.sub(r"<[^<>]*>", "", text)
    # a type (FQN or simple)
    types = _types_named(kb, idx, text)
    if types:
        for t in types:
            result.mappings.extend(_mappings_of(kb, t))
            if not _mappings_of(kb, t):
                result.mappings.extend(_inherited_type_mapping(idx, t))
        return result
    # a package: list its mapped types
    if text in idx.packages:
        for t in idx.packages[text]:
            result.mappings.extend(_mappings_of(kb, t))
        return result
    # a member: Type.member, pkg.Type.member, System.out.println
    owner_text, _, member = text.rpartition(".")
    if owner_text:
        if owner_text in ("System.out", "System.err", "java.lang.System.out", "java.lang.System.err"):
            owner_text = "java.io.PrintStream"
        if member == "new":
            member = "<init>"
        owners = _types_named(kb, idx, owner_text)
        for owner in owners:
            chain = idx.resolver.java_chain(owner)
            for t in chain:
                jms = idx.members.get((t, member), [])
                if arity is not None:
                    exact = [j for j in jms if G.nodes[j].get("arity", -1) in (arity, -1)]
                    jms = exact or jms
                for jm in jms:
                    result.mappings.extend(_mappings_of(kb, jm))
                if jms:
                    break
        if not result.mappings and owners:
            # no curated member: rank the mapped Cangjie type's members by the resolver
            call = JavaCall(
                text=query, kind="method", receiver=owner_text, java_type=owners[0], type_args=[],
                method=member, arg_count=arity or 0, arg_types=[], line=1,
            )  # fmt: skip
            sug = idx.resolver.resolve_call(call, 5)
            for c in sug.candidates[:3]:
                result.mappings.append(
                    JavaMappingEntry(
                        java_symbol=f"{owners[0]}.{member}",
                        java_id=None,
                        target=JavaTarget(
                            id=c.id,
                            qualname=c.qualname,
                            kind=c.kind,
                            signature=c.signature,
                            module=c.module,
                            import_=c.import_,
                        ),
                        confidence="approximate",
                        note="not in the curated tables; ranked from the mapped type's members ("
                        + "; ".join(c.why[:2])
                        + ")",
                        source="resolver",
                    )
                )
            result.notes = list(sug.notes)
    if not result.mappings:
        result.suggestions = _did_you_mean(idx, text)
    return result


def _types_named(kb: KnowledgeBase, idx: JavaLookup, text: str) -> list[str]:
    G = kb.G
    if text in G and G.nodes[text].get("kind") == NodeKind.JAVA_TYPE.value:
        return [text]
    if "." not in text:
        return list(idx.types_by_simple.get(text, []))
    # nested types written Map.Entry
    simple = text.rsplit(".", 1)[-1]
    cands = [t for t in idx.types_by_simple.get(simple, []) if t.endswith(text)]
    return cands


def _inherited_type_mapping(idx: JavaLookup, t: str) -> list[JavaMappingEntry]:
    for sup in idx.resolver.java_chain(t)[1:]:
        maps = _mappings_of(idx.kb, sup)
        if maps:
            for m in maps:
                m.note = (f"via supertype {sup}. " + (m.note or "")).strip()
            return maps
    return []


def _did_you_mean(idx: JavaLookup, text: str, n: int = 5) -> list[str]:
    pool = sorted(idx.names)
    tail = text.rsplit(".", 1)[-1]
    out = difflib.get_close_matches(text, pool, n=n, cutoff=0.6)
    for c in difflib.get_close_matches(tail, pool, n=n, cutoff=0.7):
        if c not in out:
            out.append(c)
    lower = tail.lower()
    for c in pool:
        if len(out) >= n:
            break
        if c.lower().endswith("." + lower) and c not in out:
            out.append(c)
    return out[:n]


def coverage_report(kb: KnowledgeBase) -> dict[str, Any]:
    """Mapped Java types and members per Java package, by confidence."""
    G = kb.G
    per: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: {"types": Counter(), "members": Counter()})
    for n, d in G.nodes(data=True):
        kind = d.get("kind")
        if kind not in (NodeKind.JAVA_TYPE.value, NodeKind.JAVA_MEMBER.value):
            continue
        confs = {
            ed.get("confidence", "")
            for _, _, k, ed in G.out_edges(n, keys=True, data=True)
            if k == EdgeKind.MAPS_TO.value
        }
        if "exact" in confs:
            conf = "exact"
        elif "approximate" in confs:
            conf = "approximate"
        elif d.get("confidence") == "none" or "none" in confs:
            conf = "none"
        else:
            conf = "unmapped"
        bucket = "types" if kind == NodeKind.JAVA_TYPE.value else "members"
        per[d.get("package", "")][bucket][conf] += 1
    packages = {
        pkg: {b: dict(sorted(c.items())) | {"total": sum(c.values())} for b, c in v.items()}
        for pkg, v in sorted(per.items())
    }
    totals = {
        "types": sum(p["types"]["total"] for p in packages.values()),
        "members": sum(p["members"]["total"] for p in packages.values()),
    }
    return {"packages": packages, "totals": totals}
