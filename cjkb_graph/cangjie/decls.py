"""First pass over a parsed file: imports and the declarations of the file itself."""

from __future__ import annotations

from dataclasses import dataclass, field

from .parse import Node, Parsed

TYPE_DEFS = {
    "classDefinition": "class",
    "structDefinition": "struct",
    "interfaceDefinition": "interface",
    "enumDefinition": "enum",
}
FUNC_DEFS = {"functionDefinition", "init", "mainDefinition", "primaryInit", "operatorFunctionDefinition"}


@dataclass
class LocalType:
    name: str
    kind: str
    params: list[str] = field(default_factory=list)
    supers: list[str] = field(default_factory=list)  # type texts
    members: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (member kind, type text)


@dataclass
class Import:
    module: str  # 'std.collection'
    name: str | None  # None for `*`
    alias: str | None
    node: Node


@dataclass
class Decls:
    imports: list[Import] = field(default_factory=list)
    types: dict[str, LocalType] = field(default_factory=dict)
    extensions: dict[str, LocalType] = field(default_factory=dict)  # extended type name -> added members
    functions: dict[str, str] = field(default_factory=dict)  # top-level func name -> return type text
    names: set[str] = field(default_factory=set)  # every name declared anywhere in the file
    type_params: set[str] = field(default_factory=set)
    package: str | None = None


def first(node: Node, *types: str) -> Node | None:
    for c in node.children:
        if c.type in types:
            return c
    return None


def field_text(p: Parsed, node: Node, name: str) -> str:
    c = node.child_by_field_name(name)
    return p.text(c) if c is not None else ""


def decl_name(p: Parsed, node: Node) -> str:
    c = node.child_by_field_name("name")
    if c is not None:
        return p.text(c).strip()
    for ch in node.named_children:
        if ch.type in (
            "identifier",
            "className",
            "structName",
            "interfaceName",
            "enumName",
            "funcName",
            "propertyName",
        ):
            return p.text(ch).strip()
    return ""


def type_after_colon(p: Parsed, node: Node) -> str:
    """Text of the child after the first ':' token (a declared type), or ''."""
    seen = False
    for c in node.children:
        if seen:
            if c.type in ("=", "{", "where"):
                return ""
            return p.text(c)
        if c.type == ":":
            seen = True
    return ""


def var_parts(p: Parsed, node: Node) -> tuple[Node | None, str, Node | None]:
    """(pattern, type text, initializer) of a variableDeclaration."""
    pat = node.child_by_field_name("name")
    typ = node.child_by_field_name("type")
    init = node.child_by_field_name("initilizer") or node.child_by_field_name("initializer")
    state = "pat"
    for c in node.children:
        if c.type == ":":
            state = "type"
        elif c.type == "=":
            state = "init"
        elif c.is_named and c.type not in ("modifiers",):
            if state == "pat" and pat is None:
                pat = c
            elif state == "type" and typ is None:
                typ = c
            elif state == "init" and init is None:
                init = c
    return pat, p.text(typ) if typ is not None else "", init


def return_text(p: Parsed, node: Node) -> str:
    rt = first(node, "returnType")
    if rt is None:
        return ""
    return p.text(rt).lstrip(":").strip()


def collect(p: Parsed) -> Decls:
    d = Decls()
    stack = [p.root]
    while stack:
        node = stack.pop()
        t = node.type
        if t == "packageDeclaration":
            d.package = p.text(node).split(None, 1)[-1].strip() if " " in p.text(node) else None
            continue
        if t == "importList":
            _imports(p, node, d)
            continue
        if t == "typeParameters":
            for c in node.named_children:
                d.type_params.add(p.text(c).strip())
        if t in TYPE_DEFS:
            lt = _local_type(p, node, TYPE_DEFS[t])
            if lt.name:
                d.types[lt.name] = lt
                d.names.add(lt.name)
        elif t == "extendDefinition":
            et = first(node, "extendType")
            if et is not None:
                name = p.text(et).split("<")[0].strip()
                lt = d.extensions.setdefault(name, LocalType(name, "extend"))
                tmp = _local_type(p, node, "extend")
                lt.members.update(tmp.members)
                lt.supers.extend(tmp.supers)
        elif t == "enumConstructor":
            d.names.add(decl_name(p, node))
        elif t in FUNC_DEFS or t == "propertyDefinition" or t == "macroDefinition":
            n = decl_name(p, node)
            if n:
                d.names.add(n)
            if (
                t == "functionDefinition"
                and node.parent is not None
                and node.parent.type == "translationUnit"
            ):
                d.functions[n] = return_text(p, node)
        elif (
            t in ("varBindingPattern", "identifier")
            and node.parent is not None
            and node.parent.type
            not in (
                "atomicVariable",
                "fieldAccess",
                "userType",
            )
        ):
            d.names.add(p.text(node).strip())
        stack.extend(node.children)
    return d


def _imports(p: Parsed, node: Node, d: Decls) -> None:
    for c in node.named_children:
        if c.type == "scoped_identifier":
            full = p.text(c).replace(" ", "")
            mod, _, name = full.rpartition(".")
            alias = None
            txt = p.text(node)
            if " as " in txt:
                alias = txt.rsplit(" as ", 1)[1].strip()
            d.imports.append(Import(mod, name, alias, c))
        elif c.type == "packageFull":
            pn = c.child_by_field_name("packageName") or first(c, "scoped_identifier", "identifier")
            d.imports.append(Import(p.text(pn).replace(" ", ""), None, None, c))
        elif c.type == "subGroupOfPackage":
            pn = c.child_by_field_name("packageName") or first(c, "scoped_identifier", "identifier")
            mod = p.text(pn).replace(" ", "")
            grp = first(c, "packageGroup")
            if grp is not None:
                for g in grp.named_children:
                    item = p.text(g).replace(" ", "")
                    if item.endswith(".*"):
                        d.imports.append(Import(f"{mod}.{item[:-2]}", None, None, g))
                    elif "." in item:
                        sub, _, nm = item.rpartition(".")
                        d.imports.append(Import(f"{mod}.{sub}", nm, None, g))
                    else:
                        d.imports.append(Import(mod, item, None, g))
        elif c.type == "identifier":
            d.imports.append(Import(p.text(c).strip(), None, None, c))


def _local_type(p: Parsed, node: Node, kind: str) -> LocalType:
    name = decl_name(p, node)
    lt = LocalType(name, kind)
    tp = first(node, "typeParameters")
    if tp is not None:
        lt.params = [p.text(c).strip() for c in tp.named_children]
    for c in node.children:
        if c.type == "superOrInterface":
            lt.supers.extend(s.strip() for s in p.text(c).split("&") if s.strip())
    body = None
    for c in node.children:
        if c.type.endswith("Body"):
            body = c
    if body is None:
        return lt
    # the grammar nests interface bodies (`interfaceBody` in `interfaceBody` per member)
    members: list[Node] = []
    stack = [body]
    while stack:
        for m in stack.pop().named_children:
            (stack if m.type.endswith("Body") else members).append(m)
    for m in members:
        if m.type == "variableDeclaration":
            pat, typ, _ = var_parts(p, m)
            if pat is not None:
                lt.members[p.text(pat).strip()] = ("var", typ)
        elif m.type == "propertyDefinition":
            lt.members[decl_name(p, m)] = ("prop", type_after_colon(p, m))
        elif m.type == "functionDefinition":
            lt.members[decl_name(p, m)] = ("func", return_text(p, m))
        elif m.type == "enumConstructor":
            lt.members[decl_name(p, m)] = ("enum_constructor", name)
        elif m.type in ("primaryInit",):
            pl = first(m, "primaryInitParamList")
            if pl is not None:
                for prm in pl.named_children:
                    txt = p.text(prm)
                    if txt.lstrip().startswith(("let", "var", "public", "private", "protected", "internal")):
                        head, _, typ = txt.partition(":")
                        lt.members[head.split()[-1].rstrip("!")] = ("var", typ.split("=")[0].strip())
    return lt
