"""Lexical detection of Java-isms (works on the masked source, so also inside ERROR nodes)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

PRIMITIVES = {
    "int": "Int64",
    "long": "Int64",
    "short": "Int16",
    "byte": "Int8",
    "boolean": "Bool",
    "double": "Float64",
    "float": "Float32",
    "char": "Rune",
}
_PRIM = "|".join(PRIMITIVES)
WRAPPERS = {
    "Integer": "Int64",
    "Long": "Int64",
    "Short": "Int16",
    "Byte": "Int8",
    "Double": "Float64",
    "Float": "Float32",
    "Boolean": "Bool",
    "Character": "Rune",
    "Object": "Any",
}
_TYPE = r"(?:[A-Z][\w.]*(?:<[^=;(){}]*?>)?|" + _PRIM + r")(?:\[\])*"


@dataclass
class Hit:
    start: int  # byte offsets into the code
    end: int
    code: str
    message: str
    suggestions: list[str]


Rule = Callable[[re.Match[bytes]], Hit | None]


def _h(m: re.Match[bytes], code: str, message: str, *sugg: str, group: int = 0) -> Hit:
    return Hit(m.start(group), m.end(group), code, message, list(sugg))


def _s(m: re.Match[bytes], g: int | str) -> str:
    v = m.group(g)
    return v.decode("utf-8", "replace") if v else ""


def _new(m: re.Match[bytes]) -> Hit:
    name, targs = _s(m, 1), _s(m, 2)
    if m.group(3) == b"[":
        elem = PRIMITIVES.get(name, name)
        return _h(
            m,
            "java-new",
            f"Cangjie has no `new`; arrays are `Array<{elem}>(n, repeat: v)`",
            f"Array<{elem}>(size, repeat: 0)",
            f"Array<{elem}>",
        )
    if targs.replace(" ", "") == "<>":
        targs = ""
    fix = f"{name}{targs}(...)"
    return _h(
        m,
        "java-new",
        f"Cangjie has no `new`: call the constructor directly, `{fix}`",
        f"{name}{targs}(",
        "remove `new`",
    )


def _println(m: re.Match[bytes]) -> Hit:
    stream, fn = _s(m, 1), _s(m, 2)
    if fn in ("printf", "format"):
        target = "println" if stream == "out" else "eprintln"
        return _h(
            m,
            "java-println",
            f'`System.{stream}.{fn}` is Java: use `{target}` with string interpolation `"${{x}}"`',
            target,
            '"${x}"',
        )
    target = {
        ("out", "println"): "println",
        ("out", "print"): "print",
        ("err", "println"): "eprintln",
        ("err", "print"): "eprint",
    }.get((stream, fn), "println")
    return _h(
        m, "java-println", f"`System.{stream}.{fn}` is Java: call `{target}(x)` (std.core, no import)", target
    )


def _final(m: re.Match[bytes]) -> Hit:
    return _h(
        m,
        "java-final",
        "`final` is Java: an immutable variable is `let` (a field: `let name: T`)",
        "let",
        group=1,
    )


def _prim(m: re.Match[bytes]) -> Hit:
    p = _s(m, "p")
    cj = PRIMITIVES[p]
    extra = ["Int32"] if p == "int" else (["UInt8", "Byte"] if p == "byte" else [])
    return Hit(
        m.start("p"), m.end("p"), "java-primitive", f"`{p}` is a Java type: Cangjie uses `{cj}`", [cj, *extra]
    )


def _void(m: re.Match[bytes]) -> Hit:
    return _h(m, "java-void", "`void` is Java: the Cangjie return type is `Unit` (or leave it out)", "Unit")


def _array_type(m: re.Match[bytes]) -> Hit:
    elem = _s(m, 1)
    elem = PRIMITIVES.get(elem, elem)
    return _h(
        m, "java-array", f"`{_s(m, 0).strip()}` is a Java array type: use `Array<{elem}>`", f"Array<{elem}>"
    )


def _null(m: re.Match[bytes]) -> Hit:
    return _h(
        m,
        "java-null",
        "Cangjie has no `null`: use an Option (`?T`) and `None` / `Some(x)`",
        "None",
        "Option",
        "?T",
    )


def _instanceof(m: re.Match[bytes]) -> Hit:
    return _h(m, "java-instanceof", "`instanceof` is Java: use `x is T` (or `match` / `as`)", "is", "x is T")


def _throws(m: re.Match[bytes]) -> Hit:
    return _h(
        m,
        "java-throws",
        "Cangjie has no `throws` clause: remove it (document the exception instead)",
        "remove `throws`",
    )


def _extends(m: re.Match[bytes]) -> Hit:
    kw = _s(m, 1)
    return _h(
        m,
        "java-extends",
        f"`{kw}` is Java: Cangjie writes supertypes with `<:` (`class A <: B & I`; bounds: `where T <: B`)",
        "<:",
        group=1,
    )


def _override(m: re.Match[bytes]) -> Hit:
    return _h(
        m,
        "java-override",
        "`@Override` is Java: use the `override` modifier (`public override func f()`)",
        "override",
    )


def _catch(m: re.Match[bytes]) -> Hit:
    types, var = _s(m, 1), _s(m, 2)
    fix = f"catch ({var}: {types})"
    return _h(m, "java-catch", f"Java catch syntax: write `{fix}`", fix, "catch (e: Exception)")


def _foreach(m: re.Match[bytes]) -> Hit:
    var, coll = _s(m, 1), _s(m, 2).strip()
    fix = f"for ({var} in {coll})"
    return _h(m, "java-for", f"Java for-each: write `{fix}`", fix, " in ")


def _classic_for(m: re.Match[bytes]) -> Hit:
    return _h(
        m,
        "java-for",
        "Java three-part for loop: iterate a range, `for (i in 0..n)` (step: `0..n : 2`)",
        "for (i in 0..n)",
        "..",
    )


def _lambda(m: re.Match[bytes]) -> Hit:
    params = _s(m, "ps").strip("() ")
    fix = "{ " + params + " => ... }"
    return _h(m, "java-lambda", f"Java lambda: Cangjie lambdas are `{fix}`", fix, "=>")


def _ternary(m: re.Match[bytes]) -> Hit:
    return _h(
        m,
        "java-ternary",
        "Cangjie has no `?:` operator: use `if (c) { a } else { b }`",
        "if (c) { a } else { b }",
        "if",
    )


def _method(m: re.Match[bytes]) -> Hit:
    t, name = _s(m, "t"), _s(m, "n")
    t = PRIMITIVES.get(t, "Unit" if t == "void" else t)
    fix = f"func {name}(...): {t}"
    return _h(m, "java-method", f"Java method declaration: write `{fix}`", fix, "func")


def _decl(m: re.Match[bytes]) -> Hit:
    t, name = _s(m, "t"), _s(m, "n")
    arr = t.endswith("[]")
    base = t.rstrip("[]")
    base = PRIMITIVES.get(base, WRAPPERS.get(base, base))
    t2 = f"Array<{base}>" if arr else base
    fix = f"let {name}: {t2}"
    return Hit(
        m.start("t"),
        m.end("n"),
        "java-decl",
        f"Java declaration: write `{fix} = ...` (or `var`)",
        [fix, f"var {name}: {t2}", "let", "var"],
    )


def _main(m: re.Match[bytes]) -> Hit:
    return _h(
        m, "java-main", "Java entry point: Cangjie's is `main(): Int64 { ... }` (or `main()`)", "main()"
    )


def _generic_method(m: re.Match[bytes]) -> Hit:
    return _h(m, "java-generic", "Java generic method: write `func name<T>(...)`", "func name<T>(")


_KW = (
    b"func|init|class|struct|interface|enum|prop|let|var|operator|open|override|static|abstract|sealed|mut|"
    b"redef|const|unsafe|foreign|main|extend|type|macro|return|throw|import|package|public|private|protected|"
    b"internal|case|match|if|while|for|do|else|try|catch|finally|spawn|synchronized|quote|in|is|as|where|"
    b"this|super|true|false"
)

RULES: list[tuple[re.Pattern[bytes], Rule]] = [
    (re.compile(rb"\bnew\s+([A-Za-z_][\w.]*)\s*(<[^()\n]*?>)?\s*([(\[{])"), _new),
    (re.compile(rb"\bSystem\s*\.\s*(out|err)\s*\.\s*(println|print|printf|format)\b"), _println),
    (
        re.compile(
            rb"(?:^\s*|[;{(]\s*|\b(?:private|public|protected|static)\s+)(final)\s+(?=[A-Za-z])", re.M
        ),
        _final,
    ),
    (re.compile(rb"\bpublic\s+static\s+void\s+main\s*\("), _main),
    (re.compile(rb"\b(?:public|private|protected|static)\s+(?:static\s+)?<[A-Z]"), _generic_method),
    (
        re.compile(
            rb"(?:\b(?:public|private|protected|static|abstract|final|synchronized)\s+)+(?:(?:static|final)\s+)*"
            rb"(?P<t>(?!(?:"
            + _KW
            + rb")\b)[A-Za-z_][\w.]*(?:<[^()\n]*>)?(?:\[\])*)\s+(?P<n>(?!(?:"
            + _KW
            + rb")\b)[a-zA-Z_]\w*)\s*\("
        ),
        _method,
    ),
    (
        re.compile(
            rb"(?:^|[;{]|\bfor\s*\()\s*(?:final\s+)?(?P<t>"
            + _TYPE.encode()
            + rb")\s+(?P<n>(?!(?:"
            + _KW
            + rb")\b)[a-z_]\w*)\s*(?==[^=>]|;|,|\)|$)",
            re.M,
        ),
        _decl,
    ),
    (
        re.compile(
            rb"(?:(?<=:)|(?<=<)|(?<=,)|(?<=\()|(?<=^)|(?<=[;{]))\s*(?P<p>"
            + _PRIM.encode()
            + rb")\b(?=\s*(?:\[\]|[>,);]|=(?!=)|\s+[a-zA-Z_]\w*\s*[=;,)(:]|$))",
            re.M,
        ),
        _prim,
    ),
    (re.compile(rb"\((?P<p>" + _PRIM.encode() + rb")\)"), _prim),
    (re.compile(rb"(?<![:\w]):\s*(?P<p>" + _PRIM.encode() + rb")\b"), _prim),
    (re.compile(rb"\bvoid\b"), _void),
    (re.compile(rb"(?<![\w\]])\b([A-Za-z_]\w*)(?:<[^()\n]*?>)?\[\](?=[\s),>.]|$)", re.M), _array_type),
    (re.compile(rb"\bnull\b"), _null),
    (re.compile(rb"\binstanceof\b"), _instanceof),
    (re.compile(rb"\bthrows\s+[A-Z][\w.]*"), _throws),
    (re.compile(rb"\b(extends|implements)\s+[A-Z]"), _extends),
    (re.compile(rb"@Override\b"), _override),
    (
        re.compile(rb"\bcatch\s*\(\s*(?:final\s+)?([A-Z][\w.]*(?:\s*\|\s*[A-Z][\w.]*)*)\s+([a-z_]\w*)\s*\)"),
        _catch,
    ),
    (
        re.compile(rb"\bfor\s*\(\s*(?:final\s+)?" + _TYPE.encode() + rb"\s+([a-z_]\w*)\s*:\s*([^)\n]+)\)"),
        _foreach,
    ),
    (re.compile(rb"\bfor\s*\([^;)\n]*;[^;)\n]*;"), _classic_for),
    (
        re.compile(
            rb"(?P<ps>\(\s*[a-z_]\w*(?:\s*,\s*[a-z_]\w*)*\s*\)|(?<=[(,])\s*[a-z_]\w*)\s*->(?!\s*[A-Z(])"
        ),
        _lambda,
    ),
    (re.compile(rb"[\w)\]]\s+\?\s+(?![?])[^;{}?:\n]+\s:\s"), _ternary),
]


def scan(masked: bytes) -> Iterator[Hit]:
    seen: set[tuple[int, str]] = set()
    for rx, rule in RULES:
        for m in rx.finditer(masked):
            hit = rule(m)
            if hit is None:
                continue
            # the primitive/array rules also fire inside a reported declaration; keep one per start and code
            key = (hit.start, hit.code)
            if key in seen:
                continue
            seen.add(key)
            yield hit
