"""Extract the API calls of a Java snippet, with the Java types of their receivers.

``extract(code)`` parses any fragment of Java (a whole file, class members, statements or a single
expression) with javalang and walks the tree, tracking the declared types of locals, parameters,
fields, ``var`` initialisers, for-each variables, casts, lambda and catch parameters, so that each
call carries the fully-qualified Java type of its receiver (``java.util.HashMap``), the generic
arguments as written, argument types and -- via a small built-in table or the resolver's
``return_type_hook`` -- the type it returns, which flows into chained calls.

Parsing strategy: the likely mode is picked from the token shape (type declarations ->
``compilation_unit``; modifiers or ``Type name(...) {`` -> ``class_body``; no top-level ``;`` ->
``expression``; else ``method_body``), the others are tried after it.  Wrapping happens at token
level, so every position refers to the caller's input.  When no mode parses the whole snippet
(Java 14+ syntax, half-written code), the snippet is split into top-level chunks (statements /
members, recursively into ``{ bodies }``), each chunk is parsed on its own and the chunks javalang
rejects are token-scanned with the variables known so far; ``parse_mode`` is then the mode of the
parsed chunks and a note lists the scanned lines.  When nothing parses (or nesting is too deep
for javalang's recursion), a linear token scan over a regex tokenizer (which also understands
text blocks) finds ``recv.method(``, ``Type.method(``, ``new Type(``, ``a.b.c(``, ``x::m`` and
``arr.length`` with argument counts by bracket matching and a lighter version of the same type
inference (declarations ``Type name =``, for-each, ``var``, chained results).

Never raises and bounded in time: inputs are truncated to ``max_chars`` (at a line break), the
javalang parser is interrupted through its token iterator once 70% of ``time_budget_s`` is
spent, tree walks are ticked, recursion errors fall back to chunk recovery / the token scan; the
token scan gets the rest of the budget (at least 0.2 s) for declarations and 1 s more to emit calls.

Output conventions:

* calls are listed in evaluation order (post-order): the receiver chain and the arguments of a call
  come before the call itself, so ``chain_parent`` always points to an earlier index; the calls of
  an anonymous class body follow its constructor;
* ``java_type`` is a raw FQN (``java.util.Map``), a primitive (``int``) or an array (``int[]``,
  ``java.lang.String[]``); ``None`` for user classes, type variables and unknown receivers;
* ``type_args`` are the receiver's generic arguments as written (``["String", "List<Integer>"]``),
  for a diamond constructor those of the declared target type, or explicit method type arguments;
* ``arg_count`` is ``-1`` for method references; for array constructors the number of sizes given
  (``new int[3][4]`` -> 2) or of initializer elements;
* ``result_type`` comes from ``return_type_hook(owner_fqn, method, arg_count)`` when it returns
  something (type variables such as ``E``/``V`` are bound from the receiver's generics; a hook
  answer with the same raw type as the built-in table keeps the table's generic arguments), else
  from the built-in table; ``void`` when known to return nothing;
* ``imports``: single-type imports as ``simple -> FQN``, static imports as ``member -> FQN``,
  wildcards as ``"java.util.*" -> "java.util"``;
* ``local`` is True for calls of methods declared in the snippet, unqualified or on ``this``;
  unqualified calls in a class that extends a known JDK type get that type as ``java_type``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

import javalang
from javalang import tree as jt
from javalang import util as jutil
from javalang.parser import JavaSyntaxError, Parser
from javalang.tokenizer import EndOfInput

from cjkb_graph.java_extract_tables import (
    BOXES,
    CLASS_FQN,
    COLLECTOR_RESULTS,
    ENUMS,
    LAMBDA_PARAMS,
    PRIMITIVES,
    RETURNS,
    STATIC_FIELDS,
    SUPERS,
    TYPE_PARAMS,
    UNBOXES,
)

__all__ = ["Extraction", "JavaCall", "ReturnTypeHook", "Statement", "extract"]

ReturnTypeHook = Callable[[str, str, int], "str | None"]

PARSE_MODES = ("compilation_unit", "class_body", "method_body", "expression", "token_scan")
CALL_KINDS = ("method", "constructor", "static", "field", "method_ref", "array_constructor")

_TEXT_CAP = 240
_STMT_CAP = 400


# ---------------------------------------------------------------------------------------------
# Public data model


@dataclass
class JavaCall:
    """One API use found in the snippet."""

    text: str
    kind: str
    receiver: str | None
    java_type: str | None
    type_args: list[str]
    method: str
    arg_count: int
    arg_types: list[str | None]
    line: int
    chain_parent: int | None = None
    result_type: str | None = None
    local: bool = False
    column: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Statement:
    """A statement of the snippet (compound statements: their header only, e.g. ``for (String s : xs)``).

    ``calls`` are the indexes (into ``Extraction.calls``) of the calls whose innermost enclosing
    statement this is; ``parent`` is the index of the enclosing statement.
    """

    text: str
    line: int
    calls: list[int] = field(default_factory=list)
    kind: str = ""
    end_line: int = 0
    parent: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Extraction:
    calls: list[JavaCall] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    parse_mode: str = "token_scan"
    imports: dict[str, str] = field(default_factory=dict)
    variables: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# ---------------------------------------------------------------------------------------------
# Type model


@dataclass(frozen=True, slots=True)
class JType:
    """A Java type: ``name`` is the FQN (or primitive); when ``known`` is False it is the name as written."""

    name: str
    args: tuple[JType, ...] = ()
    dims: int = 0
    known: bool = True
    written: str = ""

    def fqn(self) -> str | None:
        if self.dims:
            return self.name + "[]" * self.dims
        return self.name if self.known else None

    def simple(self) -> str:
        if self.written:
            return self.written
        if self.known and "." in self.name:
            return self.name.rsplit(".", 1)[1]
        return self.name

    def render(self, depth: int = 0) -> str:
        s = self.simple()
        if self.args and depth < 8:
            s += "<" + ",".join(a.render(depth + 1) for a in self.args) + ">"
        return s + "[]" * self.dims

    def element(self) -> JType | None:
        if self.dims:
            return replace(self, dims=self.dims - 1)
        return None

    @property
    def is_primitive(self) -> bool:
        return self.dims == 0 and self.name in PRIMITIVES


_STRING = JType("java.lang.String", written="String")
_BOOL = JType("boolean")
_INT = JType("int")
_LONG = JType("long")
_DOUBLE = JType("double")
_FLOAT = JType("float")
_CHAR = JType("char")
_VOID = JType("void")
_OBJECT = JType("java.lang.Object", written="Object")
_PRIM_T = {p: JType(p) for p in PRIMITIVES}
_NUM_RANK = {"byte": 1, "short": 2, "char": 2, "int": 3, "long": 4, "float": 5, "double": 6}


def _boxed(t: JType | None) -> JType | None:
    if t is not None and t.is_primitive and t.name in BOXES:
        fqn = BOXES[t.name]
        return JType(fqn, written=fqn.rsplit(".", 1)[1])
    return t


def _unboxed_name(t: JType | None) -> str | None:
    if t is None or t.dims:
        return None
    if t.name in _NUM_RANK:
        return t.name
    return UNBOXES.get(t.name)


def _promote(types: Iterable[JType | None]) -> JType | None:
    best = 0
    best_name = ""
    any_ = False
    for t in types:
        n = _unboxed_name(t)
        if n is None or n not in _NUM_RANK:
            return None
        any_ = True
        r = max(_NUM_RANK[n], 3)
        if r > best:
            best, best_name = r, ("int" if r == 3 else n)
    return _PRIM_T[best_name] if any_ else None


def _literal_type(value: str) -> JType | None:
    if not value:
        return None
    c = value[0]
    if c == '"':
        return _STRING
    if c == "'":
        return _CHAR
    if value in ("true", "false"):
        return _BOOL
    if value == "null":
        return None
    v = value.lower().replace("_", "")
    if v.startswith(("0x", "0b")):
        return _LONG if v.endswith("l") else _INT
    if v.endswith("l"):
        return _LONG
    if v.endswith("f"):
        return _FLOAT
    if v.endswith("d") or "." in v or "e" in v:
        return _DOUBLE
    if v[:1].isdigit() or v[:1] == ".":
        return _INT
    return None


# ---------------------------------------------------------------------------------------------
# Name resolution and built-in return types


class _Names:
    """Simple/dotted type name -> JType, honouring imports, snippet-declared types and built-ins."""

    def __init__(self) -> None:
        self.imports: dict[str, str] = {}
        self.wildcards: list[str] = []
        self.static_members: dict[str, str] = {}  # member -> owner FQN
        self.static_wildcards: list[str] = []
        self.local_types: set[str] = set()
        self.type_vars: set[str] = set()
        self._cache: dict[str, JType] = {}

    def add_import(self, path: str, static: bool, wildcard: bool, out: dict[str, str]) -> None:
        if static:
            if wildcard:
                self.static_wildcards.append(path)
                out[path + ".*"] = path
            else:
                owner, _, member = path.rpartition(".")
                if owner:
                    self.static_members[member] = owner
                    out[member] = path
        elif wildcard:
            self.wildcards.append(path)
            out[path + ".*"] = path
        else:
            simple = path.rsplit(".", 1)[-1]
            self.imports[simple] = path
            out[simple] = path
        self._cache.clear()

    def resolve(self, name: str, args: tuple[JType, ...] = (), dims: int = 0) -> JType:
        base = self._cache.get(name)
        if base is None:
            base = self._resolve_raw(name)
            self._cache[name] = base
        if args or dims:
            return replace(base, args=args, dims=dims)
        return base

    def _resolve_raw(self, name: str) -> JType:
        if name in PRIMITIVES:
            return _PRIM_T[name]
        segs = name.split(".")
        head = segs[0]
        if head in self.type_vars or head in self.local_types:
            return JType(name, known=False, written=name)
        if len(segs) > 1 and head[:1].islower():
            # fully-qualified: java.util.List, java.util.Map.Entry
            return JType(name, written=".".join(s for s in segs if s[:1].isupper()) or name)
        fqn = self.imports.get(head) or CLASS_FQN.get(head)
        if fqn is None and head[:1].isupper():
            pkgs = [w for w in self.wildcards if w != "java.lang"]
            if len(pkgs) == 1 and head not in self.local_types:
                fqn = f"{pkgs[0]}.{head}"
        if fqn is None:
            return JType(name, known=False, written=name)
        if len(segs) > 1:
            fqn = fqn + "." + ".".join(segs[1:])
        return JType(fqn, written=name)


def _lookup_owner(owner: str, table: dict[str, dict[str, Any]], key: str) -> tuple[str, Any] | None:
    """Find ``key`` in ``table`` for ``owner`` or its supertypes (breadth first, then Object)."""
    seen: set[str] = set()
    queue = [owner]
    while queue:
        cur = queue.pop(0)
        if cur in seen:
            continue
        seen.add(cur)
        entry = table.get(cur)
        if entry is not None and key in entry:
            return cur, entry[key]
        queue.extend(SUPERS.get(cur, ()))
        if cur.endswith(("Exception", "Error")) and cur != "java.lang.Throwable":
            queue.append("java.lang.Throwable")
    entry = table.get("java.lang.Object")
    if entry is not None and key in entry:
        return "java.lang.Object", entry[key]
    return None


def _bind(recv: JType, owner: str) -> dict[str, JType]:
    params = TYPE_PARAMS.get(owner, ())
    if not params or len(recv.args) != len(params):
        return {}
    return dict(zip(params, recv.args, strict=True))


_SPEC_TOKEN = re.compile(r"\$?[\w.]+|[<>,\[\]?]")


@lru_cache(maxsize=4096)
def _spec_tokens(spec: str) -> tuple[str, ...]:
    return tuple(_SPEC_TOKEN.findall(spec))


class _SpecCtx(NamedTuple):
    names: _Names
    env: dict[str, JType]
    recv: JType | None
    arg_types: tuple[JType | None, ...]
    lambda_result: JType | None
    stream_elem: JType | None


def _parse_spec(spec: str, ctx: _SpecCtx) -> JType | None:
    """Parse a type expression (``Set<Map.Entry<K,V>>``, ``java.util.List<java.lang.String>``, ``$A0``)."""
    toks = _spec_tokens(spec)
    pos = 0

    def one(depth: int) -> JType | None:
        nonlocal pos
        if pos >= len(toks) or depth > 12:
            return None
        tok = toks[pos]
        pos += 1
        if tok == "?":
            if pos < len(toks) and toks[pos] in ("extends", "super"):
                pos += 1
                return one(depth + 1)
            return _OBJECT
        args: list[JType | None] = []
        if pos < len(toks) and toks[pos] == "<":
            pos += 1
            while pos < len(toks) and toks[pos] != ">":
                if toks[pos] == ",":
                    pos += 1
                    continue
                before = pos
                args.append(one(depth + 1))
                if pos == before:
                    pos += 1
            pos += 1
        dims = 0
        while pos + 1 < len(toks) + 1 and pos < len(toks) and toks[pos] == "[":
            dims += 1
            pos += 2
        t = _spec_atom(tok, ctx)
        if t is None:
            return None
        if args:
            if all(a is not None for a in args):
                t = replace(t, args=tuple(_boxed(a) or _OBJECT for a in args))
            else:
                t = replace(t, args=())
        if dims:
            t = replace(t, dims=t.dims + dims)
        return t

    try:
        return one(0)
    except (IndexError, RecursionError):
        return None


def _spec_atom(tok: str, ctx: _SpecCtx) -> JType | None:
    if tok.startswith("$"):
        if tok == "$R":
            return ctx.recv
        if tok.startswith("$A") and tok[2:].isdigit():
            i = int(tok[2:])
            return _boxed(ctx.arg_types[i]) if i < len(ctx.arg_types) else None
        if tok == "$E0":
            a0 = ctx.arg_types[0] if ctx.arg_types else None
            if a0 is None:
                return None
            return a0.element() or (a0.args[0] if a0.args else None)
        if tok == "$N":
            return _promote(ctx.arg_types)
        if tok == "$L0":
            return _boxed(ctx.lambda_result)
        if tok == "$S":
            return ctx.stream_elem
        return None
    if tok in ctx.env:
        return ctx.env[tok]
    if tok in PRIMITIVES:
        return _PRIM_T[tok]
    if len(tok) <= 2 and tok[:1].isupper() and tok not in CLASS_FQN:
        return None  # unbound type variable
    t = ctx.names.resolve(tok)
    return t if t.known else None


# ---------------------------------------------------------------------------------------------
# Tokens


class _Tok(NamedTuple):
    kind: str  # id, kw, num, str, chr, op, sep, ann, other
    value: str
    line: int
    col: int
    offset: int


_KEYWORDS = frozenset(
    [
        "abstract",
        "assert",
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "default",
        "do",
        "else",
        "enum",
        "extends",
        "final",
        "finally",
        "for",
        "goto",
        "if",
        "implements",
        "import",
        "instanceof",
        "interface",
        "native",
        "new",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "static",
        "strictfp",
        "super",
        "switch",
        "synchronized",
        "this",
        "throw",
        "throws",
        "transient",
        "try",
        "volatile",
        "while",
        "true",
        "false",
        "null",
        "boolean",
        "byte",
        "char",
        "short",
        "int",
        "long",
        "float",
        "double",
        "void",
    ]
)
_MODIFIERS = frozenset(
    [
        "public",
        "private",
        "protected",
        "static",
        "abstract",
        "final",
        "native",
        "synchronized",
        "transient",
        "volatile",
        "strictfp",
        "default",
    ]
)
_STMT_KEYWORDS = frozenset(
    [
        "if",
        "for",
        "while",
        "do",
        "try",
        "switch",
        "return",
        "throw",
        "synchronized",
        "break",
        "continue",
        "assert",
    ]
)

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
  | (?P<str>\"\"\"(?:\\.|[^\\])*?(?:\"\"\"|\Z) | "(?:\\.|[^"\\\n])*(?:"|(?=\n)|\Z))
  | (?P<chr>'(?:\\.|[^'\\\n])*(?:'|(?=\n)|\Z))
  | (?P<num>(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*(?:\.[\d_]*)?(?:[eE][+-]?\d+)?|\.\d[\d_]*(?:[eE][+-]?\d+)?)[lLfFdD]?)
  | (?P<id>(?:[^\W\d]|\$)(?:\w|\$)*)
  | (?P<op>\.\.\.|->|::|\+\+|--|&&|\|\||<<=|[=!<+\-*/%&|^]=|[-+*/%=<>!~?:&|^@])
  | (?P<sep>[()\[\]{};,.])
  | (?P<other>.)
    """,
    re.S | re.X,
)


def _regex_tokens(code: str, start: int = 0, end: int | None = None, line: int = 1) -> list[_Tok]:
    """Tokenize ``code[start:end]``; ``line`` is the line number at ``start``."""
    out: list[_Tok] = []
    line_start = code.rfind("\n", 0, start) + 1
    for m in _TOKEN_RE.finditer(code, start, len(code) if end is None else end):
        kind = m.lastgroup or "other"
        value = m.group()
        pos = m.start()
        if kind not in ("ws", "comment"):
            if kind == "id" and value in _KEYWORDS:
                kind = "kw"
            out.append(_Tok(kind, value, line, pos - line_start + 1, pos))
        nl = value.count("\n")
        if nl:
            line += nl
            line_start = pos + value.rfind("\n") + 1
    return out


_TEXT_BLOCK_RE = re.compile(r'"""[ \t\f]*\r?\n(.*?)(?<!\\)"""', re.S)


def _flatten_text_blocks(code: str) -> str:
    """Replace text blocks by plain string literals, keeping the line count (javalang predates them)."""

    def sub(m: re.Match[str]) -> str:
        body = m.group(1)
        lit = body.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")
        return '"' + lit + '"' + "\n" * m.group(0).count("\n")

    return _TEXT_BLOCK_RE.sub(sub, code)


# ---------------------------------------------------------------------------------------------
# Instrumented javalang parser


class _Timeout(Exception):
    pass


class _BudgetIterator(jutil.LookAheadListIterator):
    def __init__(self, tokens: list[Any], deadline: float) -> None:
        super().__init__(tokens)
        self._deadline = deadline
        self._n = 0

    def look(self, i: int = 0) -> Any:
        self._n += 1
        if not self._n & 2047 and time.perf_counter() > self._deadline:
            raise _Timeout
        k = self.marker + i
        if k < len(self.list):
            self.value = self.list[k]
            return self.value
        if k > len(self.list) + 64:
            # javalang loops forever on some unbalanced input (e.g. ``@Ann(`` at the end)
            raise JavaSyntaxError("look-ahead past the end of input")
        return self.default


class _ArgList(list[Any]):
    start: int = -1
    end: int = -1


class ParenExpr(jt.Primary):
    """``( expr )`` -- kept as its own node so selectors on it do not clobber the inner expression."""

    attrs = ("expression",)


class _Parser(Parser):
    """javalang parser that records token spans and the snippet's declared methods/types."""

    def __init__(self, tokens: list[Any], deadline: float) -> None:
        super().__init__(tokens)
        self.tokens = _BudgetIterator(tokens, deadline)
        self.tokens.set_default(EndOfInput(None))
        self.methods: list[Any] = []
        self.type_names: list[str] = []
        self.type_params: list[str] = []

    def _pos(self) -> int:
        return int(self.tokens.marker)

    def parse_primary(self) -> Any:
        s = self._pos()
        if self.tokens.look().value == "(":
            node = ParenExpr(expression=self.parse_par_expression())
        else:
            node = super().parse_primary()
        if isinstance(node, jt.Node):
            node._ps = s
            node._pe = self._pos() - 1
            real = getattr(node, "_member", None)
            if real is not None and isinstance(node, jt.MethodInvocation):
                # javalang overwrites the member of ``A.<T>m()`` with the last qualifier segment
                q = node.qualifier or ""
                node.qualifier = f"{q}.{node.member}" if q else node.member
                node.member = real
        return node

    def parse_explicit_generic_invocation(self) -> Any:
        node = super().parse_explicit_generic_invocation()
        if isinstance(node, jt.MethodInvocation):
            node._member = node.member
        return node

    def parse_selector(self) -> Any:
        node = super().parse_selector()
        if isinstance(node, jt.Node):
            node._e = self._pos() - 1
        return node

    def parse_arguments(self) -> Any:
        s = self._pos()
        args = _ArgList(super().parse_arguments())
        args.start = s
        args.end = self._pos() - 1
        return args

    def parse_identifier_suffix(self) -> Any:
        # ``String[]::new`` / ``int[]::new`` are not understood by javalang
        i = 0
        while self.tokens.look(i).value == "[" and self.tokens.look(i + 1).value == "]":
            i += 2
        if i and self.tokens.look(i).value == "::":
            for _ in range(i):
                next(self.tokens)
            node = jt.MemberReference()
            node._dims = i // 2
            return node
        return super().parse_identifier_suffix()

    def parse_expressionl(self) -> Any:
        s = self._pos()
        node = super().parse_expressionl()
        if isinstance(node, (jt.MethodReference, jt.LambdaExpression)):
            node._s = s
            node._e = self._pos() - 1
        return node

    def parse_block_statement(self) -> Any:
        s = self._pos()
        node = super().parse_block_statement()
        if isinstance(node, jt.Node):
            node._s = s
            node._e = self._pos() - 1
        return node

    def parse_statement(self) -> Any:
        s = self._pos()
        node = super().parse_statement()
        if isinstance(node, jt.Node):
            node._s = s
            node._e = self._pos() - 1
        return node

    def parse_member_declaration(self) -> Any:
        s = self._pos()
        node = super().parse_member_declaration()
        if isinstance(node, jt.Node):
            node._s = s
            node._e = self._pos() - 1
        if isinstance(node, jt.MethodDeclaration):
            self.methods.append(node)
        return node

    def parse_interface_member_declaration(self) -> Any:
        node = super().parse_interface_member_declaration()
        if isinstance(node, jt.MethodDeclaration):
            self.methods.append(node)
        return node

    def parse_normal_class_declaration(self) -> Any:
        node = super().parse_normal_class_declaration()
        self.type_names.append(node.name)
        return node

    def parse_enum_declaration(self) -> Any:
        node = super().parse_enum_declaration()
        self.type_names.append(node.name)
        return node

    def parse_normal_interface_declaration(self) -> Any:
        node = super().parse_normal_interface_declaration()
        self.type_names.append(node.name)
        return node

    def parse_type_parameter(self) -> Any:
        node = super().parse_type_parameter()
        self.type_params.append(node.name)
        return node


def _synthetic(values: str) -> list[Any]:
    toks = list(javalang.tokenizer.tokenize(values))
    for t in toks:
        t.position = None
    return toks


_WRAP_CLASS = ("class __W {", "}")
_WRAP_METHOD = ("class __W { void __m() {", "} }")


# ---------------------------------------------------------------------------------------------
# Helpers shared by the AST walker and the token scan


class _Source:
    def __init__(self, code: str) -> None:
        self.code = code
        self.line_starts = [0]
        for m in re.finditer("\n", code):
            self.line_starts.append(m.end())

    def offset(self, line: int, col: int) -> int:
        if 1 <= line <= len(self.line_starts):
            return self.line_starts[line - 1] + col - 1
        return -1

    def slice(self, start: int, end: int, cap: int = _TEXT_CAP) -> str:
        if start < 0 or end <= start:
            return ""
        text = " ".join(self.code[start:end].split())
        if len(text) > cap:
            text = text[: cap - 3] + "..."
        return text


class _Engine:
    """Type inference shared by both extraction strategies."""

    def __init__(self, hook: ReturnTypeHook | None, notes: list[str]) -> None:
        self.names = _Names()
        self.hook = hook
        self.notes = notes
        self._hook_cache: dict[tuple[str, str, int], str | None] = {}
        self.local_methods: dict[str, JType | None] = {}
        self.super_types: list[JType] = []
        self.scanned_keys: set[tuple[int, int, str, str]] = set()

    # -- types

    def spec(self, spec: str, recv: JType | None = None, **kw: Any) -> JType | None:
        ctx = _SpecCtx(
            self.names,
            kw.get("env", {}),
            recv,
            tuple(kw.get("arg_types", ())),
            kw.get("lambda_result"),
            kw.get("stream_elem"),
        )
        return _parse_spec(spec, ctx)

    def static_field(self, owner: JType, name: str) -> JType | None:
        table = STATIC_FIELDS.get(owner.name)
        if table and name in table:
            return self.spec(table[name])
        if owner.name in ENUMS and name.isupper():
            return replace(owner, args=())
        return None

    def call_result(
        self,
        recv: JType | None,
        method: str,
        arg_types: list[JType | None],
        lambda_result: JType | None = None,
    ) -> JType | None:
        builtin = self._builtin_result(recv, method, arg_types, lambda_result)
        if self.hook is None or recv is None or not recv.known:
            return builtin
        owner = recv.fqn()
        if owner is None:
            return builtin
        key = (owner, method, len(arg_types))
        if key in self._hook_cache:
            hooked = self._hook_cache[key]
        else:
            try:
                hooked = self.hook(owner, method, len(arg_types))
                if hooked is not None and not isinstance(hooked, str):
                    hooked = None
            except Exception as exc:  # the hook is foreign code: never let it break extraction
                hooked = None
                self.notes.append(f"return_type_hook failed: {type(exc).__name__}: {exc}")
                self.hook = None
            self._hook_cache[key] = hooked
        if not hooked:
            return builtin
        hooked = hooked.strip()
        if builtin is not None and (
            builtin.fqn() == hooked
            or builtin.name == hooked.split("<", 1)[0]
            or hooked in ("java.lang.Object", "Object")  # erased generic: ours is more specific
        ):
            return builtin
        found = _lookup_owner(recv.name, RETURNS, method)
        env = _bind(recv, found[0]) if found else {}
        t = self.spec(hooked, recv, env=env, arg_types=arg_types, lambda_result=lambda_result)
        return t if t is not None else builtin

    def _builtin_result(
        self,
        recv: JType | None,
        method: str,
        arg_types: list[JType | None],
        lambda_result: JType | None,
    ) -> JType | None:
        if recv is None or (not recv.known and not recv.dims):
            return None
        if recv.dims:
            return _INT if method == "length" else (recv if method == "clone" else None)
        n = len(arg_types)
        found = _lookup_owner(recv.name, RETURNS, f"{method}/{n}") or _lookup_owner(
            recv.name, RETURNS, method
        )
        if found is None:
            return None
        owner, spec = found
        env = _bind(recv, owner)
        if spec == "$C":
            return self._collect_result(recv, arg_types)
        if spec == "$STREAM0":  # Arrays.stream
            a0 = arg_types[0] if arg_types else None
            comp = a0.element() if a0 is not None else None
            if comp is not None and comp.name in ("int", "long", "double"):
                return self.names.resolve(comp.name.capitalize() + "Stream")
            return self.spec("Stream<$E0>", arg_types=arg_types) or self.names.resolve("Stream")
        if owner == "java.util.List" and method == "remove" and n == 1:
            a0 = arg_types[0]
            if a0 is not None and not (a0.is_primitive and a0.name in ("int", "short", "char", "byte")):
                return _BOOL  # remove(Object), not remove(int)
        if (
            owner == "java.lang.Math"
            and method == "round"
            and arg_types
            and _unboxed_name(arg_types[0]) == "float"
        ):
            return _INT
        if (
            owner == "java.lang.Character"
            and method in ("toUpperCase", "toLowerCase")
            and arg_types
            and _unboxed_name(arg_types[0]) == "int"
        ):
            return _INT
        stream_elem = None
        if recv.args:
            stream_elem = recv.args[0]
        return self.spec(
            spec, recv, env=env, arg_types=arg_types, lambda_result=lambda_result, stream_elem=stream_elem
        )

    def _collect_result(self, recv: JType, arg_types: list[JType | None]) -> JType | None:
        a0 = arg_types[0] if arg_types else None
        if a0 is None or a0.name != "java.util.stream.Collector" or not a0.args:
            return None
        res = a0.args[0]
        if res.name == "java.util.List" and not res.args and recv.args:
            res = replace(res, args=(recv.args[0],))
        return res

    def collector(self, method: str, elem_hint: JType | None, lambda_result: JType | None) -> JType | None:
        spec = COLLECTOR_RESULTS.get(method)
        if spec is None:
            return None
        res = self.spec(spec, lambda_result=lambda_result, stream_elem=elem_hint)
        if res is None and "<" in spec:
            res = self.spec(spec.split("<", 1)[0])
        if res is None:
            return None
        return JType("java.util.stream.Collector", args=(res,), written="Collector")

    def lambda_params(self, recv: JType | None, method: str, nparams: int) -> list[JType | None]:
        if recv is None or not recv.known or recv.dims:
            return [None] * nparams
        found = _lookup_owner(recv.name, LAMBDA_PARAMS, method)
        if found is None:
            return [None] * nparams
        owner, specs = found
        env = _bind(recv, owner)
        out: list[JType | None] = []
        for i in range(nparams):
            if i < len(specs):
                sp = specs[i]
                out.append(env.get(sp) if sp in env else (_PRIM_T.get(sp)))
            else:
                out.append(None)
        return out

    @staticmethod
    def iter_element(t: JType | None) -> JType | None:
        if t is None:
            return None
        el = t.element()
        if el is not None:
            return el
        if t.args and t.name not in ("java.util.Map", "java.util.HashMap", "java.util.TreeMap"):
            return t.args[0]
        return None

    def resolve_qualifier(
        self, q: str, lookup: Callable[[str], tuple[bool, JType | None]]
    ) -> tuple[JType | None, bool]:
        """Resolve ``a.b.c`` used as a receiver: returns (type, is_type_name)."""
        segs = q.split(".")
        declared, t = lookup(segs[0])
        if declared:
            cur = t
            for seg in segs[1:]:
                cur = self.instance_field(cur, seg)
            return cur, False
        k = 1
        if segs[0][:1].islower():
            # package-qualified name: the first capitalised segment ends the class name
            k = next((i + 1 for i, s in enumerate(segs) if s[:1].isupper()), 0)
            if k == 0:
                return None, False
        head = ".".join(segs[:k])
        if segs[0][:1].isupper() and segs[0].isupper() and len(segs[0]) > 1 and segs[0] not in CLASS_FQN:
            return None, False  # CONSTANT.method()
        cur = self.names.resolve(head)
        is_type = True
        for seg in segs[k:]:
            if is_type and cur is not None:
                sf = self.static_field(cur, seg)
                if sf is not None:
                    cur, is_type = sf, False
                    continue
                if seg[:1].isupper() and not seg.isupper():
                    cur = replace(
                        cur, name=cur.name + "." + seg, written=(cur.written or cur.name) + "." + seg
                    )
                    continue
                cur, is_type = None, False
            else:
                cur = self.instance_field(cur, seg)
        return cur, is_type

    @staticmethod
    def instance_field(t: JType | None, name: str) -> JType | None:
        if t is not None and t.dims and name == "length":
            return _INT
        return None


# ---------------------------------------------------------------------------------------------
# AST walker


def _args_of(node: Any) -> list[Any]:
    args = getattr(node, "arguments", None)
    return args if args is not None else []


class _Frame:
    __slots__ = ("fields", "name", "supers")

    def __init__(self, name: str, supers: list[JType]) -> None:
        self.name = name
        self.fields: dict[str, JType | None] = {}
        self.supers = supers


class _Walker:
    def __init__(
        self,
        engine: _Engine,
        src: _Source,
        tokens: list[Any],
        result: Extraction,
        deadline: float,
    ) -> None:
        self.e = engine
        self.src = src
        self.toks = tokens
        self.res = result
        self.deadline = deadline
        self.scopes: list[dict[str, JType | None]] = [{}]
        self.frames: list[_Frame] = []
        self.stmt_stack: list[int] = []
        self.seen: dict[tuple[tuple[int, int], tuple[int, int], str], int] = {}
        self._ticks = 0

    # -- bookkeeping

    def tick(self) -> None:
        self._ticks += 1
        if not self._ticks & 255 and time.perf_counter() > self.deadline:
            raise _Timeout

    def tok_pos(self, idx: int | None) -> tuple[int, int]:
        if idx is None or not 0 <= idx < len(self.toks):
            return (0, 0)
        p = self.toks[idx].position
        if p is None:
            return (0, 0)
        return (p[0], p[1])

    def span_text(self, s: int | None, e: int | None, cap: int = _TEXT_CAP) -> str:
        if s is None or e is None or e < s or s < 0 or e >= len(self.toks):
            return ""
        ls, cs = self.tok_pos(s)
        le, ce = self.tok_pos(e)
        if not ls or not le:
            return " ".join(str(t.value) for t in self.toks[s : e + 1])[:cap]
        start = self.src.offset(ls, cs)
        end = self.src.offset(le, ce) + len(self.toks[e].value)
        text = self.src.slice(start, end, cap)
        if not text.startswith(str(self.toks[s].value)[:1]):  # unicode escapes shifted columns
            return " ".join(str(t.value) for t in self.toks[s : e + 1])[:cap]
        return text

    def declare(self, name: str | None, t: JType | None) -> None:
        if not name:
            return
        self.scopes[-1][name] = t
        self.res.variables[name] = t.render() if t is not None else "?"

    def lookup(self, name: str) -> tuple[bool, JType | None]:
        for scope in reversed(self.scopes):
            if name in scope:
                return True, scope[name]
        for fr in reversed(self.frames):
            if name in fr.fields:
                return True, fr.fields[name]
        return False, None

    def type_of(self, node: Any) -> JType | None:
        """javalang type node -> JType (None for ``var``)."""
        if node is None:
            return None
        dims = len(node.dimensions or []) if isinstance(node.dimensions, list) else 0
        if isinstance(node, jt.BasicType):
            return self.e.names.resolve(node.name, dims=dims)
        if not isinstance(node, jt.ReferenceType):
            return None
        parts: list[str] = []
        args: tuple[JType, ...] = ()
        cur: Any = node
        depth = 0
        while cur is not None and depth < 16:
            parts.append(str(cur.name))
            if cur.arguments:
                args = tuple(self.type_arg(a) for a in cur.arguments)
            cur = cur.sub_type
            depth += 1
        name = ".".join(parts)
        if name == "var" and not dims:
            return None
        return self.e.names.resolve(name, args=args, dims=dims)

    def type_arg(self, a: Any) -> JType:
        t = self.type_of(getattr(a, "type", None))
        if t is None:
            return JType("?", known=False, written="?")
        return _boxed(t) or t

    def emit(
        self,
        *,
        kind: str,
        method: str,
        receiver: str | None,
        recv_t: JType | None,
        type_args: list[str],
        arg_types: list[JType | None],
        arg_count: int | None = None,
        span: tuple[int | None, int | None],
        name_idx: int | None,
        chain_parent: int | None = None,
        result: JType | None = None,
        local: bool = False,
    ) -> int:
        key = (self.tok_pos(name_idx), self.tok_pos(span[0]), kind + method)
        if name_idx is not None and key in self.seen:
            return self.seen[key]
        line, col = self.tok_pos(name_idx)
        if not line:
            line, col = self.tok_pos(span[0])
        text = self.span_text(span[0], span[1]) or method
        if receiver is not None and len(receiver) > 120:
            receiver = receiver[:117] + "..."
        call = JavaCall(
            text=text,
            kind=kind,
            receiver=receiver,
            java_type=recv_t.fqn() if recv_t is not None else None,
            type_args=type_args,
            method=method,
            arg_count=len(arg_types) if arg_count is None else arg_count,
            arg_types=[t.fqn() if t is not None else None for t in arg_types],
            line=line,
            chain_parent=chain_parent,
            result_type=result.fqn() if result is not None else None,
            local=local,
            column=col,
        )
        idx = len(self.res.calls)
        self.res.calls.append(call)
        if self.stmt_stack:
            self.res.statements[self.stmt_stack[-1]].calls.append(idx)
        if name_idx is not None:
            self.seen[key] = idx
        return idx

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
            self.walk_block(m.body or [])
        finally:
            self.scopes.pop()

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
            self.lambda_(node, [])
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
        if recv is not None and recv.name == "java.util.stream.Collectors":
            elem = None
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
        for a in args:
            if isinstance(a, jt.LambdaExpression):
                nparams = len(a.parameters or [])
                self.lambda_(a, self.e.lambda_params(recv, method, nparams))
                out.append(None)
            else:
                out.append(self.expr(a))
        return out

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


_COMPOUND = frozenset(
    {
        "IfStatement",
        "WhileStatement",
        "DoStatement",
        "ForStatement",
        "TryStatement",
        "SwitchStatement",
        "SynchronizedStatement",
    }
)


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

    def timed_out(self, i: int, hard: bool = False) -> bool:
        """Declarations (types) stop at the deadline; finding and emitting calls get 1 s more."""
        return not i & 1023 and time.perf_counter() > self.deadline + (1.0 if hard else 0.0)

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


def _strip_header(toks: list[Any], engine: _Engine, imports: dict[str, str]) -> int:
    """Consume leading ``package``/``import`` declarations; returns the index of the first other token."""
    i = 0
    n = len(toks)
    while i < n:
        v = toks[i].value
        if v not in ("package", "import"):
            break
        j = i + 1
        static = False
        if v == "import" and j < n and toks[j].value == "static":
            static = True
            j += 1
        parts: list[str] = []
        wildcard = False
        while j < n and toks[j].value != ";":
            tv = toks[j].value
            if tv == "*":
                wildcard = True
            elif tv != ".":
                parts.append(str(tv))
            j += 1
        if v == "import" and parts:
            engine.names.add_import(".".join(parts), static, wildcard, imports)
        i = j + 1
    return i


def _guess_modes(toks: list[Any]) -> list[str]:
    depth = 0
    type_decl = member = method_shape = False
    semis = 0
    braces0 = 0
    n = len(toks)
    first = toks[0].value if toks else ""
    for i, tk in enumerate(toks):
        v = tk.value
        if v in ("(", "[", "{"):
            if v == "{" and depth == 0:
                braces0 += 1
            depth += 1
            continue
        if v in (")", "]", "}"):
            depth = max(0, depth - 1)
            continue
        if depth:
            continue
        if v == ";":
            semis += 1
        elif v in ("class", "interface", "enum") and (i == 0 or toks[i - 1].value != "."):
            type_decl = True
        elif v in ("public", "private", "protected", "static", "abstract") and not (
            v == "static" and i + 1 < n and toks[i + 1].value == "{"
        ):
            member = True
        elif (
            isinstance(tk, javalang.tokenizer.Identifier)
            and i + 1 < n
            and toks[i + 1].value == "("
            and i > 0
            and (
                isinstance(toks[i - 1], (javalang.tokenizer.Identifier, javalang.tokenizer.BasicType))
                or toks[i - 1].value in ("void", ">", "]")
            )
        ):
            # ``Type name(...) {`` or ``... throws``
            d = 0
            k = i + 1
            while k < n:
                kv = toks[k].value
                if kv == "(":
                    d += 1
                elif kv == ")":
                    d -= 1
                    if d == 0:
                        break
                k += 1
            if k + 1 < n and toks[k + 1].value in ("{", "throws"):
                method_shape = True
    if type_decl:
        return ["compilation_unit", "class_body", "method_body"]
    if member or method_shape:
        return ["class_body", "method_body"]
    if semis == 0 and braces0 == 0 and first not in _STMT_KEYWORDS:
        return ["expression", "method_body"]
    return ["method_body", "class_body"]


def _parse(mode: str, toks: list[Any], deadline: float) -> tuple[Any, _Parser, list[Any]]:
    if mode == "compilation_unit":
        full = toks
    elif mode == "class_body":
        full = _synthetic(_WRAP_CLASS[0]) + toks + _synthetic(_WRAP_CLASS[1])
    elif mode == "method_body":
        tail = list(toks)
        if tail and tail[-1].value not in (";", "}"):
            tail += _synthetic(";")
        full = _synthetic(_WRAP_METHOD[0]) + tail + _synthetic(_WRAP_METHOD[1])
    else:
        # javalang's expression parser trips over EndOfInput (``None in "[."``): end with ``;``
        full = list(toks)
        if not full or full[-1].value != ";":
            full += _synthetic(";")
    p = _Parser(full, deadline)
    try:
        return _run_parser(p, mode, full)
    except JavaSyntaxError as exc:
        exc.progress = p.tokens.marker / max(1, len(full))
        raise


def _run_parser(p: _Parser, mode: str, full: list[Any]) -> tuple[Any, _Parser, list[Any]]:
    if mode == "expression":
        node = p.parse_expression()
        p.try_accept(";")
        if not isinstance(p.tokens.look(), EndOfInput):
            raise JavaSyntaxError("trailing tokens after expression")
        return node, p, full
    node = p.parse_compilation_unit()
    return node, p, full


def _budget_left(deadline: float) -> bool:
    return time.perf_counter() < deadline


def extract(
    code: str,
    *,
    return_type_hook: ReturnTypeHook | None = None,
    max_chars: int = 100_000,
    time_budget_s: float = 2.0,
) -> Extraction:
    """Extract the API calls of a Java fragment (file, class members, statements or expression).

    ``return_type_hook(receiver_fqn, method, arg_count)`` returns the Java type a call returns
    (FQN, primitive, array or type variable) or None; it is called at most once per distinct key
    and an exception from it disables it for the rest of the extraction (with a note).
    Never raises; see the module docstring for the time-budget and output conventions.
    """
    res = Extraction()
    try:
        _extract(code, res, return_type_hook, max_chars, time_budget_s)
    except Exception as exc:  # last resort: the contract is "never raise"
        res.notes.append(f"internal error: {type(exc).__name__}: {exc}")
    return res


def _extract(
    code: str,
    res: Extraction,
    hook: ReturnTypeHook | None,
    max_chars: int,
    budget: float,
) -> None:
    t0 = time.perf_counter()
    budget = max(0.0, budget)
    # parsing may use 70% of the budget; the (linear) token scan gets the rest, at least 0.2 s
    deadline = t0 + 0.7 * budget
    scan_allowance = max(0.3 * budget, 0.2)
    if not isinstance(code, str):
        code = str(code)
    if len(code) > max_chars:
        cut = code.rfind("\n", 0, max_chars)
        if cut < max_chars * 0.8:
            cut = max_chars
        res.notes.append(f"input truncated from {len(code)} to {cut} characters")
        code = code[:cut]
    if '"""' in code:
        flat = _flatten_text_blocks(code)
        if flat != code:
            res.notes.append("text blocks rewritten as string literals for parsing")
            code = flat
    src = _Source(code)

    engine = _Engine(hook, res.notes)
    jtoks: list[Any] | None
    try:
        jtoks = list(javalang.tokenizer.tokenize(code))
        if any(isinstance(t, javalang.tokenizer.String) and "\n" in t.value for t in jtoks):
            # an unterminated literal swallowed line breaks: javalang's positions are off from here
            raise ValueError("unterminated string literal")
    except Exception as exc:
        jtoks = None
        res.notes.append(f"javalang tokenizer failed: {type(exc).__name__}: {str(exc)[:120]}")

    if jtoks is not None:
        header_imports: dict[str, str] = {}
        start = _strip_header(jtoks, engine, header_imports)
        body = jtoks[start:]
        modes = _guess_modes(body)
        tried: list[str] = []
        aborted = False  # time budget spent or tree walk failed: go straight to the token scan
        for mode in modes:
            if not _budget_left(deadline):
                res.notes.append("time budget exhausted before parsing succeeded")
                aborted = True
                break
            tried.append(mode)
            try:
                node, parser, full = _parse(mode, body, deadline)
            except JavaSyntaxError as exc:
                at = getattr(exc, "at", None)
                pos = getattr(at, "position", None)
                where = f" at line {pos[0]}" if pos else ""
                res.notes.append(f"{mode}: syntax error{where}: {exc.description}")
                if len(body) > 2000 and getattr(exc, "progress", 0.0) > 0.5:
                    break  # failed late in a big input: chunk-wise recovery beats re-parsing it all
                continue
            except RecursionError:
                res.notes.append(f"{mode}: nesting too deep for the parser (RecursionError)")
                break
            except _Timeout:
                res.notes.append(f"{mode}: parser interrupted by the time budget")
                aborted = True
                break
            except Exception as exc:  # javalang has a few non-JavaSyntaxError failure modes
                res.notes.append(f"{mode}: parser error {type(exc).__name__}: {str(exc)[:120]}")
                continue
            res.imports.update(header_imports)
            ok = _walk(node, mode, parser, full, engine, src, res, deadline)
            if ok:
                res.parse_mode = mode
                res.notes.append(f"parsed as {mode}")
                return
            aborted = True
            break
        res.imports.update(header_imports)
        if not aborted and body and _budget_left(deadline):
            _reset(res, engine)
            ctx = "class" if modes[0] in ("compilation_unit", "class_body") else "method"
            rec = _Recovery(engine, src, res, deadline)
            rec.scan_allowance = scan_allowance
            try:
                rec.run(body, ctx)
            except (RecursionError, _Timeout):
                rec.parsed = 0
            if rec.parsed:
                res.parse_mode = "class_body" if ctx == "class" else "method_body"
                lines = ", ".join(f"{x}-{y}" if x != y else str(x) for x, y in rec.scanned[:12])
                res.notes.append(
                    f"partial parse as {res.parse_mode}: {rec.parsed} chunk(s) parsed"
                    + (f"; token scan for lines {lines}" if lines else "")
                )
                return
    # token scan fallback
    _reset(res, engine)
    res.parse_mode = "token_scan"
    toks = _regex_tokens(code)
    res.notes.append("token scan (regex tokenizer)")
    if not res.imports:
        _strip_header(toks, engine, res.imports)
    try:
        _Scanner(engine, src, toks, res, max(deadline, time.perf_counter()) + scan_allowance).run()
    except RecursionError:
        res.notes.append("token scan: RecursionError")


def _reset(res: Extraction, engine: _Engine) -> None:
    res.calls.clear()
    res.statements.clear()
    res.variables.clear()
    engine.local_methods.clear()
    engine.super_types.clear()
    engine.scanned_keys.clear()


def _walk(
    node: Any,
    mode: str,
    parser: _Parser,
    full: list[Any],
    engine: _Engine,
    src: _Source,
    res: Extraction,
    deadline: float,
) -> bool:
    names = engine.names
    names.local_types.update(n for n in parser.type_names if n != "__W")
    names.type_vars.update(parser.type_params)
    for m in parser.methods:
        if m.name == "__m":
            continue
        if m.name not in engine.local_methods:
            w0 = _Walker(engine, src, full, res, deadline)
            engine.local_methods[m.name] = w0.type_of(m.return_type) if m.return_type is not None else _VOID
    w = _Walker(engine, src, full, res, deadline)
    try:
        if mode == "expression":
            sidx = len(res.statements)
            s = 0
            e = len(full) - 1
            line = full[0].position[0] if full and full[0].position else 1
            res.statements.append(Statement(w.span_text(s, e, _STMT_CAP), line, [], "Expression", line, None))
            w.stmt_stack.append(sidx)
            w.expr(node)
        elif mode == "compilation_unit":
            w.walk_types(node.types)
        elif mode == "class_body":
            wrapper = node.types[0]
            w.frames.append(_Frame("__W", []))
            w.walk_body(wrapper.body or [])
        else:
            wrapper = node.types[0]
            meth = wrapper.body[0]
            w.frames.append(_Frame("__W", []))
            w.walk_block(meth.body or [])
        return True
    except RecursionError:
        res.notes.append(f"{mode}: nesting too deep while walking the tree; falling back to token scan")
    except _Timeout:
        res.notes.append(f"{mode}: time budget exhausted while walking the tree; falling back to token scan")
    return False
