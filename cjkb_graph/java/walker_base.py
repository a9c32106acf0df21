"""AST walker, part 1: scopes, frames, token spans, declared types and call emission."""

from __future__ import annotations

import re
import time
from typing import Any

from javalang import tree as jt

from .engine import _Engine, _Source
from .model import _TEXT_CAP, Extraction, JavaCall, JType, _boxed
from .parser import _Timeout

# a statement assigning a new object to a bare name or this.name (not a declaration: no type before it)
_ASSIGNS_NEW = re.compile(r"(?:^|[;{}):\n]|\belse)\s*(?:this\s*\.\s*)?[A-Za-z_$][\w$]*\s*=\s*new\b")

# ---------------------------------------------------------------------------------------------
# AST walker


def _args_of(node: Any) -> list[Any]:
    args = getattr(node, "arguments", None)
    return args if args is not None else []


class _Frame:
    __slots__ = ("fields", "name", "supers")

    def __init__(self, name: str, supers: list[JType]) -> None:
        self.name = name
        self.fields: dict[str, JType | None] = {}
        self.supers = supers


class _WalkerBase:
    """State and bookkeeping of the AST walker; the walking itself is in walker_stmt / walker."""

    def __init__(
        self,
        engine: _Engine,
        src: _Source,
        tokens: list[Any],
        result: Extraction,
        deadline: float,
    ) -> None:
        self.e = engine
        self.src = src
        self.toks = tokens
        self.res = result
        self.deadline = deadline
        self.scopes: list[dict[str, JType | None]] = [{}]
        self.frames: list[_Frame] = []
        self.stmt_stack: list[int] = []
        self.seen: dict[tuple[tuple[int, int], tuple[int, int], str], int] = {}
        # the element types of the streams whose collect(..) arguments are being walked (innermost last)
        self.collect_elems: list[JType] = []
        # whether the source assigns a new object to a bare name or this.name anywhere (see
        # _StmtWalker._assigned_fields): most snippets do not, and their trees are not walked for it
        self.assigns_new = _ASSIGNS_NEW.search(src.code) is not None
        self._ticks = 0

    # -- bookkeeping

    def tick(self) -> None:
        self._ticks += 1
        if not self._ticks & 255 and time.perf_counter() > self.deadline:
            raise _Timeout

    def tok_pos(self, idx: int | None) -> tuple[int, int]:
        if idx is None or not 0 <= idx < len(self.toks):
            return (0, 0)
        p = self.toks[idx].position
        if p is None:
            return (0, 0)
        return (p[0], p[1])

    def span_text(self, s: int | None, e: int | None, cap: int = _TEXT_CAP) -> str:
        if s is None or e is None or e < s or s < 0 or e >= len(self.toks):
            return ""
        ls, cs = self.tok_pos(s)
        le, ce = self.tok_pos(e)
        if not ls or not le:
            return " ".join(str(t.value) for t in self.toks[s : e + 1])[:cap]
        start = self.src.offset(ls, cs)
        end = self.src.offset(le, ce) + len(self.toks[e].value)
        text = self.src.slice(start, end, cap)
        if not text.startswith(str(self.toks[s].value)[:1]):  # unicode escapes shifted columns
            return " ".join(str(t.value) for t in self.toks[s : e + 1])[:cap]
        return text

    def declare(self, name: str | None, t: JType | None) -> None:
        if not name:
            return
        self.scopes[-1][name] = t
        self.res.variables[name] = t.render() if t is not None else "?"

    def lookup(self, name: str) -> tuple[bool, JType | None]:
        for scope in reversed(self.scopes):
            if name in scope:
                return True, scope[name]
        for fr in reversed(self.frames):
            if name in fr.fields:
                return True, fr.fields[name]
        return False, None

    def type_of(self, node: Any) -> JType | None:
        """javalang type node -> JType (None for ``var``)."""
        if node is None:
            return None
        dims = len(node.dimensions or []) if isinstance(node.dimensions, list) else 0
        if isinstance(node, jt.BasicType):
            return self.e.names.resolve(node.name, dims=dims)
        if not isinstance(node, jt.ReferenceType):
            return None
        parts: list[str] = []
        args: tuple[JType, ...] = ()
        cur: Any = node
        depth = 0
        while cur is not None and depth < 16:
            parts.append(str(cur.name))
            if cur.arguments:
                args = tuple(self.type_arg(a) for a in cur.arguments)
            cur = cur.sub_type
            depth += 1
        name = ".".join(parts)
        if name == "var" and not dims:
            return None
        return self.e.names.resolve(name, args=args, dims=dims)

    def type_arg(self, a: Any) -> JType:
        t = self.type_of(getattr(a, "type", None))
        if t is None:
            return JType("?", known=False, written="?")
        return _boxed(t) or t

    def emit(
        self,
        *,
        kind: str,
        method: str,
        receiver: str | None,
        recv_t: JType | None,
        type_args: list[str],
        arg_types: list[JType | None],
        arg_count: int | None = None,
        span: tuple[int | None, int | None],
        name_idx: int | None,
        chain_parent: int | None = None,
        result: JType | None = None,
        local: bool = False,
    ) -> int:
        key = (self.tok_pos(name_idx), self.tok_pos(span[0]), kind + method)
        if name_idx is not None and key in self.seen:
            return self.seen[key]
        line, col = self.tok_pos(name_idx)
        if not line:
            line, col = self.tok_pos(span[0])
        text = self.span_text(span[0], span[1]) or method
        if receiver is not None and len(receiver) > 120:
            receiver = receiver[:117] + "..."
        call = JavaCall(
            text=text,
            kind=kind,
            receiver=receiver,
            java_type=recv_t.fqn() if recv_t is not None else None,
            type_args=type_args,
            method=method,
            arg_count=len(arg_types) if arg_count is None else arg_count,
            arg_types=[t.fqn() if t is not None else None for t in arg_types],
            line=line,
            chain_parent=chain_parent,
            result_type=result.fqn() if result is not None else None,
            local=local,
            column=col,
        )
        idx = len(self.res.calls)
        self.res.calls.append(call)
        if self.stmt_stack:
            self.res.statements[self.stmt_stack[-1]].calls.append(idx)
        if name_idx is not None:
            self.seen[key] = idx
        return idx

    # -- implemented by the expression walker (walker._Walker)

    def expr(self, node: Any, expected: JType | None = None) -> JType | None:
        raise NotImplementedError

    def walk_args(self, args: list[Any], recv: JType | None, method: str) -> list[JType | None]:
        raise NotImplementedError
