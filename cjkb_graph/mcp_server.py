"""The MCP server: thin adapters from the official ``mcp`` 2.x SDK's ``MCPServer`` to the library."""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

import orjson
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field, ValidationError

from . import __version__
from .config import Config
from .detail import Detail, capped, compact, dump
from .engine import Engine
from .errors import CjkbError, NodeNotFound
from .java.primer import java_primer
from .limits import (
    COMPACT_CANDIDATES,
    MAX_CANGJIE_BYTES,
    MAX_DEPTH,
    MAX_ERROR_CHARS,
    MAX_JAVA_BYTES,
    MAX_MODULE_CHARS,
    MAX_NEIGHBOR_LIMIT,
    MAX_PATH_LENGTH,
    MAX_QUERY_CHARS,
    MAX_REF_CHARS,
    MAX_SYMBOL_CHARS,
    MAX_TOP_K,
)
from .models import (
    ApiDetails,
    CheckResult,
    ClassMembers,
    DescribeResult,
    ErrorHints,
    Examples,
    ExportResult,
    JavaMapping,
    Modules,
    Neighbors,
    NodeResult,
    PathResult,
    ResolveResult,
    SearchResult,
)

__all__ = ["TOOL_NAMES", "build_server"]

log = logging.getLogger("cjkb_graph.mcp")

EdgeKindName = Literal[
    "member_of",
    "overloads",
    "example_for",
    "inherits",
    "returns",
    "has_type",
    "throws",
    "maps_to",
    "uses",
    "section_of",
    "next",
    "mentions",
]
SearchKind = Literal["type", "member", "function", "module", "example", "section", "page", "construct"]

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
    str | None, Field(max_length=MAX_MODULE_CHARS, description="restrict to one package, e.g. std.collection")
]
EdgeKinds = Annotated[
    list[EdgeKindName] | None, Field(max_length=8, description="follow only these edge kinds (default: all)")
]
JavaCode = Annotated[
    str, Field(max_length=MAX_JAVA_BYTES, description="Java source: a statement, method or class (<= 100 KB)")
]
DetailOpt = Annotated[
    Detail,
    Field(
        description='"compact" (default): one-line signatures, notes, imports, the top entries; '
        '"full": every field (longer answers)'
    ),
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


def _answer(result: BaseModel, detail: Detail = "full", **compact_options: Any) -> Any:
    """The tool result: the model (compacted unless ``detail="full"``), capped in size, as structured
    content plus the same JSON, unindented, as text (what clients without structured content read)."""
    if detail == "compact":
        compact(result, **compact_options)
    data = capped(dump(result, detail))
    text = orjson.dumps(data).decode()
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


class _LazyEngine:
    """Calls the loader once, on first use, under a lock; a failure is retried on the next call."""

    def __init__(self, loader: Callable[[], Engine]):
        self._loader = loader
        self._engine: Engine | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Engine:
        engine = self._engine
        if engine is None:
            with self._lock:
                if self._engine is None:
                    self._engine = self._loader()
                engine = self._engine
        return engine


INSTRUCTIONS = """\
Knowledge graph of the Cangjie std/stdx APIs (official v1.2.0 docs) for translating Java to Cangjie.
Typical loop: resolve_java_code on the Java fragment (or java_to_cangjie for one Java symbol) ->
get_api_details / get_class_members for the chosen Cangjie API -> find_examples for usage ->
check_cangjie_code on your Cangjie draft (no compiler needed) -> after a cjc compile error,
error_fix_hint with the error text. search_api finds APIs from words; search_docs answers language
questions (switch, null, exceptions, generics...) from the language manual and the Java construct notes.
get_node / get_neighbors / find_path / export_subgraph walk the graph itself. All tools are read-only."""

TOOL_NAMES = (
    "search_api",
    "search_docs",
    "get_api_details",
    "get_class_members",
    "find_examples",
    "java_to_cangjie",
    "resolve_java_code",
    "describe_java_code",
    "error_fix_hint",
    "check_cangjie_code",
    "list_modules",
    "get_node",
    "get_neighbors",
    "find_path",
    "export_subgraph",
)


def build_server(
    engine_loader: Callable[[], Engine], *, log_level: str = "WARNING", primer: str | None = None
) -> MCPServer[Any]:
    """The MCP server over the engine that ``engine_loader`` returns (called once, on the first tool call).

    Nothing is loaded here: the CLI starts loading the graph in a background thread and passes a
    loader that waits for it, so the server answers ``initialize`` while the graph loads. The
    instructions end with a primer for Java programmers built from the construct table (``primer``:
    that text instead; "" for none).
    """
    engine = _LazyEngine(engine_loader)
    if primer is None:
        primer = java_primer(Config().constructs_path)

    @_guarded
    def search_api(
        query: Query,
        module: ModuleOpt = None,
        kind: Annotated[SearchKind | None, Field(description="only this node kind")] = None,
        top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K, description="1..50")] = 10,
        detail: DetailOpt = "compact",
    ) -> SearchResult:
        """Find Cangjie std/stdx APIs from words (English or Chinese), a Java symbol or a Cangjie name.

        Call it when you do not know which Cangjie API does something ("sort a list", "read file
        lines", "java.util.HashMap.put"). Returns ranked hits with id, qualname, signature, module,
        the import line to add, a short description and why each ranked. Next: get_api_details on
        a hit's qualname for all overloads, params and examples; get_class_members for a type.
        """
        hits = engine().search(query, module=module, kind=kind, top_k=top_k)
        return _answer(SearchResult(query=query, count=len(hits), hits=hits), detail)

    @_guarded
    def search_docs(
        query: Query,
        lang: Annotated[
            Literal["en", "zh"] | None,
            Field(description="language of titles and excerpts (default: zh for a Chinese query, else en)"),
        ] = None,
        top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K, description="1..50")] = 5,
    ) -> SearchResult:
        """Answer a Cangjie language question from the language manual and the Java construct notes.

        Call it for how-to-write questions rather than APIs: "switch on a string", "try-with-resources",
        "is there a ternary operator", "checked exceptions", "接口默认方法", "整数溢出". Hits are manual
        sections/pages (id manual:<page>#<section>, title, excerpt, first code block, source file and
        line) and Java constructs (id construct:<id>, the note on what to write in Cangjie and a
        Cangjie example in signature). Next: get_node on a hit for the full text and code;
        get_neighbors with edge_kinds=[maps_to] on a construct for its manual sections and APIs.
        """
        hits = engine().search_docs(query, lang=lang, top_k=top_k)
        return _answer(SearchResult(query=query, count=len(hits), hits=hits))

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
        detail: DetailOpt = "compact",
    ) -> ApiDetails:
        """Exact lookup of a Cangjie API by id, qualname, Type.member or simple name, with all overloads.

        Call it once you know the API's name, to write a correct call: each match has the full
        signature, parameters (name, type, description), return type, thrown exceptions, the import
        line, up to two doc examples and the doc source. For Java nodes (java.lang.String.indexOf)
        it shows their maps_to targets. An unknown name is an error with "did you mean"
        candidates. Next: get_class_members for the owner type, find_examples for more usage.
        """
        return _answer(engine().get_api_details(name, module or None), detail)

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
        detail: DetailOpt = "compact",
    ) -> ClassMembers:
        """All members of a Cangjie type (class/struct/interface/enum), grouped by name with overloads together.

        Call it to see what a type offers before writing calls on it (e.g. what replaces a Java
        method). Each member has its signature and origin: own, extension (declared in an
        `extend` block, maybe in another package: add its import line) or inherited (from a
        supertype; declared_in names it). Next: get_api_details on a member's id for params and examples.
        """
        return _answer(engine().get_class_members(class_name, module or None, include_inherited), detail)

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
        top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K, description="1..50")] = 5,
        detail: DetailOpt = "compact",
        lang: Annotated[
            Literal["en", "zh"] | None,
            Field(
                description="en: the English docs' version of each example (English comments) where it exists"
            ),
        ] = None,
    ) -> Examples:
        """Example Cangjie code from the official docs, for an API or for a task.

        Given an API name, returns the examples linked to it (for a type also its members');
        given a task in words, searches example titles and code. Each example has its code, the
        APIs it shows and its doc source; deprecated_apis lists the deprecated APIs it uses (do not
        copy those calls). Use it to copy idiomatic usage (imports, main(), Option handling).
        Next: get_api_details on one of an example's apis.
        """
        return _answer(engine().find_examples(query, module or None, top_k, lang), detail)

    @_guarded
    def java_to_cangjie(
        java_symbol: Annotated[
            str,
            Field(
                min_length=1,
                max_length=MAX_SYMBOL_CHARS,
                description="a Java type or member: java.util.HashMap, HashMap.put, String.indexOf",
            ),
        ],
    ) -> JavaMapping:
        """Map one Java type or member to its Cangjie counterpart(s), as `cjkb-graph java2cj` does.

        Returns the curated mappings (Cangjie id, confidence exact/approximate/none, a note on
        semantic differences) and suggestions when there is no curated entry. Use it for single
        symbols; for a whole fragment use resolve_java_code. Next: get_api_details on a target.
        """
        return _answer(engine().java_to_cangjie(java_symbol))

    @_guarded
    def resolve_java_code(
        java_code: JavaCode,
        top_k: Annotated[
            int | None,
            Field(
                ge=1,
                le=MAX_TOP_K,
                description="candidates per call, 1..50 (default 3, or 5 with detail=full)",
            ),
        ] = None,
        rerank: Annotated[
            bool | None, Field(description="rerank with the configured LLM (default: as configured)")
        ] = None,
        detail: DetailOpt = "compact",
    ) -> ResolveResult:
        """Resolve every Java API call in a fragment to ranked Cangjie API candidates.

        Call it first when translating a Java statement, method or class. For each call it gives
        the receiver's Cangjie type, candidates with signature, import line, score, why and
        examples, plus the imports to add and the calls it could not resolve. Send a method with
        its file's imports and its class's field declarations: a receiver declared outside the
        fragment is otherwise guessed (receiver_source "guessed", confidence "low") or left
        unanswered. Garbage or partial Java is not an error: you get what could be extracted plus
        notes. Next: get_api_details on a chosen candidate; get_class_members on a cangjie_type.
        """
        k = top_k if top_k is not None else (COMPACT_CANDIDATES if detail == "compact" else 5)
        return _answer(engine().resolve(java_code, top_k=k, rerank=rerank), detail, candidates=k)

    @_guarded
    def describe_java_code(java_code: JavaCode, detail: DetailOpt = "compact") -> DescribeResult:
        """Describe a Java fragment in English and Chinese, per call, statement and block.

        Use it to explain what code does before translating it, or to look up a Cangjie API by
        intent (the descriptions are written in the docs' vocabulary). Garbage Java is not an
        error: you get what could be extracted plus notes. Next: resolve_java_code or search_api.
        """
        return _answer(engine().describe(java_code), detail)

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
        top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K, description="1..50")] = 5,
        detail: DetailOpt = "compact",
    ) -> ErrorHints:
        """Hints for a Cangjie compiler (cjc) error: what it means, related APIs and imports to add.

        Call it inside the compile-fix loop with the error text (e.g. "error: undeclared
        identifier 'HashMap'"). Returns hints, related APIs with signatures and the import lines
        that may be missing. Next: get_api_details on a related API, then recompile.
        """
        return _answer(engine().error_fix_hint(error_text, top_k=top_k), detail)

    @_guarded
    def check_cangjie_code(
        cangjie_code: Annotated[
            str,
            Field(
                max_length=MAX_CANGJIE_BYTES,
                description="a Cangjie draft: a whole file, a function or statements (<= 100 KB)",
            ),
        ],
    ) -> CheckResult:
        """Check a Cangjie draft against the std/stdx graph without a compiler.

        Call it on your translation before compiling (or when no cjc is installed). Finds syntax
        errors, Java names that do not exist in Cangjie (list.size(), map.put, s.length(),
        System.out.println, new, String[], null...), members that the inferred type lacks, wrong
        arity, unknown packages and missing imports; each diagnostic has line, column, severity
        and the fix (found by walking the Java->Cangjie mappings backwards). When a type cannot be
        inferred it says less rather than guess. Next: apply the fixes, then get_api_details.
        """
        return _answer(engine().check(cangjie_code))

    @_guarded
    def list_modules(detail: DetailOpt = "compact") -> Modules:
        """List every Cangjie std/stdx package with its counts and a one-line summary.

        Call it to find which package covers an area (collections, io, regex, json...) or to get
        a valid `module` value for the other tools. Each package has its import line and counts of
        types, members, functions and examples. Next: search_api with module=... .
        """
        return _answer(engine().list_modules(), detail)

    @_guarded
    def get_node(node_id: NodeRef) -> NodeResult:
        """One graph node with all its attributes and its edge counts per kind (out and in).

        Use it to inspect any node (API, module, example, Java symbol, manual section
        manual:<page>#<slug>, Java construct construct:<id>) by id or qualname, e.g. to
        see its source, description or how connected it is. An unknown id is an error with "did
        you mean" candidates. Next: get_neighbors to follow its edges.
        """
        return _answer(engine().get_node(node_id))

    @_guarded
    def get_neighbors(
        node_id: NodeRef,
        edge_kinds: EdgeKinds = None,
        direction: Annotated[
            Literal["out", "in", "both"], Field(description="out: edges from the node; in: edges into it")
        ] = "both",
        depth: Annotated[int, Field(ge=1, le=MAX_DEPTH, description="hops, 1..3")] = 1,
        limit: Annotated[int, Field(ge=1, le=MAX_NEIGHBOR_LIMIT, description="page size, 1..200")] = 50,
        offset: Annotated[int, Field(ge=0, description="skip this many (pagination)")] = 0,
        detail: DetailOpt = "compact",
    ) -> Neighbors:
        """Neighbours of a node within 1..3 hops, each with the typed edge path to it, paginated.

        Edge kinds: member_of (member->type->module), overloads, example_for (example->API),
        inherits (type->supertype), returns, has_type, throws, maps_to (Java->Cangjie; construct->
        manual section/API), section_of (manual section->page), next, mentions (section->API). E.g.
        java.lang.String with edge_kinds=[maps_to] gives its Cangjie type; std.collection.HashMap
        with direction=in, edge_kinds=[returns] gives APIs returning a HashMap. Order is stable:
        nearer first, then by edge kind, then more connected, then id; `total` counts all and
        `next_offset` pages on. Next: get_node or get_api_details on a neighbour.
        """
        return _answer(engine().get_neighbors(node_id, edge_kinds, direction, depth, limit, offset), detail)

    @_guarded
    def find_path(
        source: NodeRef,
        target: NodeRef,
        edge_kinds: EdgeKinds = None,
        max_length: Annotated[int, Field(ge=1, le=MAX_PATH_LENGTH, description="1..10 edges")] = 6,
    ) -> PathResult:
        """Shortest typed path(s) between two nodes, e.g. java.util.HashMap -maps_to-> std.collection.HashMap.

        Edges are followed in their direction first; if no such path exists they are followed
        either way and `directed` is false. Each path lists its steps (source -edge-> target) and
        a one-line text. No path is not an error: `paths` is empty and `notes` says why.
        """
        return _answer(engine().find_path(source, target, edge_kinds, max_length))

    @_guarded
    def export_subgraph(
        node_id: NodeRef,
        depth: Annotated[int, Field(ge=0, le=MAX_DEPTH, description="hops, 0..3")] = 1,
        edge_kinds: EdgeKinds = None,
    ) -> ExportResult:
        """GraphML text of the neighbourhood of a node (edges followed both ways), for viewers and tools.

        At most 500 nodes: a larger neighbourhood is an error that says its size; use a smaller
        depth or edge_kinds. List and dict attributes are JSON text (GraphML takes scalars only).
        Prefer get_neighbors when you only need to read the graph.
        """
        return _answer(engine().export_subgraph(node_id, depth, edge_kinds))

    fns: list[Callable[..., Any]] = [
        search_api,
        search_docs,
        get_api_details,
        get_class_members,
        find_examples,
        java_to_cangjie,
        resolve_java_code,
        describe_java_code,
        error_fix_hint,
        check_cangjie_code,
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
        instructions=INSTRUCTIONS + ("\n\n" + primer if primer else ""),
        version=__version__,
        tools=tools,
        log_level=level,
    )
