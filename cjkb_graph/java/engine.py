"""Source positions and the type-inference engine shared by the AST walker and the token scan."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .jdk import (
    CLASS_FQN,
    COLLECTOR_RESULTS,
    ENUMS,
    FUNCTIONAL_PARAMS,
    LAMBDA_PARAMS,
    RETURNS,
    STATIC_FIELDS,
    jdk_nested,
)
from .model import _BOOL, _INT, _PRIM_T, _STRING, _TEXT_CAP, JType, ReturnTypeHook, _unboxed_name
from .types import _bind, _lookup_owner, _Names, _parse_spec, _SpecCtx

_CLASS = JType("java.lang.Class", written="Class")

# ---------------------------------------------------------------------------------------------
# Helpers shared by the AST walker and the token scan


class _Source:
    def __init__(self, code: str) -> None:
        self.code = code
        self.line_starts = [0]
        for m in re.finditer("\n", code):
            self.line_starts.append(m.end())

    def offset(self, line: int, col: int) -> int:
        if 1 <= line <= len(self.line_starts):
            return self.line_starts[line - 1] + col - 1
        return -1

    def slice(self, start: int, end: int, cap: int = _TEXT_CAP) -> str:
        if start < 0 or end <= start:
            return ""
        text = " ".join(self.code[start:end].split())
        if len(text) > cap:
            text = text[: cap - 3] + "..."
        return text


class _Engine:
    """Type inference shared by both extraction strategies."""

    def __init__(self, hook: ReturnTypeHook | None, notes: list[str]) -> None:
        self.names = _Names()
        self.hook = hook
        self.notes = notes
        self._hook_cache: dict[tuple[str, str, int], str | None] = {}
        self.local_methods: dict[str, JType | None] = {}
        self.super_types: list[JType] = []
        self.scanned_keys: set[tuple[int, int, str, str]] = set()

    # -- types

    def spec(self, spec: str, recv: JType | None = None, **kw: Any) -> JType | None:
        ctx = _SpecCtx(
            self.names,
            kw.get("env", {}),
            recv,
            tuple(kw.get("arg_types", ())),
            kw.get("lambda_result"),
            kw.get("stream_elem"),
        )
        return _parse_spec(spec, ctx)

    def static_field(self, owner: JType, name: str) -> JType | None:
        table = STATIC_FIELDS.get(owner.name)
        if table and name in table:
            return self.spec(table[name])
        if owner.name in ENUMS and name.isupper():
            return replace(owner, args=())
        return None

    def call_result(
        self,
        recv: JType | None,
        method: str,
        arg_types: list[JType | None],
        lambda_result: JType | None = None,
    ) -> JType | None:
        builtin = self._builtin_result(recv, method, arg_types, lambda_result)
        if self.hook is None or recv is None or not recv.known:
            return builtin
        if builtin is not None and method == "collect" and _lookup_owner(recv.name, RETURNS, method):
            # the collector says the result (groupingBy: a Map, joining: a String); the hook knows
            # only the mapping's first collector function (collectArrayList)
            return builtin
        owner = recv.fqn()
        if owner is None:
            return builtin
        key = (owner, method, len(arg_types))
        if key in self._hook_cache:
            hooked = self._hook_cache[key]
        else:
            try:
                hooked = self.hook(owner, method, len(arg_types))
                if hooked is not None and not isinstance(hooked, str):
                    hooked = None
            except Exception as exc:  # the hook is foreign code: never let it break extraction
                hooked = None
                self.notes.append(f"return_type_hook failed: {type(exc).__name__}: {exc}")
                self.hook = None
            self._hook_cache[key] = hooked
        if not hooked:
            return builtin
        hooked = hooked.strip()
        if builtin is not None and (
            builtin.fqn() == hooked
            or builtin.name == hooked.split("<", 1)[0]
            or hooked in ("java.lang.Object", "Object")  # erased generic: ours is more specific
        ):
            return builtin
        found = _lookup_owner(recv.name, RETURNS, method)
        env = _bind(recv, found[0]) if found else {}
        t = self.spec(hooked, recv, env=env, arg_types=arg_types, lambda_result=lambda_result)
        return t if t is not None else builtin

    def _builtin_result(
        self,
        recv: JType | None,
        method: str,
        arg_types: list[JType | None],
        lambda_result: JType | None,
    ) -> JType | None:
        if method == "toString" and not arg_types:
            return _STRING  # Object.toString(), whatever the receiver (a project class's too)
        if method in ("getClass", "hashCode") and not arg_types:
            # Object.getClass() is final and hashCode() returns int, whatever the receiver:
            # ``cache.get(item.getClass())`` is keyed by a Class even when item's type is unknown
            return _INT if method == "hashCode" else _CLASS
        if recv is None or (not recv.known and not recv.dims):
            return None
        if recv.dims:
            return _INT if method == "length" else (recv if method == "clone" else None)
        n = len(arg_types)
        found = _lookup_owner(recv.name, RETURNS, f"{method}/{n}") or _lookup_owner(
            recv.name, RETURNS, method
        )
        if found is None:
            return None
        owner, spec = found
        env = _bind(recv, owner)
        if spec == "$C":
            return self._collect_result(recv, arg_types)
        if spec == "$STREAM0":  # Arrays.stream
            a0 = arg_types[0] if arg_types else None
            comp = a0.element() if a0 is not None else None
            if comp is not None and comp.name in ("int", "long", "double"):
                return self.names.resolve(comp.name.capitalize() + "Stream")
            return self.spec("Stream<$E0>", arg_types=arg_types) or self.names.resolve("Stream")
        if owner == "java.util.List" and method == "remove" and n == 1:
            a0 = arg_types[0]
            if a0 is not None and not (a0.is_primitive and a0.name in ("int", "short", "char", "byte")):
                return _BOOL  # remove(Object), not remove(int)
        if (
            owner == "java.lang.Math"
            and method == "round"
            and arg_types
            and _unboxed_name(arg_types[0]) == "float"
        ):
            return _INT
        if (
            owner == "java.lang.Character"
            and method in ("toUpperCase", "toLowerCase")
            and arg_types
            and _unboxed_name(arg_types[0]) == "int"
        ):
            return _INT
        stream_elem = None
        if recv.args:
            stream_elem = recv.args[0]
        return self.spec(
            spec, recv, env=env, arg_types=arg_types, lambda_result=lambda_result, stream_elem=stream_elem
        )

    def _collect_result(self, recv: JType, arg_types: list[JType | None]) -> JType | None:
        a0 = arg_types[0] if arg_types else None
        if a0 is None or a0.name != "java.util.stream.Collector" or not a0.args:
            return None
        res = a0.args[0]
        if res.name == "java.util.List" and not res.args and recv.args:
            res = replace(res, args=(recv.args[0],))
        return res

    def collector(self, method: str, elem_hint: JType | None, lambda_result: JType | None) -> JType | None:
        spec = COLLECTOR_RESULTS.get(method)
        if spec is None:
            return None
        res = self.spec(spec, lambda_result=lambda_result, stream_elem=elem_hint)
        if res is None and "<" in spec:
            res = self.spec(spec.split("<", 1)[0])
        if res is None:
            return None
        return JType("java.util.stream.Collector", args=(res,), written="Collector")

    def lambda_params(self, recv: JType | None, method: str, nparams: int) -> list[JType | None]:
        if recv is None or not recv.known or recv.dims:
            return [None] * nparams
        found = _lookup_owner(recv.name, LAMBDA_PARAMS, method)
        if found is None:
            return [None] * nparams
        owner, specs = found
        env = _bind(recv, owner)
        out: list[JType | None] = []
        for i in range(nparams):
            if i < len(specs):
                sp = specs[i]
                out.append(env.get(sp) if sp in env else (_PRIM_T.get(sp)))
            else:
                out.append(None)
        return out

    @staticmethod
    def functional_params(declared: JType | None, nparams: int) -> list[JType | None]:
        """The parameter types of a lambda written for ``declared``, a functional interface with its
        type arguments (``BiConsumer<List<Integer>, Integer>``); None where it does not say."""
        specs = FUNCTIONAL_PARAMS.get(declared.name, ()) if declared is not None and not declared.dims else ()
        out: list[JType | None] = []
        for i in range(nparams):
            sp = specs[i] if i < len(specs) else None
            if isinstance(sp, str):
                out.append(_PRIM_T.get(sp))
            elif isinstance(sp, int) and declared is not None and sp < len(declared.args):
                arg = declared.args[sp]
                out.append(arg if arg.name != "?" else None)
            else:
                out.append(None)
        return out

    @staticmethod
    def iter_element(t: JType | None) -> JType | None:
        if t is None:
            return None
        el = t.element()
        if el is not None:
            return el
        if t.args and t.name not in ("java.util.Map", "java.util.HashMap", "java.util.TreeMap"):
            return t.args[0]
        return None

    def resolve_qualifier(
        self, q: str, lookup: Callable[[str], tuple[bool, JType | None]]
    ) -> tuple[JType | None, bool]:
        """Resolve ``a.b.c`` used as a receiver: returns (type, is_type_name)."""
        segs = q.split(".")
        declared, t = lookup(segs[0])
        if declared:
            cur = t
            for seg in segs[1:]:
                cur = self.instance_field(cur, seg)
            return cur, False
        k = 1
        # `_logger`, `$scope`: a leading underscore or dollar says nothing; the letter after it does
        if segs[0].lstrip("_$")[:1].islower():
            # package-qualified name: the first capitalised segment ends the class name
            k = next((i + 1 for i, s in enumerate(segs) if s[:1].isupper()), 0)
            if k == 0:
                return None, False
        head = ".".join(segs[:k])
        if segs[0][:1].isupper() and segs[0].isupper() and len(segs[0]) > 1 and segs[0] not in CLASS_FQN:
            return None, False  # CONSTANT.method()
        cur = self.names.resolve(head)
        is_type = True
        for seg in segs[k:]:
            if is_type and cur is not None:
                sf = self.static_field(cur, seg)
                if sf is not None:
                    cur, is_type = sf, False
                    continue
                if seg[:1].isupper() and not seg.isupper():
                    written = (cur.written or cur.name) + "." + seg
                    if cur.known and not jdk_nested(cur.name, seg):
                        # Process.Utils: a project class named like a JDK one, not a JDK nested type
                        cur = JType(written, known=False, written=written)
                    else:
                        cur = replace(cur, name=cur.name + "." + seg, written=written)
                    continue
                cur, is_type = None, False
            else:
                cur = self.instance_field(cur, seg)
        return cur, is_type

    @staticmethod
    def instance_field(t: JType | None, name: str) -> JType | None:
        if t is not None and t.dims and name == "length":
            return _INT
        return None
