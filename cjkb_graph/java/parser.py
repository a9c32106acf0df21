"""Tokens (regex tokenizer, keyword sets) and the instrumented javalang parser (token spans, time budget)."""

from __future__ import annotations

import re
import time
from typing import Any, NamedTuple

import javalang
from javalang import tree as jt
from javalang import util as jutil
from javalang.parser import JavaSyntaxError, Parser
from javalang.tokenizer import EndOfInput

# ---------------------------------------------------------------------------------------------
# Tokens


class _Tok(NamedTuple):
    kind: str  # id, kw, num, str, chr, op, sep, ann, other
    value: str
    line: int
    col: int
    offset: int


JAVA_KEYWORDS = frozenset(
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
            if kind == "id" and value in JAVA_KEYWORDS:
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
