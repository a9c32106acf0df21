"""Chunk recovery: parse the top-level chunks of a fragment one by one, token-scan the rejected ones."""

from __future__ import annotations

import time
from typing import Any

from javalang import tree as jt
from javalang.parser import JavaSyntaxError
from javalang.tokenizer import EndOfInput

from .engine import _Engine, _Source
from .model import _VOID, Extraction, JType
from .parser import _Parser, _regex_tokens, _synthetic, _Timeout
from .scanner import _Scanner
from .walker import _Walker
from .walker_base import _Frame

_TYPE_KEYWORDS = frozenset({"class", "interface", "enum", "record"})
_BLOCK_FOLLOWERS = frozenset({"else", "catch", "finally", "while", ")", ",", ";", ".", "("})


class _Recovery:
    """Split a fragment into top-level chunks (statements / members), parse each chunk on its own
    and token-scan the chunks javalang rejects, sharing scopes so types keep flowing."""

    def __init__(self, engine: _Engine, src: _Source, res: Extraction, deadline: float) -> None:
        self.e = engine
        self.src = src
        self.res = res
        self.deadline = deadline
        self.w = _Walker(engine, src, [], res, deadline)
        self.parsed = 0
        self.scanned: list[tuple[int, int]] = []
        self.scanned_upto = 0
        self.timed_out = False
        self.scan_allowance = 0.2
        self.hard_extra_s = 1.0

    def run(self, toks: list[Any], ctx: str) -> None:
        self.w.frames.append(_Frame("__W", []))
        self.block(toks, 0, len(toks), ctx, 0)

    # -- chunking

    @staticmethod
    def chunks(toks: list[Any], a: int, b: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        depth = 0
        start = a
        for i in range(a, b):
            v = toks[i].value
            if v in ("(", "[", "{"):
                depth += 1
            elif v in (")", "]", "}"):
                depth = max(0, depth - 1)
                if v == "}" and depth == 0:
                    nxt = toks[i + 1].value if i + 1 < b else None
                    if nxt in _BLOCK_FOLLOWERS:
                        continue
                    out.append((start, i + 1))
                    start = i + 1
            elif v == ";" and depth == 0:
                out.append((start, i + 1))
                start = i + 1
        if start < b:
            out.append((start, b))
        return out

    # -- parsing

    def try_parse(self, toks: list[Any], ctx: str) -> tuple[str, list[Any], _Parser, list[Any]] | None:
        body = list(toks)
        if body and body[-1].value not in (";", "}"):
            body += _synthetic(";")
        order = ("member", "stmts") if ctx == "class" else ("stmts", "member")
        for kind in order:
            p = _Parser(body, self.deadline)
            try:
                nodes: list[Any] = []
                while not isinstance(p.tokens.look(), EndOfInput):
                    if kind == "stmts":
                        nodes.append(p.parse_block_statement())
                    else:
                        node = p.parse_class_body_declaration()
                        if node is not None:
                            nodes.append(node)
                return kind, nodes, p, body
            except _Timeout:
                self.timed_out = True
                return None
            except (JavaSyntaxError, RecursionError):
                continue
            except Exception:
                continue
        return None

    def block(self, toks: list[Any], a: int, b: int, ctx: str, depth: int) -> None:
        parsed: list[tuple[int, int, tuple[str, list[Any], _Parser, list[Any]] | None]] = []
        for ca, cb in self.chunks(toks, a, b):
            r = (
                None
                if self.timed_out or time.perf_counter() > self.deadline
                else self.try_parse(toks[ca:cb], ctx)
            )
            parsed.append((ca, cb, r))
        # declarations first: methods, types, fields are visible to every chunk
        for _, _, r in parsed:
            if r is None:
                continue
            kind, nodes, p, _ = r
            self.e.names.local_types.update(p.type_names)
            self.e.names.type_vars.update(p.type_params)
            for m in p.methods:
                if m.name not in self.e.local_methods:
                    self.e.local_methods[m.name] = (
                        self.w.type_of(m.return_type) if m.return_type is not None else _VOID
                    )
            if kind == "member" and self.w.frames:
                for m in nodes:
                    if isinstance(m, jt.FieldDeclaration):
                        t = self.w.type_of(m.type)
                        for d in m.declarators or ():
                            self.w.frames[-1].fields[d.name] = self.w._with_dims(t, d)
        for ca, cb, r in parsed:
            if r is None:
                self.failed(toks, ca, cb, ctx, depth)
                continue
            kind, nodes, _, full = r
            self.w.toks = full
            n_calls, n_stmts = len(self.res.calls), len(self.res.statements)
            n_scopes, n_frames = len(self.w.scopes), len(self.w.frames)
            try:
                if kind == "stmts":
                    for st in nodes:
                        self.w.walk_stmt(st)
                else:
                    self.w.walk_body(nodes)
                self.parsed += 1
            except (RecursionError, _Timeout):
                # drop what the interrupted walk emitted, then token-scan the chunk instead
                del self.res.calls[n_calls:]
                del self.res.statements[n_stmts:]
                for key in [k for k, v in self.w.seen.items() if v >= n_calls]:
                    del self.w.seen[key]
                del self.w.scopes[n_scopes:]
                del self.w.frames[n_frames:]
                self.scan(toks, ca, cb)
            finally:
                self.w.stmt_stack.clear()

    def failed(self, toks: list[Any], a: int, b: int, ctx: str, depth: int) -> None:
        """A chunk javalang rejected: descend into its ``{ body }`` when the header is understood."""
        if depth > 24 or self.timed_out:
            self.scan(toks, a, b)
            return
        brace = -1
        d = 0
        for i in range(a, b):
            v = toks[i].value
            if v in ("(", "["):
                d += 1
            elif v in (")", "]"):
                d -= 1
            elif v == "{" and d <= 0:
                brace = i
                break
        end = b - 1
        if end > a and toks[end].value == ";":
            end -= 1
        if brace < 0 or toks[end].value != "}" or self._match(toks, brace, end + 1) != end:
            self.scan(toks, a, b)
            return
        header = [str(t.value) for t in toks[a:brace]]
        type_kw = next((i for i, v in enumerate(header) if v in _TYPE_KEYWORDS), -1)
        if type_kw >= 0 and type_kw + 1 < len(header):
            # class / interface / enum / record: scan the header (record components, extends ...)
            supers: list[JType] = []
            if "extends" in header:
                k = header.index("extends") + 1
                if k < len(header):
                    st = self.e.names.resolve(header[k])
                    if st.known:
                        supers.append(st)
            self.e.names.local_types.add(header[type_kw + 1])
            frame = _Frame(header[type_kw + 1], supers)
            self.w.frames.append(frame)
            try:
                decls = self.scan(toks, a, brace, export=False)
                frame.fields.update(decls)
                self.block(toks, brace + 1, end, "class", depth + 1)
            finally:
                self.w.frames.pop()
            return
        if (header and header[-1] == ")") or "throws" in header:
            r = self.try_parse(list(toks[a:brace]) + _synthetic("{ }"), "class")
            if (
                r is not None
                and r[0] == "member"
                and r[1]
                and isinstance(r[1][0], (jt.MethodDeclaration, jt.ConstructorDeclaration))
            ):
                m = r[1][0]
                if isinstance(m, jt.MethodDeclaration) and m.name not in self.e.local_methods:
                    self.e.local_methods[m.name] = self.w.type_of(m.return_type) if m.return_type else _VOID
                self.w.scopes.append({})
                try:
                    for prm in m.parameters or ():
                        self.w.declare(prm.name, self.w.type_of(prm.type))
                    self.block(toks, brace + 1, end, "method", depth + 1)
                finally:
                    self.w.scopes.pop()
                return
        # statement header (for/if/while/switch/...): scan it, then the body as statements
        self.w.scopes.append({})
        try:
            self.scan(toks, a, brace)
            self.block(toks, brace + 1, end, "method", depth + 1)
        finally:
            self.w.scopes.pop()

    @staticmethod
    def _match(toks: list[Any], i: int, b: int) -> int:
        d = 0
        for k in range(i, b):
            v = toks[k].value
            if v == "{":
                d += 1
            elif v == "}":
                d -= 1
                if d == 0:
                    return k
        return -1

    def scan(self, toks: list[Any], a: int, b: int, export: bool = True) -> dict[str, JType | None]:
        if a >= b:
            return {}
        first = toks[a].position
        last = toks[b - 1].position
        if first is None or last is None:
            return {}
        start = self.src.offset(first[0], first[1])
        end = self.src.offset(last[0], last[1]) + len(str(toks[b - 1].value))
        start = max(start, self.scanned_upto)
        if start < 0 or end <= start:
            return {}
        self.scanned_upto = end
        self.scanned.append((first[0], last[0]))
        rtoks = _regex_tokens(self.src.code, start, end, first[0])
        sc = _Scanner(
            self.e,
            self.src,
            rtoks,
            self.res,
            max(self.deadline, time.perf_counter()) + self.scan_allowance,
            outer=self.w.lookup,
        )
        sc.hard_extra_s = self.hard_extra_s
        try:
            sc.run()
        except RecursionError:
            return {}
        found: dict[str, JType | None] = {}
        for name in sc.decls:
            found[name] = sc.var_type(name, len(rtoks))[1]
            if export:
                self.w.declare(name, found[name])
        return found


# ---------------------------------------------------------------------------------------------
# Mode selection and orchestration
