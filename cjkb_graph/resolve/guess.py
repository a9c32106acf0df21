"""Evidence about a Java receiver whose type the snippet does not declare, and construct pseudo-calls."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from ..java import BOXES, Extraction, JavaCall

__all__ = [
    "COMMON_NAMES",
    "INDEXED",
    "PRIMITIVE_CANGJIE",
    "TIME_UNIT_TYPE",
    "TOO_WIDE",
    "argument_kind",
    "calls_by_receiver",
    "concurrent_map_first",
    "construct_calls",
    "evidence_ok",
    "guessable_owner",
    "indexed_list_first",
    "library_helper",
    "library_roots",
    "linked_list_first",
    "norm_java_type",
    "not_an_index",
    "numeric_argument",
    "rank_guesses",
    "reads_by_index",
    "receiver_hint",
    "same_nesting",
    "table_type_named",
    "told_by_argument",
    "value_fit",
    "values_passed",
    "with_concrete_type",
]

# supertypes too wide to make a family of a guess's owners (Map.put, String.trim): every class is
# an Object, and Serializable / Cloneable are markers that say nothing of the members
TOO_WIDE = frozenset(
    {
        "java.lang.Object", "java.lang.Iterable", "java.lang.Comparable", "java.lang.CharSequence",
        "java.io.Serializable", "java.lang.Cloneable",
    }
)  # fmt: skip

# Java primitive and boxed types -> the Cangjie types a translator passes for them (Int64 first:
# Cangjie code uses Int64 for Java int unless 32-bit wrapping matters).
PRIMITIVE_CANGJIE: dict[str, tuple[str, ...]] = {
    "int": ("Int64", "Int32"), "java.lang.Integer": ("Int64", "Int32"),
    "long": ("Int64",), "java.lang.Long": ("Int64",),
    "short": ("Int16", "Int64"), "java.lang.Short": ("Int16", "Int64"),
    "byte": ("Int8", "UInt8", "Byte"), "java.lang.Byte": ("Int8", "UInt8", "Byte"),
    "double": ("Float64",), "java.lang.Double": ("Float64",),
    "float": ("Float32", "Float64"), "java.lang.Float": ("Float32", "Float64"),
    "boolean": ("Bool",), "java.lang.Boolean": ("Bool",),
    "char": ("Rune",), "java.lang.Character": ("Rune",),
    "java.lang.String": ("String",),
}  # fmt: skip


def same_nesting(fqn: str, candidates: list[str]) -> list[str]:
    """The table types ``fqn`` may be when only its simple name matches them: a nested type's outer
    class must match too (``MyBatisGenerator.Builder`` is no ``HttpClient.Builder``)."""
    *outer, _ = fqn.split(".")
    if not outer or not outer[-1][:1].isupper():
        return candidates
    return [c for c in candidates if c.split(".")[-2:-1] == outer[-1:]]


def _foreign_package(fqn: str) -> bool:
    """A type named with a package that is not the JDK's: ``io.vavr.collection.HashSet``,
    ``org.apache.commons.lang.StringUtils``."""
    pkg = [p for p in fqn.split(".")[:-1] if p[:1].islower()]
    return bool(pkg) and pkg[0] not in ("java", "javax")


# organisations whose packages hold many unrelated libraries: a library is named by three parts there
# (the tables' org.apache.commons says nothing of org.apache.hadoop)
_UMBRELLAS = frozenset({("org", "apache"), ("org", "eclipse"), ("com", "github"), ("io", "github")})


def _root(fqn: str) -> str:
    parts = fqn.split(".")
    return ".".join(parts[: 3 if tuple(parts[:2]) in _UMBRELLAS else 2])


def library_roots(by_simple: dict[str, list[str]]) -> frozenset[str]:
    """The package roots (``com.google``, ``cn.hutool``) of the libraries the tables map."""
    return frozenset(_root(t) for ts in by_simple.values() for t in ts if _foreign_package(t))


# a logger named by a package of no logging library is the project's own (a log4j or JBoss Logger
# reads as SLF4J's: the same calls)
_LOGGER_NAMES = frozenset({"Logger", "Log", "LoggerFactory", "LogFactory", "LogManager"})
_LOGGING_LIBRARIES = (
    "org.slf4j.", "org.apache.logging.log4j.", "org.apache.log4j.", "org.apache.commons.logging.",
    "ch.qos.logback.", "org.jboss.logging.", "com.google.common.flogger.", "org.tinylog.",
)  # fmt: skip


def library_helper(java_type: str, confidence: str | None) -> bool:
    """A library's class of static helpers (commons-io's ``IOUtils``, commons-lang's ``StringUtils``):
    a row of the tables with no Cangjie type (``confidence: none``) outside the JDK."""
    return confidence == "none" and not java_type.startswith(("java.", "javax."))


def table_type_named(fqn: str, by_simple: dict[str, list[str]], libraries: frozenset[str]) -> str | None:
    """The table type a Java type name that is no table type's full name stands for: a qualified
    alias (``java.util.Hashtable``), else the type of the same simple name and nesting. A name of a
    package the tables know nothing of is no JDK type (``io.vavr.collection.HashSet`` is no
    ``java.util.HashSet``, a project's ``com.acme.File`` no ``java.io.File``), but may be a library
    type of the tables (``org.apache.logging.log4j.Logger`` reads as SLF4J's); one of the tables'
    libraries may stand for the JDK type it wraps (Guava's ``Optional``, hutool's ``HttpResponse``). A
    logger of a package that is no logging library's is the project's own."""
    if fqn in by_simple:
        return by_simple[fqn][0]
    simple = fqn.rsplit(".", 1)[-1]
    if simple in _LOGGER_NAMES and _foreign_package(fqn) and not fqn.startswith(_LOGGING_LIBRARIES):
        return None  # com.alibaba.ttl3.agent.logging.Logger: the project's own logger, not SLF4J's
    cands = same_nesting(fqn, by_simple.get(simple, []))
    if _foreign_package(fqn) and _root(fqn) not in libraries:
        cands = [c for c in cands if _foreign_package(c)]
    return cands[0] if cands else None


def norm_java_type(t: str | None) -> str | None:
    """A Java type as the tables name it: raw (no generics), boxed, ``[]`` for any array."""
    if not t:
        return None
    t = t.strip()
    if t.endswith("[]") or t.endswith("..."):
        return "[]"
    t = t.split("<")[0].strip()
    return BOXES.get(t, t)


# a bean accessor (getName, setId, isOpen); an atomic read-modify-write (getAndIncrement, getAndSet)
# is none: project classes do not name their own methods so
_BEAN = re.compile(r"(?:get|set|is|has)(?!And[A-Z])[A-Z_]")
_OBJECT_METHODS = frozenset(
    {"toString", "equals", "hashCode", "getClass", "wait", "notify", "notifyAll", "clone"}
)


_PRIOR = (
    "java.lang.String",
    "java.util.List",
    "java.util.Map",
    "java.util.Set",
    "java.lang.StringBuilder",
    "java.util.Deque",
    "java.util.Queue",
    "java.util.Collection",
    # before ArrayBlockingQueue, SynchronousQueue: a field given take()/put() is most often declared
    # a BlockingQueue (a LinkedBlockingQueue in Cangjie as in most Java code)
    "java.util.concurrent.BlockingQueue",
    # before SecureRandom, Console: a plain rand.nextInt(n), a buffer.printf(..) are these
    "java.util.Random",
    "java.io.PrintWriter",
    "java.io.PrintStream",
    # before Error: an unknown throwable (cause.printStackTrace()) is an exception far more often
    "java.lang.Exception",
)


def rank_guesses(
    owners: set[str],
    coverage: Counter[str],
    receiver: str,
    values: frozenset[str] = frozenset(),
    subtypes: frozenset[str] = frozenset(),
) -> list[str]:
    """The three likeliest owner types: a receiver named after the type (``charBuffer``,
    ``resultSet``: the longest such name), then most of the receiver's calls declared, then its
    name's other hints, then the values passed to it (``value_fit``), then how common; of the
    rest, a type before its ``subtypes`` among the owners (``x.elementAt(i)``: a Vector before a
    Stack)."""
    recv = receiver.lower()
    ranked = sorted(
        owners,
        key=lambda o: (
            -named_after(recv, o),
            -coverage[o],
            receiver_hint(receiver, o),
            value_fit(o, values),
            _PRIOR.index(o) if o in _PRIOR else len(_PRIOR),
            o in subtypes,
            o,
        ),
    )
    return ranked[:3]


# the atomic classes share get/set/compareAndSet/getAndSet/lazySet: the values a receiver is given
# say which it is (compareAndSet(false, true), set(0), set(5L)); given none of these, it holds any
# value, an AtomicReference (lastTick, state, head: most such receivers of the real-world methods)
_ATOMIC = "java.util.concurrent.atomic."
_ATOMIC_HOLDING = {
    "boolean": "AtomicBoolean",
    "java.lang.Boolean": "AtomicBoolean",
    "int": "AtomicInteger",
    "java.lang.Integer": "AtomicInteger",
    "long": "AtomicLong",
    "java.lang.Long": "AtomicLong",
}
VALUE_KINDS = frozenset(_ATOMIC_HOLDING)


_BOOLEANS = frozenset({"boolean", "java.lang.Boolean"})


def value_fit(owner: str, values: frozenset[str]) -> int:
    """0 when ``owner`` holds the values passed to the receiver, 1 when nothing tells, 2 when an
    atomic class holds other values than those passed; only atomic classes are told apart, but a
    flag passed (``closed.set(true)``) puts the atomic class that holds it before the other owners
    of ``set`` (a BitSet's takes an index, a ThreadLocal holding a flag is rare)."""
    if not owner.startswith(_ATOMIC):
        return 1 if values & _BOOLEANS else 0
    held = {_ATOMIC + _ATOMIC_HOLDING[v] for v in values}
    if held:
        return 0 if owner in held else 2
    return 0 if owner == _ATOMIC + "AtomicReference" else 1


_NAMED_RECEIVER = re.compile(r"[\w$.]+")


def calls_by_receiver(calls: list[JavaCall]) -> dict[str, list[tuple[str, int]]]:
    """The (method, arity) of the calls on each named receiver of unknown type, and ``INDEXED``
    when one of them reads it by index (``keys.get(idx)``, see ``reads_by_index``)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for c in calls:
        if c.java_type is None and c.receiver and _NAMED_RECEIVER.fullmatch(c.receiver):
            out.setdefault(c.receiver, []).append((c.method, c.arg_count))
            if reads_by_index(c):
                out[c.receiver].append(INDEXED)
    return out


def values_passed(calls: list[JavaCall]) -> dict[str, frozenset[str]]:
    """The types of the literal-typed values (``VALUE_KINDS``) each receiver of unknown type is given."""
    out: dict[str, set[str]] = {}
    for c in calls:
        if c.java_type is None and c.receiver:
            kinds = {a for a in c.arg_types if a in VALUE_KINDS}
            if kinds:
                out.setdefault(c.receiver, set()).update(kinds)
    return {r: frozenset(v) for r, v in out.items()}


_INTEGRAL = frozenset(
    {"int", "long", "short", "byte", "char", "java.lang.Integer", "java.lang.Long", "java.lang.Short",
     "java.lang.Byte", "java.lang.Character"}
)  # fmt: skip


def not_an_index(method: str, arg_types: list[str | None]) -> bool:
    """``values.get(name)`` with a String (any known type but an integer) is no List's ``get(int)``
    or ``set(int, e)``: the receiver is a Map, a cache, a project class."""
    return method in ("get", "set") and bool(arg_types) and arg_types[0] not in (None, *_INTEGRAL)


def guessable_owner(owner: str) -> bool:
    """A type a receiver of unknown type may be guessed to be: a JDK type, or a logger (by name)."""
    return owner.startswith(("java.", "javax.")) or any(
        k in owner.rsplit(".", 1)[-1].lower() for k in _NAMED_ONLY
    )


# a call whose argument is of a JDK type that says which method it is: ``items.sort(Comparator...)``
# is a List's sort, whatever the project calls its own sort methods; ``x.schedule(task, 5,
# TimeUnit.SECONDS)`` is a ScheduledExecutorService's (java.util.Timer's schedule takes no TimeUnit)
TIME_UNIT_TYPE = "java.util.concurrent.TimeUnit"
_SCHEDULER = "java.util.concurrent.ScheduledExecutorService"
_TELLING_ARGUMENTS: dict[tuple[str, str], str] = {
    ("sort", "java.util.Comparator"): "java.util.List",
    ("schedule", TIME_UNIT_TYPE): _SCHEDULER,
    ("scheduleAtFixedRate", TIME_UNIT_TYPE): _SCHEDULER,
    ("scheduleWithFixedDelay", TIME_UNIT_TYPE): _SCHEDULER,
    # digest.getBytes(StandardCharsets.UTF_8): only a String's bytes are taken in a charset
    ("getBytes", "java.nio.charset.Charset"): "java.lang.String",
    # price.subtract(discount) of a BigDecimal: the arithmetic names alone are a vector's or an
    # amount's as often (COMMON_NAMES), a BigDecimal or BigInteger argument says the family
    **{
        (m, number): number
        for m in ("add", "subtract", "multiply", "divide", "remainder", "max", "min")
        for number in ("java.math.BigDecimal", "java.math.BigInteger")
    },
}
_OPTIONAL = "java.util.Optional"
# calls that say it by their name and arity, whatever the arguments: the JDK's only getBytes()
# taking none is a String's (a ResultSet's and a Blob's take an index); isPresent(),
# ifPresent(action), orElseThrow(..) and orElseGet(supplier) are an Optional's (OptionalInt and its
# kin are rare in real code); substring(..) and toLowerCase/toUpperCase(locale) are a String's (a
# StringBuilder's substring is rare, Character's case methods are static)
_STRING = "java.lang.String"
_TELLING_CALLS = {
    ("getBytes", 0): _STRING,
    ("substring", 1): _STRING,
    ("substring", 2): _STRING,
    ("toLowerCase", 1): _STRING,
    ("toUpperCase", 1): _STRING,
    ("isPresent", 0): _OPTIONAL,
    ("ifPresent", 1): _OPTIONAL,
    ("orElseThrow", 0): _OPTIONAL,
    ("orElseThrow", 1): _OPTIONAL,
    ("orElseGet", 1): _OPTIONAL,
}


def told_by_argument(method: str, arg_types: list[str | None]) -> str | None:
    """The type family an argument's JDK type says the receiver is of (``_TELLING_ARGUMENTS``), or
    the call itself (``_TELLING_CALLS``: ``content.getBytes()`` is a String's)."""
    for a in arg_types:
        told = _TELLING_ARGUMENTS.get((method, a or ""))
        if told:
            return told
    return _TELLING_CALLS.get((method, len(arg_types)))


def evidence_ok(
    method: str,
    receiver: str,
    owner: str,
    covered: list[str],
    sole_owner: bool = False,
    arg_types: list[str | None] | None = None,
    values: frozenset[str] = frozenset(),
    indexed: bool = False,
) -> bool:
    """Whether a guessed owner type has enough evidence to be offered (as a low-confidence guess).

    A logger needs the receiver's own name (``LOGGER``, ``log``, ``getLogger()``), and so does a
    receiver named like a project component (``productService``, ``userMapper``); for other types
    enough is: the receiver's name says so (``sb``, ``visited``), or at least two
    distinct methods called on the receiver are the owner's and neither is a bean accessor
    (``getName``/``setId`` say nothing: every project class has them) nor an Object method, or
    the method is declared by one type family only (``modPow``, ``orElseThrow``, ``trim``).
    A name project classes define as often (``COMMON_NAMES``: ``add``, ``get``, ``create``,
    ``increment``) is no evidence by itself: neither as the one family's method
    (``order.getTotal().add(x)`` is no List) nor as the only kind of call seen on the receiver
    (``database.get(id)`` and ``database.add(r)`` are a project class's). Apart from loggers, a
    guess is a JDK type: a third-party one (Guava's ``Joiner``) is taken only when the snippet
    declares or names it (commons-lang's ``AMP_JOINER`` is its own ``AppendableJoiner``). An
    argument of a JDK type only one family's method takes (``items.sort(comparator)``,
    ``_TELLING_ARGUMENTS``) is evidence enough, as is a call that says it by its name and arity
    (``content.getBytes()``, ``_TELLING_CALLS``), and so are literal values only one atomic class holds
    (``running.compareAndSet(false, true)``: an ``AtomicBoolean``, see ``value_fit``). A receiver
    read by index (``indexed``: ``keys.get(idx)``) is a List, whatever its calls' names.
    """
    if method in _OBJECT_METHODS or _framework_object(receiver):
        return False
    if indexed and owner == _LIST:
        return True
    told = told_by_argument(method, arg_types or [])
    if _BEAN.match(method) and not _strong_hint(receiver, owner) and not (told and guessable_owner(owner)):
        return False
    if any(kind in owner.rsplit(".", 1)[-1].lower() for kind in _NAMED_ONLY):
        # log("text") alone: a library logger's log(..) takes a level first (or a LogRecord)
        own_log = method == "log" and arg_types == ["java.lang.String"]
        return _strong_hint(receiver, owner) and not _own_logger_class(receiver) and not own_log
    if not guessable_owner(owner):
        return False  # a library's Joiner, JsonReader, Strings: projects name their own classes so
    if told:
        return True  # scheduleService.schedule(task, 5, TimeUnit.SECONDS), whatever the name's role
    role = _PROJECT_ROLE.search(receiver.rsplit(".", 1)[-1])
    if role and not (owner.endswith(role.group(0)) and _strong_hint(receiver, owner)):
        # productService.create(p) is the project's service, not URI.create; a groupMapper is no Map
        return False
    if _strong_hint(receiver, owner):
        return True
    if sole_owner and method not in COMMON_NAMES:  # add, get, create alone say nothing
        return True
    if values and owner.startswith(_ATOMIC) and value_fit(owner, values) == 0:
        return True
    # a call that tells the type (isPresent) is no bean accessor
    telling = {
        m for m in covered if m not in _OBJECT_METHODS and (not _BEAN.match(m) or (m, 0) in _TELLING_CALLS)
    }
    return len(telling) >= 2 and method in telling and bool(telling - COMMON_NAMES)


def _first_guess(first: str, ranked: list[str]) -> list[str]:
    """The three best guesses with ``first`` put before the others."""
    return [first, *[t for t in ranked if t != first]][:3]


# the call that says a map of unknown type is a concurrent one (the atomic insert-if-missing;
# computeIfAbsent is as common on plain HashMaps, for multimaps)
_ATOMIC_MAP_CALL = "putIfAbsent"
_MAP = "java.util.Map"
_CONCURRENT_MAP = "java.util.concurrent.ConcurrentHashMap"


# a static cache (CACHE, IMAGE_CACHE): one map shared by every thread of the program
_SHARED_CACHE = re.compile(r"(?:[A-Z][A-Z0-9]*_)*CACHE")


def concurrent_map_first(
    ranked: list[str], receiver_methods: set[str], chain: Callable[[str], list[str]], receiver: str = ""
) -> list[str]:
    """The guesses with ConcurrentHashMap first when the likeliest is a Map and the snippet calls
    ``putIfAbsent`` on the receiver (its ``get`` and ``containsKey`` are a concurrent map's too), or
    the receiver is a static cache (``CACHE``, ``IMAGE_CACHE``; a field named ``cache`` is as often a
    plain HashMap)."""
    shared = _SHARED_CACHE.fullmatch(receiver.rsplit(".", 1)[-1].strip()) is not None
    if not ranked or not (shared or _ATOMIC_MAP_CALL in receiver_methods) or _MAP not in chain(ranked[0]):
        return ranked
    return _first_guess(_CONCURRENT_MAP, ranked)


# the calls at a list's ends that Java code made on a LinkedList (or a Deque) long before Java 21 gave
# List its own: a receiver called so is guessed a LinkedList, as its declaration most often says
_DEQUE_ENDS = frozenset(
    {"addFirst", "addLast", "removeFirst", "removeLast", "pollFirst", "pollLast", "peekFirst", "peekLast",
     "offerFirst", "offerLast", "descendingIterator"}
)  # fmt: skip
# a list read or written by index (get(i), set(i, x)) is an array list, whatever its ends' calls
_BY_INDEX = frozenset({("get", 1), ("set", 2)})
_LIST = "java.util.List"
_LINKED_LIST = "java.util.LinkedList"


def linked_list_first(
    ranked: list[str], receiver_calls: set[tuple[str, int]], chain: Callable[[str], list[str]]
) -> list[str]:
    """The guesses with LinkedList first when the likeliest is a List and the snippet calls a
    deque-end method (``removeFirst``, ``addFirst``, ``pollLast`` ..) on the receiver, and no
    ``get(i)``/``set(i, x)``."""
    methods = {n for n, _ in receiver_calls}
    if (
        not ranked
        or not (_DEQUE_ENDS & methods)
        or _BY_INDEX & receiver_calls
        or _LIST not in chain(ranked[0])
    ):
        return ranked
    return _first_guess(_LINKED_LIST, ranked)


# a receiver read by position (``keys.get(idx)``, ``parts.get(i - 1)``, ``files.get(files.size() - 1)``,
# ``rows.get(0)``): an index argument, by its name or an int literal; the resolver records it on the
# receiver's calls as the pseudo-call INDEXED, so that its other calls (``keys.size()``) know it too
INDEXED = ("[index]", 1)
_INDEX_ARGUMENT = re.compile(
    r"(?:[ijk]|idx|index|pos|position|ix|\w*(?:Index|Idx|Pos))(?:\s*[-+]\s*\d+)?|\d+"
    r"|[\w.]+\.size\(\)\s*-\s*1"
)
_CALL_ARGUMENT = re.compile(r"\.\s*get\s*\(\s*(.*?)\s*\)$", re.S)


def reads_by_index(call: JavaCall) -> bool:
    """``keys.get(idx)``: a ``get`` whose one argument is an index by its name (``i``, ``idx``,
    ``rowIndex``, ``i - 1``, ``xs.size() - 1``) or an int literal, and not of a known non-int type."""
    if call.method != "get" or call.arg_count != 1 or (call.arg_types or [None])[0] not in (None, *_INTEGRAL):
        return False
    m = _CALL_ARGUMENT.search(call.text)
    return m is not None and _INDEX_ARGUMENT.fullmatch(m.group(1)) is not None


def indexed_list_first(
    ranked: list[str], receiver_calls: set[tuple[str, int]], chain: Callable[[str], list[str]]
) -> list[str]:
    """The guesses with ``java.util.List`` first when the snippet reads the receiver by index
    (``INDEXED``) and a List has the method (``keys.size()`` beside ``keys.get(idx)``)."""
    if INDEXED not in receiver_calls or not ranked or _LIST in chain(ranked[0]):
        return ranked
    list_chain = set(chain(_LIST))
    if not any(_LIST in chain(t) or t in list_chain for t in ranked):
        return ranked
    return _first_guess(_LIST, ranked)


# method names project classes define as often as library types do (a repository's add, a
# counter's increment, a cache's get/set/contains, a game unit's position/move, a vector's or an
# amount's subtract/multiply/divide, a lexer's or JSON parser's nextToken, a query builder's
# and/or/not/lower): a guess needs more than such a name, e.g. the receiver's own name
# (``list.add``) or another, telling call on it
COMMON_NAMES = frozenset(
    {
        "add", "get", "set", "put", "remove", "contains", "create", "increment", "decrement", "position",
        "write", "read", "size", "clear", "update", "delete", "insert", "find", "run", "start", "stop",
        "execute", "close", "open", "send", "handle", "process", "apply", "accept", "call", "test",
        "check", "reset", "init", "build", "load", "save", "submit", "push", "pop", "peek", "poll",
        "offer", "isEmpty", "length", "count", "value", "copy", "merge", "parse", "elements", "keys",
        "format", "flush", "print", "println", "append", "matches", "next",
        "of", "from", "map", "filter", "join", "split", "replace", "limit", "skip", "sum", "max", "min",
        "sort", "register", "lock", "unlock", "wait", "await", "connect", "cancel", "move", "bind", "invoke",
        "convert", "resolve", "header", "addElement", "first", "last",
        "iterator", "destroy", "request", "release", "acquire", "list", "finish", "verify", "validate", "end",
        "commit", "rollback", "subtract", "multiply", "divide", "nextToken",
        "and", "or", "xor", "not", "negate", "lower", "higher",
    }
)  # fmt: skip


# names Java code gives its own components (Spring services, MyBatis mappers, DAOs, repositories,
# controllers): such a receiver is a library type only when its name says which (executorService)
_PROJECT_ROLE = re.compile(r"(?:Service|Mapper|Dao|DAO|Repository|Controller)$")
# types a receiver is taken for only when its own name says so: their methods (info, debug, error,
# warn) are names every project gives its own classes (a tracer's debug, a result's error)
_NAMED_ONLY = ("logger",)


# a logger got from a class's static method: the logging libraries' factories, and the class named
# like a logger that is none of them (``MainLogger.getLogger()``) is the project's own
_LOGGER_FROM = re.compile(r"^(?:[\w.]+\.)?([A-Z]\w*)\s*\.\s*get(?:Logger|Log|Instance)\s*\(")
_LOG_FACTORIES = frozenset({"LoggerFactory", "Logger", "LogManager", "LogFactory", "Log", "Logging"})


# what a receiver held under these names is, whatever is called on it: a framework's object, no JDK
# type (Netty's ``ch.pipeline().addLast(handler)`` is no List, as a build or stream pipeline is none)
_FRAMEWORK_OBJECTS = frozenset({"pipeline"})


def _framework_object(receiver: str) -> bool:
    return re.sub(r"\(.*\)$", "", _held_name(receiver)) in _FRAMEWORK_OBJECTS


def _own_logger_class(receiver: str) -> bool:
    """``MainLogger.getLogger()``: a logger the project's own class hands out (not SLF4J's)."""
    m = _LOGGER_FROM.match(receiver.strip())
    return m is not None and m.group(1) not in _LOG_FACTORIES


# names that say a sorted map or set (the tables' TreeMap and TreeSet: SortedMap, NavigableSet are
# aliases), or the future of a task run later (a timeoutFuture is what schedule(..) gave: a Timer)
_KIND_NAMES = {
    "treemap": ("sortedmap", "sortmap", "navigablemap"),
    "treeset": ("sortedset", "sortset", "navigableset"),
    "scheduledfuture": tuple(
        w + "future"
        for w in ("timeout", "timer", "schedule", "delay", "heartbeat", "tick", "check", "periodic")
    ),
}


def _strong_hint(receiver: str, owner: str) -> bool:
    """The receiver's name names the owner type: ``stringBuilder``, ``visitedSet``, ``LOGGER``, ``sb``."""
    parts = owner.split(".")
    # a nested type is named with its outer one: a `builder` is no HttpClient.Builder
    full = ("".join(parts[-2:]) if len(parts) > 1 and parts[-2][:1].isupper() else parts[-1]).lower()
    simple = parts[-1].lower()
    base = _held_name(receiver)
    # the head noun, the name's last words: a `stringBuilder`, `nodeList` or `lists` (a plural), no
    # `tokenListDecls` (declarations) or `listeners`
    head = re.sub(r"\(.*\)$", "", base)
    if len(full) >= 3 and (head.endswith(full) or head.endswith(full + "s")):
        return True
    if head.endswith(_KIND_NAMES.get(full, ())):  # a sortedMap names a TreeMap
        return True
    for words, kind in _NAME_HINTS:
        if kind in simple and any(base == w or (len(w) >= 4 and base.endswith(w)) for w in words):
            return True
    return False


_GETTER = re.compile(r"get([A-Z]\w*)\s*\(\s*\)$")
# a numbered name (scanner1, lock2; not sb2, too short to say much): the name without its number
_NUMBERED = re.compile(r"(?<=[A-Za-z]{3})\d+$")


def _held_name(receiver: str) -> str:
    """The receiver's last name, lower-cased, without a number at its end (``scanner1``); a getter's
    value is named by what it gets (``customer.getName()`` -> ``name``, ``getLog()`` -> ``log``), as a
    field holding it would be."""
    base = _NUMBERED.sub("", receiver.rsplit(".", 1)[-1].strip())
    m = _GETTER.match(base)
    return (m.group(1) if m else base).lower()


def named_after(recv: str, owner: str) -> int:
    """The length of the owner's simple name when the receiver's (lower-cased) last name ends with
    it (``charbuffer`` -> CharBuffer, ``rs.resultset`` -> ResultSet) or with a name for its kind
    (``reconsortedmap`` -> TreeMap, ``timeoutfuture`` -> ScheduledFuture), else 0; short names
    (``set``, ``map``) are hints only (``receiver_hint``)."""
    simple = owner.rsplit(".", 1)[-1].lower()
    base = _NUMBERED.sub("", recv.rsplit(".", 1)[-1].rstrip("()"))
    named = base.endswith(simple) or base.endswith(_KIND_NAMES.get(simple, ()))
    return len(simple) if len(simple) >= 6 and named else 0


def receiver_hint(recv: str, owner: str) -> int:
    """0 when the receiver's name suggests this owner type (``map`` -> Map, ``sb`` -> StringBuilder,
    ``listOfNames`` -> List); a word inside another is no hint (a ``listenerMap`` is no List)."""
    simple = owner.rsplit(".", 1)[-1].lower()
    if not recv:
        return 1
    recv = _NUMBERED.sub("", recv)
    if recv.lower() in simple or _names_whole_words(recv, simple):
        return 0
    base = _held_name(recv)
    for words, kind in _NAME_HINTS:
        # a short name hints only as the whole name (``s``, ``q``: every plural ends in s); the
        # type's own name must end with the kind (a ConcurrentSkipListMap is no list)
        if any(base == w or (len(w) > 2 and base.endswith(w)) for w in words) and simple.endswith(kind):
            return 0
    return 1


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")


def _names_whole_words(recv: str, simple: str) -> bool:
    """Whether ``simple`` (lower case) spells the last whole camel-case or snake-case words of
    ``recv``, its head noun: ``nodeList``, ``stringBuilder``, ``NODE_LIST`` name a list or a builder;
    ``listenerMap`` no list, and ``tokenListDecls`` is declarations, no list either."""
    words = [w.lower() for w in _WORD.findall(recv)]
    return any("".join(words[i:]) == simple for i in range(len(words)))


# the words of a name that holds a count, an id or a time in Java code (an int or a long)
_NUMERIC_LAST = frozenset(
    {"id", "port", "count", "counter", "size", "length", "len", "index", "idx", "offset", "total", "age",
     "year", "version", "millis", "ms", "nanos", "seconds", "i", "j", "k", "n", "long", "int", "integer"}
)  # fmt: skip
_NUMERIC_FIRST = frozenset({"num", "count", "max", "min"})
# the last words of a name that holds a fraction (a double): a measure, a share, a mean
_FRACTION_LAST = frozenset(
    {"double", "float", "radius", "ratio", "percent", "percentage", "average", "avg", "mean",
     "latitude", "longitude", "probability"}
)  # fmt: skip
# the last words of a name that holds a yes or no (a boolean)
_FLAG_LAST = frozenset({"bool", "boolean", "enabled", "disabled"})
# the getter prefixes of a boolean (isEmpty(), hasNext(), canRead()); a field named so is one too
_FLAG_FIRST = frozenset({"is", "has", "can", "should"})
# the JDK methods of any receiver that return an int or a long (a counter's, a collection's, a string's)
_NUMERIC_CALLS = frozenset(
    {"incrementAndGet", "decrementAndGet", "getAndIncrement", "getAndDecrement", "addAndGet", "getAndAdd",
     "size", "length", "hashCode", "ordinal", "intValue", "longValue"}
)  # fmt: skip
_NUMERIC_END = ("time", "zxid", "version")
_SINGLE_ARGUMENT = re.compile(
    r"^[\w$.]+\s*\(\s*((?:this\s*\.\s*)?[\w$]+(?:\s*\(\s*\))?(?:\s*\.\s*[\w$]+(?:\s*\(\s*\))?)*"
    r"(?:\s*\[\s*[\w$]+\s*\])?)\s*\)$"
)
INT64, FLOAT64, BOOL = "std.core.Int64", "std.core.Float64", "std.core.Bool"


def argument_kind(text: str) -> str:
    """``String.valueOf(s.getCtime())``, ``String.valueOf(tag.isVBool())``: the one argument's type
    is unknown, but its name (a field, a variable, an array's or a getter's) is that of a number, a
    fraction or a flag as Java code names them: ``id``, ``port``, ``count``, ``...Time`` an int or a
    long (``std.core.Int64``), ``radius``, ``ratio``, ``...Double`` a double (``std.core.Float64``),
    ``isX()``, ``hasX()``, ``...Enabled`` a boolean (``std.core.Bool``); a call that gives a number
    (``counter.incrementAndGet()``, ``names.size()``) too. "" when the name says nothing."""
    m = _SINGLE_ARGUMENT.match(" ".join(text.split()))
    if not m:
        return ""
    arg = re.sub(r"\s*\[\s*[\w$]+\s*\]$", "", m.group(1))  # counters[i]: an element of counters
    element = arg != m.group(1)
    last = re.split(r"\s*\.\s*", arg)[-1]
    called = bool(re.search(r"\(\s*\)$", last))
    last = re.sub(r"\s*\(\s*\)$", "", last)
    words = [w.lower() for w in _WORD.findall(last)]
    if not words:
        return ""
    if len(words) > 1 and words[0] in _FLAG_FIRST and not element:
        return BOOL
    if called and words[0] != "get":
        # a call that is not a getter says what it does, not what it holds; a counter's
        # incrementAndGet() or a list's size() says it gives a number
        return INT64 if last in _NUMERIC_CALLS else ""
    if called or (words[0] == "get" and len(words) > 1 and last[3:4].isupper()):
        words = words[1:]
    if element and len(words[-1]) > 3 and words[-1].endswith("s"):
        words[-1] = words[-1][:-1]  # counters[i]: a counter
    if not words:
        return ""
    if words[-1] in _FRACTION_LAST:
        return FLOAT64
    if words[-1] in _FLAG_LAST:
        return BOOL
    if (
        words[-1] in _NUMERIC_LAST
        or words[-1].endswith(_NUMERIC_END)
        or (len(words) > 1 and words[0] in _NUMERIC_FIRST)
    ):
        return INT64
    return ""


def numeric_argument(text: str) -> bool:
    """Whether :func:`argument_kind` takes the one argument for an int or a long."""
    return argument_kind(text) == INT64


# Java naming habits: what a variable's name says about its type.
_NAME_HINTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("sb", "builder", "buf", "buffer"), "stringbuilder"),
    (("log", "logger", "_log"), "logger"),
    (("clazz", "klass", "cls", "beanclass", "targetclass"), "class"),
    (("barrier",), "barrier"),
    (("latch",), "countdownlatch"),
    (("st", "tokenizer", "stok", "strtok"), "tokenizer"),
    (("conn", "connection"), "connection"),
    (("in", "is", "inputstream"), "inputstream"),
    (("map", "cache", "counts", "freq", "memo", "lookup", "table", "index", "dict", "registry", "bykey"), "map"),
    (("set", "visited", "seen", "unique", "ids"), "set"),
    (("queue", "frontier", "pending", "q"), "queue"),
    (("deque", "dq"), "deque"),
    (("list", "lst", "items", "result", "results", "names", "values", "elements", "nodes", "arr", "rows",
      "lines", "parts", "tokens", "words", "columns", "components", "tags", "args"), "list"),
    (("s", "str", "text", "line", "word", "name", "key", "path", "input", "prefix", "suffix", "msg", "message"),
     "string"),
)  # fmt: skip


def construct_calls(ex: Extraction) -> list[JavaCall]:
    """Language constructs that still need a library type: catch clauses and synchronized blocks."""
    out: list[JavaCall] = []
    for c in ex.constructs:
        if c.kind == "catch":
            out.append(
                JavaCall(
                    text=f"catch ({c.name} ...)",
                    kind="type_ref",
                    receiver=None,
                    java_type=c.java_type,
                    type_args=[],
                    method=c.name.rsplit(".", 1)[-1],
                    arg_count=0,
                    arg_types=[],
                    line=c.line,
                )
            )
    for c in ex.constructs:
        if c.kind == "synchronized":
            out.append(
                JavaCall(
                    text="synchronized (...) { }",
                    kind="type_ref",
                    receiver=None,
                    java_type="java.util.concurrent.locks.ReentrantLock",
                    method="synchronized",
                    arg_count=0,
                    arg_types=[],
                    type_args=[],
                    line=c.line,
                )
            )
    return out


def with_concrete_type(
    call: JavaCall,
    concrete: dict[str, str],
    java_type_node: Callable[[str | None], str | None],
    java_chain: Callable[[str], list[str]],
) -> JavaCall:
    """``Set<String> s = new TreeSet<>()``: the calls on ``s`` resolve against the class it was
    constructed with (``concrete``: receiver -> class), when that is a subtype of the declared type."""
    cls = concrete.get(call.receiver or "")
    if cls is None or call.java_type is None or call.kind not in ("method", "field"):
        return call
    declared = java_type_node(norm_java_type(call.java_type))
    actual = java_type_node(cls)
    if declared is None or actual is None or actual == declared or declared not in java_chain(actual):
        return call
    return replace(call, java_type=actual)
