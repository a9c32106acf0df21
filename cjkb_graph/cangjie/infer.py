"""Type resolution helpers shared by the walker: type texts to `Ty`, member return types."""

from __future__ import annotations

from .decls import Decls
from .index import GraphIndex, generic_params
from .types import TExpr, Ty, parse_type

ALIASES = {"Byte": "UInt8", "Int": "Int64", "UInt": "UInt64"}
CORE = "std.core."


class TypeResolver:
    def __init__(self, ix: GraphIndex, decls: Decls, imported: set[str], explicit: dict[str, str]):
        self.ix = ix
        self.decls = decls
        self.imported = imported  # wildcard-imported modules (+ std.core)
        self.explicit = explicit  # simple name (or alias) -> type/function id module

    def graph_type(self, name: str, prefer: str | None = None) -> str | None:
        name = ALIASES.get(name, name)
        ids = self.ix.types_by_name.get(name)
        if not ids:
            return None
        if len(ids) == 1:
            return ids[0]
        if name in self.explicit:
            for i in ids:
                if i.rsplit(".", 1)[0] == self.explicit[name]:
                    return i
        for cond in (
            lambda i: prefer is not None and i.rsplit(".", 1)[0] == prefer,
            lambda i: i.startswith(CORE),
            lambda i: i.rsplit(".", 1)[0] in self.imported,
        ):
            hits = [i for i in ids if cond(i)]
            if len(hits) == 1:
                return hits[0]
        return None

    def resolve(
        self, te: TExpr | None, env: dict[str, Ty | None] | None = None, prefer: str | None = None
    ) -> Ty | None:
        if te is None:
            return None
        env = env or {}
        name = te.name
        if name in env:
            return env[name]
        args = tuple(self.resolve(a, env, prefer) for a in te.args)
        if name == "Option":
            return Ty(CORE + "Option", args)
        if name in ("tuple", "func"):
            return Ty(name, args)
        simple = name.rsplit(".", 1)[-1]
        if simple in self.decls.type_params and simple not in self.decls.types:
            return None
        if simple in self.decls.types:
            return Ty("local:" + simple, args)
        tid = self.graph_type(simple, prefer)
        if tid is None:
            return None
        return Ty(tid, args)

    def resolve_text(
        self, text: str, env: dict[str, Ty | None] | None = None, prefer: str | None = None
    ) -> Ty | None:
        if not text:
            return None
        return self.resolve(parse_type(text), env, prefer)

    def env_for(self, owner: str, recv: Ty) -> dict[str, Ty | None]:
        params = self.ix.type_params.get(owner, [])
        if recv.id == owner:
            return {p: (recv.args[i] if i < len(recv.args) else None) for i, p in enumerate(params)}
        # inherited member: map by parameter name when the receiver uses the same names
        rparams = self.ix.type_params.get(recv.id, [])
        renv = {p: (recv.args[i] if i < len(recv.args) else None) for i, p in enumerate(rparams)}
        return {p: renv.get(p) for p in params}

    def member_type(self, api: str, recv: Ty | None) -> Ty | None:
        d = self.ix.G.nodes[api]
        mk = d.get("member_kind")
        text = d.get("return_type") or ""
        if mk == "init":
            return None
        if mk == "enum_constructor":
            return recv
        env: dict[str, Ty | None] = {}
        owner = d.get("owner")
        if owner and recv is not None:
            env = self.env_for(owner, recv)
        elif owner:
            env = {p: None for p in self.ix.type_params.get(owner, [])}
        for g in generic_params(d.get("signature") or "", d.get("name", "")):
            env[g] = None
        if not text or text == "This":
            return recv if text == "This" else None
        mod = owner.rsplit(".", 1)[0] if owner else d.get("module")
        return self.resolve_text(text, env, prefer=mod)


def element_type(r: TypeResolver, t: Ty | None) -> Ty | None:
    """Element type of `for (x in t)`, from the graph's iterator()/next() return types."""
    if t is None or t.id in ("tuple", "func") or t.id.startswith("local:"):
        return None
    if t.id == CORE + "Range":
        return t.args[0] if t.args else None
    ix = r.ix
    its = ix.member_ids(t.id, "iterator")
    if not its:
        return None
    it = r.member_type(its[0], t)
    if it is None:
        return None
    if it.id == CORE + "Iterator":
        return it.args[0] if it.args else None
    nxt = ix.member_ids(it.id, "next")
    if not nxt:
        return None
    opt = r.member_type(nxt[0], it)
    if opt is not None and opt.id == CORE + "Option" and opt.args:
        return opt.args[0]
    return None
