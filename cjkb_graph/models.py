"""The result models: what the library returns, the MCP tools return and ``--json`` prints.

One definition per result shape. Models forbid unknown fields, so a field the library adds must be
declared here first (and then shows up in the MCP output schema). ``import`` is written by alias.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ApiDetail",
    "ApiDetails",
    "ApiRef",
    "BlockDescription",
    "CallSuggestion",
    "Candidate",
    "CheckResult",
    "ClassMembers",
    "ConstructUse",
    "DescribeResult",
    "Described",
    "Diagnostic",
    "DocRef",
    "ErrorHints",
    "Example",
    "Examples",
    "ExportResult",
    "InsteadApi",
    "JavaCall",
    "JavaCallFull",
    "JavaMapping",
    "JavaMappingEntry",
    "JavaTarget",
    "MapsTo",
    "Member",
    "MemberCounts",
    "MemberGroup",
    "ModuleInfo",
    "Modules",
    "Neighbor",
    "Neighbors",
    "NodeResult",
    "NodeSummary",
    "Param",
    "PathOut",
    "PathResult",
    "PathStep",
    "RelatedApi",
    "RerankStatus",
    "ResolveResult",
    "SearchHit",
    "SearchResult",
    "StatementDescription",
    "TypeRef",
    "UnresolvedCall",
]  # fmt: skip


class _Out(BaseModel):
    """Base of every result: unknown fields are rejected, ``import_`` is written as ``import``."""

    model_config = ConfigDict(
        extra="forbid", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
    )


class _Answer(_Out):
    """Base of every tool answer: ``truncated`` says what was cut to keep it under the size limit."""

    truncated: str | None = Field(
        None, description="set when lists were cut to keep the answer under the size limit: what was cut"
    )


class SearchHit(_Out):
    id: str
    qualname: str
    kind: str | None = None
    name: str = ""
    signature: str = ""
    module: str = ""
    import_: str | None = Field(None, alias="import", description="the import line the API needs")
    description: str = ""
    score: float = 0.0
    bm25: float | None = Field(None, description="the BM25 score of the words route")
    why: list[str] = Field(default_factory=list, description="why it ranked: routes and matched terms")
    source: str = Field("", description="where the node comes from: doc or table file and line")
    overloads: int | None = Field(
        None, description="further overloads of this qualname that matched (folded into this hit)"
    )


class SearchResult(_Answer):
    query: str
    count: int
    hits: list[SearchHit]


class Param(_Out):
    name: str = ""
    type: str = ""
    description: str = ""


class Example(_Out):
    id: str
    title: str = ""
    module: str | None = None
    source: str | None = None
    sample: bool = False
    code: str = ""
    apis: list[str] = Field(default_factory=list, description="qualnames of the APIs the example shows")
    api_ids: list[str] = Field(default_factory=list)
    deprecated_apis: list[str] = Field(
        default_factory=list,
        description="APIs the example shows or calls that the docs mark deprecated: do not copy those calls",
    )
    lang: str | None = Field(None, description="language of the docs page the example comes from (en/zh)")


class MapsTo(_Out):
    target: str
    qualname: str
    confidence: str | None = None
    note: str | None = None
    rank: int = 0


class ApiDetail(_Out):
    id: str
    kind: str
    name: str = ""
    qualname: str
    module: str | None = None
    import_: str | None = Field(None, alias="import")
    signature: str | None = None
    description: str | None = None
    description_zh: str | None = None
    params: list[Param] = Field(default_factory=list)
    returns: str | None = None
    throws: list[str] = Field(default_factory=list)
    owner: str | None = None
    member_kind: str | None = None
    type_kind: str | None = None
    static: bool = False
    deprecated: bool = False
    extension: dict[str, Any] | None = None
    source: str | None = Field(None, description="doc file and line the API comes from")
    examples: list[Example] = Field(default_factory=list)
    maps_to: list[MapsTo] = Field(default_factory=list)
    note: str | None = None
    member_count: int | None = None
    supertypes: list[str] | None = None


class ApiDetails(_Answer):
    query: str
    count: int = Field(description="how many APIs matched (matches holds at most 20)")
    matches: list[ApiDetail]
    notes: list[str] = Field(default_factory=list)


class NodeSummary(_Out):
    id: str
    kind: str
    name: str = ""
    qualname: str | None = None
    module: str | None = None
    signature: str | None = None
    description: str | None = None


class TypeRef(NodeSummary):
    import_: str | None = Field(None, alias="import")


class Member(_Out):
    id: str
    name: str
    signature: str | None = None
    member_kind: str | None = None
    static: bool = False
    origin: Literal["own", "extension", "inherited"]
    declared_in: str = Field(description="the type (or supertype) the member is declared on")
    module: str | None = None
    import_: str | None = Field(
        None, alias="import", description="for extension members: the package to import"
    )
    extension: str | None = Field(None, description="the extend block, for extension members")
    description: str | None = None
    deprecated: bool = False


class MemberGroup(_Out):
    name: str
    count: int
    members: list[Member]


class MemberCounts(_Out):
    own: int
    extension: int
    inherited: int
    overridden_skipped: int
    groups: int


class ClassMembers(_Answer):
    type: TypeRef
    supertypes: list[str]
    counts: MemberCounts
    groups: list[MemberGroup]
    maps_to: list[MapsTo] = Field(default_factory=list)
    alternatives: list[str] = Field(default_factory=list, description="other types with that name")


class Examples(_Answer):
    query: str
    matched_apis: list[str]
    how: str
    examples: list[Example]
    notes: list[str] = Field(default_factory=list)


class ModuleInfo(_Out):
    id: str
    import_: str | None = Field(None, alias="import")
    types: int
    members: int
    functions: int
    examples: int
    summary: str


class Modules(_Answer):
    count: int
    modules: list[ModuleInfo]


class NodeResult(_Answer):
    id: str
    kind: str
    attributes: dict[str, Any]
    edge_counts: dict[str, dict[str, int]] = Field(description="{'out': {edge kind: n}, 'in': {...}}")


class PathStep(_Out):
    source: str
    edge: str
    target: str
    confidence: str | None = None
    note: str | None = None
    rank: int | None = None
    origin: str | None = None


class Neighbor(NodeSummary):
    depth: int
    path: list[PathStep]
    path_text: str


class Neighbors(_Answer):
    node: NodeSummary
    direction: str
    depth: int
    edge_kinds: list[str] | None
    total: int
    offset: int
    limit: int
    next_offset: int | None = Field(description="pass as offset for the next page; null on the last page")
    counts_by_edge: dict[str, int]
    neighbors: list[Neighbor]


class PathOut(_Out):
    steps: list[PathStep]
    text: str


class PathResult(_Answer):
    source: str
    target: str
    directed: bool = Field(description="false when some edges had to be followed backwards")
    length: int | None
    paths: list[PathOut]
    notes: list[str] = Field(default_factory=list)


class ExportResult(_Answer):
    center: str
    depth: int
    nodes: int
    edges: int
    node_limit: int
    graphml: str


class ApiRef(_Out):
    """An API node as the tools show it: id, qualname, kind, signature, module, import."""

    id: str
    qualname: str | None = None
    kind: str | None = None
    signature: str | None = None
    module: str | None = None
    import_: str | None = Field(None, alias="import")


class JavaTarget(ApiRef):
    pass


class JavaMappingEntry(_Out):
    java_symbol: str | None = None
    java_id: str | None = None
    target: JavaTarget | None = None
    confidence: str | None = Field(None, description="exact, approximate or none")
    note: str | None = None
    source: str | None = None


class JavaMapping(_Answer):
    """Library result of ``java_to_cangjie``; fields beyond these are passed through."""

    query: str = ""
    mappings: list[JavaMappingEntry] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list, description="close Java names when nothing maps")


class JavaCall(_Out):
    """A Java call as a suggestion names it."""

    text: str = ""
    kind: str | None = None
    receiver: str | None = None
    java_type: str | None = None
    method: str | None = None
    arg_count: int | None = None
    line: int | None = None


class JavaCallFull(JavaCall):
    """A Java call as the extractor found it (``resolve_java_code``'s ``calls``)."""

    column: int | None = None
    type_args: list[str] = Field(default_factory=list)
    arg_types: list[str | None] = Field(default_factory=list)
    result_type: str | None = None
    chain_parent: int | None = None
    local: bool = False


class UnresolvedCall(JavaCall):
    notes: list[str] = Field(default_factory=list)


class Candidate(ApiRef):
    description: str | None = None
    score: float | None = None
    why: list[str] = Field(default_factory=list)
    examples: list[str] = Field(
        default_factory=list, description="example ids: pass to get_node or find_examples"
    )


class InsteadApi(_Out):
    """An API a curated ``none`` mapping's note says to write instead of the Java call."""

    qualname: str
    signature: str | None = None
    import_: str | None = Field(None, alias="import")


class CallSuggestion(_Out):
    call: JavaCall | None = None
    level: str | None = Field(None, description="api, statement or block: how specific the match is")
    cangjie_type: str | None = None
    candidates: list[Candidate] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    receiver_source: str | None = Field(
        None,
        description=(
            "where the receiver's Java type came from: declared (a declaration in the snippet: a "
            "variable, parameter, field or the class of a `new`), inferred (a call chain, `var`, "
            "for-each, cast or the tables), static (a class name: Math.max), guessed (only the calls "
            "on the receiver or its name; the candidates are a guess), user (the snippet's own code or "
            "a type that is not the JDK's: no library candidates) or unknown (no candidates)"
        ),
    )
    confidence: str | None = Field(
        None,
        description=(
            "how far to trust this answer: high (a known receiver type and a curated member mapping, "
            "or code declared in the snippet), medium (a known type whose member was ranked by name, "
            "an approximate mapping of a static call such as Arrays.asList, or user code recognised by "
            "its name only), low (a guess, or an unknown receiver)"
        ),
    )
    receiver_type: str | None = Field(
        None, description="the Java type the call was resolved against (a guessed one included)"
    )
    instead: list[InsteadApi] = Field(
        default_factory=list,
        description=(
            "a Java call no Cangjie API translates (a curated `none` mapping, no candidates): the APIs "
            "its note says to write instead, e.g. it.next() in a loop for Iterator.hasNext(); read "
            "the note for how"
        ),
    )


class ConstructUse(_Out):
    """A Java language construct met in a snippet and how to write it in Cangjie."""

    id: str = Field(description="the construct node, construct:<id>")
    name: str = ""
    name_zh: str = ""
    line: int | None = Field(None, description="first line it was seen on, when the parse tree knows")
    note: str = ""
    note_zh: str = ""
    java: str = ""
    cangjie: str = Field("", description="a short Cangjie example")
    manual: list[str] = Field(default_factory=list, description="manual section/page ids that explain it")
    source: str = ""


class SuggestionDefaults(_Out):
    """Compact answers: the values that suggestions without their own ``level``,
    ``receiver_source`` or ``confidence`` have (the most common ones, said once)."""

    level: str | None = None
    receiver_source: str | None = None
    confidence: str | None = None


class ResolveResult(_Answer):
    """The resolver's output contract; fields beyond these are passed through."""

    calls: list[JavaCallFull] = Field(default_factory=list)
    suggestions: list[CallSuggestion] = Field(default_factory=list)
    imports: list[str] = Field(default_factory=list)
    unresolved: list[UnresolvedCall] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    parse_mode: str | None = Field(None, description="how the Java parsed: compilation_unit ... token_scan")
    rerank: RerankStatus | None = Field(None, description="outcome of the optional LLM rerank")
    ms: float | None = Field(None, description="time taken, when measured")
    constructs: list[ConstructUse] = Field(
        default_factory=list, description="Java language constructs in the snippet and their Cangjie form"
    )
    suggestion_defaults: SuggestionDefaults | None = Field(
        None,
        description="compact answers only: the level, receiver_source and confidence of every "
        "suggestion that does not give its own",
    )


class RerankStatus(_Out):
    status: Literal["ok", "failed", "skipped"]
    reason: str | None = None
    kept: str | None = None
    model: str | None = None
    suggestions_reordered: int | None = None


class Described(_Out):
    call: JavaCall | None = None
    level: str | None = None
    en: str = ""
    zh: str = ""


class StatementDescription(_Out):
    line: int | None = None
    en: str = ""
    zh: str = ""


class BlockDescription(_Out):
    en: str = ""
    zh: str = ""
    source: str | None = Field(None, description="heuristic or llm")
    heuristic: dict[str, str] | None = Field(None, description="the heuristic text when an LLM wrote en/zh")


class DescribeResult(_Answer):
    """Bilingual description per call / statement / block; fields beyond these are passed through."""

    calls: list[Described] = Field(default_factory=list)
    statements: list[StatementDescription] = Field(default_factory=list)
    block: BlockDescription | None = None
    imports: list[str] = Field(default_factory=list)
    llm: RerankStatus | None = Field(None, description="set when the optional LLM description failed")


class RelatedApi(ApiRef):
    description: str | None = None
    why: str | list[str] | None = None


class DocRef(_Out):
    file: str | None = None
    title: str | None = None
    excerpt: str | None = None


class ErrorHints(_Answer):
    """Hints, related APIs and imports for a compiler error; fields beyond these are passed through."""

    error_kinds: list[str] = Field(default_factory=list)
    hints: list[str] = Field(default_factory=list)
    apis: list[RelatedApi] = Field(default_factory=list)
    imports: list[str] = Field(default_factory=list, description="import lines that may be missing")
    docs: list[DocRef] = Field(default_factory=list, description="language manual passages")
    llm_hint: str | None = Field(None, description="the optional LLM's hint")
    llm: RerankStatus | None = Field(None, description="set when the optional LLM hint failed")


# ---------------------------------------------------------------------------- the Cangjie draft checker

Severity = Literal["error", "warning", "info"]


class Diagnostic(_Out):
    """One finding in a Cangjie draft; line and column are 1-based, the end is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int
    severity: Severity
    code: str = Field(description="rule id, e.g. java-new, unknown-member, missing-import")
    message: str
    suggestions: list[str] = Field(default_factory=list, description="the fix: Cangjie to write instead")


class CheckResult(_Answer):
    """``check_cangjie_code``: diagnostics, the import lines to add, the graph APIs the code uses."""

    diagnostics: list[Diagnostic] = Field(default_factory=list)
    imports_missing: list[str] = Field(default_factory=list, description="import lines to add")
    parsed: bool = Field(True, description="false when tree-sitter found syntax errors")
    apis: list[str] = Field(default_factory=list, description="graph API ids the code calls or reads")
    ms: float = 0.0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]
