"""Type-name resolution (imports, built-ins), owner lookup through supertypes and return-spec parsing."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple

from .jdk import CLASS_FQN, PRIMITIVES, SUPERS, TYPE_PARAMS, jdk_nested
from .model import _OBJECT, _PRIM_T, JType, _boxed, _promote

# ---------------------------------------------------------------------------------------------
# Name resolution and built-in return types


class _Names:
    """Simple/dotted type name -> JType, honouring imports, snippet-declared types and built-ins."""

    def __init__(self) -> None:
        self.imports: dict[str, str] = {}
        self.wildcards: list[str] = []
        self.static_members: dict[str, str] = {}  # member -> owner FQN
        self.static_wildcards: list[str] = []
        self.local_types: set[str] = set()
        self.type_vars: set[str] = set()
        self._cache: dict[str, JType] = {}

    def add_import(self, path: str, static: bool, wildcard: bool, out: dict[str, str]) -> None:
        if static:
            if wildcard:
                self.static_wildcards.append(path)
                out[path + ".*"] = path
            else:
                owner, _, member = path.rpartition(".")
                if owner:
                    self.static_members[member] = owner
                    out[member] = path
        elif wildcard:
            self.wildcards.append(path)
            out[path + ".*"] = path
        else:
            simple = path.rsplit(".", 1)[-1]
            self.imports[simple] = path
            out[simple] = path
        self._cache.clear()

    def resolve(self, name: str, args: tuple[JType, ...] = (), dims: int = 0) -> JType:
        base = self._cache.get(name)
        if base is None:
            base = self._resolve_raw(name)
            self._cache[name] = base
        if args or dims:
            return replace(base, args=args, dims=dims)
        return base

    def _resolve_raw(self, name: str) -> JType:
        if name in PRIMITIVES:
            return _PRIM_T[name]
        segs = name.split(".")
        head = segs[0]
        if head in self.type_vars or head in self.local_types:
            return JType(name, known=False, written=name)
        if len(segs) > 1 and head[:1].islower():
            # fully-qualified: java.util.List, java.util.Map.Entry
            return JType(name, written=".".join(s for s in segs if s[:1].isupper()) or name)
        fqn = self.imports.get(head) or CLASS_FQN.get(head)
        if fqn is None and head[:1].isupper():
            pkgs = [w for w in self.wildcards if w != "java.lang"]
            if len(pkgs) == 1 and head not in self.local_types:
                fqn = f"{pkgs[0]}.{head}"
        if fqn is None:
            return JType(name, known=False, written=name)
        for seg in segs[1:]:
            if not jdk_nested(fqn, seg):
                return JType(name, known=False, written=name)  # a project class named like a JDK one
            fqn = f"{fqn}.{seg}"
        return JType(fqn, written=name)


def _lookup_owner(owner: str, table: dict[str, dict[str, Any]], key: str) -> tuple[str, Any] | None:
    """Find ``key`` in ``table`` for ``owner`` or its supertypes (breadth first, then Object)."""
    seen: set[str] = set()
    queue = [owner]
    while queue:
        cur = queue.pop(0)
        if cur in seen:
            continue
        seen.add(cur)
        entry = table.get(cur)
        if entry is not None and key in entry:
            return cur, entry[key]
        queue.extend(SUPERS.get(cur, ()))
        if cur.endswith(("Exception", "Error")) and cur != "java.lang.Throwable":
            queue.append("java.lang.Throwable")
    entry = table.get("java.lang.Object")
    if entry is not None and key in entry:
        return "java.lang.Object", entry[key]
    return None


def _bind(recv: JType, owner: str) -> dict[str, JType]:
    params = TYPE_PARAMS.get(owner, ())
    if not params or len(recv.args) != len(params):
        return {}
    return dict(zip(params, recv.args, strict=True))


_SPEC_TOKEN = re.compile(r"\$?[\w.]+|[<>,\[\]?]")


@lru_cache(maxsize=4096)
def _spec_tokens(spec: str) -> tuple[str, ...]:
    return tuple(_SPEC_TOKEN.findall(spec))


class _SpecCtx(NamedTuple):
    names: _Names
    env: dict[str, JType]
    recv: JType | None
    arg_types: tuple[JType | None, ...]
    lambda_result: JType | None
    stream_elem: JType | None


def _parse_spec(spec: str, ctx: _SpecCtx) -> JType | None:
    """Parse a type expression (``Set<Map.Entry<K,V>>``, ``java.util.List<java.lang.String>``, ``$A0``)."""
    toks = _spec_tokens(spec)
    pos = 0

    def one(depth: int) -> JType | None:
        nonlocal pos
        if pos >= len(toks) or depth > 12:
            return None
        tok = toks[pos]
        pos += 1
        if tok == "?":
            if pos < len(toks) and toks[pos] in ("extends", "super"):
                pos += 1
                return one(depth + 1)
            return _OBJECT
        args: list[JType | None] = []
        if pos < len(toks) and toks[pos] == "<":
            pos += 1
            while pos < len(toks) and toks[pos] != ">":
                if toks[pos] == ",":
                    pos += 1
                    continue
                before = pos
                args.append(one(depth + 1))
                if pos == before:
                    pos += 1
            pos += 1
        dims = 0
        while pos + 1 < len(toks) + 1 and pos < len(toks) and toks[pos] == "[":
            dims += 1
            pos += 2
        t = _spec_atom(tok, ctx)
        if t is None:
            return None
        if args:
            if all(a is not None for a in args):
                t = replace(t, args=tuple(_boxed(a) or _OBJECT for a in args))
            else:
                t = replace(t, args=())
        if dims:
            t = replace(t, dims=t.dims + dims)
        return t

    try:
        return one(0)
    except (IndexError, RecursionError):
        return None


def _spec_atom(tok: str, ctx: _SpecCtx) -> JType | None:
    if tok.startswith("$"):
        if tok == "$R":
            return ctx.recv
        if tok.startswith("$A") and tok[2:].isdigit():
            i = int(tok[2:])
            return _boxed(ctx.arg_types[i]) if i < len(ctx.arg_types) else None
        if tok == "$E0":
            a0 = ctx.arg_types[0] if ctx.arg_types else None
            if a0 is None:
                return None
            return a0.element() or (a0.args[0] if a0.args else None)
        if tok == "$N":
            return _promote(ctx.arg_types)
        if tok == "$L0":
            return _boxed(ctx.lambda_result)
        if tok == "$S":
            return ctx.stream_elem
        return None
    if tok in ctx.env:
        return ctx.env[tok]
    if tok in PRIMITIVES:
        return _PRIM_T[tok]
    if len(tok) <= 2 and tok[:1].isupper() and tok not in CLASS_FQN:
        return None  # unbound type variable
    t = ctx.names.resolve(tok)
    return t if t.known else None
