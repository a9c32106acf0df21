"""Which Java type a receiver the snippet does not declare may be: the owners of the methods called
on it, ranked by the evidence of :mod:`.guess`, and offered only when that evidence is enough.

The resolver asks for a guess per call; the answers are cached by what they depend on (the call's
method and arity, the receiver's name, every call on the receiver and the values passed to it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import networkx as nx

from ..cache import LRUCache
from ..java import JavaCall, jdk_field_only, jdk_has_member, jdk_static_only, jdk_takes
from ..kinds import NodeKind
from ..limits import CACHE_ENTRIES
from . import guess as guessing
from . import special

__all__ = ["Guesser"]

_STRING = "java.lang.String"
_LIST = "java.util.List"

# (method, arity, receiver, its calls, compared with a string literal, not an index, values passed,
# the type family an argument tells: x.schedule(task, 5, TimeUnit.SECONDS))
_GuessKey = tuple[str, int, str, frozenset[tuple[str, int]], bool, bool, frozenset[str], str | None]


class Guesser:
    """Guesses over the tables' Java members; the Java type chain and maps come from the resolver."""

    def __init__(
        self,
        G: nx.MultiDiGraph,
        java_members_by_name: dict[str, list[str]],
        java_chain: Callable[[str], list[str]],
        maps: Callable[[str], list[tuple[str, dict[str, Any]]]],
    ) -> None:
        self.G = G
        self.java_members_by_name = java_members_by_name
        self.java_chain = java_chain
        self.maps = maps
        # keyed by names from the request: bounded, so a long-lived server stays small
        self._guess_cache: LRUCache[_GuessKey, list[str]] = LRUCache(CACHE_ENTRIES * 16)
        self._owners_cache: LRUCache[tuple[str, int], set[str]] = LRUCache(CACHE_ENTRIES * 16)

    def owners_declaring(self, method: str, arity: int) -> set[str]:
        """The guessable Java types of the tables that declare ``method`` with ``arity`` arguments."""

        def compute() -> set[str]:
            out: set[str] = set()
            for m in self.java_members_by_name.get(method, []):
                d = self.G.nodes[m]
                # a guess is a JDK type or a logger (guess.evidence_ok): no other library's types
                # that the JDK class has, with as many arguments (no Writer.write(a, b, c, d))
                fits = d.get("arity", -1) in (-1, arity) and jdk_takes(d["owner"], method, arity) is not False
                fits = fits and jdk_has_member(d["owner"], method) is not False
                fits = fits and not jdk_field_only(d["owner"], method)  # x.in(list) is no System.in
                if fits and guessing.guessable_owner(d["owner"]):
                    out.add(d["owner"])
            return out

        return self._owners_cache.get_or_compute((method, arity), compute)

    def guess_types(
        self, call: JavaCall, receiver_calls: list[tuple[str, int]], values: frozenset[str] = frozenset()
    ) -> list[str]:
        """Java types that could be an unknown receiver's, best first.

        Evidence, in order: how many of the methods called on the same receiver in the snippet the
        type declares (``cache.containsKey`` makes ``cache.remove`` a Map's), the receiver's name
        (``sb``, ``visited``, ``queue``), the literal values passed to the receiver (``values``, see
        ``guess.value_fit``), then how common the type is.
        """
        lit = special.string_compared(call.method, call.text, call.arg_types)  # name.equals("x")
        index = guessing.not_an_index(call.method, call.arg_types)
        key = (
            call.method,
            call.arg_count,
            call.receiver or "",
            frozenset(receiver_calls),
            lit,
            index,
            values,
            guessing.told_by_argument(call.method, call.arg_types),
        )
        return self._guess_cache.get_or_compute(
            key, lambda: [_STRING] if lit else self._guess_types(call, receiver_calls, values)
        )

    def _guess_types(
        self, call: JavaCall, receiver_calls: list[tuple[str, int]], values: frozenset[str]
    ) -> list[str]:
        owners = self.owners_declaring(call.method, call.arg_count)
        if guessing.not_an_index(call.method, call.arg_types):
            owners = {o for o in owners if _LIST not in self.java_chain(o)}
        told = guessing.told_by_argument(call.method, call.arg_types)
        if told:  # x.schedule(task, 5, TimeUnit.SECONDS) is no java.util.Timer's schedule
            owners = {o for o in owners if told in self.java_chain(o)} or owners
        if not owners:
            return []
        chains = {o: set(self.java_chain(o)) for o in owners}
        coverage: Counter[str] = Counter()
        for o in owners:
            for name, ar in set(receiver_calls):
                if any(t in chains[o] for t in self.owners_declaring(name, ar)):
                    coverage[o] += 1
        # owners that extend another owner (a Stack is a Vector): the wider type is the likelier one
        subtypes = frozenset(o for o in owners if any(p != o and p in chains[o] for p in owners))
        ranked = guessing.rank_guesses(owners, coverage, call.receiver or "", values, subtypes)
        if ranked and guessing.receiver_hint(call.receiver or "", ranked[0]) != 0:
            # keys.get(idx) and keys.size() are a List's, unless the name says otherwise (a table)
            ranked = guessing.indexed_list_first(ranked, set(receiver_calls), self.java_chain)
        ranked = guessing.linked_list_first(ranked, set(receiver_calls), self.java_chain)
        methods = {n for n, _ in receiver_calls}
        return guessing.concurrent_map_first(ranked, methods, self.java_chain, call.receiver or "")

    def guess_checked(
        self, call: JavaCall, receiver_calls: list[tuple[str, int]], values: frozenset[str] = frozenset()
    ) -> list[str]:
        """``guess_types`` when the evidence is good enough to offer a guess (see ``evidence_ok``)."""
        guesses = self.guess_types(call, receiver_calls, values)
        if not guesses or (
            guesses == [_STRING] and special.string_compared(call.method, call.text, call.arg_types)
        ):
            return guesses
        chain = set(self.java_chain(guesses[0]))
        owns = self.owners_declaring
        covered = [n for n, ar in set(receiver_calls) if any(t in chain for t in owns(n, ar))]
        owners = self.owners_declaring(call.method, call.arg_count)
        # most owners of the method are one family (Map.put, Collection.toArray, String.trim)
        top_family = chain - guessing.TOO_WIDE
        family = sum(1 for o in owners if top_family & set(self.java_chain(o)))
        sole = family >= 0.66 * len(owners)
        # an instance (twin.move(), files.createTempFile()) calls no static method (Files.move)
        if (call.receiver or "")[:1].islower() and (
            self.utility_class(guesses[0]) or jdk_static_only(guesses[0], call.method)
        ):
            return []
        receiver = call.receiver or ""
        indexed = guessing.INDEXED in receiver_calls  # keys.get(idx): a List, whatever its calls' names
        ok = guessing.evidence_ok(
            call.method, receiver, guesses[0], covered, sole, call.arg_types, values, indexed
        )
        return guesses if ok else []

    def utility_class(self, java_type: str) -> bool:
        """A Java class of static methods only: the tables map it to a Cangjie package (Files, Math)."""
        maps = self.maps(java_type)
        return bool(maps) and self.G.nodes[maps[0][0]].get("kind") == NodeKind.MODULE.value
