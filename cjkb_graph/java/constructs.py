"""Facts about the snippet besides its calls: ``new`` assignments, catch clauses, synchronized blocks.

Found on the regex token stream (so comments and string literals are skipped) after extraction,
when ``Extraction.imports`` is complete; they fill ``Extraction.constructed`` and
``Extraction.constructs``.
"""

from __future__ import annotations

from collections import defaultdict

from .jdk import CLASS_FQN, JAVA_LANG_NAMES
from .model import Construct, Extraction
from .parser import _regex_tokens, _Tok


def _dotted(toks: list[_Tok], j: int) -> tuple[str, int] | None:
    """A dotted name ``a.b.C`` starting at ``toks[j]``: (name, index after it)."""
    if j >= len(toks) or toks[j].kind != "id":
        return None
    parts = [toks[j].value]
    j += 1
    while j + 1 < len(toks) and toks[j].value == "." and toks[j + 1].kind == "id":
        parts.append(toks[j + 1].value)
        j += 2
    return ".".join(parts), j


def _skip_type_args(toks: list[_Tok], j: int) -> int:
    """After ``C``: skip ``<...>`` (no ``;``, ``(`` or ``)`` inside) when a ``(`` follows it."""
    if j >= len(toks) or toks[j].value != "<":
        return j
    k = j + 1
    while k < len(toks) and toks[k].value not in (";", "(", ")"):
        k += 1
    if k < len(toks) and toks[k].value == "(" and toks[k - 1].value == ">":
        return k
    return j


def _assigned_at(toks: list[_Tok], i: int) -> int | None:
    """The index of the ``=`` whose value ``toks[i]`` starts: right before it, or before the
    ternary ``new`` is a branch of (``buffered = marked ? in : new BufferedInputStream(in)``)."""
    if toks[i - 1].value == "=":
        return i - 1
    if toks[i - 1].value not in ("?", ":"):
        return None
    depth, ternary = 0, False
    for k in range(i - 1, max(i - 80, 0), -1):
        v = toks[k].value
        if v in (")", "]"):
            depth += 1
        elif v in ("(", "["):
            depth -= 1
            if depth < 0:
                return None
        elif v in (";", "{", "}", ","):
            return None
        elif depth == 0 and v == "?":
            ternary = True
        elif depth == 0 and v == "=":
            return k if ternary else None
    return None


def _new_assignment(toks: list[_Tok], i: int) -> tuple[str, str] | None:
    """``name = new C<...>(`` (or ``name = cond ? x : new C<...>(``) with ``toks[i]`` the ``new``:
    (name, C as written)."""
    at = _assigned_at(toks, i) if i >= 2 else None
    if at is None or at < 1 or toks[at - 1].kind != "id":
        return None
    d = _dotted(toks, i + 1)
    if d is None:
        return None
    cls, j = d
    j = _skip_type_args(toks, j)
    if j < len(toks) and toks[j].value == "(":
        return toks[at - 1].value, cls
    return None


def _catch_types(toks: list[_Tok], i: int) -> list[str]:
    """``catch (final A | b.B name)`` with ``toks[i]`` the ``catch``: the caught types as written."""
    j = i + 1
    if j >= len(toks) or toks[j].value != "(":
        return []
    j += 1
    if j < len(toks) and toks[j].value == "final":
        j += 1
    names: list[str] = []
    while True:
        d = _dotted(toks, j)
        if d is None:
            return []
        names.append(d[0])
        j = d[1]
        if j < len(toks) and toks[j].value == "|":
            j += 1
            continue
        break
    if j + 1 < len(toks) and toks[j].kind == "id" and toks[j + 1].value == ")":
        return names
    return []


def catch_fqn(name: str, imports: dict[str, str]) -> str | None:
    """The FQN of a caught type as written: imported, qualified, a known JDK class, a java.lang
    class (only names that exist there); None when unknown (``SQLException`` is not java.lang)."""
    if name in imports:
        return imports[name]
    if "." in name:
        return name
    if name in CLASS_FQN:
        return CLASS_FQN[name]
    return f"java.lang.{name}" if name in JAVA_LANG_NAMES else None


def find_constructs(code: str, res: Extraction) -> None:
    toks = _regex_tokens(code)
    assigned: dict[str, set[str]] = defaultdict(set)
    constructs: list[Construct] = []
    for i, t in enumerate(toks):
        if t.kind != "kw":
            continue
        if t.value == "new":
            found = _new_assignment(toks, i)
            if found is not None:
                name, cls = found
                assigned[name].add(res.imports.get(cls) or CLASS_FQN.get(cls) or cls)
        elif t.value == "catch":
            for name in _catch_types(toks, i):
                constructs.append(Construct("catch", name, catch_fqn(name, res.imports), t.line))
        elif t.value == "synchronized" and i + 1 < len(toks) and toks[i + 1].value == "(":
            constructs.append(Construct("synchronized", "synchronized", None, t.line))
    res.constructed = {n: next(iter(c)) for n, c in assigned.items() if len(c) == 1}
    res.constructs = constructs
