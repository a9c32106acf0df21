"""A small type language for the local inference: a resolved type is a graph type id (or a type
declared in the checked file, ``local:Name``) with type arguments; anything else is unknown (None)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ty:
    id: str  # 'std.core.String', 'local:Foo', 'tuple', 'func'
    args: tuple[Ty | None, ...] = field(default=())

    @property
    def name(self) -> str:
        return self.id.rsplit(".", 1)[-1].removeprefix("local:")

    def show(self) -> str:
        if not self.args:
            return self.name
        inner = ", ".join(a.show() if a else "?" for a in self.args)
        if self.id == "tuple":
            return f"({inner})"
        return f"{self.name}<{inner}>"


@dataclass
class TExpr:
    """A parsed (unresolved) type expression."""

    name: str  # simple or dotted name; 'tuple' / 'func' / 'option'
    args: list[TExpr] = field(default_factory=list)


_TOK = re.compile(r"\s*(->|[A-Za-z_][\w.]*|[<>(),?\[\]&:!=*]|\S)")


def parse_type(text: str) -> TExpr | None:
    """Parse `?Array<(K, V)>` style text; None when it is not a type this parser knows."""
    toks = _TOK.findall(text.strip())
    pos = 0

    def peek() -> str:
        return toks[pos] if pos < len(toks) else ""

    def take() -> str:
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def one() -> TExpr | None:
        t = peek()
        if t == "?":
            take()
            inner = one()
            return TExpr("Option", [inner]) if inner else None
        if t == "(":
            take()
            parts: list[TExpr] = []
            while peek() not in (")", ""):
                e = one()
                if e is None:
                    return None
                parts.append(e)
                if peek() == ",":
                    take()
                elif peek() != ")":
                    return None
            take()
            if peek() == "->":
                take()
                ret = one()
                return TExpr("func", [*parts, ret]) if ret else None
            return parts[0] if len(parts) == 1 else TExpr("tuple", parts)
        if t and (t[0].isalpha() or t[0] == "_"):
            take()
            e = TExpr(t)
            if peek() == "<":
                take()
                while peek() not in (">", ""):
                    a = one()
                    if a is None:
                        return None
                    e.args.append(a)
                    if peek() == ",":
                        take()
                    elif peek() != ">":
                        return None
                take()
            if peek() == "->":
                take()
                ret = one()
                return TExpr("func", [e, ret]) if ret else None
            return e
        return None

    try:
        e = one()
    except IndexError:
        return None
    if e is None or pos != len(toks):
        return None
    return e


def type_names(text: str) -> list[str]:
    """Every simple type name mentioned in a type text."""
    return [t for t in re.findall(r"[A-Za-z_]\w*", text)]
