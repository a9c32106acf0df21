"""The MCP server: thin adapters from the official ``mcp`` 2.x SDK's ``MCPServer`` to the library."""

from __future__ import annotations

import functools
import importlib
import logging
import threading
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import __version__
from . import tools as T
from .errors import CjkbError, NodeNotFound
from .kb import KnowledgeBase

__all__ = ["MAX_ERROR_CHARS", "MAX_JAVA_BYTES", "MAX_QUERY_CHARS", "TOOL_NAMES", "build_server"]

log = logging.getLogger("cjkb_graph.mcp")

MAX_QUERY_CHARS = 1000
MAX_JAVA_BYTES = 100_000
MAX_ERROR_CHARS = 20_000
MAX_REF_CHARS = 1000

EdgeKindName = Literal[
    "member_of", "overloads", "example_for", "inherits", "returns", "has_type", "throws", "maps_to"
]
SearchKind = Literal["type", "member", "function", "module", "example"]

# ---------------------------------------------------------------------------- output models


class _Out(BaseModel):
    """Base of every tool result: keeps fields the library adds later, writes ``import`` by alias."""

    model_config = ConfigDict(
        extra="allow", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
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
    why: list[str] | str = Field(default_factory=list, description="why it ranked: routes and matched terms")


class SearchResult(_Out):
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


class ApiDetails(_Out):
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


class ClassMembers(_Out):
    type: TypeRef
    supertypes: list[str]
    counts: MemberCounts
    groups: list[MemberGroup]
    maps_to: list[MapsTo] = Field(default_factory=list)
    alternatives: list[str] = Field(default_factory=list, description="other types with that name")


class Examples(_Out):
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


class Modules(_Out):
    count: int
    modules: list[ModuleInfo]


class NodeResult(_Out):
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


class Neighbor(NodeSummary):
    depth: int
    path: list[PathStep]
    path_text: str


class Neighbors(_Out):
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


class PathResult(_Out):
    source: str
    target: str
    directed: bool = Field(description="false when some edges had to be followed backwards")
    length: int | None
    paths: list[PathOut]
    notes: list[str] = Field(default_factory=list)


class ExportResult(_Out):
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


class JavaMapping(_Out):
    """Library result of ``java_to_cangjie``; fields beyond these are passed through."""

    query: str = ""
    mappings: list[JavaMappingEntry] = Field(default_factory=list)
    suggestions: list[Any] = Field(default_factory=list, description="close Java names when nothing maps")


class JavaCall(_Out):
    text: str = ""
    kind: str | None = None
    receiver: str | None = None
    java_type: str | None = None
    method: str | None = None
    arg_count: int | None = None
    line: int | None = None


class Candidate(ApiRef):
    description: str | None = None
    score: float | None = None
    why: list[str] | str = Field(default_factory=list)
    examples: list[Any] = Field(
        default_factory=list, description="example ids: pass to get_node or find_examples"
    )


class CallSuggestion(_Out):
    call: JavaCall | dict[str, Any] | str | None = None
    level: str | None = Field(None, description="api, statement or block: how specific the match is")
    cangjie_type: str | None = None
    candidates: list[Candidate] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class ResolveResult(_Out):
    """The resolver's output contract; fields beyond these are passed through."""

    calls: list[Any] = Field(default_factory=list)
    suggestions: list[CallSuggestion] = Field(default_factory=list)
    imports: list[str] = Field(default_factory=list)
    unresolved: list[Any] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class Described(_Out):
    call: JavaCall | dict[str, Any] | None = None
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


class DescribeResult(_Out):
    """Bilingual description per call / statement / block; fields beyond these are passed through."""

    calls: list[Described] = Field(default_factory=list)
    statements: list[StatementDescription] = Field(default_factory=list)
    block: BlockDescription | None = None
    imports: list[str] = Field(default_factory=list)


class RelatedApi(ApiRef):
    description: str | None = None
    why: str | list[str] | None = None


class DocRef(_Out):
    file: str | None = None
    title: str | None = None
    excerpt: str | None = None


class ErrorHints(_Out):
    """Hints, related APIs and imports for a compiler error; fields beyond these are passed through."""

    error_kinds: list[str] = Field(default_factory=list)
    hints: list[str] = Field(default_factory=list)
    apis: list[RelatedApi] = Field(default_factory=list)
    imports: list[str] = Field(default_factory=list, description="import lines that may be missing")
    docs: list[DocRef] = Field(default_factory=list, description="language manual passages")


# ---------------------------------------------------------------------------- parameter types

Query = Annotated[
    str, Field(min_length=1, max_length=MAX_QUERY_CHARS, description="at most 1,000 characters")
]
NodeRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_REF_CHARS,
        description="a node id (std.collection.HashMap.add(K,V)) or qualname (std.collection.HashMap.add)",
    ),
]
ModuleOpt = Annotated[
    str | None, Field(max_length=200, description="restrict to one package, e.g. std.collection")
]
EdgeKinds = Annotated[
    list[EdgeKindName] | None, Field(max_length=8, description="follow only these edge kinds (default: all)")
]
JavaCode = Annotated[
    str, Field(max_length=MAX_JAVA_BYTES, description="Java source: a statement, method or class (<= 100 KB)")
]
_RO = ToolAnnotations(
    read_only_hint=True, idempotent_hint=True, destructive_hint=False, open_world_hint=False
)

# ---------------------------------------------------------------------------- strict arguments


def _preview(value: Any) -> str:
    if isinstance(value, str) and len(value) > 60:
        return f"a string of {len(value):,} characters"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _explain(exc: ValidationError, allowed: list[str]) -> str:
    parts = []
    for e in exc.errors():
        loc = ".".join(str(p) for p in e["loc"]) or "arguments"
        if e["type"] == "missing":
            parts.append(f"missing required parameter '{loc}'")
        else:
            parts.append(f"{loc}: {e['msg']} (got {_preview(e.get('input'))})")
    return "invalid arguments: " + "; ".join(parts) + f". Parameters: {', '.join(allowed)}"


class StrictTool(Tool):
    """A tool that rejects unknown parameters and explains bad arguments in one line."""

    async def run(self, arguments: dict[str, Any], context: Any, convert_result: bool = False) -> Any:
        allowed = list(self.parameters.get("properties", {}))
        unknown = sorted(set(arguments) - set(allowed))
        if unknown:
            raise ToolError(
                f"Error executing tool {self.name}: unknown parameter(s) {', '.join(repr(u) for u in unknown)}; "
                f"{self.name} takes: {', '.join(allowed) or 'no parameters'}"
            )
        try:
            self.fn_metadata.validate_arguments(arguments)
        except ValidationError as exc:
            raise ToolError(f"Error executing tool {self.name}: {_explain(exc, allowed)}") from exc
        return await super().run(arguments, context, convert_result=convert_result)


# ---------------------------------------------------------------------------- errors

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(fn: F) -> F:
    """Library errors -> ToolError with the library's message (and "did you mean" candidates)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except NodeNotFound as e:
            msg = str(e)
            if e.suggestions:
                msg += ". Did you mean: " + ", ".join(e.suggestions)
            raise ToolError(msg) from e
        except CjkbError as e:
            raise ToolError(str(e)) from e
        except RecursionError as e:
            raise ToolError("the input is nested too deeply to analyse; send a smaller fragment") from e

    return wrapper  # type: ignore[return-value]


def _library(module: str, func: str, tool: str) -> Callable[..., Any]:
    name = f"cjkb_graph.{module}"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise ToolError(f"{tool} is not available in this installation ({name} is missing)") from e
    fn: Callable[..., Any] = getattr(mod, func)
    return fn


class _LazyKB:
    """Calls the loader once, on first use, under a lock; a failure is retried on the next call."""

    def __init__(self, loader: Callable[[], KnowledgeBase]):
        self._loader = loader
        self._kb: KnowledgeBase | None = None
        self._lock = threading.Lock()

    def __call__(self) -> KnowledgeBase:
        kb = self._kb
        if kb is None:
            with self._lock:
                if self._kb is None:
                    self._kb = self._loader()
                kb = self._kb
        return kb


INSTRUCTIONS = """\
Knowledge graph of the Cangjie std/stdx APIs (official v1.2.0 docs) for translating Java to Cangjie.
Typical loop: resolve_java_code on the Java fragment (or java_to_cangjie for one Java symbol) ->
get_api_details / get_class_members for the chosen Cangjie API -> find_examples for usage ->
after a cjc compile error, error_fix_hint with the error text. search_api finds APIs from words.
get_node / get_neighbors / find_path / export_subgraph walk the graph itself. All tools are read-only."""

TOOL_NAMES = (
    "search_api",
    "get_api_details",
    "get_class_members",
    "find_examples",
    "java_to_cangjie",
    "resolve_java_code",
    "describe_java_code",
    "error_fix_hint",
    "list_modules",
    "get_node",
    "get_neighbors",
    "find_path",
    "export_subgraph",
)


def build_server(kb_loader: Callable[[], KnowledgeBase], *, log_level: str = "WARNING") -> MCPServer[Any]:
    """The MCP server over the graph that ``kb_loader`` returns (called once, on the first tool call).

    Nothing is loaded here: the CLI starts loading the graph in a background thread and passes a
    loader that waits for it, so the server answers ``initialize`` while the graph loads.
    """
    kb = _LazyKB(kb_loader)

    @_guarded
    def search_api(
        query: Query,
        module: ModuleOpt = None,
        kind: Annotated[SearchKind | None, Field(description="only this node kind")] = None,
        top_k: Annotated[int, Field(ge=1, le=T.MAX_TOP_K, description="1..50")] = 10,
    ) -> SearchResult:
        """Find Cangjie std/stdx APIs from words (English or Chinese), a Java symbol or a Cangjie name.

        Call it when you do not know which Cangjie API does something ("sort a list", "read file
        lines", "java.util.HashMap.put"). Returns ranked hits with id, qualname, signature, module,
        the import line to add, a short description and why each ranked. Next: get_api_details on
        a hit's qualname for all overloads, params and examples; get_class_members for a type.
        """
        search = _library("search", "search", "search_api")
        hits = search(kb(), query, module=module or None, kind=kind, top_k=top_k)
        return SearchResult(query=query, count=len(hits), hits=[SearchHit.model_validate(h) for h in hits])

    @_guarded
    def get_api_details(
        name: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_REF_CHARS,
                description="id, qualname (std.collection.HashMap.add), Type.member (HashMap.add) or name",
            ),
        ],
        module: ModuleOpt = None,
    ) -> ApiDetails:
        """Exact lookup of a Cangjie API by id, qualname, Type.member or simple name, with all overloads.

        Call it once you know the API's name, to write a correct call: each match has the full
        signature, parameters (name, type, description), return type, thrown exceptions, the import
        line, up to two doc examples and the doc source. For Java nodes (java.lang.String.indexOf)
        it shows their maps_to targets. An unknown name is an error with "did you mean"
        candidates. Next: get_class_members for the owner type, find_examples for more usage.
        """
        return ApiDetails.model_validate(T.get_api_details(kb(), name, module or None))

    @_guarded
    def get_class_members(
        class_name: Annotated[
            str,
            Field(
                min_length=1, max_length=MAX_REF_CHARS, description="type name, qualname or id, e.g. HashMap"
            ),
        ],
        module: ModuleOpt = None,
        include_inherited: Annotated[bool, Field(description="add members of supertypes")] = True,
    ) -> ClassMembers:
        """All members of a Cangjie type (class/struct/interface/enum), grouped by name with overloads together.

        Call it to see what a type offers before writing calls on it (e.g. what replaces a Java
        method). Each member has its signature and origin: own, extension (declared in an
        `extend` block, maybe in another package: add its import line) or inherited (from a
        supertype; declared_in names it). Next: get_api_details on a member's id for params and examples.
        """
        return ClassMembers.model_validate(
            T.get_class_members(kb(), class_name, module or None, include_inherited)
        )

    @_guarded
    def find_examples(
        query: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_QUERY_CHARS,
                description="an API id/qualname/name (HashMap.add) or a task in words",
            ),
        ],
        module: ModuleOpt = None,
        top_k: Annotated[int, Field(ge=1, le=T.MAX_TOP_K, description="1..50")] = 5,
    ) -> Examples:
        """Example Cangjie code from the official docs, for an API or for a task.

        Given an API name, returns the examples linked to it (for a type also its members');
        given a task in words, searches example titles and code. Each example has its code, the
        APIs it shows and its doc source. Use it to copy idiomatic usage (imports, main(), Option
        handling). Next: get_api_details on one of an example's apis.
        """
        return Examples.model_validate(T.find_examples(kb(), query, module or None, top_k))

    @_guarded
    def java_to_cangjie(
        java_symbol: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_REF_CHARS,
                description="a Java type or member: java.util.HashMap, HashMap.put, String.indexOf",
            ),
        ],
    ) -> JavaMapping:
        """Map one Java type or member to its Cangjie counterpart(s), as `cjkb-graph java2cj` does.

        Returns the curated mappings (Cangjie id, confidence exact/approximate/none, a note on
        semantic differences) and suggestions when there is no curated entry. Use it for single
        symbols; for a whole fragment use resolve_java_code. Next: get_api_details on a target.
        """
        fn = _library("javamap", "java_to_cangjie", "java_to_cangjie")
        return JavaMapping.model_validate(fn(kb(), java_symbol))

    @_guarded
    def resolve_java_code(
        java_code: JavaCode,
        top_k: Annotated[int, Field(ge=1, le=T.MAX_TOP_K, description="candidates per call, 1..50")] = 5,
        rerank: Annotated[
            bool | None, Field(description="rerank with the configured LLM (default: as configured)")
        ] = None,
    ) -> ResolveResult:
        """Resolve every Java API call in a fragment to ranked Cangjie API candidates.

        Call it first when translating a Java statement, method or class. For each call it gives
        the receiver's Cangjie type, candidates with signature, import line, score, why and
        examples, plus the imports to add and the calls it could not resolve. Garbage or partial
        Java is not an error: you get what could be extracted plus notes. Next: get_api_details
        on a chosen candidate; get_class_members on a cangjie_type.
        """
        _check_java(java_code)
        resolve = _library("resolver", "resolve", "resolve_java_code")
        return ResolveResult.model_validate(resolve(kb(), java_code, top_k=top_k, rerank=rerank))

    @_guarded
    def describe_java_code(java_code: JavaCode) -> DescribeResult:
        """Describe a Java fragment in English and Chinese, per call, statement and block.

        Use it to explain what code does before translating it, or to look up a Cangjie API by
        intent (the descriptions are written in the docs' vocabulary). Garbage Java is not an
        error: you get what could be extracted plus notes. Next: resolve_java_code or search_api.
        """
        _check_java(java_code)
        describe = _library("resolver", "describe", "describe_java_code")
        return DescribeResult.model_validate(describe(kb(), java_code))

    @_guarded
    def error_fix_hint(
        error_text: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_ERROR_CHARS,
                description="cjc compiler output (one or more errors), at most 20,000 characters",
            ),
        ],
        top_k: Annotated[int, Field(ge=1, le=T.MAX_TOP_K, description="1..50")] = 5,
    ) -> ErrorHints:
        """Hints for a Cangjie compiler (cjc) error: what it means, related APIs and imports to add.

        Call it inside the compile-fix loop with the error text (e.g. "error: undeclared
        identifier 'HashMap'"). Returns hints, related APIs with signatures and the import lines
        that may be missing. Next: get_api_details on a related API, then recompile.
        """
        fn = _library("resolver", "error_fix_hint", "error_fix_hint")
        return ErrorHints.model_validate(fn(kb(), error_text, top_k=top_k))

    @_guarded
    def list_modules() -> Modules:
        """List every Cangjie std/stdx package with its counts and a one-line summary.

        Call it to find which package covers an area (collections, io, regex, json...) or to get
        a valid `module` value for the other tools. Each package has its import line and counts of
        types, members, functions and examples. Next: search_api with module=... .
        """
        return Modules.model_validate(T.list_modules(kb()))

    @_guarded
    def get_node(node_id: NodeRef) -> NodeResult:
        """One graph node with all its attributes and its edge counts per kind (out and in).

        Use it to inspect any node (API, module, example, Java symbol) by id or qualname, e.g. to
        see its source, description or how connected it is. An unknown id is an error with "did
        you mean" candidates. Next: get_neighbors to follow its edges.
        """
        return NodeResult.model_validate(T.get_node(kb(), node_id))

    @_guarded
    def get_neighbors(
        node_id: NodeRef,
        edge_kinds: EdgeKinds = None,
        direction: Annotated[
            Literal["out", "in", "both"], Field(description="out: edges from the node; in: edges into it")
        ] = "both",
        depth: Annotated[int, Field(ge=1, le=T.MAX_DEPTH, description="hops, 1..3")] = 1,
        limit: Annotated[int, Field(ge=1, le=T.MAX_NEIGHBOR_LIMIT, description="page size, 1..200")] = 50,
        offset: Annotated[int, Field(ge=0, description="skip this many (pagination)")] = 0,
    ) -> Neighbors:
        """Neighbours of a node within 1..3 hops, each with the typed edge path to it, paginated.

        Edge kinds: member_of (member->type->module), overloads, example_for (example->API),
        inherits (type->supertype), returns, has_type, throws, maps_to (Java->Cangjie). E.g.
        java.lang.String with edge_kinds=[maps_to] gives its Cangjie type; std.collection.HashMap
        with direction=in, edge_kinds=[returns] gives APIs returning a HashMap. Order is stable:
        nearer first, then by edge kind, then more connected, then id; `total` counts all and
        `next_offset` pages on. Next: get_node or get_api_details on a neighbour.
        """
        return Neighbors.model_validate(
            T.get_neighbors(kb(), node_id, edge_kinds, direction, depth, limit, offset)
        )

    @_guarded
    def find_path(
        source: NodeRef,
        target: NodeRef,
        edge_kinds: EdgeKinds = None,
        max_length: Annotated[int, Field(ge=1, le=T.MAX_PATH_LENGTH, description="1..10 edges")] = 6,
    ) -> PathResult:
        """Shortest typed path(s) between two nodes, e.g. java.util.HashMap -maps_to-> std.collection.HashMap.

        Edges are followed in their direction first; if no such path exists they are followed
        either way and `directed` is false. Each path lists its steps (source -edge-> target) and
        a one-line text. No path is not an error: `paths` is empty and `notes` says why.
        """
        return PathResult.model_validate(T.find_path(kb(), source, target, edge_kinds, max_length))

    @_guarded
    def export_subgraph(
        node_id: NodeRef,
        depth: Annotated[int, Field(ge=0, le=T.MAX_DEPTH, description="hops, 0..3")] = 1,
        edge_kinds: EdgeKinds = None,
    ) -> ExportResult:
        """GraphML text of the neighbourhood of a node (edges followed both ways), for viewers and tools.

        At most 500 nodes: a larger neighbourhood is an error that says its size; use a smaller
        depth or edge_kinds. List and dict attributes are JSON text (GraphML takes scalars only).
        Prefer get_neighbors when you only need to read the graph.
        """
        return ExportResult.model_validate(T.export_subgraph(kb(), node_id, depth, edge_kinds))

    fns: list[Callable[..., Any]] = [
        search_api,
        get_api_details,
        get_class_members,
        find_examples,
        java_to_cangjie,
        resolve_java_code,
        describe_java_code,
        error_fix_hint,
        list_modules,
        get_node,
        get_neighbors,
        find_path,
        export_subgraph,
    ]
    tools: list[Tool] = []
    for fn in fns:
        tool = StrictTool.from_function(fn, annotations=_RO)
        tool.parameters["additionalProperties"] = False
        tools.append(tool)
    level: Any = log_level
    return MCPServer(
        "cjkb-graph",
        title="Cangjie API knowledge graph",
        instructions=INSTRUCTIONS,
        version=__version__,
        tools=tools,
        log_level=level,
    )


def _check_java(java_code: str) -> None:
    size = len(java_code.encode("utf-8", errors="replace"))
    if size > MAX_JAVA_BYTES:
        raise ToolError(
            f"java_code is {size:,} bytes; the limit is {MAX_JAVA_BYTES:,} bytes (100 KB). "
            "Send one class or method at a time"
        )
