"""Answer sizes: the compact form of each result model, and a cap on every answer's size.

``detail="compact"`` (the MCP tools' default) keeps what an agent needs to write the call: one-line
signatures, the note, the import, the top candidates. It is the same models with the bulky fields
left at their defaults (empty lists, ``None``), and :func:`dump` leaves fields that hold their
default out of the JSON, so the output schema stays valid and nothing is renamed. ``detail="full"``
is the whole answer. Either way :func:`capped` cuts the longest lists until the answer fits
:data:`~cjkb_graph.limits.MAX_ANSWER_BYTES` and says what it cut in ``truncated``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Literal

import orjson
from pydantic import BaseModel

from .errors import InputError
from .limits import (
    COMPACT_CODE_CHARS,
    COMPACT_CONSTRUCT_NOTE_CHARS,
    COMPACT_CONSTRUCTS,
    COMPACT_NOTE_CHARS,
    COMPACT_TEXT_CHARS,
    MAX_ANSWER_BYTES,
)
from .models import (
    ApiDetails,
    Candidate,
    ClassMembers,
    DescribeResult,
    ErrorHints,
    Example,
    Examples,
    Modules,
    Neighbors,
    ResolveResult,
    SearchResult,
    SuggestionDefaults,
)

__all__ = ["DETAILS", "Detail", "capped", "compact", "cut", "dump", "one_line", "signature_line"]

Detail = Literal["compact", "full"]
DETAILS: tuple[str, ...] = ("compact", "full")
ELLIPSIS = "…"
_SPACE = re.compile(r"\s+")
# "java.util.HashMap.put: " before a mapping's note: the call (and receiver_type) names that member
_JAVA_MEMBER_PREFIX = re.compile(r"^[a-z][\w$]*(?:\.[\w$]+)+\.(?:[\w$]+|<init>): (?=\S)")
_HOISTED = ("level", "receiver_source", "confidence")


def cut(text: str | None, limit: int) -> str | None:
    """``text`` at most ``limit`` characters; a cut one ends with ``…``."""
    if text is None or len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def one_line(text: str | None, limit: int = COMPACT_TEXT_CHARS) -> str | None:
    """A (multi-line) signature or description on one line, whitespace collapsed, cut at ``limit``."""
    if not text:
        return text
    return cut(_SPACE.sub(" ", text).strip(), limit)


def signature_line(sig: str | None) -> str | None:
    """A declaration on one line without its body (type signatures in the docs carry one) and
    without the ``public`` every documented API has."""
    if not sig:
        return sig
    sig = sig.removeprefix("public ")
    head = sig.split(" {", 1)[0] if re.match(r"(?:\w+ )*(?:class|struct|interface|enum)\b", sig) else sig
    return one_line(head)


def _candidate(c: Candidate, shown: set[str]) -> None:
    """``shown``: ids whose signature an earlier suggestion of the answer already gave."""
    sig = signature_line(c.signature)
    if sig and "(" in c.id:  # the id's parameter list says it is a function
        sig = sig.removeprefix("func ")
    c.signature = None if c.id in shown else sig
    shown.add(c.id)
    c.qualname = c.kind = c.module = c.description = None  # the id names them
    c.import_ = None  # the answer's `imports`, or the id's package
    c.score = None
    c.why = []
    c.examples = []


def _without_type_beside_its_init(cands: list[Candidate]) -> list[Candidate]:
    """A constructor call's candidates without the class itself when one of its ``init``s is listed
    (the class signature is the longest line of the answer and says nothing the init does not)."""
    inits = {c.id.rsplit(".init(", 1)[0] for c in cands if ".init(" in c.id}
    return [c for c in cands if c.id not in inits]


def _resolve(r: ResolveResult, candidates: int) -> None:
    r.calls = []  # every suggestion names its call
    seen: dict[tuple[object, ...], str] = {}
    said: set[str] = set()
    shown: set[str] = set()
    for s in r.suggestions:
        s.notes = [n for n in s.notes if n not in said]  # a mapping's note once per answer
        said.update(s.notes)
        s.candidates = _without_type_beside_its_init(s.candidates)[:candidates]
        call = s.call
        key = (s.cangjie_type, call.method if call else None, call.arg_count if call else None,
               tuple(c.id for c in s.candidates))  # fmt: skip
        first = seen.get(key) if s.candidates and call is not None else None
        if first is not None:  # the same API call again (a loop body, a chain): said once
            s.candidates = []
            s.notes = [f"same candidates as {first}"]
        elif call is not None and s.candidates:
            seen[key] = f"line {call.line}: {cut(call.text, 60)}"
        if s.cangjie_type and s.candidates and s.candidates[0].id.startswith(s.cangjie_type + "."):
            s.cangjie_type = None  # the first candidate's id names it
        for c in s.candidates:
            _candidate(c, shown)
        for api in s.instead:  # the qualname names the package
            api.signature, api.import_ = signature_line(api.signature), None
        s.notes = [cut(_JAVA_MEMBER_PREFIX.sub("", n), COMPACT_NOTE_CHARS) or "" for n in s.notes]
        if s.receiver_source not in ("guessed", "inferred"):
            s.receiver_type = None  # declared or static: the code names it
        if call is not None:
            call.text = cut(call.text, COMPACT_TEXT_CHARS) or ""
            call.kind = call.receiver = call.method = call.java_type = None
            call.arg_count = None
    _hoist_defaults(r)
    for u in r.unresolved:
        u.text = cut(u.text, COMPACT_TEXT_CHARS) or ""
        u.kind = u.receiver = u.method = None
        u.arg_count = None
    for k in r.constructs:  # what to write instead, once; the node has the rest (get_node)
        k.note = cut(k.note, COMPACT_CONSTRUCT_NOTE_CHARS) or ""
        k.name = k.name_zh = k.note_zh = k.java = k.cangjie = k.source = ""  # the id names it
        k.manual = k.manual[:1]
    r.constructs = r.constructs[:COMPACT_CONSTRUCTS]
    r.notes = [n for n in r.notes if n != f"parsed as {r.parse_mode}"]  # parse_mode says it


def _hoist_defaults(r: ResolveResult) -> None:
    """``level``, ``receiver_source`` and ``confidence`` said once in ``suggestion_defaults`` for
    the suggestions that share the most common value (a field some suggestion lacks stays put)."""
    found: dict[str, str] = {}
    for name in _HOISTED:
        values = [getattr(s, name) for s in r.suggestions]
        if len(values) < 2 or None in values:
            continue
        value, n = Counter(values).most_common(1)[0]
        if n < 2:
            continue
        found[name] = value
        for s in r.suggestions:
            if getattr(s, name) == value:
                setattr(s, name, None)
    if found:
        r.suggestion_defaults = SuggestionDefaults(**found)


def _example(e: Example) -> None:
    e.code = cut(e.code, COMPACT_CODE_CHARS) or ""
    e.api_ids = []
    e.apis = e.apis[:5]


def compact(result: BaseModel, *, candidates: int = 3) -> BaseModel:
    """The compact form of a tool answer, in place (a model this module does not know stays whole)."""
    if isinstance(result, ResolveResult):
        _resolve(result, candidates)
    elif isinstance(result, SearchResult):
        for h in result.hits:
            h.signature = signature_line(h.signature) or ""
            h.description = one_line(h.description) or ""
            h.bm25 = None
    elif isinstance(result, ApiDetails):
        for m in result.matches:
            m.description = one_line(m.description, 2 * COMPACT_TEXT_CHARS)
            m.description_zh = None
            for p in m.params:
                p.description = one_line(p.description) or ""
            m.examples = m.examples[:1]
            for e in m.examples:
                _example(e)
    elif isinstance(result, ClassMembers):
        result.type.signature = signature_line(result.type.signature)
        result.type.description = one_line(result.type.description)
        for g in result.groups:
            for mem in g.members:
                mem.signature = signature_line(mem.signature)
                mem.description = None
                mem.module = None
    elif isinstance(result, Examples):
        for e in result.examples:
            _example(e)
    elif isinstance(result, DescribeResult):
        for d in result.calls:
            if d.call is not None:
                d.call.text = cut(d.call.text, COMPACT_TEXT_CHARS) or ""
                d.call.kind = d.call.receiver = d.call.method = None
                d.call.arg_count = None
    elif isinstance(result, ErrorHints):
        for a in result.apis:
            a.signature = signature_line(a.signature)
            a.description = one_line(a.description)
    elif isinstance(result, Modules):
        for mod in result.modules:
            mod.summary = one_line(mod.summary, 100) or ""
    elif isinstance(result, Neighbors):
        for n in result.neighbors:
            n.signature = signature_line(n.signature)
            n.description = one_line(n.description)
    return result


def dump(result: BaseModel, detail: Detail = "full") -> dict[str, Any]:
    """JSON-ready dict; compact answers leave out every field that holds its default."""
    return result.model_dump(mode="json", by_alias=True, exclude_defaults=detail == "compact")


def _size(value: Any) -> int:
    return len(orjson.dumps(value))


def capped(data: dict[str, Any], limit: int = MAX_ANSWER_BYTES // 2) -> dict[str, Any]:
    """``data`` with its longest top-level lists cut until it serialises to at most ``limit`` bytes.

    Says what was cut in ``truncated``; InputError when no list can be cut far enough (one item,
    or a long string such as GraphML, is over the limit by itself).
    """
    total = _size(data)
    if total <= limit:
        return data
    cuts: list[str] = []
    for _ in range(8):  # each round cuts the biggest list to fit; a few rounds at most
        lists = {k: v for k, v in data.items() if isinstance(v, list) and v}
        if not lists:
            break
        key = max(lists, key=lambda k: _size(lists[k]))
        items = lists[key]
        sizes = [_size(x) + 1 for x in items]
        room = limit - (total - sum(sizes)) - 400  # the `truncated` text itself
        keep, used = 0, 0
        while keep < len(items) and used + sizes[keep] <= room:
            used += sizes[keep]
            keep += 1
        if keep == len(items):
            break
        data[key] = items[:keep]
        cuts.append(f"{key} cut from {len(items):,} to {keep:,}")
        total = _size(data)
        if total <= limit - 400:
            break
    if total > limit - 400 or not cuts:
        raise InputError(
            f"the answer would be {total:,} bytes, over the limit of {limit:,}; ask for less "
            "(a smaller fragment, depth or top_k, or edge_kinds)"
        )
    data["truncated"] = (
        f"{'; '.join(cuts)} to keep the answer under {limit:,} bytes; ask for less "
        "(a smaller fragment, a narrower query or a smaller top_k) to see the rest"
    )
    return data
