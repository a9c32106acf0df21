"""Which overload of a Cangjie API fits a Java call: its arity (defaults count) and how the call's
argument types, mapped to Cangjie, fit the parameter types.

The resolver ranks candidates by name, mapping and neighbourhood; among overloads of one API the
fit picks the one shown (``split(s, -1)`` -> ``split(String,Int64,Bool)``, ``sb.append(' ')`` ->
``append(Rune)``, ``print(x)`` of an unknown ``x`` -> ``print<T>``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import networkx as nx

from ..cache import LRUCache
from ..graph.kb import KnowledgeBase
from ..java import JavaCall
from ..kinds import NodeKind
from ..limits import CACHE_ENTRIES
from ..text.signature import arity_range, param_types
from .guess import PRIMITIVE_CANGJIE, norm_java_type

__all__ = ["OverloadFit"]


# printf-style calls: their format and arguments become one interpolated String
_FORMATS = frozenset({"printf"})
_STRING = "java.lang.String"


def _is_type_param(base: str) -> bool:
    return len(base) == 1 and base.isupper()


class OverloadFit:
    """Arity and argument-type fit of overloads, with the caches they need."""

    def __init__(
        self,
        kb: KnowledgeBase,
        java_type_node: Callable[[str | None], str | None],
        maps: Callable[[str], list[tuple[str, dict[str, Any]]]],
    ):
        self.kb = kb
        self.G: nx.MultiDiGraph = kb.G
        self._java_type_node = java_type_node
        self._maps = maps
        # keyed by names from the request: bounded, so a long-lived server stays small
        self._names_cache: LRUCache[str, frozenset[str]] = LRUCache(CACHE_ENTRIES * 16)
        # keyed by graph nodes: bounded by the graph
        self._arity_cache: dict[str, tuple[int, int]] = {}

    def arity_fits(self, node_id: str, arg_count: int) -> bool:
        """Whether a call with ``arg_count`` arguments can call this overload (defaults count)."""
        lo_hi = self._arity_cache.get(node_id)
        if lo_hi is None:
            lo_hi = self._arity_cache[node_id] = arity_range(
                node_id, self.G.nodes[node_id].get("signature", "")
            )
        lo, hi = lo_hi
        return lo <= arg_count <= hi if hi >= 0 else False

    def cangjie_names_for(self, java_type: str | None) -> frozenset[str]:
        """Cangjie type names a Java argument type can be passed as (its mapping and supertypes)."""
        if not java_type:
            return frozenset()
        return self._names_cache.get_or_compute(java_type, lambda: self._cangjie_names(java_type))

    def _cangjie_names(self, java_type: str) -> frozenset[str]:
        t = java_type.strip()
        names: set[str] = set()
        if t.endswith("[]"):
            # an array is also what its extensions make it (Collection<T>: ArrayList(arr))
            names = {"Array", *(self.G.nodes[s]["name"] for s in self.kb.supertypes("std.core.Array"))}
        elif t in PRIMITIVE_CANGJIE:
            names = set(PRIMITIVE_CANGJIE[t])
        else:
            jt = self._java_type_node(norm_java_type(t))
            if jt is not None:
                for target, _ in self._maps(jt)[:2]:
                    if self.G.nodes[target].get("kind") == NodeKind.TYPE.value:
                        names.add(self.G.nodes[target]["name"])
                        names.update(self.G.nodes[s]["name"] for s in self.kb.supertypes(target))
        return frozenset(names)

    def fit(self, node_id: str, call: JavaCall) -> tuple[float, int]:
        """How an overload fits the call: (type fit, or -1.0 when the arity does not fit; the
        tie-break of :meth:`unknown_to_generic`), the parameters parsed once."""
        if self.G.nodes[node_id].get("kind") == NodeKind.TYPE.value:
            # a type named as the target (`Arrays.asList(..)` -> Array): its constructors are not
            # this node's parameters, so it neither fits nor contradicts the arguments
            return 0.01, 0
        if call.method in _FORMATS:
            # printf("%d items\n", n) is one interpolated String in Cangjie: println("${n} items")
            call = replace(call, arg_count=1, arg_types=[_STRING])
        params = param_types(node_id)
        generic = _unknown_to_generic(params, call)
        if not self.arity_fits(node_id, call.arg_count):
            return -1.0, generic
        return self._type_fit(params, call), generic

    def _type_fit(self, params: list[str], call: JavaCall) -> float:
        """Small bonus when an overload's parameter types fit the call's argument types, malus when not."""
        n = max(call.arg_count, 0)
        if len(params) != n:
            # fits only through defaults (named `flush!: Bool = false`) or a variadic array: ranked
            # below an exact fit, but the arguments given still pick among such overloads
            if len(params) < n or len(call.arg_types) != n:
                return 0.0
            return self._fit(params[:n], call.arg_types) - 0.015
        if not params or len(params) != len(call.arg_types):
            return 0.01
        return self._fit(params, call.arg_types)

    def _fit(self, params: list[str], arg_types: list[str | None]) -> float:
        score = 1
        for p, a in zip(params, arg_types, strict=True):
            base = p.split("<")[0].lstrip("?").strip()
            if not a or not base or base.startswith("(") or _is_type_param(base):
                continue  # unknown argument, function type or type parameter
            names = self.cangjie_names_for(a)
            if not names:
                continue
            if base in names and _elements_fit(p, a):
                score += 1
            elif not (a != _STRING and a in PRIMITIVE_CANGJIE and base in _CANGJIE_PRIMITIVES):
                # a Java number or flag given for another primitive converts (signum -> `sign >= 0`,
                # `Int64(n)`): no fit, but no contradiction either, as a String parameter would be
                score -= 1
        return max(-0.04, min(0.05, 0.01 * score))


# the value types a Java primitive (or its box) maps to
_CANGJIE_PRIMITIVES = frozenset(n for names in PRIMITIVE_CANGJIE.values() for n in names) - {"String"}
_ARRAY_OF = re.compile(r"^(?:Array|Collection|Iterable)<\s*(\w+)\s*>$")


def _elements_fit(param: str, java_type: str) -> bool:
    """An array argument of a primitive element type fits ``Array<E>`` (or ``Collection<E>``, which
    an Array is) only for an ``E`` that element maps to: ``byte[]`` is ``Array<UInt8>``
    (``String.fromUtf8``), ``char[]`` is ``Array<Rune>`` (``String(runes)``); a type parameter or an
    unknown element fits either."""
    m = _ARRAY_OF.match(param.lstrip("?").strip())
    elem = java_type.strip()[:-2].strip() if java_type.strip().endswith("[]") else None
    if m is None or not elem or elem.endswith("]") or elem not in PRIMITIVE_CANGJIE:
        return True
    e = m.group(1)
    return _is_type_param(e) or e in PRIMITIVE_CANGJIE[elem]


def _unknown_to_generic(params: list[str], call: JavaCall) -> int:
    """How many arguments of unknown type the overload takes as a type parameter (a tie-break
    after fit and score: ``print<T>(x)`` over ``print(UInt8)``)."""
    return sum(
        1
        for p, a in zip(params, call.arg_types, strict=False)
        if not a and _is_type_param(p.split("<")[0].strip())
    )
