"""The per-call resolver: from a Java snippet to ranked Cangjie APIs for every API call in it.

For each call the receiver's Java type is walked through ``maps_to`` to its Cangjie type (or to a
module, for static utility classes); that type's ``member_of`` neighbourhood, with inherited and
extension members, is ranked against the call: the curated member mapping first, then name and
learned-alias similarity and BM25 restricted to the neighbourhood, overloads chosen by arity. A call
whose receiver type is unknown falls back to statement-level search; a block where nothing resolves
gets one block-level suggestion. An optional LLM reranks the top candidates afterwards.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

from ..graph.kb import KnowledgeBase
from ..java import JAVA_KEYWORDS, Extraction, JavaCall, extract
from ..kinds import EdgeKind, NodeKind
from ..limits import MAX_CALLS, MAX_CALLS_LISTED, MAX_JAVA_BYTES, RESOLVE_BUDGET_S
from ..models import CallSuggestion, Candidate, InsteadApi, JavaCallFull, ResolveResult, UnresolvedCall
from ..search.index import SearchIndex
from ..search.query import search, short_description
from ..text.tokenize import split_identifier, tokenize
from . import adjust, atomic_calls, digest_calls, special, weak
from . import guess as guessing
from . import receivers as rx
from .adjust import REGEX_TYPE, on_argument, operator_on_arguments, regex_argument, regex_first, retarget
from .argument_calls import listed_count
from .collection_calls import typed_remove, uncut_collect
from .constructs import ConstructDetector
from .guess import construct_calls, norm_java_type
from .guesser import Guesser
from .http_calls import DEFAULT_GET_NOTE, body_write, connection_sender, default_get
from .notes import NOTE_MENTION, note_calls, note_mentions
from .overloads import OverloadFit
from .receivers import Receiver, answer_confidence, classify, snippet_facts
from .receivers import call_view as _call_view
from .streams import stream_first

__all__ = ["Resolver"]

MAX_JAVA_CHARS = MAX_JAVA_BYTES
_ARRAY_TYPE = "std.core.Array"
# Java names that never denote a library API (keywords the token scan may see as calls).
_NOT_API = frozenset(
    {"if", "for", "while", "switch", "catch", "synchronized", "return", "new", "super", "this"}
)
_MEMBER_KINDS = ("method", "field", "method_ref")

# static helpers calling a member of their first argument: Collections.addAll(set, a, b) is set.addAll(..)
_ON_FIRST_ARGUMENT = {
    ("java.util.Collections", "addAll"): ("addAll", 1),
    # String.valueOf(pattern) is pattern.toString(): the argument's type's toString mapping (Regex.string)
    ("java.lang.String", "valueOf"): ("toString", 0),
}


@dataclass
class _Cand:
    node: str
    score: float
    why: list[str] = field(default_factory=list)
    fit: float = 0.0  # how well the overload's parameters fit the call: picks among overloads only
    # after fit and score: arguments of unknown type given to type parameters (print<T>(x) over
    # print(UInt8)): decides only between overloads nothing else tells apart
    generic: int = 0
    pinned: bool = False  # a table's member id (update()): the overload shown whatever the fit


class Resolver:
    """Precomputed indexes over one knowledge base for fast per-call resolution."""

    def __init__(self, kb: KnowledgeBase, index: SearchIndex):
        self.kb = kb
        self.index = index
        G = kb.G
        self.G = G
        self.constructs = ConstructDetector(kb)
        self.java_members: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.java_members_by_name: dict[str, list[str]] = defaultdict(list)
        self.java_types_by_simple: dict[str, list[str]] = defaultdict(list)
        self.members_of: dict[str, list[str]] = defaultdict(list)
        self.synonyms: dict[str, Counter[str]] = defaultdict(Counter)
        self._hood_cache: dict[str, list[tuple[str, bool]]] = {}
        self._chain_cache: dict[str, list[str]] = {}
        self.fit = OverloadFit(kb, self.java_type_node, self.maps)
        for n, d in G.nodes(data=True):
            kind = d.get("kind")
            if kind == NodeKind.JAVA_MEMBER.value:
                self.java_members[(d["owner"], d["name"])].append(n)
                self.java_members_by_name[d["name"]].append(n)
            elif kind == NodeKind.JAVA_TYPE.value:
                self.java_types_by_simple[d["name"]].append(n)
                for a in d.get("aliases") or []:
                    self.java_types_by_simple[a].append(n)
        self.libraries = guessing.library_roots(self.java_types_by_simple)
        self.guesser = Guesser(G, self.java_members_by_name, self.java_chain, self.maps)
        for u, v, k in G.edges(keys=True):
            if k != EdgeKind.MEMBER_OF.value:
                continue
            self.members_of[v].append(u)
        # learned aliases: Java member name -> Cangjie member names it is mapped to (curated only; not
        # a library's static helper, whose name says what it does to its argument: IOUtils.toString)
        for u, v, k, d in G.edges(keys=True, data=True):
            if k == EdgeKind.MAPS_TO.value and G.nodes[u].get("kind") == NodeKind.JAVA_MEMBER.value:
                owner, jname, cname = G.nodes[u]["owner"], G.nodes[u]["name"], G.nodes[v].get("name", "")
                helper = guessing.library_helper(owner, G.nodes[owner].get("confidence"))
                if d.get("origin") != "curated" or d.get("rank", 0) >= 10 or helper:
                    continue
                if jname != "<init>" and cname and cname.lower() != jname.lower():
                    self.synonyms[jname][cname] += 1
        for lst in (
            *self.java_members.values(),
            *self.members_of.values(),
            *self.java_types_by_simple.values(),
        ):
            lst.sort()

    # ------------------------------------------------------------------ Java side
    def java_type_node(self, fqn: str | None) -> str | None:
        if not fqn:
            return None
        if fqn in self.G and self.G.nodes[fqn].get("kind") == NodeKind.JAVA_TYPE.value:
            return fqn
        return guessing.table_type_named(fqn, self.java_types_by_simple, self.libraries)

    def java_chain(self, jt: str) -> list[str]:
        """The Java type and its supertypes, breadth first."""
        cached = self._chain_cache.get(jt)
        if cached is not None:
            return cached
        chain = [jt]
        i = 0
        while i < len(chain) and len(chain) < 16:
            for _, v, k in self.G.out_edges(chain[i], keys=True):
                if k == EdgeKind.INHERITS.value and v not in chain:
                    chain.append(v)
            i += 1
        # every Java class inherits Object's members (equals, hashCode, toString, wait, notifyAll ...)
        if _OBJECT in self.G and _OBJECT not in chain:
            chain.append(_OBJECT)
        self._chain_cache[jt] = chain
        return chain

    def maps(self, java_node: str) -> list[tuple[str, dict[str, Any]]]:
        edges = [(v, d) for _, v, k, d in self.G.out_edges(java_node, keys=True, data=True) if k == "maps_to"]
        edges.sort(key=lambda e: (e[1].get("rank", 0), e[0]))
        return edges

    def java_member_for(self, chain: list[str], method: str, arity: int) -> str | None:
        """The curated Java member for a call, most specific type first, best arity (``<init>``: not inherited)."""
        for t in chain[:1] if method == "<init>" else chain:
            ms = self.java_members.get((t, method))
            if not ms:
                continue
            exact = [m for m in ms if self.G.nodes[m].get("arity", -1) == arity]
            anyar = [m for m in ms if self.G.nodes[m].get("arity", -1) == -1]
            if exact or anyar:
                return (exact or anyar)[0]
            # rows for other arities only: the nearest (read(buf, off, len) is read(buf), not read())
            return min(ms, key=lambda m: (abs(self.G.nodes[m].get("arity", -1) - arity), m))
        return None

    def return_type_hook(self, java_type: str, method: str, arg_count: int) -> str | None:
        """Java return type of a call, for chained-call inference (tables first, then the graph)."""
        jt = self.java_type_node(norm_java_type(java_type))
        if jt is None:
            return None
        jm = self.java_member_for(self.java_chain(jt), method, arg_count)
        if jm is None:
            return None
        ret = self.G.nodes[jm].get("returns")
        if ret:
            return str(ret)
        for target, _ in self.maps(jm)[:1]:
            for _, v, k in self.G.out_edges(target, keys=True):
                if k == EdgeKind.RETURNS.value:
                    back = self._java_for_cangjie_type(v)
                    if back:
                        return back
        return None

    def _java_for_cangjie_type(self, cj_type: str) -> str | None:
        best: tuple[int, str] | None = None
        for u, _, k, d in self.G.in_edges(cj_type, keys=True, data=True):
            if k == "maps_to" and self.G.nodes[u].get("kind") == NodeKind.JAVA_TYPE.value:
                key = (0 if d.get("confidence") == "exact" else 1, u)
                if best is None or key < (best[0], best[1]):
                    best = key
        return best[1] if best else None

    # ------------------------------------------------------------------ Cangjie side
    def neighbourhood(self, target: str) -> list[tuple[str, bool]]:
        """Members of a Cangjie type (own, extension and inherited) or functions of a module."""
        cached = self._hood_cache.get(target)
        if cached is None:
            cached = self._hood_cache[target] = self._neighbourhood(target)
        return cached

    def _neighbourhood(self, target: str) -> list[tuple[str, bool]]:
        d = self.G.nodes[target]
        out: list[tuple[str, bool]] = []
        seen: set[tuple[str, str | None]] = set()
        if d.get("kind") == NodeKind.MODULE.value:
            for m in self.members_of.get(target, []):
                if self.G.nodes[m].get("kind") == NodeKind.FUNCTION.value:
                    out.append((m, False))
            return out
        for m in self.members_of.get(target, []):
            if self.G.nodes[m].get("kind") == NodeKind.MEMBER.value:
                out.append((m, False))
                seen.add((self.G.nodes[m]["name"], (self.G.nodes[m].get("extension") or {}).get("interface")))
        for sup in self.kb.supertypes(target):
            for m in self.members_of.get(sup, []):
                dm = self.G.nodes[m]
                # a member an extension of the type implements for this interface is listed once
                own = (dm.get("name"), self.G.nodes[sup]["name"]) in seen
                if dm.get("kind") == NodeKind.MEMBER.value and dm.get("member_kind") != "init" and not own:
                    out.append((m, True))
        return out

    def rank_members(self, call: JavaCall, target: str, limit: int) -> list[_Cand]:
        method = call.method
        members = self.neighbourhood(target)
        if not members:
            return []
        if method == "<init>":
            inits = [m for m, inh in members if not inh and self.G.nodes[m].get("member_kind") == "init"]
            cands = [_Cand(target, 0.55, ["the constructed type"])]
            for m in inits:
                fit, generic = self.fit.fit(m, call)
                fits = fit != -1.0
                s = 0.5 + (0.1 if fits else 0.0)
                reason = [f"constructor of {target}" + (", arity matches" if fits else "")]
                cands.append(_Cand(m, s, reason, fit=fit, generic=generic))
            return cands
        mlow = method.lower()
        syn = self.synonyms.get(method, Counter())
        syn_total = sum(syn.values()) or 1
        mtoks = set(split_identifier(method)) | {t for s in syn for t in split_identifier(s)}
        # BM25 restricted to the neighbourhood
        index = self.index
        q = tokenize(method + " " + " ".join(syn))
        scores = index.scores(q) if q else None
        bm: dict[str, float] = {}
        if scores is not None:
            vals = [scores[index.pos[m]] for m, _ in members if m in index.pos]
            top = float(max(vals)) if vals else 0.0
            if top > 0:
                for m, _ in members:
                    if m in index.pos:
                        bm[m] = float(scores[index.pos[m]]) / top
        out: list[_Cand] = []
        for m, inherited in members:
            dm = self.G.nodes[m]
            if dm.get("member_kind") == "init":
                continue  # a method call is never answered with a constructor
            name = dm.get("name", "")
            why: list[str] = []
            s = 0.0
            if name.lower() == mlow:
                s += 0.6
                why.append("same name")
            elif name in syn:
                s += 0.35 + 0.2 * syn[name] / syn_total
                why.append(f"Java '{method}' maps to '{name}' elsewhere")
            elif name.lower() in mtoks or any(t in mtoks for t in split_identifier(name)[1:]):
                s += 0.15
                why.append("shares a name part")
            b = bm.get(m, 0.0)
            if b > 0:
                s += 0.25 * b
            if s <= 0.0:
                continue
            fit, generic = -1.0, 0
            if dm.get("member_kind") in ("prop", "let", "var"):
                if call.arg_count == 0 or call.kind == "field":
                    s += 0.08
                    why.append("property read")
            else:
                fit, generic = self.fit.fit(m, call)
                if fit != -1.0:
                    s += 0.1
                    why.append("arity matches")
            if dm.get("deprecated"):
                s -= 0.2
                why.append("deprecated")
            if inherited:
                s -= 0.03
                why.append(f"inherited from {dm.get('owner', '')}")
            if dm.get("extension"):
                why.append(
                    f"extension ({dm['extension'].get('interface') or 'extend'}) from {dm.get('module')}"
                )
            out.append(_Cand(m, s, why, fit=fit, generic=generic))
        out.sort(key=lambda c: (-c.score, c.node))
        return out[: limit * 4]

    # ------------------------------------------------------------------ one call
    def resolve_call(
        self,
        call: JavaCall,
        top_k: int,
        receiver_calls: list[tuple[str, int]] | None = None,
        values: frozenset[str] = frozenset(),
    ) -> CallSuggestion:
        notes: list[str] = []
        cands: list[_Cand] = []
        level = "api"
        cangjie_type: str | None = None
        jt_name = norm_java_type(call.java_type)
        if jt_name == "[]":
            return self._array_call(call, top_k)
        guessed: list[str] = []
        member_none = type_only = False
        none_note = ""
        instead: list[str] = []  # what a curated `none` member's note says to write instead
        arg_cands: list[_Cand] = []  # the member on the argument's own type (kept from retarget)
        jt = self.java_type_node(jt_name)
        # a declared type the tables do not map (java.util.Formatter) is not guessed to be another
        if jt is None and not call.java_type and call.kind in _MEMBER_KINDS and call.method not in _NOT_API:
            guessed = self.guesser.guess_types(call, receiver_calls or [], values)
            jt = guessed[0] if guessed else None
        if jt is not None and call.kind == "type_ref":
            return self._type_reference(call, jt, top_k)
        if (said := weak.no_counterpart(call, jt)) is not None:
            return self._suggestion(call, "api", None, [], [said])
        if jt is not None:
            chain = self.java_chain(jt)
            # System.err.println is eprintln: the receiver's text tells the stream, its type cannot
            stream = special.system_stream(call.receiver) if special.SYSTEM in self.G else None
            jm = stream and self.java_member_for([special.SYSTEM], f"{stream}.{call.method}", call.arg_count)
            jm = jm or self.java_member_for(chain, call.method, listed_count(call))
            if jm is not None:
                dm = self.G.nodes[jm]
                if dm.get("note"):
                    notes.append(f"{dm['qualname']}: {dm['note']}")
                if dm.get("confidence") == "none":
                    # no Cangjie API translates the call: what the note names is said, not offered
                    notes.append(f"no direct Cangjie equivalent for {dm['qualname']}")
                    member_none = True
                    none_note = dm.get("note", "")
                    instead = [v for v, _ in self.maps(jm)]
                    instead += [m for m, _ in note_mentions(self.kb, self.members_of, none_note)]
                else:
                    cands = self._mapped(jm)
                    arg_cands = self._on_argument_type(call, cands)
                    cands.extend(self._note_mentions(dm.get("note", "")))
                    cands = self._best_overloads(cands, call)
                    weak.fitting_target_first(
                        cands, call.arg_types, lambda n: self.G.nodes[n].get("qualname", n)
                    )
                    if not arg_cands and operator_on_arguments(self.G, call, cands):
                        member_none, cands = True, []  # Objects.equals(a, b): `a == b`, the note says
            # what the call's text asks for (%02x, delete(0, length()), get(null)): after the mapping
            # unless it says which overload the mapping's first target is not (a static field)
            idioms = special.idiom_targets(
                call.method, call.receiver, call.text, jt, self.kb.by_qualname, call.arg_types
            )
            at = special.idiom_scores([f for *_, f in idioms], [c.score for c in cands], member_none)
            type_targets: list[str] = []
            type_none_note = None
            for t in chain:
                maps = self.maps(t)
                if maps:
                    for target, ed in maps:
                        if ed.get("confidence") == "none":
                            type_none_note = ed.get("note") or self.G.nodes[t].get("note") or ""
                            continue
                        type_targets.append(target)
                    break
                if self.G.nodes[t].get("confidence") == "none" and self.G.nodes[t].get("note"):
                    type_none_note = self.G.nodes[t]["note"]
                    break
            if type_targets:
                cangjie_type = type_targets[0]
                # the targets of the receiver's own Java type's row stay where the row puts them
                own_row = jm is not None and jm in self.java_members.get((chain[0], call.method), ())
                kept = frozenset(t for t, _ in self.maps(jm)) if jm is not None and own_row else frozenset()
                retarget(
                    self.G, self.neighbourhood(cangjie_type), cangjie_type, cands, call.kind == "method", kept
                )
                if member_none:  # the calls of the type the note says to write instead, in its order
                    instead = note_calls(self.G, self.members_of.get(cangjie_type, []), none_note) + instead
                # a curated `none` member: its note, not the type's members ranked by name
                targets = type_targets[: 0 if member_none else 2]
                ranked = [c for t in targets for c in self.rank_members(call, t, top_k)]
                if jm is None and call.method != "<init>":  # type-only: the member's name must match
                    ranked = weak.name_matched(ranked)
                    type_only = not ranked
                elif jm is None and weak.is_error_type(
                    self.G, self.kb.supertypes(cangjie_type), cangjie_type
                ):
                    inits = weak.exception_inits(self.G, self.members_of)
                    ranked = self._best_overloads([_Cand(m, 0.9, [weak.ERROR_WHY]) for m in inits], call)
                cands.extend(ranked)
            if (eq := weak.bare_equality(self.G, cands, call)) is not None:  # x == y: no call
                member_none, instead, cands, notes = True, [eq[0]], [], [*notes, eq[1]]
            cands.extend(arg_cands)  # and what the text asks for, after retarget (a static field stays)
            cands.extend(_Cand(n, at[i] - 0.02 * i, [why]) for i, (n, why, _) in enumerate(idioms))
            if type_none_note and not cands:
                notes.append(f"{jt}: {type_none_note}")
            if type_only and not cands:
                notes.append(weak.type_only_note(jt, call.method, self.G.nodes[type_targets[0]]["qualname"]))
            elif not cands and not type_none_note and not member_none:
                # a curated `none` keeps its note instead of misleading search hits
                level = "statement"
            if guessed:
                notes.append(f"receiver type unknown; guessed {jt} from the calls on '{call.receiver}'")
                # the likeliest type says no API translates the call: no answer from a less likely one
                for alt in guessed[1 if not member_none else len(guessed) :]:
                    alt_sug = self.resolve_call(replace(call, java_type=alt, type_args=[]), top_k)
                    for rank, c in enumerate(alt_sug.candidates[:2]):
                        cands.append(
                            _Cand(
                                c.id,
                                (c.score or 0.0) - 0.3 - 0.05 * rank,
                                [*c.why, f"if the receiver is a {alt}"],
                            )
                        )
        else:
            level = "statement"
        if level == "statement" and not cands and call.java_type is None:
            cands = self._statement_candidates(call, top_k)
        elif level == "statement" and not cands:  # a named type the tables do not know: no search hits
            notes.append(f"no mapping for the type {call.java_type}")
        regex = regex_argument(call) if jt is not None and not member_none and REGEX_TYPE in self.G else None
        if regex:
            top = max((c.score for c in cands), default=1.0)
            hood = [m for m, _ in self.neighbourhood(REGEX_TYPE)]
            for i, m in enumerate(regex_first(self.G, hood, regex)):
                cands.append(_Cand(m, top + 0.05 - 0.01 * i, ["the argument is a regular expression"]))
        merged = self._merge(cands)
        sug = self._suggestion(call, level, cangjie_type, merged[:top_k], notes)
        sug.instead = self._instead(instead)
        return sug

    def _table_type(
        self, simple: str, method: str | None = None, arity: int | None = None, within: Collection[str] = ()
    ) -> str | None:
        """The tables' Java type of this simple (or ``Outer.Nested``) name: of several, those in a package
        ``within`` (imported on demand), then the first mapping ``method`` (Android's ``Log.i``) with its own
        row taking ``arity`` arguments (``new JSONObject(text)``: org.json's), else the first."""
        cands = self.java_types_by_simple.get(simple.rsplit(".", 1)[-1], []) if simple[:1].isupper() else []
        cands = [c for c in cands if c.rpartition(".")[0] in within] or cands
        if "." in simple:  # Request.Builder: the nested type of that outer class only
            cands = [c for c in cands if c.endswith("." + simple)]
        if not cands or not method:
            return cands[0] if cands else None
        rows, takes = self.java_members.get, lambda m: self.G.nodes[m].get("arity", -1) in (-1, arity)
        has = [c for c in cands if any(rows((t, method)) for t in self.java_chain(c))]
        fits = [c for c in has if arity is not None and any(takes(m) for m in rows((c, method), ()))]
        return (fits or has or cands)[0]

    def _maps_member(self, java_type: str, method: str, arity: int) -> bool:
        """Whether the tables map ``method`` on ``java_type`` or a supertype other than Object."""
        jt = self.java_type_node(java_type)
        return jt == java_type and self.java_member_for(self.java_chain(jt)[:-1], method, arity) is not None

    def _mapped(self, jm: str) -> list[_Cand]:
        """The curated targets of a Java member, in the table's order."""
        out: list[_Cand] = []
        for target, ed in self.maps(jm):
            conf = ed.get("confidence", "")
            # the position in the table (rank // 10), not the overload: overloads of one target
            # tie, and the argument fit picks among them
            rank = (int(ed.get("rank", 0)) % 100) // 10
            s = 1.0 - 0.02 * rank - (0.05 if conf == "approximate" else 0.0)
            if ed.get("origin") != "curated":
                s -= 0.2
            ref = ed.get("target_ref", target)
            out.append(_Cand(target, s, [f"mapping {jm} -> {ref} ({conf})"], pinned="(" in ref))
        return out

    def _instead(self, nodes: list[str], limit: int = 5) -> list[InsteadApi]:
        """The APIs a curated `none` note names, once per qualname, in the note's order."""
        out: dict[str, InsteadApi] = {}
        for n in nodes:
            ref = self.kb.api_ref_fields(n)
            if ref["qualname"] not in out and len(out) < limit:
                out[ref["qualname"]] = InsteadApi(
                    qualname=ref["qualname"], signature=ref["signature"] or None, import_=ref["import_"]
                )
        return list(out.values())

    def _on_argument_type(self, call: JavaCall, cands: list[_Cand]) -> list[_Cand]:
        """The mapped interface member on the argument's own Cangjie type (see ``on_argument``)."""
        if call.kind != "static" or not cands:
            return []
        member, arity = _ON_FIRST_ARGUMENT.get((call.java_type or "", call.method), ("", 0))
        target_type = (
            self.java_type_node(norm_java_type(call.arg_types[0])) if member and call.arg_types else None
        )
        if member and target_type:
            jm = self.java_member_for(self.java_chain(target_type), member, arity)
            own = self._mapped(jm) if jm is not None and self.G.nodes[jm].get("confidence") != "none" else []
            if own and own[0].node != cands[0].node:
                why = f"{call.method} on the first argument's type: its {member} mapping"
                return [_Cand(own[0].node, cands[0].score + 0.01, [why])]
        if adjust.char_array_value_of(call) and (string := self.java_type_node("java.lang.String")):
            # documented as copyValueOf(char[]): a new String of the chars; all overloads of its
            # target (String's inits), for the argument fit to pick among
            jm = self.java_member_for([string], "copyValueOf", call.arg_count)
            own = self._mapped(jm) if jm is not None and self.G.nodes[jm].get("confidence") != "none" else []
            why, lift = "valueOf of a char[] is copyValueOf", cands[0].score + 0.01 - (own or cands)[0].score
            return [_Cand(c.node, c.score + lift, [why]) for c in own]
        first = adjust.operand_type(self.G, cands[0].node, call.arg_types)
        to_string = self.G.nodes[cands[0].node].get("name") == "toString"
        if first:
            arg = self.java_type_node(norm_java_type(first))
            targets = [t for t, ed in self.maps(arg)[:1] if ed.get("confidence") != "none"] if arg else []
            why = f"on the argument's type {targets[0]}" if targets else ""
        elif (kind := guessing.argument_kind(call.text)) and to_string:
            # String.valueOf(s.getCtime()): a number's name, so a number's toString (int and long:
            # Int64); a fraction's (radius) Float64's, a flag's (isEmpty()) Bool's
            targets, why = [kind], f"the argument's type is not known; its name is a {kind[9:]}'s"
        else:
            return []
        hit = on_argument(self.G, cands[0].node, targets, self.members_of)
        return [_Cand(hit, cands[0].score + 0.01, [why])] if hit else []

    def _note_mentions(self, note: str) -> list[_Cand]:
        """Cangjie ``Type.member`` APIs a curated note tells the translator to use (sleep's Duration)."""
        return [
            _Cand(m, 0.72 - 0.02 * i, [f"{NOTE_MENTION} ({said})"])
            for i, (m, said) in enumerate(note_mentions(self.kb, self.members_of, note))
        ]

    def _type_reference(self, call: JavaCall, jt: str, top_k: int) -> CallSuggestion:
        """A Java type named by the code (catch clause, synchronized lock): its Cangjie type."""
        cands: list[_Cand] = []
        notes: list[str] = []
        for t in self.java_chain(jt)[:4]:
            for target, ed in self.maps(t):
                conf = ed.get("confidence", "")
                if conf == "none":
                    if ed.get("note"):
                        notes.append(f"{t}: {ed['note']}")
                    continue
                s = 1.0 - (0.05 if conf == "approximate" else 0.0) - (0.1 if t != jt else 0.0)
                cands.append(_Cand(target, s, [f"mapping {t} -> {ed.get('target_ref', target)} ({conf})"]))
            if cands:
                break
        if not cands and self.G.nodes[jt].get("note"):
            notes.append(f"{jt}: {self.G.nodes[jt]['note']}")
        cangjie_type = cands[0].node if cands else None
        return self._suggestion(call, "api", cangjie_type, self._merge(cands)[:top_k], notes)

    def _best_overloads(self, cands: list[_Cand], call: JavaCall) -> list[_Cand]:
        for c in cands:
            c.fit, c.generic = self.fit.fit(c.node, call)
        return cands

    def _array_call(self, call: JavaCall, top_k: int) -> CallSuggestion:
        notes: list[str] = []
        if _ARRAY_TYPE not in self.G:
            return self._suggestion(call, "statement", None, [], ["no Array type in the graph"])
        if call.method == "getClass":  # an Object method: the array's runtime type, TypeInfo.of
            return self.resolve_call(replace(call, java_type=_OBJECT), top_k)
        # Java arrays are no class of the tables: their one field, length, is Array's size
        method = {"length": "size"}.get(call.method, call.method)
        fake = replace(call, java_type=None, type_args=[], arg_types=[], method=method)
        if call.method == "<init>":
            notes.append("Java arrays: Array<T>(n, repeat: v) or a literal [a, b]")
        cands = self.rank_members(fake, _ARRAY_TYPE, top_k)
        return self._suggestion(call, "api", _ARRAY_TYPE, self._merge(cands)[:top_k], notes)

    def _statement_candidates(self, call: JavaCall, top_k: int) -> list[_Cand]:
        query = (
            f"{call.method if call.method != '<init>' else ''} {call.receiver or ''} {call.java_type or ''}"
        )
        query = re.sub(r"[^\w.\s]", " ", query).strip()[:900]
        if not query:
            return []
        hits = search(self.index, query, top_k=max(top_k, 5), kind=None, synonyms=False)  # no synonyms
        # keep hits sharing a word with the method name: a user's LOG.fine(...) must not drag in "log"
        words = set(split_identifier(call.method)) if call.method != "<init>" else set()
        out: list[_Cand] = []
        for h in hits:
            name_words = set(split_identifier(h.name)) if h.name else set()
            if words and not (words & name_words):
                continue
            out.append(_Cand(h.id, 0.3 * h.score * 60, [*h.why[:2], "statement-level search"]))
        return out

    def _merge(self, cands: list[_Cand]) -> list[_Cand]:
        """One candidate per qualname, best first: the qualname ranks by its best score, and the
        overload shown is the one a table names, else the one whose parameters fit the call best."""
        groups: dict[str, list[_Cand]] = {}
        for c in cands:
            if c.node in self.G:
                groups.setdefault(self.G.nodes[c.node].get("qualname") or c.node, []).append(c)
        merged: list[_Cand] = []
        for group in groups.values():
            top = max(group, key=lambda c: (round(c.score, 6), c.fit, c.node))
            # a table's member id names the overload (update(), not the deprecated update(Array))
            shown = max(group, key=lambda c: (c.pinned, c.fit, round(c.score, 6), c.generic, c.node))
            why = list(dict.fromkeys(w for c in [top, *group] for w in c.why))
            merged.append(_Cand(shown.node, top.score, why, fit=shown.fit, generic=shown.generic))
        return sorted(merged, key=lambda c: (-c.score, c.node))

    def _suggestion(
        self, call: JavaCall, level: str, cangjie_type: str | None, cands: list[_Cand], notes: list[str]
    ) -> CallSuggestion:
        return CallSuggestion(
            call=_call_view(call),
            level=level,
            cangjie_type=self.G.nodes[cangjie_type].get("qualname") if cangjie_type else None,
            candidates=[self.candidate_view(c) for c in cands],
            notes=notes,
        )

    def candidate_view(self, c: _Cand) -> Candidate:
        d = self.kb.node(c.node)  # with the description a read-only graph keeps on disk
        return Candidate(
            **self.kb.api_ref_fields(c.node),
            description=short_description(d),
            score=round(c.score, 4),
            why=c.why,
            examples=self.kb.examples_for(c.node, 2),
        )

    # ------------------------------------------------------------------ whole snippet
    def resolve(self, java_code: str, top_k: int = 5) -> ResolveResult:
        """Ranked Cangjie APIs for every API call of a Java snippet (deterministic; no LLM)."""
        t0 = time.perf_counter()
        ex: Extraction = extract(
            java_code,
            return_type_hook=self.return_type_hook,
            max_chars=MAX_JAVA_CHARS,
            time_budget_s=RESOLVE_BUDGET_S,
        )
        suggestions: list[CallSuggestion] = []
        unresolved: list[UnresolvedCall] = []
        notes = list(ex.notes)
        by_receiver = guessing.calls_by_receiver(ex.calls)
        values = guessing.values_passed(ex.calls)  # literal values each receiver is given
        # ``Set<String> s = new TreeSet<>()``: calls resolve against TreeSet (a subtype of the declared type)
        concrete = [
            guessing.with_concrete_type(c, ex.constructed, self.java_type_node, self.java_chain)
            for c in ex.calls
        ]
        calls = concrete + construct_calls(ex)
        memo: dict[tuple[Any, ...], CallSuggestion] = {}
        # the Java type each extracted call was resolved against, so that a chain continues from a
        # guessed receiver: text.split(",").length is an array's length once text is a String
        effective: dict[int, str] = {}
        facts = snippet_facts(java_code, ex)
        facts.constructed = rx.constructed_project_classes(ex.calls, facts, self._table_type)
        facts.project_classes = rx.project_classes(ex.calls, facts, self._table_type, self._maps_member)
        verdicts: dict[int, Receiver] = {}
        goes_with = special.goes_with_its_use(ex.calls, java_code)
        for index, original in enumerate(calls):
            call = original
            extracted = index < len(ex.calls)
            parent = call.chain_parent if extracted else None
            up_verdict = verdicts.get(parent) if parent is not None else None
            if call.java_type is None and parent is not None and parent in effective:
                up = ex.calls[parent]  # new Request.Builder().url(u): the constructed type's member
                ret = effective[parent] if up.kind == "constructor" else None
                ret = ret or self.return_type_hook(effective[parent], up.method, up.arg_count)
                if ret and ret not in ("void", "java.lang.Object"):
                    call = replace(call, java_type=ret)
            if call.local:
                continue
            call = typed_remove(call, facts.variables)  # list.remove(conn): by value
            verdict = classify(call, facts, up_verdict, self._table_type, self._maps_member)
            if verdict.source == rx.INFERRED and up_verdict is not None and up_verdict.source == rx.GUESSED:
                verdict = Receiver(rx.GUESSED, verdict.java_type, "a chain on a guessed receiver", "low")
            if verdict.guessable and call.kind == "method" and call.receiver:
                rv = values.get(call.receiver, frozenset())
                guessed = self.guesser.guess_checked(call, by_receiver.get(call.receiver, []), rv)
                if guessed:
                    verdict = Receiver(
                        rx.GUESSED, None, f"guessed from the calls on '{call.receiver}'", "low"
                    )
                    # a type the chain gave and the verdict rejected (V, boolean) is not guessed from
                    call = replace(call, java_type=None, type_args=[])
            if extracted:
                verdicts[index] = verdict
            if verdict.java_type and verdict.java_type != call.java_type and verdict.source != rx.GUESSED:
                call = replace(call, java_type=verdict.java_type)
            if extracted:
                if call.java_type:
                    effective[index] = call.java_type
                elif verdict.source == rx.GUESSED:
                    rv = values.get(call.receiver or "", frozenset())
                    guess = self.guesser.guess_types(call, by_receiver.get(call.receiver or "", []), rv)
                    if guess:
                        effective[index] = guess[0]
            if call.method in _NOT_API and call.kind != "type_ref":
                continue
            if len(suggestions) >= MAX_CALLS:
                notes.append(
                    f"only the first {MAX_CALLS} calls were resolved; split the code to see the rest"
                )
                break
            view = _call_view(call)
            call = uncut_collect(call, java_code)  # its collector, when a long chain's text was cut
            if extracted and index not in goes_with and default_get(call):
                # decided on the typed call (an HttpsURLConnection not imported is typed only here)
                goes_with[index] = DEFAULT_GET_NOTE
            if verdict.source in (rx.USER, rx.UNKNOWN) or index in goes_with:
                # a library call that goes with its use; user code keeps its own note
                known = verdict.source not in (rx.USER, rx.UNKNOWN) and index in goes_with and call.java_type
                gone = f"{call.java_type}.{call.method}" if known else None
                sug = rx.no_api_suggestion(view, verdict, goes_with[index] if known else None, gone)
                unresolved.append(UnresolvedCall(**view.model_dump(), notes=list(sug.notes)))
                suggestions.append(sug)
                continue
            rc = by_receiver.get(call.receiver or "", [])
            rv = values.get(call.receiver or "", frozenset())
            # argument types pick the overload shown: print("a") and print(x) are different calls
            memo_key = (
                call.kind, call.java_type, call.method, call.arg_count, tuple(call.arg_types), call.receiver,
                tuple(rc), rv, special.text_key(call.method, call.receiver, call.text),
            )  # fmt: skip
            cached = memo.get(memo_key)
            if cached is None:
                cached = memo[memo_key] = self.resolve_call(call, top_k, rc, rv)
            # the same call again (a loop body, a repeated idiom): same ranking, this call's own text
            # rerank reorders candidates and replaces their `why`: copy the list and the candidates,
            # a shallow copy each (a deep copy of every repeated call costs a tenth of the time)
            cands = [c.model_copy() for c in cached.candidates]
            sug_notes = list(cached.notes)
            if verdict.source == rx.GUESSED and cands:
                sug_notes.insert(0, "a guess: the receiver's type is not declared in the snippet")
            sug = cached.model_copy(
                update={
                    "call": view,
                    "candidates": cands,
                    "notes": sug_notes,
                    "receiver_source": verdict.source,
                    "confidence": answer_confidence(verdict, cands),
                    "receiver_type": effective.get(index) if extracted else call.java_type,
                }
            )
            typed = call if call.java_type or not extracted else replace(call, java_type=effective.get(index))
            special.reorder_by_context(sug.candidates, typed, java_code)  # a guessed Matcher's too
            first = (
                digest_calls.digest_class_member(call, java_code)
                or atomic_calls.option_member(call, java_code)
                or connection_sender(call, java_code, effective.get(index) if extracted else call.java_type)
                or body_write(call, java_code)
                or stream_first(call, java_code)
            )
            if first and (ids := self.kb.by_qualname.get(first[0])):
                rest = [c for c in sug.candidates if c.qualname != first[0]]
                # the overload the arguments fit (a candidate already offered keeps its own)
                had = next((c.id for c in sug.candidates if c.qualname == first[0]), None)
                had = had or max(ids, key=lambda i: self.fit.fit(i, call)[0])
                sug.candidates = [self.candidate_view(_Cand(had, 1.0, [first[1]])), *rest][:top_k]
            if not sug.candidates:
                unresolved.append(UnresolvedCall(**view.model_dump(), notes=list(sug.notes)))
            suggestions.append(sug)
        if not any(s.level == "api" and s.candidates for s in suggestions) and not any(
            s.receiver_source == rx.USER or s.receiver_source in rx.KNOWN_SOURCES for s in suggestions
        ):
            block = self._block_suggestion(java_code, top_k)
            if block is not None:
                suggestions.append(block)
        imports: set[str] = set()
        for s in suggestions:
            if s.candidates and s.receiver_source in rx.KNOWN_SOURCES and s.level == "api":
                imp = s.candidates[0].import_
                if imp:
                    imports.add(imp)
        if len(ex.calls) > MAX_CALLS_LISTED:
            notes.append(f"calls lists the first {MAX_CALLS_LISTED} of {len(ex.calls):,} extracted calls")
        return ResolveResult(
            calls=[JavaCallFull(**c.to_dict()) for c in ex.calls[:MAX_CALLS_LISTED]],
            suggestions=suggestions,
            imports=sorted(imports),
            unresolved=unresolved,
            parse_mode=ex.parse_mode,
            notes=notes,
            constructs=self.constructs.detect(java_code[:MAX_JAVA_CHARS], ex.tree),
            ms=round((time.perf_counter() - t0) * 1000, 3),
        )

    def _block_suggestion(self, java_code: str, top_k: int) -> CallSuggestion | None:
        query = special.block_query(java_code[:5000], _JAVA_KEYWORDS)
        if not query:
            return None
        hits = search(self.index, query, top_k=top_k, synonyms=False)
        cands = [_Cand(h.id, h.score, [*h.why[:2], "block-level search"]) for h in hits]
        call = JavaCall(text=java_code.strip()[:200], kind="block", receiver=None, java_type=None, type_args=[],
                        method="", arg_count=0, arg_types=[], line=1)  # fmt: skip
        return self._suggestion(
            call, "function", None, cands, ["no call in the block resolved; block-level search"]
        )


_OBJECT = "java.lang.Object"
# Java keywords and literals are not API words for the block-level search
_JAVA_KEYWORDS = JAVA_KEYWORDS | {"var", "true", "false", "null", "String"}
