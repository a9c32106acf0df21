"""Parsing Cangjie with tree-sitter-cangjie, syntax diagnostics and a code mask for lexical scans."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import tree_sitter as ts
import tree_sitter_cangjie

Node = ts.Node


@lru_cache(maxsize=1)
def language() -> ts.Language:
    return ts.Language(tree_sitter_cangjie.language())


@lru_cache(maxsize=1)
def parser() -> ts.Parser:
    return ts.Parser(language())


@dataclass
class Parsed:
    code: str
    data: bytes
    tree: ts.Tree
    masked: bytes  # code with string contents and comments blanked (same length, same lines)

    @property
    def root(self) -> Node:
        return self.tree.root_node

    def text(self, node: Node | None) -> str:
        if node is None:
            return ""
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def pos(self, node: Node) -> tuple[int, int, int, int]:
        """1-based (line, column, end_line, end_column), columns in characters."""
        return self.span(node.start_byte, node.end_byte)

    def mtext(self, node: Node) -> str:
        """Masked text of a node (strings and comments blanked)."""
        return self.masked[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def span(self, start: int, end: int) -> tuple[int, int, int, int]:
        return (*self.point(start), *self.point(end))

    def point(self, byte: int) -> tuple[int, int]:
        line_start = self.data.rfind(b"\n", 0, byte) + 1
        line = self.data.count(b"\n", 0, byte) + 1
        return line, len(self.data[line_start:byte].decode("utf-8", "replace")) + 1


def mask_code(code: str) -> str:
    """Blank out comments and string literal contents (keeping the quotes and newlines).

    A blanked character becomes as many spaces as its UTF-8 length: the encoded mask is
    byte-aligned with the encoded code.

    Interpolations `${...}` inside strings are blanked too: the lexical Java-ism scan then never
    fires inside text.
    """
    out = list(code)
    i, n = 0, len(code)

    def blank(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " " * len(out[k].encode("utf-8"))

    while i < n:
        c = code[i]
        if code.startswith("//", i):
            j = code.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif code.startswith("/*", i):
            j = code.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j)
            i = j
        elif code.startswith('"""', i) or code.startswith("'''", i):
            q = code[i : i + 3]
            j = code.find(q, i + 3)
            j = n if j < 0 else j + 3
            blank(i + 3, j - 3)
            i = j
        elif c in "\"'":
            j = i + 1
            seg = j
            while j < n and code[j] != c and code[j] != "\n":
                if code.startswith("${", j):
                    blank(seg, j)
                    depth, k = 0, j + 1
                    while k < n:
                        if code[k] == "{":
                            depth += 1
                        elif code[k] == "}":
                            depth -= 1
                            if depth == 0:
                                break
                        k += 1
                    j = seg = k + 1  # interpolations stay code
                    continue
                j += 2 if code[j] == "\\" else 1
            blank(seg, j)
            i = j + 1
        elif c == "#" and i + 1 < n and code[i + 1] in "\"'#":
            # raw strings #"..."#
            k = i
            while k < n and code[k] == "#":
                k += 1
            hashes = code[i:k]
            if k < n and code[k] in "\"'":
                q = code[k]
                end = code.find(q + hashes, k + 1)
                end = n if end < 0 else end + 1 + len(hashes)
                blank(k + 1, end - 1 - len(hashes))
                i = end
            else:
                i = k
        else:
            i += 1
    return "".join(out)


# `package org::pkg` / `import org::pkg.Name`: organization-qualified package names (Cangjie 1.x)
# are not in the tree-sitter grammar (1.0.5); the `::` is parsed as `__` (same length, so every
# position stays right) and the package is then an ordinary non-std one.
ORG_DECL = re.compile(
    rb"^[ \t]*(?:@[A-Za-z]+(?:\[[^\]\n]*\])?[ \t]*)?(?:(?:public|protected|internal|private)[ \t]+)?"
    rb"(?:macro[ \t]+)?(?:package|import)[ \t][^\n]*",
    re.M,
)


def org_names(data: bytes, masked: bytes) -> bytes:
    if b"::" not in masked:
        return data
    out = bytearray(data)
    for m in ORG_DECL.finditer(masked):
        i = masked.find(b"::", m.start(), m.end())
        while i >= 0:
            out[i : i + 2] = b"__"
            i = masked.find(b"::", i + 2, m.end())
    return bytes(out)


def parse(code: str) -> Parsed:
    masked = mask_code(code).encode("utf-8")
    data = org_names(code.encode("utf-8"), masked)
    return Parsed(code, data, parser().parse(data), masked)


def syntax_errors(p: Parsed) -> list[Node]:
    """Outermost ERROR nodes and MISSING nodes, in source order."""
    found: list[Node] = []
    if not p.root.has_error:
        return found
    stack = [p.root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            found.append(node)
            continue
        if node.has_error:
            stack.extend(reversed(node.children))
    found.sort(key=lambda n: n.start_byte)
    return found


HEADER = re.compile(rb"\b(?:class|struct|interface|enum|extend)\b[^{}\n]*<:")
WS = b" \t\r\n"


def grammar_gap(p: Parsed, node: Node) -> str | None:
    """Why a syntax error is likely valid Cangjie the grammar (tree-sitter-cangjie 1.0.5) does not
    cover, or None. Known gaps: generic or tuple type arguments in a supertype list
    (`<: Equatable<C<T>>`, `<: Iterable<(K, V)>`) and a trailing comma before `)` or `]`."""
    m = p.masked
    line_start = m.rfind(b"\n", 0, node.start_byte) + 1
    line_end = m.find(b"\n", node.start_byte)
    line = m[line_start : line_end if line_end >= 0 else len(m)]
    if HEADER.search(line) and m.find(b"<:", line_start) < node.start_byte:
        return "generic or tuple type arguments in a supertype list"
    j = node.start_byte - 1
    while j >= 0 and m[j] in WS:
        j -= 1
    k = node.start_byte if node.is_missing else node.end_byte
    while k < len(m) and m[k] in WS:
        k += 1
    own = m[node.start_byte : node.end_byte].strip()
    if (own == b"," or (m[j : j + 1] == b"," and not own)) and m[k : k + 1] in (b")", b"]"):
        return "a trailing comma before `)` or `]`"
    return None
