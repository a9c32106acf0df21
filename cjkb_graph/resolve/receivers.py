"""Where a call's receiver type comes from, and whether the call is library code at all.

Every suggestion carries a ``receiver_source`` (see ``CallSuggestion``): ``declared``,
``inferred``, ``static``, ``guessed``, ``user`` or ``unknown``. This module decides it from the
extraction (the call, the snippet's variables, imports and declared types) and from two lookups the
resolver passes in: whether the curated tables know a Java type by a simple name, and whether a
guess has enough evidence. Calls on the snippet's own code (``user``) and on receivers nothing is
known about (``unknown``) get no library candidates.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..java import (
    CLASS_FQN,
    JAVA_LANG_NAMES,
    JDK_MEMBERS,
    Extraction,
    JavaCall,
    jdk_generic,
    jdk_has_member,
    jdk_nested,
    jdk_takes,
)
from ..models import CallSuggestion, Candidate
from ..models import JavaCall as CallView
from .guess import told_by_argument
from .special import string_compared
from .weak import own_exception_arguments, reads_a_value

__all__ = [
    "DECLARED",
    "GUESSED",
    "INFERRED",
    "KNOWN_SOURCES",
    "STATIC",
    "UNKNOWN",
    "USER",
    "Receiver",
    "SnippetFacts",
    "answer_confidence",
    "call_view",
    "classify",
    "constructed_project_classes",
    "project_classes",
    "snippet_facts",
]

DECLARED, INFERRED, STATIC = "declared", "inferred", "static"
GUESSED, USER, UNKNOWN = "guessed", "user", "unknown"
# sources whose candidates may bring imports
KNOWN_SOURCES = frozenset({DECLARED, INFERRED, STATIC})

_TYPE_DECL = re.compile(r"\b(?:class|interface|enum|record)\s+([A-Z][\w$]*)")
_NEW = re.compile(r"\bnew\s+([\w.$]+)")
_NEW_ARGS = re.compile(r"\bnew\s+([\w.$]+)\s*(?:<[^;{}()]*>)?\s*\(")
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
# the final methods of java.lang.Object (name, arity): one library call on any receiver
_OBJECT_FINAL = frozenset(
    {("getClass", 0), ("wait", 0), ("wait", 1), ("wait", 2), ("notify", 0), ("notifyAll", 0)}
)
_CLASS_NAME = re.compile(r"[A-Z][a-z0-9][A-Za-z0-9_$]*")  # CamelCase, not a CONSTANT
_CLASS_WORD = re.compile(r"\b" + _CLASS_NAME.pattern)  # the same names, found in running text
# names every framework and project gives its own classes: a library's table row of that name
# (OkHttp's Response) only when imported, or beside another type of its package (OkHttpClient)
_COMMON_CLASS_NAMES = frozenset({"Response", "Request", "Call", "Headers"})
_PRIMITIVES = frozenset({"boolean", "byte", "char", "short", "int", "long", "float", "double", "void"})
# an unbound generic type variable left in an inferred type: E, K, V, T2
_TYPE_VAR = re.compile(r"[A-Z][0-9]?")
# java.lang.Object's methods say nothing about a receiver's type
OBJECT_METHODS = frozenset(
    {"toString", "equals", "hashCode", "getClass", "wait", "notify", "notifyAll", "clone"}
)


@dataclass
class SnippetFacts:
    user_types: set[str] = field(default_factory=set)
    imports: dict[str, str] = field(default_factory=dict)
    static_imports: set[str] = field(default_factory=set)
    variables: dict[str, str] = field(default_factory=dict)
    slf4j: bool = False
    # JDK simple names the snippet's own calls show to be project classes (see project_classes), and
    # the variables those calls are on
    project_classes: set[str] = field(default_factory=set)
    project_receivers: set[str] = field(default_factory=set)
    # simple names the snippet constructs with a class body: new Runnable() { ... }
    anonymous: set[str] = field(default_factory=set)
    # JDK simple names the snippet constructs although the JDK class cannot be (new Deque<>()):
    # every use of the name is the project's class (see constructed_project_classes)
    constructed: set[str] = field(default_factory=set)
    # a whole file (imports and a type declaration): its package and on-demand imports (own_package)
    package: str | None = None
    wildcards: set[str] = field(default_factory=set)
    whole_file: bool = False
    # a name several catch clauses declare (`e`): (line, written type) of each, for the call's own
    catches: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    # the simple names catch clauses write: throwables whatever their names end with (MyException2)
    caught: set[str] = field(default_factory=set)
    # the CamelCase names the snippet writes (OkHttpClient): what says which library a Response is
    type_words: set[str] = field(default_factory=set)


@dataclass
class Receiver:
    """The verdict on one call: its source, the Java type to resolve against, why, and how sure."""

    source: str
    java_type: str | None = None
    reason: str = ""
    confidence: str = "medium"
    guessable: bool = False  # a guess from the calls on the receiver may replace this verdict
    project_class: str | None = None  # a JDK simple name this call shows to be the project's


def snippet_facts(code: str, ex: Extraction) -> SnippetFacts:
    imports = {k: v for k, v in ex.imports.items() if not k.endswith(".*")}
    static_imports = {k for k, v in ex.imports.items() if v.endswith("." + k)}
    slf4j = "LoggerFactory" in code and "java.util.logging" not in code
    facts = SnippetFacts(set(_TYPE_DECL.findall(code)), imports, static_imports, dict(ex.variables), slf4j)
    facts.anonymous = _anonymous_classes(code)
    pkg = _PACKAGE.search(code)
    facts.package = pkg.group(1) if pkg else None
    facts.wildcards = {v for k, v in ex.imports.items() if k.endswith(".*")}
    facts.whole_file = bool(ex.imports) and bool(facts.user_types)
    facts.catches = _catch_parameters(code)
    facts.type_words = set(_CLASS_WORD.findall(code))
    facts.caught = {
        t.strip().rsplit(".", 1)[-1] for m in _CATCH.finditer(code) for t in m.group(1).split("|")
    }
    return facts


# the members every throwable has from java.lang.Throwable
_THROWABLE_MEMBERS = frozenset(
    {"getMessage", "getLocalizedMessage", "printStackTrace", "getCause", "getStackTrace", "addSuppressed",
     "getSuppressed", "initCause", "fillInStackTrace", "setStackTrace"}
)  # fmt: skip
_CATCH = re.compile(r"\bcatch\s*\(\s*(?:final\s+)?([\w.]+(?:\s*\|\s*[\w.]+)*)\s+([A-Za-z_$][\w$]*)\s*\)")


def _catch_parameters(code: str) -> dict[str, list[tuple[int, str]]]:
    """The catch parameters whose name more than one clause declares, each clause's line and type (a
    multi-catch of Errors only is an ``Error``, any other an ``Exception``). The snippet's variables
    keep one type per name, the last: ``e`` of an earlier clause needs its own."""
    found: dict[str, list[tuple[int, str]]] = {}
    for m in _CATCH.finditer(code):
        types = [t.strip() for t in m.group(1).split("|")]
        written = (
            types[0]
            if len(types) == 1
            else ("Error" if all(t.endswith("Error") for t in types) else "Exception")
        )
        found.setdefault(m.group(2), []).append((code.count("\n", 0, m.start()) + 1, written))
    return {k: v for k, v in found.items() if len({w for _, w in v}) > 1}


def _catch_written(clauses: list[tuple[int, str]], line: int) -> str:
    """The type of the catch clause a call on line ``line`` is in: the last one opened before it."""
    before = [w for at, w in clauses if at <= line]
    return before[-1] if before else ""


_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.M)


def own_package(simple: str, t: str, facts: SnippetFacts) -> bool:
    """Java's name lookup in a whole file (its imports and a class): a library class (not the JDK's)
    that is neither imported nor in a package imported on demand nor in the file's package cannot be
    meant, so the name is a class of the file's own package (APIJSON's ``Log``, a project's
    ``CollectionUtils``). A method with a few imports written above it says nothing (they may be only
    some of them), nor does a JDK name (a paste may leave its imports out)."""
    if not facts.whole_file or simple in facts.imports or _is_jdk(t):
        return False
    pkg = t.rsplit(".", 1)[0]
    return pkg not in facts.wildcards and pkg != facts.package


def _anonymous_classes(code: str) -> set[str]:
    """Simple names of the types ``code`` constructs with a class body (``new Runnable() {``)."""
    out: set[str] = set()
    for m in _NEW_ARGS.finditer(code):
        depth, i = 0, m.end() - 1
        end = min(len(code), i + 2000)  # a bounded scan: unbalanced code must not cost n^2
        while i < end:  # to the parenthesis that closes the argument list
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            if depth == 0:
                break
            i += 1
        if code[i + 1 : i + 200].lstrip().startswith("{"):
            out.add(m.group(1).rsplit(".", 1)[-1])
    return out


def _base(written: str) -> str:
    """``Map<String, List<X>>`` -> ``Map``; ``a.b.C[]`` -> ``a.b.C``."""
    return written.split("<")[0].replace("[]", "").replace("...", "").strip()


def _is_jdk(t: str) -> bool:
    return t.startswith(("java.", "javax."))


def _written_by_default(simple: str, facts: SnippetFacts) -> bool:
    """The snippet names ``simple`` without importing it: the JDK class is only assumed."""
    return simple not in facts.imports


_SINGLETON = re.compile(r"[A-Z]\w*\.(?:INSTANCE|SINGLETON|INSTANCE_HOLDER)")


def no_api_suggestion(
    view: CallView, verdict: Receiver, note: str | None = None, java_member: str | None = None
) -> CallSuggestion:
    """The answer without a library candidate: user code or an unknown receiver, or (with
    ``java_member``) a library call that has no counterpart here, for ``note``'s reason."""
    if java_member is not None:
        return CallSuggestion(
            call=view, level="api", receiver_source=verdict.source, confidence=verdict.confidence,
            notes=[note or "", f"no direct Cangjie equivalent for {java_member}"],
            receiver_type=java_member.rsplit(".", 1)[0],
        )  # fmt: skip
    if note is None:
        note = (
            f"user code, no library API: {verdict.reason}"
            if verdict.source == USER
            else f"no library candidate: {verdict.reason}"
        )
    return CallSuggestion(
        call=view, level="statement", notes=[note], receiver_source=verdict.source,
        confidence=verdict.confidence, receiver_type=None,
    )  # fmt: skip


# the logging calls that every library Logger (java.util.logging, SLF4J, Log4j) has only as
# instance methods: called on the class name itself, the class is the project's own
_LOG_LEVEL_METHODS = frozenset({"trace", "debug", "info", "warn", "error", "fatal"}) | {
    "severe", "warning", "config", "fine", "finer", "finest"  # java.util.logging's own
}  # fmt: skip


def classify(
    call: JavaCall,
    facts: SnippetFacts,
    parent: Receiver | None,
    table_type: Callable[..., str | None],
    has_mapped_member: Callable[[str, str, int], bool],
) -> Receiver:
    """The receiver verdict for one extracted call.

    ``table_type(simple)``: the Java type of the curated tables with that simple name (a library
    type the extractor does not know, e.g. ``org.slf4j.Logger``); ``has_mapped_member(type, method,
    arity)``: whether the tables map that member (newer JDK members count).
    """
    recv = call.receiver or ""
    kind = call.kind
    if call.local:
        return Receiver(USER, reason="a method declared in the snippet", confidence="high")
    if kind == "method" and not call.java_type and (call.method, call.arg_count) in _OBJECT_FINAL:
        # final in java.lang.Object: the same library call whatever the receiver's class
        return Receiver(INFERRED, "java.lang.Object", f"{call.method}() is final in java.lang.Object", "high")
    if kind in ("constructor", "type_ref"):
        if call.java_type:
            return _jdk_checked(call, facts, call.java_type, DECLARED, has_mapped_member)
        m = _NEW.search(call.text) if kind == "constructor" else None
        written = _base(m.group(1)) if m else call.method
        simple = written.rsplit(".", 1)[-1]
        if (
            kind == "constructor"
            and simple in facts.anonymous
            and simple in facts.project_classes
            and _written_by_default(simple, facts)
        ):
            # new Statement() { .. } where a call on a Statement uses a member JDBC's lacks: a
            # subclass of the project's class (a plain new HttpHeaders() keeps the table's answer)
            reason = (
                f"{simple} here is a class of the project (a call on it uses a member the library's lacks)"
            )
            return Receiver(USER, reason=reason, confidence="medium")
        return _by_written_type(written, facts, table_type, DECLARED, lookup=(call.method, call.arg_count))
    if kind == "method" and _class_in_capitals(call, facts, table_type, has_mapped_member):
        # JSON.parseObject(s): the extractor reads an all-capitals name as a constant; a library class
        # of the tables named so that has the member, and no variable of the snippet, is the class
        return _by_written_type(recv, facts, table_type, STATIC, call, has_mapped_member)
    if kind == "static":
        if call.java_type:
            verdict = _jdk_checked(call, facts, call.java_type, STATIC, has_mapped_member)
            return _library_twin(call, verdict, table_type, has_mapped_member) or verdict
        cls = _base(recv)
        if (simple := cls.rsplit(".", 1)[-1]) in ("Logger", "Log") and call.method in _LOG_LEVEL_METHODS:
            # Logger.info(..), Log.warn(..) as a static call: the JDK's, SLF4J's, Log4j's and commons'
            # loggers log through an instance (Android's Log has v/d/i/w/e): the project's own class
            return Receiver(
                USER,
                reason=f"{simple}.{call.method}(..) is static: the JDK's, SLF4J's and Log4j's loggers "
                f"have no static {call.method}(), the project's own {simple} class",
                confidence="medium",
            )
        return _by_written_type(cls, facts, table_type, STATIC, call, has_mapped_member)
    if kind == "array_constructor":
        return Receiver(DECLARED, call.java_type, confidence="high")
    if call.java_type:
        if parent is not None and call.chain_parent is not None:
            source = INFERRED
        elif _IDENT.fullmatch(recv) and recv in facts.variables and facts.variables[recv] != "var":
            source = DECLARED
        else:
            source = INFERRED
        base = _base(call.java_type)
        # T[] is an array whatever T is: its length and clone() are the Array's
        array = call.java_type.strip().endswith(("]", "..."))
        if _TYPE_VAR.fullmatch(base) and not array:
            # List<Tag>.get(i): E was not bound to a type the extractor knows (a project class); on
            # a guessed receiver (no type arguments at all) a guess from the calls on it may go on
            return Receiver(
                UNKNOWN,
                reason=f"the type variable {base} is bound to no known library type",
                confidence="low",
                guessable=parent is not None and parent.source == GUESSED and kind == "method",
            )
        if call.java_type.strip() in _PRIMITIVES and kind in ("method", "field"):
            # a guess upstream went wrong: sd.find(x).map(..) is no Matcher.find, a boolean has no map
            return Receiver(
                UNKNOWN, reason=f"a {base} has no members", confidence="low", guessable=kind == "method"
            )
        if _is_jdk(base) and base not in JDK_MEMBERS and table_type(base.rsplit(".", 1)[-1]) != base:
            # not a JDK class: a wildcard import made it up (import java.util.*; Order o)
            return _by_written_type(
                base.rsplit(".", 1)[-1], facts, table_type, source, call, has_mapped_member
            )
        if facts.slf4j and call.java_type == "java.util.logging.Logger":
            return Receiver(source, "org.slf4j.Logger", "declared Logger with LoggerFactory: SLF4J", "high")
        return _jdk_checked(call, facts, call.java_type, source, has_mapped_member)
    # no type from the extractor
    if not recv:
        if call.method in facts.static_imports:
            return Receiver(
                UNKNOWN, reason="a statically imported method the tables do not know", confidence="low"
            )
        return Receiver(
            USER, reason="an unqualified call: a method of the snippet's own class", confidence="medium"
        )
    if recv in ("this", "super"):
        return Receiver(USER, reason=f"a member of the snippet's own class ({recv})", confidence="high")
    if recv.startswith("("):
        # (cond ? a.b : C.D).copy(): the extractor typed neither branch, and an expression has no
        # name to guess from
        return Receiver(UNKNOWN, reason="a parenthesised expression of unknown type", confidence="low")
    if call.chain_parent is not None and parent is not None:
        if kind == "field" and call.method == "length":
            # values().length, m.getParameterTypes().length: only an array has a length field
            return Receiver(INFERRED, "java.lang.Object[]", "a length field: an array's", "medium")
        if parent.source == USER:
            return Receiver(  # a getter's value may be a library type; a builder step's is the project's
                USER,
                reason="called on the result of user code",
                confidence="medium",
                guessable=reads_a_value(recv, call.text, call.method),
            )
        if parent.source == UNKNOWN:
            # only a comparison with a string literal or a call that names its type
            # (repo.findById(id).orElseThrow(): an Optional's) still tells the type
            return Receiver(
                UNKNOWN,
                reason="called on the result of a call of unknown type",
                confidence="low",
                guessable=string_compared(call.method, call.text, call.arg_types)
                or told_by_argument(call.method, call.arg_types) is not None,
            )
    written = facts.variables.get(recv, "") if _IDENT.fullmatch(recv) else _element_written(recv, facts)
    if recv in facts.catches:  # `e` of several catch clauses: the clause the call is in
        written = _catch_written(facts.catches[recv], call.line) or written
    if written and written != "var" and _IDENT.match(written):  # a lambda parameter is written "?"
        if written.endswith("]"):
            return Receiver(DECLARED, "java.lang.Object[]", confidence="high")
        return _by_written_type(_base(written), facts, table_type, DECLARED, call, has_mapped_member)
    if written == "?":
        # e -> e.toLowerCase(): the calls on it may still tell its type, as on any unknown name
        return Receiver(
            UNKNOWN, reason="a lambda parameter of unknown type", confidence="low", guessable=kind == "method"
        )
    if _SINGLETON.fullmatch(recv) and table_type(recv.split(".", 1)[0]) is None:
        # ProductBrandConvert.INSTANCE: the singleton of a class the tables do not know is the project's
        return Receiver(USER, reason=f"{recv} is the singleton of a project class", confidence="medium")
    if kind == "field" and _CLASS_NAME.fullmatch(recv):
        # Level.SEVERE: a constant of a class the snippet names without importing it
        return _by_written_type(recv, facts, table_type, STATIC, call, has_mapped_member)
    if kind == "field" and call.method == "length":
        # only an array has a `length` field (a String's length() is a method)
        return Receiver(INFERRED, "java.lang.Object[]", "a length field: an array's", "medium")
    if kind == "field":
        return Receiver(
            UNKNOWN, reason="a field of an object of unknown type: not a method call", confidence="low"
        )
    return Receiver(UNKNOWN, reason="receiver type unknown", confidence="low", guessable=kind == "method")


def _library_twin(
    call: JavaCall,
    verdict: Receiver,
    table_type: Callable[..., str | None],
    has_mapped_member: Callable[[str, str, int], bool],
) -> Receiver | None:
    """``Base64.decodeBase64(s)``: the JDK class of that name lacks the member, a library class of
    the tables with the same simple name maps it (commons-codec's ``Base64``): that class, not the
    project's; None otherwise."""
    if verdict.project_class is None or not call.method:
        return None
    twin = table_type(verdict.project_class, call.method, call.arg_count)
    if twin is None or _is_jdk(twin) or not has_mapped_member(twin, call.method, call.arg_count):
        return None
    reason = f"the JDK's {verdict.project_class} has no {call.method}: {twin}'s"
    return Receiver(STATIC, twin, reason=reason, confidence="medium")


_CAPITALS = re.compile(r"[A-Z][A-Z0-9]+")
_INDEXED = re.compile(r"([A-Za-z_$][\w$]*)((?:\[[^\[\]]*\])+)")


def _element_written(recv: str, facts: SnippetFacts) -> str:
    """The written type of ``y[row]`` when the snippet declares ``T[] y`` (``T``; ``Foo[][] g`` gives
    ``Foo[]`` for ``g[i]``); "" for any other receiver or a name the snippet does not declare."""
    m = _INDEXED.fullmatch(recv.replace(" ", ""))
    base = facts.variables.get(m.group(1), "").replace(" ", "") if m else ""
    depth, dims = (m.group(2).count("[") if m else 0), base.count("[]")
    if not m or not base.endswith("]") or dims < depth:
        return ""
    return base[: len(base) - 2 * dims] + "[]" * (dims - depth)


def _class_in_capitals(
    call: JavaCall,
    facts: SnippetFacts,
    table_type: Callable[..., str | None],
    has_mapped_member: Callable[[str, str, int], bool],
) -> bool:
    """``JSON.parseObject(s)``: a receiver written in capitals, of no type the extractor knows and
    declared by no variable of the snippet, that names a library class of the tables mapping the
    called member (fastjson's ``JSON``), not a constant."""
    recv = call.receiver or ""
    if call.java_type or not _CAPITALS.fullmatch(recv) or recv in facts.variables:
        return False
    t = table_type(recv, call.method, call.arg_count)
    return t is not None and not _is_jdk(t) and has_mapped_member(t, call.method, call.arg_count)


def _by_written_type(
    written: str,
    facts: SnippetFacts,
    table_type: Callable[..., str | None],
    source: str,
    call: JavaCall | None = None,
    has_mapped_member: Callable[[str, str, int], bool] | None = None,
    lookup: tuple[str, int] | None = None,
) -> Receiver:
    """The verdict for a type the snippet writes by name; with ``call``, a type of the tables is
    kept only when it has the member the call uses (see ``_lacks_member``); of several types of
    that name, the one mapping the call's member (or ``lookup``: a constructor's arity) is taken."""
    simple = written.rsplit(".", 1)[-1]
    if simple in facts.user_types:
        return Receiver(USER, reason=f"{simple} is declared in the snippet", confidence="high")
    if simple in facts.constructed and (call is None or call.kind != "type_ref"):
        return Receiver(
            USER, reason=f"{simple} here is a class of the project ({_NO_INIT})", confidence="medium"
        )
    if (
        call is not None
        and call.method in _THROWABLE_MEMBERS
        and (simple.endswith(("Error", "Exception")) or simple in facts.caught)
    ):
        # e.getMessage() on UnsatisfiedLinkError, ZipException, the project's AppException or any
        # type a catch clause names, which the tables have no row for: a throwable's own members
        # are its base's (Error, Exception)
        base = table_type("Error" if simple.endswith("Error") else "Exception")
        if base is not None and table_type(simple) is None:
            return Receiver(source, base, f"{simple} is a throwable: {base}'s {call.method}", "medium")
    imported = facts.imports.get(simple) or (written if "." in written and written[:1].islower() else None)
    if imported and not _is_jdk(imported):
        t = table_type(simple)
        if t is not None and t == imported:
            return Receiver(source, t, f"imported {imported}", "high")
        return Receiver(
            USER,
            reason=f"{simple} is imported from {imported.rsplit('.', 1)[0]}, not the JDK",
            confidence="high",
        )
    if simple == "Logger" and facts.slf4j:
        return Receiver(source, "org.slf4j.Logger", "declared Logger with LoggerFactory: SLF4J", "high")
    outer = written.rpartition(".")[0]
    nested_t = table_type(written) if outer[:1].isupper() else None  # Request.Builder's own row
    if outer[:1].isupper():
        # a nested type written with its outer class (Point2D.Double, HttpClient.Builder): only the
        # tables' type of that outer class, never a top-level type of the same simple name
        t = nested_t or table_type(simple)
        outer_simple = outer.rsplit(".", 1)[-1]
        outer_fqn = facts.imports.get(outer_simple) or CLASS_FQN.get(outer_simple)
        if (t is None or not t.endswith("." + written)) and outer_fqn and not jdk_nested(outer_fqn, simple):
            return Receiver(
                USER,
                reason=f"{written} is a class of the project: the JDK's {outer_simple} has no nested {simple}",
                confidence="medium",
            )
        if t is None or not t.endswith("." + written):
            return Receiver(
                UNKNOWN,
                reason=f"{written} is nested in {outer}, which the tables do not know"
                + (f" (not {t})" if t else ""),
                confidence="low",
            )
    found = (call.method, call.arg_count) if call is not None else lookup or ()
    t = nested_t or table_type(simple, *found, within=facts.wildcards)  # org.json.*: org.json's JSONObject
    if t is not None and "." not in written and _nested(t) and simple not in facts.imports:
        # a bare Builder / Entry is the enclosing class's own nested type unless it is imported
        return Receiver(
            USER, reason=f"{simple} here is a nested class of the project (not {t})", confidence="medium"
        )
    if t is not None and simple in _COMMON_CLASS_NAMES and not _library_named(simple, t, facts, table_type):
        reason = f"{simple} is a name many libraries and projects use: {t} only beside its library"
        return Receiver(UNKNOWN, reason=reason, confidence="low")
    if t is not None and own_package(simple, t, facts):
        reason = f"{simple} is not imported: a class of the file's own package, not {t}"
        return Receiver(USER, reason=reason, confidence="medium")
    if t is not None and simple[:1].isupper():
        member = _lacks_member(call, t, has_mapped_member)
        if member is not None:
            if simple != t.rsplit(".", 1)[-1]:
                # an alias the tables fold into another type (ParameterizedType -> Type)
                return Receiver(
                    UNKNOWN,
                    reason=f"{simple} is tabled as {t}, which has no member {member}",
                    confidence="low",
                )
            if simple not in facts.imports:
                return Receiver(
                    USER,
                    reason=f"{t} has no member {member}: {simple} here is a class of the project",
                    confidence="medium",
                    project_class=simple,
                )
            return Receiver(UNKNOWN, reason=f"{t} has no member {member}", confidence="low")
        if call is not None and call.kind == "method" and _is_jdk(t) and _shown_projects(simple, call, facts):
            reason = f"{simple} here is a class of the project (another use of it needs a member {t} lacks)"
            return Receiver(USER, reason=reason, confidence="medium")
        return Receiver(source, t, f"{simple} taken for {t} of the mapping tables", "medium")
    if simple in JAVA_LANG_NAMES and simple not in facts.imports:
        # java.lang.Appendable, ProcessHandle: a JDK class the tables have no row for, not user code
        return Receiver(
            UNKNOWN, reason=f"java.lang.{simple} has no entry in the mapping tables", confidence="low"
        )
    reason = f"{simple} is not a JDK class (not in java.lang, not imported)"
    return Receiver(USER, reason=reason, confidence="medium")


def _library_named(simple: str, t: str, facts: SnippetFacts, table_type: Callable[..., str | None]) -> bool:
    """Whether the snippet imports ``t`` (or is in the JDK's) or names another table type of its
    package (``OkHttpClient`` beside ``Response``)."""
    if _is_jdk(t) or facts.imports.get(simple) == t:
        return True
    package = t.rsplit(".", 1)[0] + "."
    return any((table_type(w) or "").startswith(package) for w in facts.type_words - {simple})


def _nested(t: str) -> bool:
    """``java.net.http.HttpClient.Builder``, ``java.util.Map.Entry``: a type nested in a class."""
    parts = t.split(".")
    return len(parts) > 2 and parts[-2][:1].isupper()


def _lacks_member(
    call: JavaCall | None, t: str, has_mapped_member: Callable[[str, str, int], bool] | None
) -> str | None:
    """The member ``call`` uses when the type ``t`` has no such member and the tables map none on it
    (newer JDK members); None when the member exists or nothing is known. The facts of a JDK type are
    its public members (``javap``); a third-party type's only facts are its table (mapstruct's own
    ``Strings.join`` is not Guava's ``Strings``)."""
    if call is None or has_mapped_member is None or not call.method:
        return None
    if call.kind in ("constructor", "array_constructor", "type_ref"):
        return None
    member = call.method.split(".")[0]
    known = jdk_has_member(t, member) if _is_jdk(t) else False
    if known and (arity := _wrong_arity(t, call)) is not None:
        return arity
    if known is not False or has_mapped_member(t, call.method, call.arg_count):
        return None
    return member


def _wrong_arity(t: str, call: JavaCall) -> str | None:
    """``matches with 1 argument`` when the JDK class ``t`` has the method but none of its overloads
    takes that many arguments (a Hamcrest matcher's ``matches(x)`` is no regex Matcher's
    ``matches()``); None when one does or the facts do not tell."""
    member = call.method.split(".")[0]
    if call.kind != "method" or jdk_takes(t, member, call.arg_count) is not False:
        return None
    return f"{member} with {call.arg_count} argument{'' if call.arg_count == 1 else 's'}"


def _jdk_checked(
    call: JavaCall,
    facts: SnippetFacts,
    java_type: str,
    source: str,
    has_mapped_member: Callable[[str, str, int], bool],
) -> Receiver:
    """A JDK type the extractor assumed: kept only when the JDK has the member the call uses."""
    base = _base(java_type)
    if java_type.endswith("[]"):  # an array: .length and .clone() are not the element type's
        return Receiver(source, java_type, confidence="high")
    if call.type_args and source == DECLARED and _is_jdk(base) and jdk_generic(base) is False:
        # Reader<T> r, new Reader<T>() {..}: the JDK's Reader takes no type arguments
        simple = base.rsplit(".", 1)[-1]
        if _written_by_default(simple, facts):
            reason = (
                f"{simple} is written with type arguments, which {base} does not take: a class of the project"
            )
            return Receiver(USER, reason=reason, confidence="medium")
    if not _is_jdk(base) or call.kind in ("constructor", "array_constructor"):
        if call.kind == "constructor" and _is_jdk(base):
            simple = base.rsplit(".", 1)[-1]
            if simple in facts.constructed and not _QUALIFIED_NEW.match(call.text):
                # new Deque<>(): the JDK's Deque is an interface (new java.util.Deque<>() is a mistake)
                return Receiver(
                    USER,
                    reason=f"{base} has no public constructor for these arguments: {simple} here is the project's",
                    confidence="medium",
                )
            if simple in facts.project_classes and _written_by_default(simple, facts):
                return Receiver(
                    USER,
                    reason=f"{simple} here is a class of the project (a call on it uses a member {base} lacks)",
                    confidence="medium",
                )
            if base == f"java.lang.{simple}" and simple not in JAVA_LANG_NAMES:
                return Receiver(USER, reason=f"{simple} is not a java.lang class", confidence="medium")
        return Receiver(source, java_type, confidence="high")
    simple = base.rsplit(".", 1)[-1]
    if simple in facts.constructed and call.kind != "type_ref":
        return Receiver(
            USER, reason=f"{simple} here is a class of the project ({_NO_INIT})", confidence="medium"
        )
    member = call.method.split(".")[0]
    has = call.kind == "type_ref" or jdk_has_member(base, member) is not False
    # only for a type the snippet writes: a chain's inferred type may be a near one (a LocalDateTime
    # for the ZonedDateTime of atStartOfDay(zone), both DateTime in Cangjie)
    if has and source in (DECLARED, STATIC) and (arity := _wrong_arity(base, call)) is not None:
        member = arity
    elif has or has_mapped_member(base, call.method, call.arg_count):
        if source == DECLARED and call.kind == "method" and _shown_projects(simple, call, facts):
            # File file; file.getSize(); file.getName(): this File is the project's, also where the
            # member exists (another variable may be the JDK's: Process q = Runtime..exec(cmd))
            reason = f"{simple} here is a class of the project (a call on it uses a member {base} lacks)"
            return Receiver(USER, reason=reason, confidence="medium")
        return Receiver(source, java_type, confidence="high")
    simple = base.rsplit(".", 1)[-1]
    if _written_by_default(simple, facts) and source in (DECLARED, STATIC):
        return Receiver(
            USER,
            reason=f"{base} has no member {member}: {simple} here is a class of the project",
            confidence="medium",
            project_class=simple,
        )
    return Receiver(UNKNOWN, reason=f"the inferred type {base} has no member {member}", confidence="low")


def _shown_projects(simple: str, call: JavaCall, facts: SnippetFacts) -> bool:
    """Whether another call on this very variable, or on the class itself (``Method.GET``: one
    ``Method`` per file), showed its ``simple`` type to be the project's."""
    return (
        simple in facts.project_classes
        and (call.receiver in facts.project_receivers or simple in facts.project_receivers)
        and _written_by_default(simple, facts)
    )


def _no_public_constructor(base: str) -> bool:
    """A JDK class (a nested one too: ``HttpRequest.Builder``) that javap lists without a public
    constructor (an interface, an abstract class, a factory-made class); False when the facts do not
    know it."""
    simple = base.rsplit(".", 1)[-1]
    names = JDK_MEMBERS.get(base)
    return names is not None and simple not in names


_NO_INIT = "the snippet constructs it, and the JDK class has no public constructor for these arguments"


_NEW_NAME = re.compile(r"new\s+([A-Z][\w$]*)\s*[(<]")
_QUALIFIED_NEW = re.compile(r"new\s+[a-z]")


def constructed_project_classes(
    calls: list[JavaCall], facts: SnippetFacts, table_type: Callable[..., str | None] | None = None
) -> set[str]:
    """JDK simple names the snippet constructs without a class body although the JDK class has no public
    constructor (``new Deque<>()``, ``new Consumer(0L)``; with ``table_type``, an unimported name the
    tables take for such a class too, given arguments: ``new Annotation(key, value)`` is no Annotation,
    while a bare ``new HttpHeaders()`` is most often Spring's, whose role the tables' type plays), or
    with arguments none of its constructors takes (``new ParseException(message)``: the JDK's takes
    two; ``own_exception_arguments``): the project's own classes."""
    out: set[str] = set()
    for call in calls:
        base = _base(call.java_type or "")
        if (
            not base
            and call.kind == "constructor"
            and call.arg_count
            and table_type is not None
            and (m := _NEW_NAME.match(call.text))
        ):
            base = table_type(m.group(1)) or ""
        simple = base.rsplit(".", 1)[-1]
        if (
            call.kind == "constructor"
            and _is_jdk(base)
            and (_no_public_constructor(base) or not _jdk_init_fits(base, call))
            and simple not in facts.anonymous
            and _written_by_default(simple, facts)
        ):
            out.add(simple)
    return out


def _jdk_init_fits(base: str, call: JavaCall) -> bool:
    """Whether a constructor of the JDK class ``base`` takes the call's arguments (arity, and no
    ``own_exception_arguments``); checked only for a JDK constructor, not for every call."""
    return jdk_takes(base, "<init>", call.arg_count) is not False and not own_exception_arguments(call)


def project_classes(
    calls: list[JavaCall],
    facts: SnippetFacts,
    table_type: Callable[..., str | None],
    has_mapped_member: Callable[[str, str, int], bool],
) -> set[str]:
    """JDK simple names the snippet uses as its own classes: a call on a variable of that type uses a
    member the JDK class lacks (``Character c; c.setWeapon(w)``), so ``new Character(..)`` there is
    the project's constructor too. Records the variables those calls are on (or the class itself,
    ``Method.GET``) in ``facts.project_receivers``."""
    out: set[str] = set()
    for call in calls:
        if call.kind in ("method", "field", "static") and call.chain_parent is None and not call.local:
            name = classify(call, facts, None, table_type, has_mapped_member).project_class
            if name and not _another_jdk_has(name, call):
                out.add(name)
                # only a receiver the extractor typed in its scope: a name declared twice (a Map
                # parameter here, a project object there) must not make that Map the project's
                typed = call.java_type and call.receiver and _IDENT.fullmatch(call.receiver)
                if call.receiver and (typed or call.receiver == name):
                    facts.project_receivers.add(call.receiver)
    return out


# public JDK class names of several packages, only one of them in the facts (java.sql.Date, java.awt.List)
_SHARED_JDK_NAMES = frozenset(
    {"Date", "List", "Timer", "Array", "Proxy", "Timestamp", "Certificate", "Policy"}
)


def _another_jdk_has(simple: str, call: JavaCall) -> bool:
    """Whether a JDK class of that simple name other than the assumed one has the member
    (``sqlDate.toLocalDate()``: java.sql.Date's, not java.util.Date's)."""
    if simple in _SHARED_JDK_NAMES:
        return True
    member = (call.method or "").split(".")[0]
    assumed = _base(call.java_type or "")
    return any(
        fqn != assumed and fqn.rsplit(".", 1)[-1] == simple and member in names
        for fqn, names in JDK_MEMBERS.items()
    )


def answer_confidence(verdict: Receiver, candidates: list[Candidate]) -> str:
    """high: a known receiver and a curated mapping on top; medium: a known receiver otherwise; low: a guess.

    An approximate mapping on a class name (``Arrays.asList``, ``String.valueOf(x)``) is medium: such
    answers were right 60 % of the time on the hand-checked samples 4-41, against 93 % on a declared
    receiver and 95-98 % for exact mappings (benchmarks/README_realworld.md, issue 12 round 11)."""
    if verdict.source == GUESSED or not candidates:
        return "low"
    mapping = [w for w in candidates[0].why if w.startswith("mapping ")]
    approximate = any(w.endswith("(approximate)") for w in mapping)
    if verdict.confidence == "high" and mapping and not (approximate and verdict.source == STATIC):
        return "high"
    return "medium" if verdict.confidence != "low" else "low"


def call_view(call: JavaCall) -> CallView:
    return CallView(
        text=call.text,
        kind=call.kind,
        receiver=call.receiver,
        java_type=call.java_type,
        method=call.method,
        arg_count=call.arg_count,
        line=call.line,
    )
