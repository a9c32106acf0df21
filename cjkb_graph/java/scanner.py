"""Token-scan fallback: finds calls by bracket matching when javalang cannot parse the snippet."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .engine import _Engine, _Source
from .jdk import PRIMITIVES
from .model import _OBJECT, _STMT_CAP, _STRING, Extraction, JavaCall, JType, Statement, _boxed, _literal_type
from .parser import _Tok

# ---------------------------------------------------------------------------------------------
# Token scan fallback


class _ScanCall:
    __slots__ = (
        "arg_ranges",
        "close",
        "diamond",
        "kind",
        "method",
        "name_idx",
        "open",
        "recv",
        "start",
        "type_hint",
    )

    def __init__(self, kind: str, method: str, name_idx: int, open_: int, close: int | None) -> None:
        self.kind = kind
        self.method = method
        self.name_idx = name_idx
        self.open = open_
        self.close = close
        self.start = name_idx
        self.recv: tuple[int, int] | None = None
        self.arg_ranges: list[tuple[int, int]] = []
        self.type_hint: JType | None = None
        self.diamond = False


class _Scanner:
    def __init__(
        self,
        engine: _Engine,
        src: _Source,
        toks: list[_Tok],
        res: Extraction,
        deadline: float,
        outer: Callable[[str], tuple[bool, JType | None]] | None = None,
    ) -> None:
        self.outer = outer
        self.e = engine
        self.src = src
        self.t = toks
        self.res = res
        self.deadline = deadline
        n = len(toks)
        self.match: list[int] = [-1] * n
        self.decls: dict[str, list[tuple[int, Any]]] = {}
        self.calls_by_open: dict[int, int] = {}
        self.call_types: dict[int, JType | None] = {}
        self.stmt_starts: list[int] = []
        # prefix counts of ``->`` and ``+`` tokens, for O(1) range queries
        self.arrows = [0] * (n + 1)
        self.pluses = [0] * (n + 1)
        for i, tk in enumerate(toks):
            self.arrows[i + 1] = self.arrows[i] + (tk.value == "->")
            self.pluses[i + 1] = self.pluses[i] + (tk.value == "+")
        self.stmt_first = len(res.statements)

    hard_extra_s = 1.0

    def timed_out(self, i: int, hard: bool = False) -> bool:
        """Declarations (types) stop at the deadline; finding and emitting calls get ``hard_extra_s`` more.

        Checked every 1,024 items, never at item 0: each phase handles its first 1,024 items, so a
        scan that starts late (a slow machine, a parser that used its whole share) still answers.
        """
        return (
            i > 0
            and not i & 1023
            and time.perf_counter() > self.deadline + (self.hard_extra_s if hard else 0.0)
        )

    def run(self) -> None:
        toks = self.t
        n = len(toks)
        stack: list[int] = []
        pairs = {")": "(", "]": "[", "}": "{"}
        for i, tk in enumerate(toks):
            v = tk.value
            if tk.kind != "sep":
                continue
            if v in "([{":
                stack.append(i)
            elif v in ")]}":
                # pop to the nearest matching opener (tolerates unbalanced input)
                for k in range(len(stack) - 1, max(-1, len(stack) - 64), -1):
                    if toks[stack[k]].value == pairs[v]:
                        j = stack[k]
                        del stack[k:]
                        self.match[i] = j
                        self.match[j] = i
                        break
        self.find_declarations()
        sites = self.find_calls()
        sites.sort(key=lambda c: (c.close if c.close is not None else n + c.name_idx, c.name_idx))
        self.statements()
        stmt_of = self._stmt_index()
        for k, c in enumerate(sites):
            if self.timed_out(k, hard=True):
                self.res.notes.append("time budget exhausted during token scan")
                break
            nt = self.t[c.name_idx]
            key = (nt.line, nt.col, c.kind, c.method)
            if key in self.e.scanned_keys:  # overlapping regions in recovery mode
                continue
            self.e.scanned_keys.add(key)
            idx = self.emit(c)
            sidx = stmt_of(nt.offset)
            if sidx is not None:
                self.res.statements[sidx].calls.append(idx)

    # -- declarations

    def parse_type(self, i: int, depth: int = 0) -> tuple[JType, int] | None:
        t = self.t
        n = len(t)
        if i >= n or depth > 10:
            return None
        tk = t[i]
        if tk.kind == "kw" and tk.value in PRIMITIVES and tk.value != "void":
            j = i + 1
            name = tk.value
            args: tuple[JType, ...] = ()
        elif tk.kind == "id":
            parts = [tk.value]
            j = i + 1
            args = ()
            while True:
                if j < n and t[j].value == "<":
                    r = self.parse_type_args(j, depth)
                    if r is None:
                        return None
                    args, j = r
                if j + 1 < n and t[j].value == "." and t[j + 1].kind == "id":
                    parts.append(t[j + 1].value)
                    j += 2
                    continue
                break
            name = ".".join(parts)
        else:
            return None
        dims = 0
        while j + 1 < n and t[j].value == "[" and t[j + 1].value == "]":
            dims += 1
            j += 2
        if name == "var" and not dims:
            return JType("var", known=False), j
        return self.e.names.resolve(name, args=args, dims=dims), j

    def parse_type_args(self, j: int, depth: int) -> tuple[tuple[JType, ...], int] | None:
        t = self.t
        n = len(t)
        j += 1
        out: list[JType] = []
        while j < n:
            if t[j].value == ">":
                return tuple(out), j + 1
            if t[j].value == ",":
                j += 1
                continue
            if t[j].value == "?":
                j += 1
                if j < n and t[j].value in ("extends", "super"):
                    r = self.parse_type(j + 1, depth + 1)
                    if r is None:
                        return None
                    out.append(_boxed(r[0]) or r[0])
                    j = r[1]
                else:
                    out.append(_OBJECT)
                continue
            r = self.parse_type(j, depth + 1)
            if r is None:
                return None
            out.append(_boxed(r[0]) or r[0])
            j = r[1]
        return None

    def find_declarations(self) -> None:
        t = self.t
        n = len(t)
        for i in range(n):
            if self.timed_out(i):
                self.res.notes.append("time budget: token scan skipped the remaining declarations")
                break
            tk = t[i]
            if tk.kind not in ("id", "kw"):
                continue
            if tk.value == "extends" and i >= 2 and t[i - 2].value == "class" and not self.e.super_types:
                r0 = self.parse_type(i + 1)
                if r0 is not None and r0[0].known:
                    self.e.super_types.append(r0[0])
                continue
            if i and t[i - 1].value in (".", "new", "::", "@"):
                continue
            if tk.kind == "kw" and tk.value not in PRIMITIVES:
                continue
            r = self.parse_type(i)
            if r is None:
                continue
            ty, j = r
            if j + 1 >= n or t[j].kind != "id":
                continue
            name = t[j].value
            nxt = t[j + 1].value
            if nxt == "(":
                close = self.match[j + 1]
                after = t[close + 1].value if 0 <= close < n - 1 else ""
                if after in ("{", "throws", ";"):
                    self.e.local_methods.setdefault(name, ty if ty.name != "var" else None)
                continue
            if nxt not in ("=", ";", ",", ")", ":", "["):
                continue
            if ty.name in ("var",) or nxt == ":":
                init = (j + 2, nxt)
            else:
                init = None
            self.decls.setdefault(name, []).append((j, (ty, init)))
            self.res.variables[name] = ty.render() if ty.name != "var" else "var"

    def var_type(self, name: str, at: int) -> tuple[bool, JType | None]:
        entries = self.decls.get(name)
        if not entries:
            return self.outer(name) if self.outer is not None else (False, None)
        best = None
        for pos, info in entries:
            if pos < at:
                best = info
        if best is None:
            best = entries[0][1]
        ty, init = best
        if init is None:
            return True, ty
        start, kind = init
        end = self._expr_end(start)
        et = self.range_type(start, end)
        if kind == ":":
            el = self.e.iter_element(et)
            return True, (el if ty.name == "var" else ty)
        return True, et

    def _expr_end(self, i: int) -> int:
        t = self.t
        n = len(t)
        j = i
        while j < n and t[j].value not in (";", ",", ")", "{", "}"):
            if t[j].value in ("(", "[") and self.match[j] > j:
                j = self.match[j]
            j += 1
        return j - 1

    # -- calls

    def find_calls(self) -> list[_ScanCall]:
        t = self.t
        n = len(t)
        sites: list[_ScanCall] = []
        chain_start: dict[int, int] = {}  # close paren index -> receiver chain start
        for i in range(n):
            if self.timed_out(i, hard=True):
                self.res.notes.append("time budget exhausted during token scan")
                break
            tk = t[i]
            v = tk.value
            if v == "new" and tk.kind == "kw":
                c = self._creator(i)
                if c is not None:
                    sites.append(c)
                    if c.close is not None:
                        chain_start[c.close] = i
                continue
            if v == "::" and i + 1 < n and (t[i + 1].kind == "id" or t[i + 1].value == "new"):
                recv = self._receiver(i - 1, chain_start)
                name = t[i + 1].value
                c = _ScanCall("method_ref", "<init>" if name == "new" else name, i + 1, -1, i + 1)
                c.recv = recv
                c.start = recv[0] if recv else i
                sites.append(c)
                continue
            if (
                tk.kind == "id"
                and v == "length"
                and i
                and t[i - 1].value == "."
                and (i + 1 >= n or t[i + 1].value != "(")
            ):
                recv = self._receiver(i - 2, chain_start)
                if recv is not None:
                    c = _ScanCall("field", "length", i, -1, i)
                    c.recv = recv
                    c.start = recv[0]
                    sites.append(c)
                continue
            if tk.kind != "id" or i + 1 >= n or t[i + 1].value != "(":
                continue
            prev = t[i - 1] if i else None
            close = self.match[i + 1] if self.match[i + 1] > i else None
            if prev is not None and prev.value == ".":
                recv = self._receiver(i - 2, chain_start)
                c = _ScanCall("method", v, i, i + 1, close)
                c.recv = recv
                c.start = recv[0] if recv else i
            else:
                if prev is not None and (
                    prev.kind == "id" or prev.value in (">", "]", "void") or prev.value in PRIMITIVES
                ):
                    continue  # declaration ``Type name(``
                c = _ScanCall("method", v, i, i + 1, close)
            c.arg_ranges = self._args(i + 1, close)
            sites.append(c)
            if close is not None:
                chain_start[close] = c.start
        return sites

    def _creator(self, i: int) -> _ScanCall | None:
        t = self.t
        n = len(t)
        r = self.parse_type(i + 1) if i + 1 < n else None
        if r is None:
            # ``new HashMap<>()``: parse_type rejects the empty diamond
            if i + 1 < n and t[i + 1].kind == "id":
                j = i + 2
                while j + 1 < n and t[j].value == "." and t[j + 1].kind == "id":
                    j += 2
                if j + 1 < n and t[j].value == "<" and t[j + 1].value == ">":
                    name = "".join(x.value for x in t[i + 1 : j])
                    r = (self.e.names.resolve(name), j + 2)
            if r is None:
                return None
        ty, j = r
        diamond = False
        if j + 1 < n and t[j].value == "<" and t[j + 1].value == ">":
            j += 2
            diamond = True
        if j < n and t[j].value == "(":
            close = self.match[j] if self.match[j] > j else None
            c = _ScanCall("constructor", "<init>", i, j, close)
            c.type_hint = ty
            c.diamond = diamond or (j >= 2 and t[j - 2].value == "<" and t[j - 1].value == ">")
            c.arg_ranges = self._args(j, close)
            return c
        if j < n and t[j].value == "[":
            dims = 0
            sizes = 0
            k = j
            while k < n and t[k].value == "[":
                m = self.match[k]
                if m < 0:
                    break
                dims += 1
                if m > k + 1:
                    sizes += 1
                k = m + 1
            c = _ScanCall("array_constructor", "<init>", i, -1, k - 1)
            c.type_hint = replace(ty, dims=ty.dims + max(dims, 1))
            if k < n and t[k].value == "{" and self.match[k] > k:
                c.arg_ranges = self._args(k, self.match[k])
                c.close = self.match[k]
            else:
                c.arg_ranges = [(0, -1)] * sizes
            return c
        return None

    def _args(self, open_: int, close: int | None) -> list[tuple[int, int]]:
        if close is None or close <= open_ + 1:
            return []
        out: list[tuple[int, int]] = []
        t = self.t
        start = open_ + 1
        j = start
        while j < close:
            v = t[j].value
            if v in "([{" and self.match[j] > j:
                j = self.match[j] + 1
                continue
            if v == ",":
                out.append((start, j - 1))
                start = j + 1
            j += 1
        out.append((start, close - 1))
        return out

    def _receiver(self, j: int, chain_start: dict[int, int]) -> tuple[int, int] | None:
        """Receiver expression ending at token ``j`` (walking backwards over ``a.b(x)[i].c``)."""
        t = self.t
        end = j
        start = None
        steps = 0
        while j >= 0 and steps < 10_000:
            steps += 1
            v = t[j].value
            if v == ")" and self.match[j] >= 0:
                if j in chain_start:
                    start = chain_start[j]
                    break
                o = self.match[j]
                start = o
                j = o - 1
                if j >= 0 and t[j].kind == "id" and (j == 0 or t[j - 1].value != "."):
                    start = j
                    j -= 1
                if j < 0 or t[j].value != ".":
                    break
                j -= 1
                continue
            if v == "]" and self.match[j] >= 0:
                j = self.match[j] - 1
                continue
            if t[j].kind in ("id", "str", "chr", "num") or v in ("this", "super", "class"):
                start = j
                if j >= 1 and t[j - 1].value == ".":
                    j -= 2
                    continue
                break
            break
        if start is None or start > end:
            return None
        return start, end

    # -- typing

    def range_type(self, s: int, e: int, depth: int = 0) -> JType | None:
        t = self.t
        if s > e or s < 0 or e >= len(t) or depth > 50:
            return None
        if s == e:
            tk = t[s]
            if tk.kind in ("str", "chr", "num") or tk.value in ("true", "false"):
                return _literal_type(tk.value)
            if tk.kind == "id":
                declared, vt = self.var_type(tk.value, s)
                if declared:
                    return vt
            return None
        if self.arrows[e + 1] - self.arrows[s]:
            return None  # lambda
        last = t[e]
        if last.value == ")" and self.match[e] >= 0:
            o = self.match[e]
            if o in self.calls_by_open:
                return self.call_types.get(self.calls_by_open[o])
            if o == s:  # parenthesised or cast
                m = self.match[s]
                if m < e:
                    r = self.parse_type(s + 1)
                    if r is not None and r[1] == m:
                        return r[0]
                return self.range_type(s + 1, e - 1, depth + 1)
            return None
        if last.value == "]" and self.match[e] > s:
            inner = self.range_type(s, self.match[e] - 1, depth + 1)
            return inner.element() if inner is not None else None
        if t[s].kind == "str" and self.pluses[e + 1] - self.pluses[s]:
            return _STRING
        if t[s].value == "(":
            m = self.match[s]
            if m > s:
                r = self.parse_type(s + 1)
                if r is not None and r[1] == m:
                    return r[0]
        if all(x.kind == "id" or x.value == "." for x in t[s : e + 1]) and t[e].kind == "id":
            q = "".join(x.value for x in t[s : e + 1])
            ty, is_type = self.e.resolve_qualifier(q, lambda nm: self.var_type(nm, s))
            return None if is_type else ty
        if t[s].value == "this" and e == s + 2 and t[s + 1].value == ".":
            return self.var_type(t[e].value, s)[1]
        return None

    def emit(self, c: _ScanCall) -> int:
        t = self.t
        kind = c.kind
        recv_text: str | None = None
        recv_t: JType | None = None
        chain_parent: int | None = None
        local = False
        if c.recv is not None:
            s, e = c.recv
            recv_text = self.src.slice(t[s].offset, t[e].offset + len(t[e].value), 120)
            if t[e].value == ")" and self.match[e] in self.calls_by_open:
                chain_parent = self.calls_by_open[self.match[e]]
                recv_t = self.call_types.get(chain_parent)
            elif all(x.kind == "id" or x.value == "." for x in t[s : e + 1]) and t[e].kind == "id":
                q = "".join(x.value for x in t[s : e + 1])
                dims = 0
                recv_t, is_type = self.e.resolve_qualifier(q, lambda nm: self.var_type(nm, s))
                if is_type and kind == "method":
                    kind = "static"
                del dims
            elif kind == "method_ref" and t[e].value == "]":
                k = s
                r = self.parse_type(k)
                if r is not None:
                    recv_t = r[0]
            elif t[s].value == "this" and e == s:
                recv_t = None
            else:
                recv_t = self.range_type(s, e)
            if recv_text == "this" and c.method in self.e.local_methods:
                local = True
        elif kind == "method":
            if c.method in self.e.local_methods:
                local = True
            elif c.method in self.e.names.static_members:
                recv_t = self.e.names.resolve(self.e.names.static_members[c.method])
                kind = "static"
                recv_text = recv_t.simple()
            elif self.e.super_types:
                recv_t = self.e.super_types[0]
        if kind in ("constructor", "array_constructor"):
            recv_t = c.type_hint
            i = c.name_idx
            if c.diamond and recv_t is not None and not recv_t.args and i >= 2 and t[i - 1].value == "=":
                declared, dt = self.var_type(t[i - 2].value, i)
                if declared and dt is not None and dt.args:
                    recv_t = replace(recv_t, args=dt.args)
        arg_types = [self.range_type(a, b) for a, b in c.arg_ranges] if kind != "array_constructor" else []
        if kind == "method_ref":
            result = None
        elif kind == "field":
            result = self.e.instance_field(recv_t, c.method)
        elif kind in ("constructor", "array_constructor"):
            result = recv_t
        elif local and recv_t is None:
            result = self.e.local_methods.get(c.method)
        elif recv_t is not None and recv_t.name == "java.util.stream.Collectors":
            result = self.e.collector(c.method, None, None)
        else:
            result = self.e.call_result(recv_t, c.method, arg_types)
        end_idx = c.close if c.close is not None else c.name_idx
        text = self.src.slice(t[c.start].offset, t[end_idx].offset + len(t[end_idx].value))
        nt = t[c.name_idx]
        call = JavaCall(
            text=text or c.method,
            kind=kind,
            receiver=recv_text,
            java_type=recv_t.fqn() if recv_t is not None else None,
            type_args=[a.render() for a in recv_t.args] if recv_t is not None else [],
            method=c.method,
            arg_count=(-1 if kind == "method_ref" else (0 if kind == "field" else len(c.arg_ranges))),
            arg_types=[a.fqn() if a is not None else None for a in arg_types],
            line=(t[c.start].line if kind in ("constructor", "array_constructor") else nt.line),
            chain_parent=chain_parent,
            result_type=result.fqn() if result is not None else None,
            local=local,
            column=nt.col,
        )
        idx = len(self.res.calls)
        self.res.calls.append(call)
        if c.open >= 0:
            self.calls_by_open[c.open] = idx
        self.call_types[idx] = result
        return idx

    # -- statements

    def statements(self) -> None:
        t = self.t
        depth = 0
        start = 0
        n = len(t)
        for i in range(n):
            v = t[i].value
            if t[i].kind != "sep":
                continue
            if v in "([":
                depth += 1
            elif v in ")]":
                depth = max(0, depth - 1)
            elif depth == 0 and v in ";{}":
                end = i if v == ";" else i - 1
                if end >= start and not (v == "}" and end < start):
                    self._add_stmt(start, end)
                start = i + 1
        if start < n:
            self._add_stmt(start, n - 1)

    def _add_stmt(self, s: int, e: int) -> None:
        t = self.t
        if s > e:
            return
        if t[s].value in ("import", "package"):
            return
        text = self.src.slice(t[s].offset, t[e].offset + len(t[e].value), _STMT_CAP)
        if not text or text in (";", "}"):
            return
        self.res.statements.append(Statement(text, t[s].line, [], "token_scan", t[e].line, None))
        self.stmt_starts.append(t[s].offset)

    def _stmt_index(self) -> Callable[[int], int | None]:
        starts = self.stmt_starts

        def find(off: int) -> int | None:
            lo, hi = 0, len(starts) - 1
            best = None
            while lo <= hi:
                mid = (lo + hi) // 2
                if starts[mid] <= off:
                    best = mid
                    lo = mid + 1
                else:
                    hi = mid - 1
            if best is None:
                return None
            return self.stmt_first + best

        return find


# ---------------------------------------------------------------------------------------------
# Chunk-wise recovery: parse what javalang can, token-scan the rest
