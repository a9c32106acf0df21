"""Member, function and constructor checks (a mixin of the checker's run)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from .infer import CORE
from .types import Ty

if TYPE_CHECKING:
    from .index import GraphIndex
    from .parse import Node

Args = tuple[int, frozenset[str]]
VALUE_KINDS = ("prop", "var", "let", "const")
CALL_KINDS = ("func", "operator", "init", "macro")
CONCRETE = {
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "UInt8",
    "UInt16",
    "UInt32",
    "UInt64",
    "Float16",
    "Float32",
    "Float64",
    "Rune",
    "Bool",
    "String",
    "Byte",
}
# names from Java (without a mapping table entry) and other languages -> Cangjie
SYNONYMS: dict[str, tuple[str, ...]] = {
    "charAt": ("toRuneArray()[i]", "[i] (a byte)", "get"),
    "length": ("size",),
    "getLength": ("size",),
    "count": ("size",),
    "put": ("add",),
    "push": ("add", "append"),
    "append": ("add", "append"),
    "getClass": ("is / match",),
    "toList": ("toArray",),
}


class MemberChecks:
    ix: GraphIndex
    imported: set[str]
    explicit: dict[str, str]
    apis: set[str]
    missing: list[str]
    r: Any
    decls: Any
    p: Any
    arg_types: list[Ty | None] | None = None
    macros: bool = False
    foreign: bool = False  # a package file or non-std imports: extensions elsewhere may add members

    # provided by the run
    def report(self, node: Any, sev: str, code: str, msg: str, sugg: list[str] | None = None) -> None: ...
    def visit(self, node: Node) -> Ty | None:
        raise NotImplementedError

    def need_import(self, node: Node, module: str, name: str, what: str) -> None: ...

    def type_name_node(self, node: Node) -> tuple[str, Ty | None] | None:
        raise NotImplementedError

    def check_type_name(self, node: Node, name: str) -> None: ...

    def is_value(self, name: str) -> bool:
        raise NotImplementedError

    def lookup(self, name: str) -> tuple[bool, Ty | None]:
        raise NotImplementedError

    # ---- helpers
    def node(self, api: str) -> dict[str, Any]:
        return self.ix.G.nodes[api]

    def visible(self, api: str, tid: str) -> bool:
        """Extension members (and members of interfaces a type gets through an extension) need the
        extension's package imported, unless it is the type's own package."""
        d = self.node(api)
        mod = d.get("module")
        owner = d.get("owner") or ""
        if not d.get("extension"):
            via = [m for t in self.ix.closure(tid) if (m := self.ix.ext_via.get((t, owner)))]
            if not via:
                return True
            mod = via[0]
        if mod in self.imported or mod == tid.rsplit(".", 1)[0]:
            return True
        return any(m == mod for m in self.explicit.values())

    def matches(self, sigs: list[Any], args: Args, arg_types: list[Ty | None] | None = None) -> bool | None:
        """True/False when every overload's shape is known, else None."""
        if not sigs or any(s is None for s in sigs):
            return None
        pos, named = args
        for s in sigs:
            okpos = pos == s.positional or (
                s.variadic and pos >= s.positional - 1 and self.var_ok(s, arg_types)
            )
            if okpos and named <= s.named and s.named_required <= named:
                return True
        return False

    def var_ok(self, s: Any, arg_types: list[Ty | None] | None) -> bool:
        """A variadic call: the known argument types must be the Array's element type."""
        elem = s.last_type[len("Array<") : -1].strip()
        if not arg_types or elem not in CONCRETE:
            return True  # generic, interface or Any elements: any argument may fit
        rest = arg_types[s.positional - 1 :]
        return all(a is None or a.name == elem for a in rest)

    def pick(self, ids: list[str], args: Args | None, arg_types: list[Ty | None] | None = None) -> list[str]:
        """The overloads a call most likely means: matching shape, nearest owner, argument types."""
        if args is None:
            return ids[:1]
        ok = [i for i in ids if (s := self.ix.sig(i)) is not None and self.matches([s], args)]
        if not ok:
            return ids[:1]
        owner = self.node(ok[0]).get("owner")
        ok = [i for i in ok if self.node(i).get("owner") == owner]
        if len(ok) > 1 and arg_types and all(a is not None for a in arg_types):
            want = [a.name for a in arg_types if a is not None]
            typed = [
                i
                for i in ok
                if [
                    p.get("type", "").split("<")[0] for p in self.node(i).get("params") or [] if p.get("name")
                ][: len(want)]
                == want
            ]
            return typed[:1] or ok[:1]
        return ok[:1] if len(ok) > 1 else ok

    def check_arity(self, node: Node, ids: list[str], args: Args, what: str) -> None:
        calls = [
            i
            for i in ids
            if self.node(i).get("member_kind") in CALL_KINDS or self.node(i).get("kind") == "function"
        ]
        if not calls or len(calls) != len(ids):
            return
        sigs = [self.ix.sig(i) for i in calls]
        if self.matches(sigs, args, self.arg_types) is False:
            pos, named = args
            n = f"{pos} argument{'s' if pos != 1 else ''}" + (
                f" and named {', '.join(sorted(named))}" if named else ""
            )
            sugg = [self.node(i).get("signature", "").split("\n")[0] for i in calls[:6]]
            self.report(node, "error", "arity", f"no overload of `{what}` takes {n}", sugg)

    # ---- x.name / T.name
    def member_access(
        self, operand: Node, fa: Node, args: Args | None, arg_types: list[Ty | None] | None = None
    ) -> Ty | None:
        self.arg_types = arg_types
        kids = fa.named_children
        nnode = kids[0] if kids else fa
        name = self.p.text(nnode).split("<")[0].strip()
        static = self.type_name_node(operand)
        if static is not None:
            tname, recv = static
            if recv is None or (
                not recv.id.startswith("local:")
                and not any(self.visible(i, recv.id) for i in self.ix.member_ids(recv.id, name))
                and self.ix.java_types.get(tname)
                and self.java_suggestions(None, name, static_name=tname)
            ):
                return self.java_static(operand, nnode, tname, name, args)
            self.check_type_name(operand, tname)
        else:
            if operand.type == "atomicVariable" and self.p.text(operand).strip() in ("std", "stdx"):
                return None
            recv = self.visit(operand)
        if recv is None:
            if name == "equals" and args is not None:
                self.report(
                    nnode, "warning", "java-equals", "`.equals(x)` is Java: compare with `==`", ["=="]
                )
            return None
        if recv.id in ("tuple", "func", CORE + "Unit"):
            return None
        if recv.id.startswith("local:"):
            return self.local_member(recv, nnode, name, args)
        return self.graph_member(recv, nnode, name, args, operand)

    def local_member(self, recv: Ty, nnode: Node, name: str, args: Args | None) -> Ty | None:
        lt = self.decls.types.get(recv.name)
        if lt is None:
            return None
        if name in lt.members:
            mk, typ = lt.members[name]
            if mk == "enum_constructor":
                return recv
            return self.r.resolve_text(typ)
        ext = self.decls.extensions.get(recv.name)
        if ext is not None and name in ext.members:
            return self.r.resolve_text(ext.members[name][1])
        names = set(lt.members)
        for s in lt.supers:
            st = self.r.resolve_text(s)
            if st is None:
                return None
            if st.id.startswith("local:"):
                sl = self.decls.types.get(st.name)
                if sl is None or sl.supers:
                    return None
                if name in sl.members:
                    return self.r.resolve_text(sl.members[name][1])
                names |= set(sl.members)
                continue
            ids = self.ix.member_ids(st.id, name)
            if ids:
                self.apis.update(ids[:1])
                return self.r.member_type(ids[0], None)
            names |= self.ix.member_names(st.id)
        if ext is not None or name in ("toString", "hashCode") or self.macros:
            return None  # the file's extensions or macros (`@Test`) may add members
        close = difflib.get_close_matches(name, sorted(names), n=3) or self.few(sorted(names))
        sev, note = self.unsure()
        self.report(nnode, sev, "unknown-member", f"`{recv.name}` has no member `{name}`{note}", close)
        return None

    def unsure(self) -> tuple[str, str]:
        """Severity and note of a member the graph does not know: an error only in a self-contained
        snippet; in a package file or next to non-std imports an extension declared in another file
        or package may add it (`extend String { ... }`, `100.percent` from a UI framework)."""
        if self.foreign:
            return (
                "warning",
                " (not in this file or the std docs; an extension in another file or package may add it)",
            )
        return "error", ""

    def graph_member(self, recv: Ty, nnode: Node, name: str, args: Args | None, operand: Node) -> Ty | None:
        tid = recv.id
        ext = self.decls.extensions.get(recv.name)
        if ext is not None and name in ext.members:
            return self.r.resolve_text(ext.members[name][1])
        ids = self.ix.member_ids(tid, name)
        shown = f"{recv.name}.{name}"
        if not ids:
            if ext is not None and ext.supers:
                return None  # the file's own extension may add it through an interface
            self.unknown_member(recv, nnode, name, args, operand)
            return None
        vis = [i for i in ids if self.visible(i, tid)]
        if not vis:
            mod = self.node(ids[0])["module"]
            self.need_import(nnode, mod, shown, "extension member")
            vis = ids
        kinds = {self.node(i).get("member_kind") for i in vis}
        if args is not None and kinds and kinds <= set(VALUE_KINDS):
            rt = self.node(vis[0]).get("return_type") or ""
            if "->" not in rt:
                recv_txt = self.p.text(operand).strip()
                self.report(
                    nnode,
                    "error",
                    "prop-call",
                    f"`{name}` is a property of `{recv.name}`, not a function: write `{recv_txt}.{name}` (no parentheses)",
                    [f"{recv_txt}.{name}", f".{name}"],
                )
                args = None
        if args is not None:
            self.check_arity(nnode, vis, args, shown)
        chosen = self.pick(vis, args, self.arg_types)
        self.apis.update(chosen)
        rts = {self.r.member_type(i, recv) for i in chosen}
        return rts.pop() if len(rts) == 1 else None

    def java_suggestions(
        self, tid: str | None, name: str, static_name: str | None = None
    ) -> list[tuple[str, str]]:
        """(fix, note) pairs from Java members named `name` whose maps_to leads to the type."""
        out: list[tuple[str, str]] = []
        jms: list[str] = []
        closure = self.ix.closure(tid) if tid else []
        if static_name is not None:
            for jt in self.ix.java_types.get(static_name, []):
                jms += self.ix.java_members.get(jt, {}).get(name, [])
        else:
            for c in closure:
                for jt in self.ix.java_for_type.get(c, []):
                    jms += self.ix.java_members.get(jt, {}).get(name, [])
            if not jms:
                for jm in self.ix.java_by_name.get(name, []):
                    if any(self.node(v).get("owner") in closure for v, _ in self.ix.java_maps(jm)):
                        jms.append(jm)
        for jm in dict.fromkeys(jms):
            for v, d in sorted(self.ix.java_maps(jm), key=lambda e: e[1].get("rank", 0)):
                if static_name is None and closure and self.node(v).get("owner") not in closure:
                    continue
                out.append((self.render(v), d.get("note") or ""))
        return out

    def render(self, v: str) -> str:
        d = self.node(v)
        name = d.get("name", v)
        owner = d.get("owner")
        if owner and (d.get("static") or d.get("member_kind") == "init"):
            oname = owner.rsplit(".", 1)[-1]
            return oname if d.get("member_kind") == "init" else f"{oname}.{name}"
        if d.get("kind") == "type":
            return name
        return name

    def import_for(self, v: str) -> str | None:
        mod = self.node(v).get("module")
        if mod and mod not in self.imported and mod != "std.core":
            return f"import {mod}.*"
        return None

    def unknown_member(self, recv: Ty, nnode: Node, name: str, args: Args | None, operand: Node) -> None:
        tid = recv.id
        java = self.java_suggestions(tid, name)
        if java:
            fixes = [f for f, _ in java]
            note = next((n for _, n in java if n), "")
            kind = ""
            first = self.ix.member_ids(tid, fixes[0].split(".")[-1])
            if first and self.node(first[0]).get("member_kind") in VALUE_KINDS:
                kind = " (a property: no parentheses)"
            msg = f"`{recv.name}` has no `{name}` (Java): use `{fixes[0]}`{kind}" + (
                f"; {note}" if note else ""
            )
            sugg = list(fixes)
            for f in fixes:
                ids = self.ix.member_ids(tid, f.split(".")[-1])
                if ids and (imp := self.import_for(ids[0])) and not self.visible(ids[0], tid):
                    sugg.append(imp)
            self.report(nnode, "error", "java-member", msg, sugg)
            return
        names = sorted(n for n in self.ix.member_names(tid) if n.isidentifier())
        alt = [
            a for a in SYNONYMS.get(name, ()) if a.split("(")[0].split(".")[0] in names or not a[0].isalpha()
        ]
        sev, note = self.unsure()
        if alt:
            self.report(
                nnode, sev, "java-member", f"`{recv.name}` has no `{name}`: use `{alt[0]}`{note}", alt
            )
            return
        if name in ("equals",):
            self.report(nnode, "error", "java-equals", "`.equals(x)` is Java: compare with `==`", ["=="])
            return
        if name in ("length", "getLength", "count") and "size" in names:
            self.report(
                nnode,
                sev,
                "java-member",
                f"`{recv.name}` has no `{name}`: use the `size` property{note}",
                ["size"],
            )
            return
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        self.report(nnode, sev, "unknown-member", f"`{recv.name}` has no member `{name}`{note}", close)

    def few(self, names: list[str]) -> list[str]:
        return names if len(names) <= 8 else []

    def java_static(self, operand: Node, nnode: Node, tname: str, name: str, args: Args | None) -> Ty | None:
        """`Integer.parseInt(...)`, `Math.max(...)`: a Java class where a Cangjie type was expected."""
        if tname in self.decls.names or tname in self.explicit:
            return None
        java = self.java_suggestions(None, name, static_name=tname)
        if not java:
            return None
        fixes = [f for f, _ in java]
        note = next((n for _, n in java if n), "")
        sugg = list(fixes)
        for jt in self.ix.java_types.get(tname, []):
            for jm in self.ix.java_members.get(jt, {}).get(name, []):
                for v, _ in self.ix.java_maps(jm):
                    if imp := self.import_for(v):
                        sugg.append(imp)
        self.report(
            operand,
            "error",
            "java-api",
            f"`{tname}.{name}` is Java: use `{fixes[0]}`" + (f"; {note}" if note else ""),
            sugg,
        )
        return None

    # ---- f(...) / T(...)
    def call_name(self, operand: Node, args: Args, arg_types: list[Ty | None] | None = None) -> Ty | None:
        kids = operand.named_children
        name = self.p.text(kids[0]).strip() if kids else ""
        if self.is_value(name):
            found, _ = self.lookup(name)
            if not found and name in self.decls.functions:
                return self.r.resolve_text(self.decls.functions[name])
            if name in self.decls.types:
                return self.visit(operand)
            return None
        tn = self.type_name_node(operand)
        if tn is not None and tn[1] is not None:
            tname, recv = tn[0], tn[1]
            self.visit(operand)  # type arguments
            self.check_type_name(operand, tname)
            if not recv.id.startswith("local:") and recv.id not in ("tuple", "func"):
                inits = self.ix.members.get(recv.id, {}).get("init", [])
                if inits:
                    self.check_arity(operand, inits, args, tname)
                    self.apis.update(self.pick(inits, args, arg_types))
                else:
                    self.apis.add(recv.id)
            return recv
        fids = [
            f for f in self.ix.functions.get(name, []) if self.node(f).get("member_kind") in (None, "func")
        ]
        if not fids:
            return None
        vis = [
            f
            for f in fids
            if self.node(f)["module"] in self.imported or self.explicit.get(name) == self.node(f)["module"]
        ]
        if not vis:
            self.need_import(operand, self.node(fids[0])["module"], name, "function")
            vis = [f for f in fids if self.node(f)["module"] == self.node(fids[0])["module"]]
        self.check_arity(operand, vis, args, name)
        chosen = self.pick(vis, args, arg_types)
        self.apis.update(chosen)
        rts = {self.r.member_type(f, None) for f in chosen}
        return rts.pop() if len(rts) == 1 else None
