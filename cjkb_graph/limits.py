"""Every limit of the library and its adapters, in one place; each is checked before the work starts."""

from __future__ import annotations

from .errors import InputError

__all__ = [
    "CACHE_ENTRIES",
    "COMPACT_CANDIDATES",
    "COMPACT_CODE_CHARS",
    "COMPACT_CONSTRUCTS",
    "COMPACT_CONSTRUCT_NOTE_CHARS",
    "COMPACT_NOTE_CHARS",
    "COMPACT_TEXT_CHARS",
    "DEFAULT_NEIGHBOR_LIMIT",
    "EXAMPLE_CODE_CHARS",
    "EXPORT_NODE_LIMIT",
    "LANGS",
    "MAX_ANSWER_BYTES",
    "MAX_CALLS",
    "MAX_CALLS_LISTED",
    "MAX_CANGJIE_BYTES",
    "MAX_DEPTH",
    "MAX_DETAIL_MATCHES",
    "MAX_ERROR_CHARS",
    "MAX_EXPORT_DEPTH",
    "MAX_JAVA_BYTES",
    "MAX_MODULE_CHARS",
    "MAX_NEIGHBOR_LIMIT",
    "MAX_PATHS",
    "MAX_PATH_LENGTH",
    "MAX_QUERY_CHARS",
    "MAX_REF_CHARS",
    "MAX_SYMBOL_CHARS",
    "MAX_TOP_K",
    "RESOLVE_BUDGET_S",
    "check_lang",
    "check_range",
    "check_text",
]

# --- request sizes
MAX_QUERY_CHARS = 1000  # search / find_examples query
MAX_REF_CHARS = 1000  # a node id, qualname or name
MAX_MODULE_CHARS = 200  # a package filter
MAX_SYMBOL_CHARS = 300  # a Java symbol for java_to_cangjie
MAX_JAVA_BYTES = 100_000  # Java source (UTF-8 bytes)
MAX_CANGJIE_BYTES = 100_000  # a Cangjie draft for check_cangjie_code (UTF-8 bytes)
MAX_ERROR_CHARS = 20_000  # compiler output for error_fix_hint

# --- answer sizes
MAX_TOP_K = 50  # hits / candidates per call
MAX_CALLS = 500  # calls resolved per snippet: beyond this an answer is too long to be useful
RESOLVE_BUDGET_S = 1.0  # Java extraction per snippet (parse, then token scan); big inputs stop early
MAX_CALLS_LISTED = 500  # extracted calls listed in resolve_java_code's `calls` (detail="full")
MAX_DETAIL_MATCHES = 20  # APIs listed by get_api_details
EXAMPLE_CODE_CHARS = 4000  # code of one example in an answer
MAX_DEPTH = 3  # get_neighbors depth
DEFAULT_NEIGHBOR_LIMIT = 50
MAX_NEIGHBOR_LIMIT = 200  # get_neighbors page size
MAX_PATH_LENGTH = 10  # find_path
MAX_PATHS = 5
EXPORT_NODE_LIMIT = 500  # export_subgraph nodes
MAX_EXPORT_DEPTH = 5  # cjkb-graph export --around --depth

# --- answer sizes of the MCP tools: detail="compact" (the default) and a cap on every answer
MAX_ANSWER_BYTES = 500_000  # structured content plus its JSON text copy; lists are cut to fit
COMPACT_CANDIDATES = 3  # candidates per call in a compact resolve_java_code answer (unless top_k says)
COMPACT_TEXT_CHARS = 160  # one-line signatures, descriptions and call texts in compact answers
COMPACT_NOTE_CHARS = 220  # a mapping's note in a compact answer (cut ones end with …)
COMPACT_CONSTRUCTS = 5  # Java constructs listed in a compact resolve answer
COMPACT_CONSTRUCT_NOTE_CHARS = 110  # a construct's note there (get_node has all of it)
COMPACT_CODE_CHARS = 1200  # example code in compact answers

# --- memory: entries of each bounded cache the engine owns
CACHE_ENTRIES = 256


def check_range(name: str, value: int, lo: int, hi: int) -> None:
    """``InputError`` naming the parameter, its value and the allowed range."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(f"{name} {value!r} is out of range {lo}..{hi}")


LANGS = ("en", "zh")  # the docs' languages: a `lang` parameter takes one of them or none


def check_lang(lang: object) -> None:
    """``InputError`` unless ``lang`` is None or one of :data:`LANGS`."""
    if lang is not None and lang not in LANGS:
        raise InputError(f"unknown lang '{lang}'; use en or zh (or leave it out)")


def check_text(name: str, value: object, limit: int, *, in_bytes: bool = False) -> str:
    """``InputError`` unless ``value`` is a string within ``limit`` characters (or UTF-8 bytes)."""
    if not isinstance(value, str):
        raise InputError(f"{name} must be a string, got {type(value).__name__}")
    size = len(value.encode("utf-8", errors="replace")) if in_bytes else len(value)
    if size > limit:
        unit = "bytes (UTF-8)" if in_bytes else "characters"
        raise InputError(f"{name} is {size:,} {unit}; the limit is {limit:,}")
    return value
