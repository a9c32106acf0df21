"""AST walker, part 2: type declarations, members and statements."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from javalang import tree as jt

from .model import _STMT_CAP, JType, Statement
from .parser import _COMPOUND
from .walker_base import _Frame, _WalkerBase


class _StmtWalker(_WalkerBase):
    # -- declarations

    def walk_types(self, decls: Iterable[Any]) -> None:
        for d in decls or ():
            if isinstance(d, jt.TypeDeclaration):
                self.walk_type_decl(d)

    def walk_type_decl(self, td: Any) -> None:
        supers: list[JType] = []
        ext = getattr(td, "extends", None)
        if isinstance(td, jt.ClassDeclaration) and ext is not None:
            t = self.type_of(ext)
            if t is not None and t.known:
                supers.append(t)
        frame = _Frame(str(td.name), supers)
        self.frames.append(frame)
        try:
            body = td.body
            if isinstance(td, jt.EnumDeclaration) and body is not None:
                for c in body.constants or ():
                    self.walk_args(c.arguments or [], None, "")
                    if c.body:
                        self.walk_body(c.body)
                body = body.declarations
            self.walk_body(body or [])
        finally:
            self.frames.pop()

    def walk_body(self, members: list[Any]) -> None:
        frame = self.frames[-1] if self.frames else None
        for m in members:
            if isinstance(m, jt.FieldDeclaration) and frame is not None:
                t = self.type_of(m.type)
                for d in m.declarators or ():
                    frame.fields[d.name] = self._with_dims(t, d)
        for m in members:
            self.tick()
            if isinstance(m, jt.FieldDeclaration):
                self.walk_field(m)
            elif isinstance(m, (jt.MethodDeclaration, jt.ConstructorDeclaration)):
                self.walk_method(m)
            elif isinstance(m, jt.TypeDeclaration):
                self.walk_type_decl(m)
            elif isinstance(m, list):  # initializer block
                self.walk_block(m)
            elif isinstance(m, jt.Statement):
                self.walk_stmt(m)

    @staticmethod
    def _with_dims(t: JType | None, d: Any) -> JType | None:
        extra = len(d.dimensions or []) if isinstance(getattr(d, "dimensions", None), list) else 0
        if t is not None and extra:
            return replace(t, dims=t.dims + extra)
        return t

    def walk_field(self, m: Any) -> None:
        sidx = self.open_stmt(m, "FieldDeclaration")
        try:
            t = self.type_of(m.type)
            for d in m.declarators or ():
                dt = self._with_dims(t, d)
                if d.initializer is not None:
                    it = self.expr(d.initializer, dt)
                    if dt is None:
                        dt = it
                if self.frames:
                    self.frames[-1].fields[d.name] = dt
                self.res.variables[d.name] = dt.render() if dt is not None else "?"
        finally:
            self.close_stmt(sidx)

    def walk_method(self, m: Any) -> None:
        self.scopes.append({})
        try:
            for p in m.parameters or ():
                t = self.type_of(p.type)
                if t is not None and getattr(p, "varargs", False):
                    t = replace(t, dims=t.dims + 1)
                self.declare(p.name, t)
            # the tree is walked for them only when the source has such a statement (few methods do)
            assigned = self._assigned_fields(m) if self.assigns_new else {}
            # fields of the class around the method (this.cache too); a bare method has no class
            (self.frames[-1].fields if self.frames else self.scopes[-1]).update(assigned)
            self.walk_block(m.body or [])
        finally:
            self.scopes.pop()

    def _assigned_fields(self, m: Any) -> dict[str, JType]:
        """The names the method assigns a new object of a known class without declaring them
        (``histogram = new HashMap<>()``, ``this.cache = new ConcurrentHashMap<>()``): fields of
        the class around it, of that class in every call on them, before the assignment too. A
        name assigned two classes, or declared anywhere in the method (a local, a parameter, a
        lambda's), is left alone; the type is inferred, never declared (``res.variables``)."""
        declared: set[str] = set()
        assigned: dict[str, JType | None] = {}
        for _, node in m:
            if isinstance(node, _DECLARES):
                declared.add(str(node.name))
            elif (
                isinstance(node, jt.Assignment)
                and node.type == "="
                and isinstance(node.value, jt.ClassCreator)
            ):
                name = _assigned_name(node.expressionl)
                if name is None or node.value.body:
                    continue
                t = self.type_of(node.value.type)
                known = t is not None and t.known and not t.dims
                if name in assigned and (not known or assigned[name] != t):
                    assigned[name] = None  # two classes (or one unknown): no type
                else:
                    assigned[name] = t if known else None
        return {
            n: t for n, t in assigned.items() if t is not None and n not in declared and not self.lookup(n)[0]
        }

    # -- statements

    def open_stmt(self, node: Any, kind: str) -> int | None:
        s = getattr(node, "_s", None)
        e = getattr(node, "_e", None)
        if s is None or e is None:
            return None
        line, _ = self.tok_pos(s)
        if not line:
            return None
        end_line, _ = self.tok_pos(e)
        hdr_end = e
        if kind in _COMPOUND:
            hdr_end = self._header_end(s, e, node)
        text = self.span_text(s, hdr_end, _STMT_CAP)
        parent = self.stmt_stack[-1] if self.stmt_stack else None
        self.res.statements.append(Statement(text, line, [], kind, end_line or line, parent))
        idx = len(self.res.statements) - 1
        self.stmt_stack.append(idx)
        return idx

    def close_stmt(self, idx: int | None) -> None:
        if idx is not None and self.stmt_stack and self.stmt_stack[-1] == idx:
            self.stmt_stack.pop()

    def _header_end(self, s: int, e: int, node: Any) -> int:
        child_starts = [
            getattr(c, "_s", None)
            for c in (
                getattr(node, "then_statement", None),
                getattr(node, "body", None),
            )
        ]
        limit = min([c for c in child_starts if isinstance(c, int) and c > s] + [e + 1])
        depth = 0
        for i in range(s, min(limit, e + 1)):
            v = self.toks[i].value
            if v in "([":
                depth += 1
            elif v in ")]":
                depth -= 1
            elif v == "{" and depth <= 0:
                return max(s, i - 1)
        return max(s, limit - 1)

    def walk_block(self, stmts: Any) -> None:
        if not isinstance(stmts, list):
            if stmts is not None:
                self.walk_stmt(stmts)
            return
        self.scopes.append({})
        try:
            for st in stmts:
                self.walk_stmt(st)
        finally:
            self.scopes.pop()

    def walk_stmt(self, st: Any) -> None:
        self.tick()
        if st is None:
            return
        if isinstance(st, list):
            self.walk_block(st)
            return
        if isinstance(st, jt.BlockStatement):
            self.walk_block(st.statements or [])
            return
        if isinstance(st, jt.TypeDeclaration):
            self.walk_type_decl(st)
            return
        kind = type(st).__name__
        sidx = self.open_stmt(st, kind)
        try:
            self._stmt_body(st)
        finally:
            self.close_stmt(sidx)

    def _stmt_body(self, st: Any) -> None:
        if isinstance(st, jt.LocalVariableDeclaration):
            t = self.type_of(st.type)
            for d in st.declarators or ():
                dt = self._with_dims(t, d)
                it = None
                if d.initializer is not None:
                    it = self.expr(d.initializer, dt)
                self.declare(d.name, dt if dt is not None else it)
        elif isinstance(st, jt.StatementExpression):
            self.expr(st.expression)
        elif isinstance(st, jt.IfStatement):
            self.expr(st.condition)
            self.walk_block_or_stmt(st.then_statement)
            self.walk_block_or_stmt(st.else_statement)
        elif isinstance(st, (jt.WhileStatement, jt.DoStatement)):
            self.expr(st.condition)
            self.walk_block_or_stmt(st.body)
        elif isinstance(st, jt.ForStatement):
            self.scopes.append({})
            try:
                self.walk_for_control(st.control)
                self.walk_block_or_stmt(st.body)
            finally:
                self.scopes.pop()
        elif isinstance(st, (jt.ReturnStatement, jt.ThrowStatement)):
            self.expr(st.expression)
        elif isinstance(st, jt.AssertStatement):
            self.expr(st.condition)
            self.expr(st.value)
        elif isinstance(st, jt.SynchronizedStatement):
            self.expr(st.lock)
            self.walk_block(st.block)
        elif isinstance(st, jt.TryStatement):
            self.walk_try(st)
        elif isinstance(st, jt.SwitchStatement):
            self.expr(st.expression)
            self.scopes.append({})
            try:
                for case in st.cases or ():
                    for c in case.case or ():
                        if isinstance(c, jt.Node):
                            self.expr(c)
                    for s2 in case.statements or ():
                        self.walk_stmt(s2)
            finally:
                self.scopes.pop()
        else:
            self.generic(st)

    def walk_block_or_stmt(self, st: Any) -> None:
        if st is None:
            return
        if isinstance(st, jt.BlockStatement):
            self.walk_block(st.statements or [])
        else:
            self.scopes.append({})
            try:
                self.walk_stmt(st)
            finally:
                self.scopes.pop()

    def walk_for_control(self, ctl: Any) -> None:
        if isinstance(ctl, jt.EnhancedForControl):
            it = self.expr(ctl.iterable)
            var = ctl.var
            t = self.type_of(var.type) if var is not None else None
            if t is None:
                t = self.e.iter_element(it)
            for d in getattr(var, "declarators", None) or ():
                self.declare(d.name, self._with_dims(t, d))
        elif isinstance(ctl, jt.ForControl):
            init = ctl.init
            if isinstance(init, jt.VariableDeclaration):
                t = self.type_of(init.type)
                for d in init.declarators or ():
                    dt = self._with_dims(t, d)
                    it = self.expr(d.initializer, dt) if d.initializer is not None else None
                    self.declare(d.name, dt if dt is not None else it)
            elif isinstance(init, list):
                for x in init:
                    self.expr(x)
            self.expr(ctl.condition)
            for x in ctl.update or ():
                self.expr(x)

    def walk_try(self, st: Any) -> None:
        self.scopes.append({})
        try:
            for r in st.resources or ():
                t = self.type_of(r.type)
                it = self.expr(r.value, t)
                self.declare(r.name, t if t is not None else it)
            self.walk_block(st.block or [])
        finally:
            self.scopes.pop()
        for c in st.catches or ():
            self.scopes.append({})
            try:
                p = c.parameter
                types = list(p.types or [])
                t = self.e.names.resolve(types[0]) if len(types) == 1 else None
                if len(types) > 1:
                    t = self.e.names.resolve("Exception")
                self.declare(p.name, t)
                if len(types) > 1:
                    self.res.variables[p.name] = "|".join(types)
                self.walk_block(c.block or [])
            finally:
                self.scopes.pop()
        if st.finally_block:
            self.walk_block(st.finally_block)

    def generic(self, node: Any) -> None:
        """Visit the children of a node we have no special handling for."""
        for child in getattr(node, "children", ()):
            if isinstance(child, jt.Statement):
                self.walk_stmt(child)
            elif isinstance(child, jt.Node):
                self.expr(child)
            elif isinstance(child, list):
                for c in child:
                    if isinstance(c, jt.Statement):
                        self.walk_stmt(c)
                    elif isinstance(c, jt.Node):
                        self.expr(c)


# the nodes that declare a name in a method: locals, parameters (a lambda's too), catch parameters
_DECLARES = (jt.VariableDeclarator, jt.FormalParameter, jt.InferredFormalParameter, jt.CatchClauseParameter)


def _assigned_name(target: Any) -> str | None:
    """``name`` of an assignment to ``name`` or ``this.name``; None for anything else."""
    if isinstance(target, jt.MemberReference) and not target.qualifier and not target.selectors:
        return str(target.member)
    if isinstance(target, jt.This) and len(target.selectors or []) == 1:
        sel = target.selectors[0]
        if isinstance(sel, jt.MemberReference) and not sel.selectors:
            return str(sel.member)
    return None
