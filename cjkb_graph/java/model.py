"""Public data model of the Java extractor (JavaCall, Statement, Extraction) and the JType type model."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .jdk import BOXES, PRIMITIVES, UNBOXES

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
class Construct:
    """A language construct that names a library type without calling it.

    ``kind`` is ``"catch"`` (one entry per caught type; ``name`` as written, ``java_type`` its FQN:
    imported, a known JDK class or a ``java.lang`` class that exists; None when unknown) or ``"synchronized"`` (a ``synchronized (...)``
    block; ``name`` is ``"synchronized"``, ``java_type`` None).
    """

    kind: str
    name: str
    java_type: str | None
    line: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Extraction:
    """``constructed``: variables assigned ``new C(...)`` -> C's FQN (only those assigned one class);
    ``constructs``: catch clauses and synchronized blocks in source order (see :class:`Construct`)."""

    calls: list[JavaCall] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    parse_mode: str = "token_scan"
    imports: dict[str, str] = field(default_factory=dict)
    variables: dict[str, str] = field(default_factory=dict)
    constructed: dict[str, str] = field(default_factory=dict)
    constructs: list[Construct] = field(default_factory=list)
    # the javalang tree the calls were walked from (None after a partial parse or the token scan);
    # the resolver finds Java language constructs in it. Not part of ``to_dict``.
    tree: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(replace(self, tree=None))
        out.pop("tree", None)
        return out


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
