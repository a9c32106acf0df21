"""Calls whose answer one of their arguments, or the call they follow, picks, read from the call's
text and argument types.

* ``Arrays.copyOf(values, newCapacity)`` to another length than ``values.length`` is ``copyTo`` into a
  new array of that size (the same length stays ``clone``); to a count of the elements in use
  (``size``, ``count``, ``this.len``) it cuts the array down: the slice ``values[..size]``.
* A LinkedList's ``remove(0)`` is ``removeFirst``, its ``remove(i)`` of another int index
  ``remove(nodeAt(i))`` (``remove(x)`` of a value stays the row's ``removeIf``); its ``get(0)`` is
  the property ``first`` and its ``get(list.size() - 1)`` ``last`` (``?T``), no walk by ``nodeAt``.
* ``InetAddress.getByName("239.255.0.1")`` of an address literal parses it (``IPAddress.parse``), as
  Java does without a lookup; a host name stays ``resolve``.
* ``TimeZone.getTimeZone("UTC")`` and ``ZoneId.of("UTC")`` (or ``"GMT"``, ``"Etc/UTC"``) of the UTC
  literal are the constant ``TimeZone.UTC``: nothing to load.
* ``cls.getDeclaredMethod(name)`` (or ``getMethod``) whose method is invoked with no instance
  (``.invoke(null, ..)``, on the spot or through the variable it is kept in) looks up a static
  function: ``TypeInfo.getStaticFunction``.
* ``Arrays.asList("x")`` of one element that is no array lists one element: the mapping for two
  or more arguments answers it (``listed_count``), unlike ``asList(arr)``.
* ``instant.atZone(ZoneId.systemDefault())`` (or a ZonedDateTime's ``withZoneSameInstant`` to it,
  or ``LocalDateTime.ofInstant(instant, ZoneId.systemDefault())``) is the same time in the system's
  zone: ``DateTime.inLocal()``; the ``ZoneId.systemDefault()`` passed to it goes with it. To
  ``ZoneOffset.UTC`` (or ``ZoneId.of("UTC")``; a LocalDateTime's ``atOffset``/``toInstant`` of it too) it is
  ``DateTime.inUTC()``, and the zone goes with it too.
* ``BigDecimal.valueOf(123.456)`` of a decimal literal is ``Decimal.parse("123.456")``: Java takes the
  literal's digits (through ``Double.toString``), not the double's binary expansion.
* ``a.accumulateAndGet(x, (p, q) -> p | q)`` (or ``&``, ``^``, ``+``, ``Integer::sum``) on an AtomicInteger
  or AtomicLong is the atomic's own ``fetchOr`` (``fetchAnd``, ``fetchXor``, ``fetchAdd``), no CAS loop.
* ``System.getProperty("line.separator")`` (``file.encoding`` and the other keys whose value Cangjie
  writes as a constant) has no property to read: ``constant_property`` says what to write.
* ``stream.distinct().count()``: ``distinct()`` is ``collectHashSet``, so the count is that set's ``size``.
* ``new JSONObject(text)`` / ``new JSONArray(text)`` (org.json) of a String parses it:
  ``JsonValue.fromStr(text)`` (then ``asObject()``/``asArray()``); stdx's constructors make an empty
  or a given value, they parse nothing.
* ``s.toUpperCase(locale)`` (or ``toLowerCase``) of a Locale the code is given, not a fixed one
  (``Locale.ROOT``, ``Locale.ENGLISH``: ASCII keys, ``toAsciiUpper``), cases the user's text:
  std.unicode's ``toUpper()``/``toLower()``.
"""

from __future__ import annotations

import re

from ..java import JavaCall
from .collection_calls import INDEXES

__all__ = [
    "PROPERTY_KEY", "SYSTEM_ZONE_NOTE", "UTC_ZONE_NOTE", "argument_text_key", "by_argument", "constant_property", "listed_count", "static_lookup", "zone_goes_with",
]  # fmt: skip

_SAME_LENGTH = re.compile(r"\bcopyOf\s*\(\s*([\w$.]+)\s*,\s*\1\s*\.\s*length\s*\)$")
_RESIZED_COPY = "a new length: Array<T>(n, repeat: ..) then arr.copyTo(..) (arr.clone() keeps the length)"
# the length a growing array keeps of its elements in use (a buffer's count, a list's size): copyOf
# to it trims the spare capacity off; a new capacity (newSize, size * 2, CAPACITY) is no such name
_IN_USE = re.compile(
    r"\bcopyOf\s*\(\s*[\w$.]+\s*,\s*(?:this\s*\.\s*)?"
    r"(?!new|max|min|cap)\w*?(?:size|Size|count|Count|len|Len|length|Length|pos|Pos|position|Position|used|Used)\s*\)$"
)
_TRIMMED_COPY = "a count of the elements in use: the slice arr[..n] (arr[..n].clone() for a copy of its own)"
_DISTINCT_COUNT = re.compile(r"\.\s*distinct\s*\(\s*\)\s*\.\s*count\s*\(\s*\)$")
_STREAMS = frozenset({"java.util.stream." + t for t in ("Stream", "IntStream", "LongStream", "DoubleStream")})
_HEAD = re.compile(r"\.\s*remove\s*\(\s*0\s*\)$")
_GET_HEAD = re.compile(r"\.\s*get\s*\(\s*0\s*\)$")
_GET_TAIL = re.compile(r"\.\s*get\s*\(\s*[\w.]+\s*\.\s*size\s*\(\s*\)\s*-\s*1\s*\)$")
# an IPv4 literal, or an IPv6 one (hex groups and colons), as the only argument
_ADDRESS_LITERAL = re.compile(
    r"\bgetByName\s*\(\s*\"(?:\d{1,3}(?:\.\d{1,3}){3}|\[?[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}\]?)\"\s*\)$"
)

# BigDecimal.valueOf(123.456) of a decimal literal: Java goes through Double.toString, so the value is
# the literal's digits; Decimal(Float64) would keep the double's binary expansion instead
_DECIMAL_LITERAL = re.compile(r"\bvalueOf\s*\(\s*-?(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?[dD]?\s*\)$")

# a.accumulateAndGet(x, (p, q) -> p | q): the operator is one of the atomic's own fetch operations
_ACCUMULATOR = re.compile(
    r"\b(?:accumulateAndGet|getAndAccumulate)\s*\((?:[^()]|\([^()]*\))*,\s*"
    r"(?:\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*->\s*(?:\1\s*([|&^+])\s*\2|\2\s*([|&^+])\s*\1)"
    r"|(?:java\.lang\.)?(?:Integer|Long)\s*::\s*(sum))\s*\)$"
)
_ACCUMULATORS = frozenset({"accumulateAndGet", "getAndAccumulate"})
_FETCH = {"|": "fetchOr", "&": "fetchAnd", "^": "fetchXor", "+": "fetchAdd", "sum": "fetchAdd"}
_ATOMIC_NUMBERS = frozenset(
    {"java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong"}
)

_UTC_LITERAL = re.compile(r"\b(?:getTimeZone|of)\s*\(\s*\"(?:Etc/)?(?:UTC|GMT|Z)\"\s*\)$")
_ZONE_LOADS = frozenset({("java.util.TimeZone", "getTimeZone", 1), ("java.time.ZoneId", "of", 1)})

# the system's zone as the zone argument: instant.atZone(ZoneId.systemDefault()),
# LocalDateTime.ofInstant(instant, ZoneId.systemDefault()); a LocalDateTime's atOffset/toInstant take an offset
_ZONE_MOVE = (
    r"\b(?:(?:atZone|withZoneSameInstant|atOffset|toInstant)\s*\(|ofInstant\s*\((?:[^()]|\([^()]*\))*,)\s*"
)
_SYSTEM_ZONE = re.compile(_ZONE_MOVE + r"(?:java\.time\.)?ZoneId\s*\.\s*systemDefault\s*\(\s*\)\s*\)$")
# ZoneOffset.UTC, ZoneId.of("UTC") as the zone argument: inUTC()
_UTC_ARG = (
    r"(?:java\.time\.)?(?:ZoneOffset\s*\.\s*UTC|ZoneId\s*\.\s*of\s*\(\s*\"(?:Etc/)?(?:UTC|GMT|Z)\"\s*\))"
)
_UTC_ZONE = re.compile(_ZONE_MOVE + _UTC_ARG + r"\s*\)$")
_ZONE_MOVES = frozenset(
    {
        ("java.time.Instant", "atZone", 1), ("java.time.ZonedDateTime", "withZoneSameInstant", 1),
        ("java.time.LocalDateTime", "ofInstant", 2), ("java.time.ZonedDateTime", "ofInstant", 2),
        ("java.time.LocalDateTime", "atOffset", 1), ("java.time.LocalDateTime", "toInstant", 1),
    }
)  # fmt: skip
SYSTEM_ZONE_NOTE = (
    "the system's zone only says which zone the call it is passed to moves into: that call is "
    "inLocal(), no zone to get"
)
UTC_ZONE_NOTE = "UTC only says which zone the call it is passed to moves into: that call is inUTC()"

_METHOD_LOOKUPS = frozenset({"getDeclaredMethod", "getMethod"})
_STATIC_CALL = r"\s*\.\s*invoke\s*\(\s*null\s*[,)]"


# System.getProperty("key"): the key, for the rules that read it (here and in special.py)
PROPERTY_KEY = re.compile(r"^(?:java\.lang\.)?System\s*\.\s*getProperty\s*\(\s*\"([\w.]+)\"")
# properties whose value the JVM fixes and Cangjie writes as a constant: no setting to read
_CONSTANT_PROPERTIES = {
    "line.separator": 'the line separator: write "\\n" (println ends lines with it)',
    "file.separator": 'the path separator: write "/" (std.fs.Path joins paths with join)',
    "path.separator": 'the separator of a path list: write ":" (";" on Windows)',
    "file.encoding": "the default charset: Cangjie strings are UTF-8 (String.toArray() gives the bytes)",
    "sun.jnu.encoding": "the default charset: Cangjie strings are UTF-8 (String.toArray() gives the bytes)",
}


def constant_property(java_type: str | None, call_method: str, text: str) -> str | None:
    """What to write for ``System.getProperty("line.separator")`` and the other keys whose value is a
    constant in Cangjie, or None."""
    if java_type != "java.lang.System" or call_method != "getProperty":
        return None
    m = PROPERTY_KEY.match(text.strip())
    return _CONSTANT_PROPERTIES.get(m.group(1)) if m else None


def zone_goes_with(call: JavaCall, calls: list[JavaCall]) -> str | None:
    """The note for ``ZoneId.systemDefault()`` (or ``ZoneOffset.UTC``) passed as the zone of a call
    answered ``inLocal()`` (``inUTC()``) by ``by_argument``, or None."""
    if (call.java_type, call.method) == ("java.time.ZoneId", "systemDefault"):
        move, note = _SYSTEM_ZONE, SYSTEM_ZONE_NOTE
    elif re.fullmatch(_UTC_ARG, call.text.strip()):
        move, note = _UTC_ZONE, UTC_ZONE_NOTE
    else:
        return None
    moved = any(
        (o.java_type, o.method, o.arg_count) in _ZONE_MOVES and move.search(o.text) and _inside(call, o)
        for o in calls
    )
    return note if moved else None


def _inside(inner: JavaCall, outer: JavaCall) -> bool:
    """Whether ``inner`` is written within ``outer``'s text (its lines and, on one line, its columns)."""
    if outer is inner or inner.text not in outer.text:
        return False
    last = outer.line + outer.text.count("\n")
    if outer.line == inner.line == last:
        return outer.column <= inner.column < outer.column + len(outer.text)
    return outer.line <= inner.line <= last


def static_lookup(java_type: str | None, method: str, text: str, code: str) -> bool:
    """Whether ``cls.getDeclaredMethod(..)`` (``text``) finds a method the snippet (``code``)
    invokes without an instance: ``.invoke(null, ..)`` on the result or on the variable it is kept in."""
    if java_type != "java.lang.Class" or method not in _METHOD_LOOKUPS:
        return False
    call = re.escape(text.strip())
    if re.search(call + _STATIC_CALL, code):
        return True
    kept = re.search(r"\b(\w+)\s*=\s*" + call, code)
    return kept is not None and re.search(r"\b" + re.escape(kept.group(1)) + _STATIC_CALL, code) is not None


def by_argument(
    java_type: str | None, method: str, text: str, arg_types: list[str | None]
) -> tuple[str, str] | None:
    """The answer the call's arguments pick, with why, or None (see the module's list)."""
    call = (java_type, method, len(arg_types))
    if call == ("java.util.Arrays", "copyOf", 2):
        if _SAME_LENGTH.search(text):
            return None
        if _IN_USE.search(text):
            return "std.core.Array.[](Range<Int64>)", _TRIMMED_COPY
        return "std.core.Array.copyTo", _RESIZED_COPY
    if call == ("java.util.LinkedList", "remove", 1):
        if _HEAD.search(text):
            return "std.collection.LinkedList.removeFirst", "remove(0) removes the head: removeFirst()"
        if arg_types[0] in INDEXES:
            return "std.collection.LinkedList.remove", "remove(i) of an index: remove(nodeAt(i).getOrThrow())"
        return None
    if call == ("java.util.LinkedList", "get", 1):
        end = "first" if _GET_HEAD.search(text) else "last" if _GET_TAIL.search(text) else None
        if end:
            return f"std.collection.LinkedList.{end}", f"the list's {end} element: the property {end} (?T)"
    if java_type in _STREAMS and (method, len(arg_types)) == ("count", 0) and _DISTINCT_COUNT.search(text):
        return (
            "std.collection.HashSet.size",
            "distinct() collects a HashSet (collectHashSet): count() is its size",
        )
    if call == ("java.math.BigDecimal", "valueOf", 1) and _DECIMAL_LITERAL.search(text):
        return (
            "std.math.numeric.Decimal.parse",
            'a decimal literal: Decimal.parse("123.456") keeps its digits (Decimal(123.456) would keep '
            "the Float64's binary expansion)",
        )
    if java_type in _ATOMIC_NUMBERS and method in _ACCUMULATORS and (acc := _ACCUMULATOR.search(text)):
        op = next(g for g in acc.groups()[2:] if g)
        fetch = _FETCH[op]
        after = "the old value" if method == "getAndAccumulate" else f"the old value {op} x for the new one"
        return f"std.sync.AtomicInt64.{fetch}", f"the accumulator is {op}: a.{fetch}(x) (it returns {after})"
    if call in _ZONE_LOADS and _UTC_LITERAL.search(text):
        return "std.time.TimeZone.UTC", "the UTC zone is a constant: TimeZone.UTC, nothing to load"
    if call in _ZONE_MOVES and _SYSTEM_ZONE.search(text):
        return "std.time.DateTime.inLocal", "the system's zone is the local one: dt.inLocal()"
    if call in _ZONE_MOVES and _UTC_ZONE.search(text):
        return "std.time.DateTime.inUTC", "the zone is UTC: dt.inUTC()"
    if call in _JSON_PARSES and (arg_types[0] == "java.lang.String" or _TEXT_ARGUMENT.search(text)):
        return "stdx.encoding.json.JsonValue.fromStr", _JSON_PARSE
    if call in _CASINGS and not _FIXED_LOCALE.search(text):
        return _CASINGS[call], _USER_LOCALE
    if call == ("java.net.InetAddress", "getByName", 1) and _ADDRESS_LITERAL.search(text):
        return "std.net.IPAddress.parse", "an address literal is parsed, not looked up: IPAddress.parse(s)"
    return None


def argument_text_key(method: str, text: str) -> tuple[bool, ...]:
    """What ``by_argument`` reads of a call's text (for the resolver's per-snippet memo)."""
    return (
        method == "copyOf" and bool(_SAME_LENGTH.search(text)),
        method == "copyOf" and bool(_IN_USE.search(text)),
        method == "remove" and bool(_HEAD.search(text)),
        method == "get" and bool(_GET_HEAD.search(text)),
        method == "get" and bool(_GET_TAIL.search(text)),
        method == "getByName" and bool(_ADDRESS_LITERAL.search(text)),
        method == "valueOf" and bool(_DECIMAL_LITERAL.search(text)),
        method in _ACCUMULATORS and bool(_ACCUMULATOR.search(text)),
        method == "count" and bool(_DISTINCT_COUNT.search(text)),
        method in ("getTimeZone", "of") and bool(_UTC_LITERAL.search(text)),
        method in ("atZone", "withZoneSameInstant", "ofInstant") and bool(_SYSTEM_ZONE.search(text)),
        method in ("atZone", "withZoneSameInstant", "ofInstant", "atOffset", "toInstant")
        and bool(_UTC_ZONE.search(text)),
        method in ("toUpperCase", "toLowerCase") and bool(_FIXED_LOCALE.search(text)),
        method == "<init>" and bool(_TEXT_ARGUMENT.search(text)),
    )


# org.json's constructors of a JSON text parse it; stdx's JsonObject()/JsonArray() parse nothing
_JSON_PARSES = frozenset({("org.json.JSONObject", "<init>", 1), ("org.json.JSONArray", "<init>", 1)})
# the one argument is a literal or a call that reads a text (readString(in), inputStreamToString(s))
_TEXT_ARGUMENT = re.compile(r'\(\s*(?:"|[\w.]*(?:[Ss]tring|Text|Json|JSON|Body|Content)\s*\()')
_JSON_PARSE = (
    "a JSON text is parsed: JsonValue.fromStr(text), then asObject()/asArray() (stdx's JsonObject() "
    "and JsonArray() make an empty or a given value, they parse no text)"
)


# a String cased by a Locale the code is given (not a fixed one, which keeps keys ASCII)
_CASINGS = {
    ("java.lang.String", "toUpperCase", 1): "std.unicode.String.toUpper",
    ("java.lang.String", "toLowerCase", 1): "std.unicode.String.toLower",
}
_FIXED_LOCALE = re.compile(r"\(\s*(?:java\.util\.)?Locale\s*\.\s*(?:ROOT|ENGLISH|US|UK|CANADA)\s*\)$")
_USER_LOCALE = (
    "the case follows a Locale the code is given: std.unicode's toUpper()/toLower() case any Unicode text "
    "(toAsciiUpper/toAsciiLower keep to ASCII, for keys and Locale.ROOT)"
)


# varargs methods whose one argument may be the array itself or its one element
_VARARGS = frozenset({("java.util.Arrays", "asList")})


def listed_count(call: JavaCall) -> int:
    """The argument count that picks the mapping: ``Arrays.asList("x")`` (one argument of a known type
    that is not an array) lists one element, as ``asList(a, b)`` lists two, unlike ``asList(arr)``."""
    if (call.java_type, call.method) in _VARARGS and call.arg_count == 1:
        first = (call.arg_types or [None])[0]
        if first and not first.endswith("[]") and first != "java.lang.Object":
            return 2
    return call.arg_count
