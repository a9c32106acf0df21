"""Call-specific corrections of a ranking: the receiver's own Cangjie type, regex arguments."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

import networkx as nx

from ..java import JavaCall
from ..kinds import EdgeKind, NodeKind

__all__ = [
    "LINE_SPLIT",
    "REGEX_TYPE",
    "RankedLike",
    "char_array_value_of",
    "escaped_literal",
    "literal_pattern",
    "on_argument",
    "operand_type",
    "operator_on_arguments",
    "regex_argument",
    "regex_first",
    "regex_literal",
    "retarget",
]

REGEX_TYPE = "std.regex.Regex"
_REGEX_CALL = re.compile(r"\.(split|replaceAll|replaceFirst|matches)\s*\(\s*\"((?:[^\"\\]|\\.)*)\"")
_REGEX_CHARS = re.compile(r"\\|[.\[\]+*?^$|(){}]")
# the Regex member that does what each String method does with a pattern
_REGEX_MEMBER = {
    "split": "split",
    "replaceAll": "replaceAll",
    "replaceFirst": "replace",
    "matches": "matches",
}


class RankedLike(Protocol):
    node: str
    score: float
    why: list[str]


# a split on any line break ("\\r?\\n", "\\R", "\\r\\n|\\n"): the String's lines(), no Regex
LINE_SPLIT = re.compile(
    r'\.\s*split\s*\(\s*"(?:\\\\r\?\\\\n|\\\\R|\\\\r\\\\n\|\\\\n|\\\\n\|\\\\r\\\\n|\\r\?\\n)"\s*\)$'
)


def regex_argument(call: JavaCall) -> str | None:
    """The Regex member to rank first when a String method gets a regex-looking literal, else None (a
    split on any line break is the String's ``lines()``: ``special``)."""
    if call.method not in _REGEX_MEMBER or not call.java_type or "String" not in call.java_type:
        return None
    if call.method == "split" and LINE_SPLIT.search(call.text):
        return None
    return _REGEX_MEMBER[call.method] if regex_literal(call.method, call.text) else None


def regex_literal(method: str, text: str) -> bool:
    """Whether the call's literal argument looks like a regex (``split("\\s+")``, no ``split(",")``):
    what ``regex_argument`` reads of the call's text (the resolver's per-snippet memo keys on it)."""
    pattern = _literal_pattern_of(method, text) if method in _REGEX_MEMBER else None
    return pattern is not None and _looks_regex(pattern)


# one metacharacter escaped or in a class of its own (split("\\."), split("[|]")): the literal character
_ONE_LITERAL = re.compile(r"\\[^\w\s]|\[[^\]\w\s^\\]\]")


def escaped_literal(method: str, text: str) -> str | None:
    """The one character a call's pattern escapes (``split("\\.")``: ``.``), which a Cangjie String
    method takes as it is, else None."""
    pattern = _literal_pattern_of(method, text)  # "\\." and "[.]" both give "."
    return pattern[1] if pattern is not None and _ONE_LITERAL.fullmatch(pattern) else None


def _looks_regex(pattern: str) -> bool:
    """Regex syntax that matches more than its own characters; an escaped dot or bar is a literal."""
    return bool(_REGEX_CHARS.search(pattern)) and not _ONE_LITERAL.fullmatch(pattern)


def literal_pattern(method: str, java_type: str | None, text: str) -> bool:
    """``txt.replaceAll("\\n", " ")`` on a String: the pattern is a string literal with no regex
    syntax, so the replacement is the plain ``String.replace``."""
    if method != "replaceAll" or java_type != "java.lang.String":
        return False
    pattern = _literal_pattern_of(method, text)
    return pattern is not None and not _looks_regex(pattern)


def _literal_pattern_of(method: str, text: str) -> str | None:
    """The pattern a call of ``method`` gets as its first, literal argument (Java escapes read), else
    None: what the three readers above share."""
    m = _REGEX_CALL.search(text)
    return _java_unescape(m.group(2)) if m is not None and m.group(1) == method else None


_JAVA_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[0-7]{1,3}|.)")


def _java_unescape(literal: str) -> str:
    """The string a Java literal's source text denotes, as far as a regex can tell: a doubled
    backslash is one backslash (a regex escape follows, as in the pattern for whitespace), every
    other escape (newline, tab, quote) one plain character, so replacing newlines is no regex."""
    return _JAVA_ESCAPE.sub(lambda e: "\\" if e.group(1) == "\\" else "_", literal)


def regex_first(G: nx.MultiDiGraph, members: list[str], member: str) -> list[str]:
    """Regex overloads named ``member`` (for the caller to rank first), fewest parameters first."""
    out = [m for m in members if G.nodes[m].get("name") == member]
    out.sort(key=lambda m: (m.count(","), m))
    return out


def retarget(
    G: nx.MultiDiGraph,
    own: list[tuple[str, bool]],
    own_type: str,
    cands: Sequence[RankedLike],
    on_instance: bool = True,
    kept: frozenset[str] = frozenset(),
) -> None:
    """A curated member mapping written for a sibling type (``Map.merge`` -> ``HashMap.get``) is
    moved to the receiver's own Cangjie type (``TreeMap.get``) when that type has the member, except
    the targets in ``kept``: those of a row of the receiver's Java type itself, which names another
    type on purpose (``HttpURLConnection.getInputStream`` -> ``HttpResponse.body``); so is
    Object's ``toString``/``hashCode`` (``ToString``, ``Hashable``) called on an instance whose type
    declares its own (``ctor.toString()``: ``ConstructorInfo.toString``), never for a static call
    (``String.valueOf(o)`` calls it on the argument)."""
    if G.nodes[own_type].get("type_kind") not in ("class", "struct"):
        return  # an interface (Map): the mapping's concrete class stays the answer
    own_nodes = {m for m, _ in own}
    by_name: dict[str, list[str]] = {}
    for m, _ in own:
        by_name.setdefault(G.nodes[m].get("name", ""), []).append(m)
    for c in cands:
        d = G.nodes.get(c.node) or {}
        if c.node not in own_nodes and (op := _own_operator(G, d, by_name, own_type)) is not None:
            c.why = [*c.why, f"{own_type}'s own operator {G.nodes[op]['name']}"]
            c.node = op  # Object.equals -> Equatable / Equal.==: `d == Duration.Zero` on a Duration
            continue
        if str(d.get("owner", "")) in _UNIVERSAL and not d.get("static"):
            if not on_instance:
                continue
            # Object's toString/hashCode (ToString, Hashable): the receiver type's own, if it declares one
            declared = sorted(
                m for m in by_name.get(str(d.get("name", "")), []) if G.nodes[m].get("owner") == own_type
            )
            if declared:
                c.why = [*c.why, f"on the receiver's type {own_type}"]
                c.node = declared[0]
            continue
        if c.node in kept or c.node in own_nodes or d.get("kind") != NodeKind.MEMBER.value:
            continue
        if d.get("member_kind") == "init":
            continue
        if d.get("module") != G.nodes[own_type].get("module") or d.get("static"):
            # a deliberate other type (FileReader -> File, Connection.commit -> Transaction); a static
            # function makes its own type's value (Instant.now() -> MonoTime.now() for a stopwatch)
            continue
        same = by_name.get(d.get("name", ""))
        if not same or (all(G.nodes[m].get("deprecated") for m in same) and not d.get("deprecated")):
            continue  # no own member, or a deprecated one (DateTimeFormat.format): the mapping's stays
        sig = c.node.split("(", 1)[1] if "(" in c.node else ""
        best = next((m for m in same if m.endswith("(" + sig)), sorted(same)[0])
        c.why = [*c.why, f"on the receiver's type {own_type}"]
        c.node = best


_EQUALITY = "std.core.Equatable"
# the interfaces Java's Object members map to: any type that has the member implements them
_UNIVERSAL = ("std.core.ToString", "std.core.Hashable")


def _own_operator(
    G: nx.MultiDiGraph, d: dict[str, object], by_name: dict[str, list[str]], own_type: str
) -> str | None:
    """The receiver type's own operator for an interface's one (``Equal.==``) or for the type
    ``Equatable`` that ``Object.equals`` maps to, when the receiver's type defines it."""
    if d.get("kind") == NodeKind.TYPE.value and d.get("qualname") == _EQUALITY:
        name = "=="
    elif d.get("member_kind") == "operator" and str(d.get("owner", "")) in _INTERFACE_OPS:
        name = str(d.get("name", ""))
    else:
        return None
    same = [
        m
        for m in by_name.get(name, [])
        if G.nodes[m].get("member_kind") == "operator" and G.nodes[m].get("owner") == own_type
    ]
    return sorted(same)[0] if same else None


_INTERFACE_OPS = ("std.core.Equal", "std.core.Comparable", "std.core.Equatable", "std.core.Less",
                  "std.core.Greater", "std.core.LessOrEqual", "std.core.GreaterOrEqual", "std.core.NotEqual")  # fmt: skip


def on_argument(
    G: nx.MultiDiGraph, mapped: str, arg_types: list[str], members_of: dict[str, list[str]]
) -> str | None:
    """A static call mapped to an interface's member that is called on the argument
    (``String.valueOf(c)`` -> ``ToString.toString``, ``Objects.equals`` -> ``==``): the member of the
    same name on the argument's own Cangjie type (``Rune.toString``), if it has one.

    ``arg_types``: the Cangjie type(s) the first argument's Java type maps to."""
    owner = next((v for _, v, k in G.out_edges(mapped, keys=True) if k == EdgeKind.MEMBER_OF.value), None)
    if owner is None or G.nodes[owner].get("type_kind") != "interface" or not arg_types:
        return None
    name = G.nodes[mapped].get("name")
    hits = [
        m
        for t in arg_types
        for m in members_of.get(t, [])
        if G.nodes[m].get("name") == name and G.nodes[m].get("member_kind") != "init"
    ]
    # the type's own package first (std.core's Int64.toString(), not std.convert's radix one)
    hits.sort(key=lambda m: (G.nodes[m].get("module") != G.nodes[arg_types[0]].get("module"), m))
    return hits[0] if hits else None


def char_array_value_of(call: JavaCall) -> bool:
    """``String.valueOf(chars)`` of a ``char[]`` (declared, or ``s.toCharArray()``)."""
    first = (call.arg_types or [None])[0]
    return (call.java_type, call.method) == ("java.lang.String", "valueOf") and first in (
        "char[]",
        "java.lang.Character[]",
    )


def operand_type(G: nx.MultiDiGraph, mapped: str, arg_types: list[str | None]) -> str | None:
    """The Java type of the argument ``on_argument`` looks at: the first one's (``String.valueOf(c)``),
    or for an operator any known one, since both operands are one type (``Objects.equals(x, "a")``)."""
    operands = arg_types if (G.nodes.get(mapped) or {}).get("member_kind") == "operator" else arg_types[:1]
    return next((t for t in operands if t), None)


def operator_on_arguments(G: nx.MultiDiGraph, call: JavaCall, cands: Sequence[RankedLike]) -> bool:
    """``Objects.equals(a, b)`` whose arguments' type is unknown, ``count.equals(other)`` on an
    Integer: the curated target is an interface's operator (``Comparable.==``), which is no API to
    call but the language operator (``a == b``). ``on_argument`` answers the operator of a known
    argument type (``String.==``); without one there is nothing to offer beyond the note."""
    if not cands:
        return False
    d = G.nodes.get(cands[0].node) or {}
    if d.get("member_kind") != "operator":
        return False
    owner = next(
        (v for _, v, k in G.out_edges(cands[0].node, keys=True) if k == EdgeKind.MEMBER_OF.value), None
    )
    return owner is not None and G.nodes[owner].get("type_kind") == "interface"
