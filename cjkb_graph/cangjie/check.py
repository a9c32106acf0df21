"""Check a Cangjie draft against the knowledge graph: syntax, Java-isms, imports, types, members, arity."""

from __future__ import annotations

import contextlib
import difflib
import time

import networkx as nx

from ..models import CheckResult, Diagnostic
from .decls import FUNC_DEFS, TYPE_DEFS, Decls, collect, first, var_parts
from .index import GraphIndex
from .infer import CORE, TypeResolver, element_type
from .javaisms import PRIMITIVES, scan
from .members import MemberChecks
from .parse import Node, Parsed, grammar_gap, parse, syntax_errors
from .types import Ty

LITERALS = {
    "integerLiteral": "Int64",
    "floatLiteral": "Float64",
    "stringLiteral": "String",
    "booleanLiteral": "Bool",
    "runeLiteral": "Rune",
    "unitLiteral": "Unit",
}
SCOPES = {
    "block",
    "lambdaExpression",
    "trailingLambdaExpression",
    "matchCase",
    "forInExpression",
    "ifExpression",
    "whileExpression",
    "tryExpression",
    "quoteExpression",
}
BUILTIN_TYPE_NODES = {
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "IntNative",
    "UInt8",
    "UInt16",
    "UInt32",
    "UInt64",
    "UIntNative",
    "Float16",
    "Float32",
    "Float64",
    "Bool",
    "Rune",
    "Unit",
    "Nothing",
    "String",
}
# Java names with no mapping table entry behind them on common receivers
FALLBACK = {"length": "size", "equals": "==", "charAt": "s[i] / toRuneArray()[i]", "getClass": "is / match"}


class CangjieChecker:
    """Checks Cangjie drafts; the graph index is built once per checker."""

    def __init__(self, G: nx.MultiDiGraph):
        self.G = G
        self.ix = GraphIndex.build(G)

    def check(self, code: str) -> CheckResult:
        t0 = time.perf_counter()
        run = _Run(self, parse(code))
        res = run.run()
        res.ms = (time.perf_counter() - t0) * 1000
        return res

    def apis(self, code: str) -> list[str]:
        """Graph APIs a snippet calls or reads, resolved through the inference."""
        run = _Run(self, parse(code))
        run.run()
        return sorted(run.apis)


class _Run(MemberChecks):
    def __init__(self, ck: CangjieChecker, p: Parsed):
        self.ck, self.ix, self.p = ck, ck.ix, p
        self.diags: list[Diagnostic] = []
        self.missing: list[str] = []
        self.apis: set[str] = set()
        self.decls: Decls = collect(p)
        self.imported: set[str] = {"std.core"}
        self.explicit: dict[str, str] = {}
        self.foreign = False  # imports of non-std packages (names may come from there)
        self.scopes: list[dict[str, Ty | None]] = [{}]
        self.cls: list[str] = []  # enclosing local type names
        for imp in self.decls.imports:
            if imp.name is None:
                self.imported.add(imp.module)
            else:
                self.explicit[imp.alias or imp.name] = imp.module
            if imp.module.split(".")[0] not in ("std", "stdx"):
                self.foreign = True
        if self.decls.package:
            self.foreign = True
        self.r = TypeResolver(self.ix, self.decls, self.imported, self.explicit)
        self.java_lines: set[int] = set()
        # a file without main() may be one file of a package: say less about its imports
        self.has_main = any(c.type == "mainDefinition" for c in p.root.children) or b"main(" in p.masked
        self.macros = b"@" in p.masked

    # ---- reporting
    def report(
        self, node: Node | tuple[int, int], sev: str, code: str, msg: str, sugg: list[str] | None = None
    ) -> None:
        if isinstance(node, tuple):
            pos = self.p.span(*node)
        else:
            pos = self.p.pos(node)
        line, col, el, ec = pos
        if any(d.line == line and d.code == code and d.column == col for d in self.diags):
            return
        self.diags.append(
            Diagnostic(
                line=line,
                column=col,
                end_line=el,
                end_column=ec,
                severity=sev,
                code=code,
                message=msg,
                suggestions=list(dict.fromkeys(sugg or [])),
            )
        )

    def need_import(self, node: Node, module: str, name: str, what: str) -> None:
        line = f"import {module}.*"
        if line not in self.missing:
            self.missing.append(line)
        reexported = what == "type" and any(
            name in self.ix.mentions(m) for m in self.imported if m != "std.core"
        )
        sev = "warning" if self.foreign or reexported or not self.has_main else "error"
        self.report(
            node,
            sev,
            "missing-import",
            f"{what} `{name}` is in `{module}`, which is not imported: add `{line}`",
            [line, f"import {module}.{name}"],
        )

    # ---- driver
    def run(self) -> CheckResult:
        for h in scan(self.p.masked):
            word = self.p.data[h.start : h.end].decode("utf-8", "replace").strip()
            if h.code == "java-primitive" and word in self.decls.names:
                continue
            self.report((h.start, h.end), "error", h.code, h.message, h.suggestions)
            self.java_lines.add(self.p.point(h.start)[0])
        errs = syntax_errors(self.p)
        for e in errs:
            line = self.p.pos(e)[0]
            if line in self.java_lines:
                continue
            sev = "warning" if self.in_macro_input(e) else "error"
            note = " (inside macro input, which the grammar may not cover)" if sev == "warning" else ""
            if sev == "error" and (gap := grammar_gap(self.p, e)):
                sev, note = "warning", f" (likely valid: the parser's grammar does not cover {gap})"
            if e.is_missing:
                self.report(e, sev, "syntax", f"syntax error: missing `{e.type}`{note}", [e.type])
            else:
                txt = self.p.text(e).strip().splitlines()[0][:40] if self.p.text(e).strip() else ""
                self.report(e, sev, "syntax", f"syntax error near `{txt}`{note}")
        self.check_imports()
        with contextlib.suppress(RecursionError):  # pathological nesting: keep what was found
            self.visit(self.p.root)
        # `System.out.println(x)`: the println diagnostic says it all; `System.out` at the same
        # place would say it again
        printed = {(d.line, d.column) for d in self.diags if d.code == "java-println"}
        self.diags = [d for d in self.diags if not (d.code == "java-api" and (d.line, d.column) in printed)]
        self.diags.sort(key=lambda d: (d.line, d.column))
        return CheckResult(
            diagnostics=self.diags, imports_missing=self.missing, parsed=not errs, apis=sorted(self.apis)
        )

    def in_macro_input(self, node: Node) -> bool:
        if b"$" in self.p.data[node.start_byte : node.end_byte]:
            return True
        n: Node | None = node
        while n is not None:
            if (
                n.type in ("macroExpression", "quoteExpression")
                or "macro" in n.type.lower()
                or "quote" in n.type.lower()
            ):
                return True
            n = n.parent
        line = self.p.data[self.p.data.rfind(b"\n", 0, node.start_byte) + 1 : node.end_byte]
        return b"quote(" in line or b"@" in line

    def check_imports(self) -> None:
        for imp in self.decls.imports:
            root = imp.module.split(".")[0]
            if root == "java" or root == "javax":
                full = imp.module + ("." + imp.name if imp.name else "")
                sugg = self.java_import_fix(full, imp.name)
                self.report(
                    imp.node,
                    "error",
                    "unknown-import",
                    f"`{full}` is a Java package: import the Cangjie one",
                    sugg,
                )
                continue
            if root not in ("std", "stdx"):
                continue
            if imp.module not in self.ix.modules:
                sub = imp.module + "." + imp.name if imp.name else None
                if sub and sub in self.ix.modules:  # `import std.collection.concurrent` style
                    continue
                close = difflib.get_close_matches(imp.module, sorted(self.ix.modules), n=3, cutoff=0.6)
                self.report(
                    imp.node,
                    "error",
                    "unknown-import",
                    f"package `{imp.module}` does not exist",
                    [f"import {c}.*" for c in close],
                )
            elif (
                imp.name
                and imp.name not in self.ix.module_names.get(imp.module, ())
                and (imp.module + "." + imp.name not in self.ix.modules)
            ):
                names = sorted(self.ix.module_names.get(imp.module, ()))
                close = difflib.get_close_matches(imp.name, names, n=3)
                homes = [i.rsplit(".", 1)[0] for i in self.ix.types_by_name.get(imp.name, [])]
                homes += [self.ix.G.nodes[f]["module"] for f in self.ix.functions.get(imp.name, [])]
                sugg = [f"import {h}.{imp.name}" for h in homes] + [f"import {imp.module}.{c}" for c in close]
                self.report(imp.node, "error", "unknown-import", f"`{imp.module}` has no `{imp.name}`", sugg)

    def java_import_fix(self, full: str, name: str | None) -> list[str]:
        out: list[str] = []
        ids = [full] if full in self.ix.G else []
        if not ids and name in (None, "*"):
            pkg = full.rstrip(".*")
            ids = [n for ns in self.ix.java_types.values() for n in ns if n.rsplit(".", 1)[0] == pkg]
        for j in ids:
            for v, _ in self.ix.java_maps(j):
                mod = self.ix.G.nodes[v].get("module")
                if mod and mod != "std.core":
                    out.append(f"import {mod}.*")
        return list(dict.fromkeys(out))[:5] or ["remove the Java import (std.core needs none)"]

    # ---- scopes
    def bind(self, name: str, t: Ty | None) -> None:
        self.scopes[-1][name] = t

    def lookup(self, name: str) -> tuple[bool, Ty | None]:
        for s in reversed(self.scopes):
            if name in s:
                return True, s[name]
        return False, None

    def bind_pattern(self, node: Node | None, t: Ty | None = None) -> None:
        if node is None:
            return
        if node.type in (
            "varBindingPattern",
            "identifier",
            "variableName",
            "_patternsMaybeIrrefutable",
        ) and not any(c.is_named for c in node.children if c.type not in ("varBindingPattern", "identifier")):
            self.bind(self.p.text(node).strip(), t)
            return
        if node.type == "tuplePattern" and t is not None and t.id == "tuple":
            kids = [c for c in node.named_children]
            if len(kids) == len(t.args):
                for k, a in zip(kids, t.args, strict=True):
                    self.bind_pattern(k, a)
                return
        if node.type == "typePattern":
            kids = node.named_children
            if len(kids) >= 2:
                self.bind_pattern(kids[0], self.r.resolve_text(self.p.text(kids[1])))
                return
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type in ("varBindingPattern", "identifier") and not n.named_children:
                self.bind(self.p.text(n).strip(), None)
            stack.extend(n.named_children)

    # ---- the walk
    def visit_children(self, node: Node) -> None:
        for c in node.named_children:
            self.visit(c)

    def visit(self, node: Node) -> Ty | None:
        t = node.type
        if t in ("importList", "packageDeclaration", "ERROR") or node.is_missing:
            if t == "ERROR":
                self.visit_children(node)
            return None
        if t in LITERALS:
            if t == "stringLiteral":
                self.visit_children(node)
            return Ty(CORE + LITERALS[t])
        if t in TYPE_DEFS or t == "extendDefinition":
            name = first(node, "extendType")
            nm = self.p.text(name).split("<")[0].strip() if name is not None else self.name_of(node)
            self.cls.append(nm)
            self.check_type_refs(node, body=False)
            self.scopes.append({})
            self.visit_children(node)
            self.scopes.pop()
            self.cls.pop()
            return None
        if (
            t in FUNC_DEFS
            or t == "propertyDefinition"
            or t == "lambdaExpression"
            or t == "trailingLambdaExpression"
        ):
            self.check_type_refs(node, body=False)
            self.scopes.append({})
            for c in node.children:
                if c.type in ("parameterList", "primaryInitParamList", "lambdaParameters"):
                    self.bind_params(c)
            for c in node.named_children:
                if c.type not in ("parameterList", "primaryInitParamList", "lambdaParameters"):
                    self.visit(c)
            self.scopes.pop()
            return None
        if t == "variableDeclaration":
            pat, typ, init = var_parts(self.p, node)
            it = self.visit(init) if init is not None else None
            if typ:
                self.check_type_text(node.child_by_field_name("type") or node)
                dt = self.r.resolve_text(typ)
                it = dt if dt is not None or typ else it
            self.bind_pattern(pat, it)
            return None
        if t == "forInExpression":
            kids = node.named_children
            pat = kids[0] if kids else None
            src = kids[1] if len(kids) > 1 else None
            st = self.visit(src) if src is not None else None
            self.scopes.append({})
            self.bind_pattern(pat, element_type(self.r, st))
            for c in kids[2:]:
                self.visit(c)
            self.scopes.pop()
            return None
        if t == "matchCase":
            self.scopes.append({})
            arrow = False
            for c in node.children:
                if c.type == "=>":
                    arrow = True
                elif c.is_named:
                    if arrow:
                        self.visit(c)
                    elif c.type not in ("atomicVariable",):
                        self.bind_pattern(c)
                    else:
                        self.visit(c)
            self.scopes.pop()
            return None
        if t in ("ifExpression", "whileExpression") and any(c.type == "let" for c in node.children):
            self.scopes.append({})
            pats: list[Node] = []
            after_let = False
            for c in node.children:
                if c.type == "let":
                    after_let = True
                elif after_let and c.is_named and c.type != "atomicVariable" and not pats:
                    pats.append(c)
                    after_let = False
                elif c.is_named:
                    self.visit(c)
            # bind after visiting the condition: only the blocks see them (close enough for types)
            for pnode in pats:
                self.bind_pattern(pnode)
            self.scopes.pop()
            return None
        if t == "catchPattern":
            kids = node.named_children
            if len(kids) >= 2:
                self.bind(self.p.text(kids[0]).strip(), self.r.resolve_text(self.p.text(kids[1])))
            elif kids:
                self.bind_pattern(kids[0])
            return None
        if t in SCOPES:
            self.scopes.append({})
            self.visit_children(node)
            self.scopes.pop()
            return None
        if t == "atomicVariable":
            return self.visit_name(node)
        if t == "thisSuperExpression":
            if self.p.text(node).strip() == "this" and self.cls:
                return self.cls_ty(self.cls[-1])
            return None
        if t == "postfixExpression":
            return self.visit_postfix(node)
        if t == "parenthesizedExpression":
            kids = node.named_children
            r = None
            for c in kids:
                r = self.visit(c)
            return r if len(kids) == 1 else None
        if t == "tupleExpression":
            return Ty("tuple", tuple(self.visit(c) for c in node.named_children))
        if t == "arrayLiteral":
            el = [self.visit(c) for c in node.named_children]
            return Ty(CORE + "Array", (el[0],)) if el and el[0] is not None else None
        if t == "rangeExpression":
            ends = [self.visit(c) for c in node.named_children]
            e0 = next((e for e in ends if e is not None), None)
            return Ty(CORE + "Range", (e0,)) if e0 is not None else None
        if t == "binaryExpression":
            return self.visit_binary(node)
        if t in ("userType",):
            self.check_type_text(node)
            return None
        self.visit_children(node)
        return None

    def name_of(self, node: Node) -> str:
        c = node.child_by_field_name("name")
        return self.p.text(c).strip() if c is not None else ""

    def cls_ty(self, name: str) -> Ty | None:
        if name in self.decls.types:
            return Ty("local:" + name)
        return self.r.resolve_text(name)

    def bind_params(self, plist: Node) -> None:
        for prm in plist.named_children:
            kids = prm.named_children
            if not kids:
                continue
            if prm.type == "lambdaParameter":
                name = self.p.text(kids[0]).strip()
                self.bind(name, self.r.resolve_text(self.p.text(kids[1])) if len(kids) > 1 else None)
                continue
            txt = self.p.text(prm)
            head, _, typ = txt.partition(":")
            name = head.split()[-1].rstrip("!") if head.split() else ""
            typ = typ.split("=")[0].strip()
            for k in kids[1:]:
                self.check_type_text(k)
            if name:
                self.bind(name, self.r.resolve_text(typ))

    # ---- names and types
    def visit_name(self, node: Node) -> Ty | None:
        kids = node.named_children
        name = self.p.text(kids[0]).strip() if kids else self.p.text(node).strip()
        for k in kids[1:]:
            if k.type == "typeArguments":
                for a in k.named_children:
                    self.check_type_text(a)
        found, ty = self.lookup(name)
        if found:
            return ty
        if self.cls:
            lt = self.decls.types.get(self.cls[-1]) or self.decls.extensions.get(self.cls[-1])
            if lt and name in lt.members:
                mk, typ = lt.members[name]
                return self.r.resolve_text(typ) if mk in ("var", "prop") else None
        return None

    def is_value(self, name: str) -> bool:
        found, _ = self.lookup(name)
        return found or (name in self.decls.names and name not in self.decls.types)

    def type_name_node(self, node: Node) -> tuple[str, Ty | None] | None:
        """If `node` names a type (not a value), its name and resolved type."""
        if node.type != "atomicVariable":
            return None
        kids = node.named_children
        name = self.p.text(kids[0]).strip() if kids else ""
        if not name or self.is_value(name) or not name[:1].isupper():
            return None
        targs = [self.p.text(a) for k in kids[1:] if k.type == "typeArguments" for a in k.named_children]
        text = name + (f"<{', '.join(targs)}>" if targs else "")
        return name, self.r.resolve_text(text)

    def check_type_text(self, node: Node) -> None:
        """Check every user type name under a type node."""
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type == "userType":
                kids = n.named_children
                if kids:
                    self.check_type_name(kids[0], self.p.text(kids[0]).strip())
            elif n.type in ("lambdaExpression", "block"):
                continue
            stack.extend(n.named_children)

    def check_type_refs(self, node: Node, body: bool) -> None:
        for c in node.named_children:
            if c.type in ("superOrInterface", "returnType", "extendType", "genericConstraints"):
                if c.type == "superOrInterface" and not c.named_children:
                    continue
                if (
                    c.type in ("superOrInterface", "extendType")
                    and c.named_children
                    and c.named_children[0].type == "identifier"
                ):
                    self.check_type_name(c.named_children[0], self.p.text(c.named_children[0]).strip())
                self.check_type_text(c)

    def check_type_name(self, node: Node, name: str) -> None:
        if (
            "." in name
            or name in self.decls.types
            or name in self.decls.type_params
            or name in self.decls.names
        ):
            return
        if name in self.explicit or name in BUILTIN_TYPE_NODES or name in ("This", "Any", "Object"):
            return
        ids = self.ix.types_by_name.get(name) or []
        ids += [
            f
            for f in self.ix.functions.get(name, [])
            if self.ix.G.nodes[f].get("member_kind") == "type_alias"
        ]
        if ids:
            mods = [i.rsplit(".", 1)[0] for i in ids]
            if not any(m in self.imported for m in mods):
                self.need_import(node, mods[0], name, "type")
            return
        if name in PRIMITIVES or name == "void":
            return  # the lexical scan reports these
        jt = self.ix.java_types.get(name)
        if jt:
            targets = [v for j in jt for v, _ in self.ix.java_maps(j)]
            sugg = []
            for v in targets:
                d = self.ix.G.nodes[v]
                sugg.append(d.get("name", v))
                if d.get("module") not in (None, "std.core"):
                    sugg.append(f"import {d['module']}.*")
            if sugg:
                self.report(node, "error", "java-type", f"`{name}` is a Java type: use `{sugg[0]}`", sugg)
                return
        if not self.foreign:
            close = difflib.get_close_matches(name, list(self.ix.types_by_name), n=3)
            self.report(node, "warning", "unknown-type", f"unknown type `{name}`", close)

    # ---- expressions
    def visit_binary(self, node: Node) -> Ty | None:
        op = next((c.type for c in node.children if not c.is_named), "")
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        lt = self.visit(left) if left is not None else None
        if op in ("is", "as"):
            rt = self.r.resolve_text(self.p.text(right)) if right is not None else None
            if right is not None and right.type == "atomicVariable":
                self.check_type_name(right, self.p.text(right).split("<")[0].strip())
            if op == "is":
                return Ty(CORE + "Bool")
            return Ty(CORE + "Option", (rt,)) if rt is not None else None
        rt = self.visit(right) if right is not None else None
        if op in ("<", ">") and (
            (right is not None and right.type in ("binaryExpression", "unitLiteral"))
            or (left is not None and left.type == "binaryExpression")
        ):
            return None  # `a.f<T>()` misparsed as comparisons
        if op in ("==", "!=", "<", ">", "<=", ">=", "&&", "||"):
            return Ty(CORE + "Bool")
        if op == "??":
            if lt is not None and lt.id == CORE + "Option" and lt.args:
                return lt.args[0]
            return rt
        if op in ("+", "-", "*", "/", "%", "**") and lt is not None and lt == rt and lt.id.startswith(CORE):
            return lt
        return None

    def visit_postfix(self, node: Node) -> Ty | None:
        operand = node.child_by_field_name("operand")
        suffix = node.child_by_field_name("suffix")
        if operand is None or suffix is None:
            self.visit_children(node)
            return None
        st = suffix.type
        if st == "fieldAccess":
            return self.member_access(operand, suffix, None, None)
        if st == "trailingLambdaExpression" and self.has_call(operand):
            self.visit(operand)
            self.visit(suffix)
            return None
        if st in ("callSuffix", "trailingLambdaExpression"):
            args, arg_nodes = self.call_args(node, suffix)
            atys: list[Ty | None] = [self.visit(c) for c in arg_nodes]
            for c in suffix.named_children:
                if c not in arg_nodes and c.type not in ("varBindingPattern", "identifier"):
                    self.visit(c)
            if operand.type == "postfixExpression":
                osuf = operand.child_by_field_name("suffix")
                oop = operand.child_by_field_name("operand")
                if osuf is not None and osuf.type == "fieldAccess" and oop is not None:
                    return self.member_access(oop, osuf, args, atys)
            if operand.type == "atomicVariable":
                return self.call_name(operand, args, atys)
            self.visit(operand)
            return None
        if st == "indexAccess":
            ot = self.visit(operand)
            self.visit_children(suffix)
            if ot is None or ot.id in ("tuple", "func") or ot.id.startswith("local:"):
                return None
            if any(c.type == "rangeExpression" for c in suffix.named_children):
                return ot
            ops = [m for m in self.ix.member_ids(ot.id, "[]") if self.ix.G.nodes[m].get("return_type")]
            rts = {self.r.member_type(m, ot) for m in ops[:1]}
            return rts.pop() if len(rts) == 1 else None
        self.visit(operand)
        self.visit(suffix)
        return None

    def has_call(self, node: Node) -> bool:
        """`f(x) { ... }`: the trailing lambda belongs to the call in the operand."""
        if node.type != "postfixExpression":
            return False
        s = node.child_by_field_name("suffix")
        return s is not None and s.type == "callSuffix"

    def call_args(self, node: Node, suffix: Node) -> tuple[tuple[int, frozenset[str]], list[Node]]:
        """((positional count, named argument names), positional argument nodes)."""
        pos_nodes: list[Node] = []
        named: set[str] = set()
        if suffix.type == "callSuffix":
            seg: list[Node] = []
            for c in [*suffix.children, None]:
                if c is None or c.type in (",", ")"):
                    kids = [k for k in seg if k.is_named or k.type == ":"]
                    if (
                        len(kids) >= 3
                        and kids[1].type == ":"
                        and kids[0].type in ("varBindingPattern", "identifier")
                    ):
                        named.add(self.p.text(kids[0]).strip())
                    elif any(k.is_named for k in kids):
                        pos_nodes.append(next(k for k in kids if k.is_named))
                    seg = []
                elif c.type != "(" and "comment" not in c.type.lower():
                    seg.append(c)
        pos = len(pos_nodes) + (0 if suffix.type == "callSuffix" else 1)
        parent = node.parent
        if (
            parent is not None
            and parent.type == "postfixExpression"
            and parent.child_by_field_name("operand") == node
        ):
            s2 = parent.child_by_field_name("suffix")
            if s2 is not None and s2.type == "trailingLambdaExpression":
                pos += 1
        return (pos, frozenset(named)), pos_nodes
