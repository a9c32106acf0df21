"""AST walker, part 3: expressions (calls, creators, lambdas, method references); ``_Walker`` is the full walker."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from javalang import tree as jt

from .model import _BOOL, _STRING, JType, _literal_type, _promote, _unboxed_name
from .parser import ParenExpr, _ArgList
from .walker_base import _args_of, _Frame
from .walker_stmt import _StmtWalker

_COLLECTORS = "java.util.stream.Collectors"
_STREAM = "java.util.stream.Stream"
# static methods whose comparator compares the elements of their first argument
_SORTS_BY_COMPARATOR = frozenset(
    {("java.util.Collections", m) for m in ("sort", "max", "min", "binarySearch")}
    | {("java.util.Arrays", m) for m in ("sort", "parallelSort", "binarySearch")}
)


class _Walker(_StmtWalker):
    # -- expressions

    def expr(self, node: Any, expected: JType | None = None) -> JType | None:
        self.tick()
        if node is None or not isinstance(node, jt.Node):
            return None
        if isinstance(node, jt.Primary):
            return self.primary(node, expected)
        if isinstance(node, jt.BinaryOperation):
            return self.binary(node)
        if isinstance(node, jt.Assignment):
            lt = self.expr(node.expressionl)
            vt = self.expr(node.value, lt)
            return lt if lt is not None else vt
        if isinstance(node, jt.TernaryExpression):
            self.expr(node.condition)
            a = self.expr(node.if_true, expected)
            b = self.expr(node.if_false, expected)
            return a if a is not None else b
        if isinstance(node, jt.Cast):
            self.expr(node.expression)
            t = self.type_of(node.type)
            return self._selectors(node, t, None, None, None) if getattr(node, "selectors", None) else t
        if isinstance(node, jt.MethodReference):
            self.method_ref(node)
            return None
        if isinstance(node, jt.LambdaExpression):
            # Function<int[], Double> f = v -> ..: the declared interface types the parameters
            self.lambda_(node, self.e.functional_params(expected, len(node.parameters or [])))
            return None
        if isinstance(node, jt.ArrayInitializer):
            el = expected.element() if expected is not None else None
            for x in node.initializers or ():
                self.expr(x, el)
            return expected
        self.generic(node)
        return None

    def binary(self, node: Any) -> JType | None:
        # left-deep chains (a + b + c + ...) are flattened to avoid deep recursion
        chain: list[Any] = []
        cur = node
        while isinstance(cur, jt.BinaryOperation) and len(chain) < 100_000:
            chain.append(cur)
            cur = cur.operandl
        t = self.expr(cur)
        for op_node in reversed(chain):
            op = op_node.operator
            if op == "instanceof":
                rt = None
            else:
                rt = self.expr(op_node.operandr)
            t = self._binop_type(op, t, rt)
        return t

    @staticmethod
    def _binop_type(op: str, lt: JType | None, rt: JType | None) -> JType | None:
        if op in ("==", "!=", "<", ">", "<=", ">=", "&&", "||", "instanceof"):
            return _BOOL
        if op == "+" and (
            (lt is not None and lt.name == "java.lang.String" and not lt.dims)
            or (rt is not None and rt.name == "java.lang.String" and not rt.dims)
        ):
            return _STRING
        if op in ("&", "|", "^") and _unboxed_name(lt) == "boolean":
            return _BOOL
        if op in ("<<", ">>", ">>>"):
            return _promote([lt])
        return _promote([lt, rt])

    def primary(self, node: Any, expected: JType | None) -> JType | None:
        ps = getattr(node, "_ps", None)
        pe = getattr(node, "_pe", None)
        t: JType | None = None
        last_call: int | None = None
        recv_text: str | None = None
        is_this = False
        if isinstance(node, jt.Literal):
            t = _literal_type(str(node.value))
        elif isinstance(node, ParenExpr):
            t = self.expr(node.expression, expected)
        elif isinstance(node, jt.This):
            t, is_this = None, True
            recv_text = "this"
        elif isinstance(node, jt.MethodInvocation):
            t, last_call = self.invocation_head(node, ps, pe)
        elif isinstance(node, jt.SuperMethodInvocation):
            args = _args_of(node)
            at = self.walk_args(args, None, node.member)
            sup = self.frames[-1].supers[0] if self.frames and self.frames[-1].supers else None
            res = self.e.call_result(sup, node.member, at) if sup is not None else None
            last_call = self.emit(
                kind="method",
                method=str(node.member),
                receiver="super",
                recv_t=sup,
                type_args=[a.render() for a in sup.args] if sup is not None else [],
                arg_types=at,
                span=(ps, getattr(args, "end", pe)),
                name_idx=getattr(args, "start", 0) - 1 if isinstance(args, _ArgList) else None,
                result=res,
            )
            t = res
        elif isinstance(node, jt.MemberReference):
            t = self.member_head(node, ps, pe)
        elif isinstance(node, jt.ClassCreator):
            t, last_call = self.class_creator(node, ps, pe, expected, None, None)
        elif isinstance(node, jt.ArrayCreator):
            t, last_call = self.array_creator(node, ps, pe)
        elif isinstance(node, jt.ClassReference):
            t = self.e.names.resolve("Class")
        elif isinstance(node, (jt.ExplicitConstructorInvocation, jt.SuperConstructorInvocation)):
            self.walk_args(node.arguments or [], None, "<init>")
        else:
            self.generic(node)
        if node.selectors:
            if recv_text is None:
                recv_text = self.span_text(ps, pe)
            t = self._selectors(node, t, last_call, recv_text, ps, is_this=is_this)
        ops = node.prefix_operators or []
        if "!" in ops:
            return _BOOL
        if node.postfix_operators or any(o in ("-", "+", "~", "++", "--") for o in ops):
            return _promote([t]) if t is not None else None
        return t

    def _selectors(
        self,
        node: Any,
        t: JType | None,
        last_call: int | None,
        recv_text: str | None,
        start: int | None,
        *,
        is_this: bool = False,
    ) -> JType | None:
        sels = node.selectors or []
        prev_end = getattr(node, "_pe", None)
        if start is None:
            start = getattr(node, "_ps", None)
        if recv_text is None:
            recv_text = self.span_text(start, prev_end)
        n = len(sels)
        for i, sel in enumerate(sels):
            self.tick()
            end = getattr(sel, "_e", None)
            if isinstance(sel, jt.MethodInvocation):
                args = _args_of(sel)
                member = str(sel.member)
                ctx_t = t
                at = self.walk_args(args, ctx_t, member)
                lam = self._lambda_result(args)
                local = is_this and member in self.e.local_methods
                if is_this and not local and t is None and self.frames and self.frames[-1].supers:
                    t = self.frames[-1].supers[0]  # inherited from a known superclass
                if local and t is None:
                    res = self.e.local_methods.get(member)
                else:
                    res = self._result(t, member, at, lam, args)
                last_call = self.emit(
                    kind="method",
                    method=member,
                    receiver=recv_text,
                    recv_t=t,
                    type_args=self._type_args(t, sel),
                    arg_types=at,
                    span=(start, end),
                    name_idx=getattr(args, "start", 0) - 1 if isinstance(args, _ArgList) else None,
                    chain_parent=last_call,
                    result=res,
                    local=local,
                )
                t = res
            elif isinstance(sel, jt.MemberReference):
                member = str(sel.member)
                if is_this:
                    _, ft = self._this_field(member)
                    t = ft
                else:
                    ft = self.e.instance_field(t, member)
                    if i == n - 1 or member == "length":
                        self.emit(
                            kind="field",
                            method=member,
                            receiver=recv_text,
                            recv_t=t,
                            type_args=self._type_args(t, None),
                            arg_types=[],
                            span=(start, end),
                            name_idx=end,
                            chain_parent=last_call,
                            result=ft,
                        )
                    t = ft
            elif isinstance(sel, jt.ArraySelector):
                self.expr(sel.index)
                t = t.element() if t is not None else None
            elif isinstance(sel, jt.InnerClassCreator):
                t, last_call = self.class_creator(sel, start, end, None, recv_text, last_call)
            elif isinstance(sel, jt.SuperMethodInvocation):
                self.walk_args(sel.arguments or [], None, str(sel.member))
                t = None
            elif isinstance(sel, jt.Node):
                self.generic(sel)
                t = None
            is_this = False
            prev_end = end
            recv_text = self.span_text(start, prev_end)
        return t

    def _this_field(self, name: str) -> tuple[bool, JType | None]:
        if self.frames and name in self.frames[-1].fields:
            return True, self.frames[-1].fields[name]
        return False, None

    def _type_args(self, t: JType | None, call: Any) -> list[str]:
        targs = getattr(call, "type_arguments", None) if call is not None else None
        if targs:
            return [self.type_arg(a).render() for a in targs]
        if t is None or not t.args:
            return []
        return [a.render() for a in t.args]

    def _result(
        self,
        recv: JType | None,
        member: str,
        at: list[JType | None],
        lam: JType | None,
        args: list[Any],
    ) -> JType | None:
        if recv is not None and recv.name == _COLLECTORS:
            elem = self.collect_elems[-1] if self.collect_elems else None
            return self.e.collector(member, elem, lam)
        return self.e.call_result(recv, member, at, lam)

    def _lambda_result(self, args: list[Any]) -> JType | None:
        for a in args:
            if isinstance(a, jt.LambdaExpression):
                return getattr(a, "_result_t", None)
            if isinstance(a, jt.MethodReference):
                return getattr(a, "_result_t", None)
        return None

    def walk_args(self, args: list[Any], recv: JType | None, method: str) -> list[JType | None]:
        out: list[JType | None] = []
        # stream.collect(Collectors.groupingBy(x -> ..)): the collectors' lambdas take the stream's elements
        collecting = method == "collect" and recv is not None and recv.name == _STREAM and bool(recv.args)
        if collecting and recv is not None:
            self.collect_elems.append(recv.args[0])
        try:
            for a in args:
                if isinstance(a, jt.LambdaExpression):
                    nparams = len(a.parameters or [])
                    self.lambda_(a, self._arg_lambda_params(recv, method, nparams, out))
                    out.append(None)
                else:
                    out.append(self.expr(a))
        finally:
            if collecting:
                self.collect_elems.pop()
        return out

    def _arg_lambda_params(
        self, recv: JType | None, method: str, nparams: int, before: list[JType | None]
    ) -> list[JType | None]:
        """The parameter types of a lambda passed to ``recv.method(..)`` after the arguments ``before``."""
        if recv is not None and before and (recv.name, method) in _SORTS_BY_COMPARATOR:
            el = self.e.iter_element(before[0])  # Collections.sort(names, (a, b) -> ..): the elements
            if el is not None:
                return [el] * nparams
        if recv is not None and recv.name == _COLLECTORS and self.collect_elems and nparams == 1:
            return [self.collect_elems[-1]]  # groupingBy(x -> ..), toMap(k -> .., v -> ..)
        return self.e.lambda_params(recv, method, nparams)

    def lambda_(self, node: Any, ptypes: list[JType | None]) -> None:
        self.scopes.append({})
        try:
            for i, p in enumerate(node.parameters or []):
                name: str | None = None
                t: JType | None = ptypes[i] if i < len(ptypes) else None
                if isinstance(p, jt.FormalParameter):
                    name = p.name
                    declared = self.type_of(p.type)
                    if declared is not None:
                        t = declared
                elif isinstance(p, jt.InferredFormalParameter):
                    name = p.name
                elif isinstance(p, ParenExpr) and isinstance(p.expression, jt.MemberReference):
                    name = p.expression.member
                elif isinstance(p, jt.MemberReference):
                    name = p.member
                self.declare(name, t)
            body = node.body
            if isinstance(body, list):
                self.walk_block(body)
            elif isinstance(body, jt.Node):
                node._result_t = self.expr(body)
        finally:
            self.scopes.pop()

    def method_ref(self, node: Any) -> None:
        ex = node.expression
        meth = node.method
        member = str(getattr(meth, "member", "") or "")
        if member == "new":
            member = "<init>"
        if not member:
            return  # ``A::`` followed by something javalang took for an expression
        recv_text: str | None = None
        t: JType | None = None
        if isinstance(ex, jt.Cast) and isinstance(ex.expression, jt.MemberReference):
            # (Function<Integer, Boolean>) Character::isLowerCase casts the reference, but javalang
            # reads it as ((Function<..>) Character)::isLowerCase: the qualifier is Character
            ex = ex.expression
        if isinstance(ex, jt.This):
            recv_text = "this"
        elif isinstance(ex, jt.MemberReference) and not ex.selectors:
            q = f"{ex.qualifier}.{ex.member}" if ex.qualifier else str(ex.member)
            recv_text = q
            dims = getattr(ex, "_dims", 0)
            if dims:
                t = self.e.names.resolve(q, dims=dims)
                recv_text = q + "[]" * dims
            else:
                t, _ = self.e.resolve_qualifier(q, self.lookup)
        elif isinstance(ex, jt.Node):
            t = self.expr(ex)
            recv_text = self.span_text(getattr(ex, "_ps", None), getattr(ex, "_pe", None))
        elif ex is not None and hasattr(ex, "value"):
            recv_text = str(ex.value)  # ``super`` token
        local = recv_text == "this" and member in self.e.local_methods
        s = getattr(node, "_s", None)
        e = getattr(node, "_e", None)
        if member == "<init>" and t is not None:
            node._result_t = t
        self.emit(
            kind="method_ref",
            method=member,
            receiver=recv_text,
            recv_t=t,
            type_args=[a.render() for a in t.args] if t is not None else [],
            arg_types=[],
            arg_count=-1,
            span=(s, e),
            name_idx=e,
            local=local,
        )

    def invocation_head(self, node: Any, ps: int | None, pe: int | None) -> tuple[JType | None, int]:
        args = _args_of(node)
        member = str(node.member)
        q = node.qualifier or ""
        name_idx = args.start - 1 if isinstance(args, _ArgList) else None
        kind = "method"
        local = False
        recv_t: JType | None
        if not q:
            receiver = None
            if member in self.e.local_methods:
                recv_t, local = None, True
            elif member in self.e.names.static_members:
                recv_t, kind = self.e.names.resolve(self.e.names.static_members[member]), "static"
                receiver = recv_t.simple()
            elif self.frames and self.frames[-1].supers:
                recv_t = self.frames[-1].supers[0]
            elif self.e.names.static_wildcards and member not in self.e.local_methods:
                recv_t, kind = self.e.names.resolve(self.e.names.static_wildcards[0]), "static"
                receiver = recv_t.simple()
            else:
                recv_t = None
        else:
            receiver = q
            recv_t, is_type = self.e.resolve_qualifier(q, self.lookup)
            if is_type:
                kind = "static"
        at = self.walk_args(args, recv_t, member)
        lam = self._lambda_result(args)
        if local:
            res = self.e.local_methods.get(member)
        else:
            res = self._result(recv_t, member, at, lam, args)
        idx = self.emit(
            kind=kind,
            method=member,
            receiver=receiver,
            recv_t=recv_t,
            type_args=self._type_args(recv_t, node),
            arg_types=at,
            span=(ps, pe),
            name_idx=name_idx,
            result=res,
            local=local,
        )
        return res, idx

    def member_head(self, node: Any, ps: int | None, pe: int | None) -> JType | None:
        q = node.qualifier or ""
        member = str(node.member)
        if not q:
            declared, t = self.lookup(member)
            if declared:
                return t
            return None
        recv_t, is_type = self.e.resolve_qualifier(q, self.lookup)
        if is_type and recv_t is not None:
            ft = self.e.static_field(recv_t, member)
            if ft is None and member[:1].isupper() and not member.isupper():
                return None  # nested type used as expression prefix
        else:
            ft = self.e.instance_field(recv_t, member)
        self.emit(
            kind="field",
            method=member,
            receiver=q,
            recv_t=recv_t,
            type_args=self._type_args(recv_t, None),
            arg_types=[],
            span=(ps, pe),
            name_idx=pe,
            result=ft,
        )
        return ft

    def class_creator(
        self,
        node: Any,
        ps: int | None,
        pe: int | None,
        expected: JType | None,
        outer_text: str | None,
        chain_parent: int | None,
    ) -> tuple[JType | None, int]:
        t = self.type_of(node.type)
        if t is not None and not t.args and expected is not None and expected.args:
            ta = getattr(node.type, "arguments", None)
            if ta is not None and len(ta) == 0:  # diamond
                t = replace(t, args=expected.args)
        if isinstance(node, jt.InnerClassCreator) and t is not None and not t.known:
            t = replace(t, known=False)
        args = _args_of(node)
        at = self.walk_args(args, t, "<init>")
        span_end = args.end if isinstance(args, _ArgList) else pe
        idx = self.emit(
            kind="constructor",
            method="<init>",
            receiver=outer_text,
            recv_t=t,
            type_args=[a.render() for a in t.args] if t is not None else [],
            arg_types=at,
            span=(ps, span_end),
            name_idx=ps,
            chain_parent=chain_parent,
            result=t,
        )
        if node.body:
            self.frames.append(_Frame("<anonymous>", [t] if t is not None and t.known else []))
            try:
                self.walk_body(node.body)
            finally:
                self.frames.pop()
        return t, idx

    def array_creator(self, node: Any, ps: int | None, pe: int | None) -> tuple[JType | None, int]:
        dims = list(node.dimensions or [])
        base = self.type_of(node.type)
        t = replace(base, dims=base.dims + len(dims)) if base is not None else None
        sizes = [d for d in dims if d is not None]
        for d in sizes:
            self.expr(d)
        count = len(sizes)
        if node.initializer is not None:
            self.expr(node.initializer, t)
            count = len(node.initializer.initializers or [])
        idx = self.emit(
            kind="array_constructor",
            method="<init>",
            receiver=None,
            recv_t=t,
            type_args=[],
            arg_types=[],
            arg_count=count,
            span=(ps, pe),
            name_idx=ps,
            result=t,
        )
        return t, idx
