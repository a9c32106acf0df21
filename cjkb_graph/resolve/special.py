"""Answers that depend on how a call (or a block) is written, not only on its receiver's type and name.

* ``System.err.println(x)`` is ``eprintln``: the stream is read from the receiver's text, where the
  type alone (``PrintStream``) cannot tell stderr from stdout.
* ``String.format("0x%02x", b)``: a conversion with a width, flags or precision needs a Cangjie
  ``format``/``pad`` call (``b.format("02x")``); ``%s``/``%d`` alone are string interpolation.
* ``sb.delete(0, sb.length())`` empties the builder: ``reset()``.
* ``field.get(null)`` reads a static field, ``method.invoke(null, ..)`` calls a static method;
  ``new String(<a call that reads bytes>)`` is ``String.fromUtf8``.
* ``Preconditions.checkArgument(x != null)`` is a null check and ``opt.orElse(null)`` turns an
  Optional into a nullable value: both disappear in Cangjie.
* ``name.equals("x")``: a receiver compared with a string literal is a String.
* ``getClass().getClassLoader()``, ``Thread.currentThread().getContextClassLoader()``: a call whose
  result only reaches a class loader or a classpath resource goes with that lookup;
  ``p.matcher(s).find()``: the matcher goes with the test, which is ``regex.matches(s)``; a kept
  matcher's ``m.find()`` outside a ``while`` is one search (``find``) or a test (``matches``).
* Calls on collections whose answer their text decides (``collect(..)`` and its collectors,
  ``list.remove(x)``, a map's views) are in ``collection_calls``.
* ``System.getenv().get(name)`` reads one variable: ``getVariable(name)`` (``env_calls``).
* ``TimeUnit.SECONDS.toMillis(n)`` is ``(Duration.second * n).toMilliseconds()``: the unit first.
* ``txt.replaceAll("\\n", " ")``: a pattern with no regex syntax is ``String.replace``.
* A ``System.currentTimeMillis()`` or ``Instant.now()`` reading that measures a span is
  ``MonoTime.now`` (``clock_calls``).
* The block-level search query is made of the names a block calls and the types it names.

``text_key`` lists every text test these rules make, for the resolver's per-snippet memo.
"""

from __future__ import annotations

import re

from ..java import JavaCall
from ..models import Candidate
from .adjust import LINE_SPLIT, escaped_literal, literal_pattern, regex_literal
from .argument_calls import (
    PROPERTY_KEY,
    argument_text_key,
    by_argument,
    constant_property,
    static_lookup,
    zone_goes_with,
)
from .calendar_calls import FIELD_NOTE, SET_AT_ONCE_NOTE, calendar_field_target, field_goes_with, set_at_once
from .clock_calls import INSTANT_SPAN, MONO, measures_instant, measures_time
from .collection_calls import (
    ENTRY_WALKS,
    GROUPING_NOTE,
    LISTS,
    MAP_ADD,
    VIEW_CHANGES,
    VIEW_READS,
    as_list_goes_with,
    collect_target,
    collector_goes_with,
    removes_null,
    removes_value,
    view_change,
)
from .digest_calls import digest_name, digest_named
from .env_calls import ENV_GOES_WITH, env_read
from .guess import TIME_UNIT_TYPE, argument_kind
from .http_calls import request_method
from .jdbc_calls import driver_lookup
from .streams import (
    CONSOLE_CLOSE_NOTE,
    PRINT_STREAM,
    PRINT_WRITER,
    PRINTS,
    READERS,
    STDIN_WRAPPER,
    TRACE_STREAM_NOTE,
    console_readers,
    console_wrapper_note,
    console_writers,
    ends_with_newline,
    framework_stream_note,
    framework_streams,
    string_printers,
    text_stream_wrapper,
    trace_stream,
)

__all__ = [
    "FORMAT_METHODS",
    "NULL_CHECK_NOTE",
    "OR_NULL_NOTE",
    "block_query",
    "clears_builder",
    "format_apis",
    "goes_with_its_use",
    "idiom_scores",
    "idiom_targets",
    "null_check",
    "one_shot_find",
    "or_null",
    "order_find",
    "reorder_by_context",
    "string_compared",
    "string_receiver",
    "system_stream",
    "text_key",
]

SYSTEM = "java.lang.System"
_STREAM = re.compile(r"^(?:java\.lang\.)?System\s*\.\s*(out|err)$")


def system_stream(receiver: str | None) -> str | None:
    """``out`` or ``err`` when the receiver is written ``System.out`` / ``System.err``."""
    m = _STREAM.match((receiver or "").strip())
    return m.group(1) if m else None


# methods whose first string argument is a printf format
FORMAT_METHODS = frozenset({"format", "formatted", "printf"})
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_CONVERSION = re.compile(r"%([-#+ 0,(]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])")
_INT_FORMAT = "std.convert.Int64.format"
_FLOAT_FORMAT = "std.convert.Float64.format"


def format_apis(method: str, text: str) -> list[tuple[str, str]]:
    """The Cangjie APIs a printf-style format string needs, in the order its conversions appear,
    each with the conversion that asks for it: ``%02x`` -> ``Int64.format``, ``%.2f`` ->
    ``Float64.format``, ``%8s`` / ``%-8s`` -> ``String.padStart`` / ``padEnd``. Plain ``%s``,
    ``%d`` and ``%n`` need none (interpolation)."""
    if method not in FORMAT_METHODS:
        return []
    m = _STRING.search(text)
    if m is None:
        return []
    out: dict[str, str] = {}
    for flags, width, precision, conv in _CONVERSION.findall(m.group(1)):
        spec = f"%{flags}{width}{'.' + precision if precision else ''}{conv}"
        lower = conv.lower()
        if lower in "xo" or (lower == "d" and (flags or width)):
            out.setdefault(_INT_FORMAT, spec)
        elif lower in "feg" and (precision or width or flags or lower != "f"):
            out.setdefault(_FLOAT_FORMAT, spec)
        elif lower == "s" and width:
            out.setdefault("std.core.String.padEnd" if "-" in flags else "std.core.String.padStart", spec)
    return list(out.items())


_CLEAR = re.compile(r"\.\s*delete\s*\(\s*0\s*,\s*([\w$.]+)\s*\.\s*length\s*\(\s*\)\s*\)$")
_BUILDERS = ("java.lang.StringBuilder", "java.lang.StringBuffer")
_RESET = "std.core.StringBuilder.reset"


def clears_builder(method: str, receiver: str | None, text: str, java_type: str | None) -> bool:
    """``sb.delete(0, sb.length())``: the whole content is deleted, which is ``reset()``."""
    m = _CLEAR.search(text.strip()) if method == "delete" and java_type in _BUILDERS else None
    return m is not None and m.group(1) == (receiver or "").strip()


_NULL_TARGET = re.compile(r"\.\s*(get|set|invoke)\s*\(\s*null\s*[,)]")
# field.get(null) / field.set(null, v) / method.invoke(null, args): no instance, a static member
_STATIC_VALUE = {
    ("java.lang.reflect.Field", "get"): ("std.reflect.StaticVariableInfo.getValue", "reads a static field"),
    ("java.lang.reflect.Field", "set"): ("std.reflect.StaticVariableInfo.setValue", "sets a static field"),
    ("java.lang.reflect.Method", "invoke"): ("std.reflect.StaticFunctionInfo.apply", "calls a static method"),
}
# new String(x) where x is bytes: a call that reads, decodes or collects bytes (a packet's getData()),
# or a byte[] argument of any of String's byte constructors (bytes, offset, length, charset)
_BYTES_ARG = re.compile(
    r"^new\s+(?:java\.lang\.)?String\s*\(.*(?:[Bb]ytes|read\w*|decode|digest|toByteArray|get\w*Data)\s*\("
)


# System.getProperty("user.home"): the properties std.env has a function for
_PROPERTY_FUNCTIONS = {
    "user.dir": "std.env.getWorkingDirectory",
    "user.home": "std.env.getHomeDirectory",
    "java.io.tmpdir": "std.env.getTempDirectory",
}


def property_function(java_type: str | None, call_method: str, text: str) -> str | None:
    """``System.getProperty("user.home")`` and the other keys std.env reads with its own function."""
    if java_type != SYSTEM or call_method != "getProperty":
        return None
    m = PROPERTY_KEY.match(text.strip())
    return _PROPERTY_FUNCTIONS.get(m.group(1)) if m else None


_UNITS = {
    "NANOSECONDS": "nanosecond", "MICROSECONDS": "microsecond", "MILLISECONDS": "millisecond",
    "SECONDS": "second", "MINUTES": "minute", "HOURS": "hour", "DAYS": "day",
}  # fmt: skip
_CHRONO_UNITS = {
    "NANOS": "nanosecond", "MICROS": "microsecond", "MILLIS": "millisecond", "SECONDS": "second",
    "MINUTES": "minute", "HOURS": "hour", "DAYS": "day",
}  # fmt: skip
_CHRONO_UNIT = re.compile(r"\bChronoUnit\s*\.\s*(" + "|".join(_CHRONO_UNITS) + r")\b")
_CLOCK_READING = re.compile(r"\b(?:nanoTime|currentTimeMillis)\s*\(")
_TIME_UNIT = re.compile(r"(?:(?:java\.util\.concurrent\.)?TimeUnit\s*\.\s*)?(" + "|".join(_UNITS) + ")")


# Integer.toHexString(c) of a char c: the code of a Rune is a UInt32 in Cangjie
_RADIX_WRITERS = frozenset(
    ("java.lang.Integer", m) for m in ("toHexString", "toOctalString", "toBinaryString", "toString")
)
_RUNE_CODE = "std.convert.UInt32.toString"


# e.printStackTrace(System.err): Cangjie's printStackTrace() prints to stderr itself
_CONSOLE_ARG = re.compile(r"\.\s*printStackTrace\s*\(\s*(?:java\.lang\.)?System\s*\.\s*(?:err|out)\s*\)$")
# new Scanner(file): not the console but a text source, read by a StringReader
_STRING_READER = "std.io.StringReader.init"
# Files.copy(in, path) / Files.copy(path, out): a stream's bytes, std.io.copy, not std.fs.copy
_FILES = "java.nio.file.Files"
_STREAM_ARG = re.compile(
    r"(?:\b(?:in|is|input|stream)|InputStream|[iI]nputStream\w*|openStream)\s*(?:\(\s*\))?$"
)


def streams_copied(text: str, arg_types: list[str | None]) -> bool:
    """``Files.copy(in, target)`` (an InputStream by its type or its written name: ``in``,
    ``inputStream``, ``file.getInputStream()``) or ``Files.copy(source, out)`` (an OutputStream)."""
    if any((t or "").endswith(("InputStream", "OutputStream")) for t in arg_types[:2]):
        return True
    m = re.match(r"^(?:java\.nio\.file\.)?Files\s*\.\s*copy\s*\(\s*([^,]+),", text.strip())
    return m is not None and _STREAM_ARG.search(m.group(1).strip()) is not None


_LINES_NOTE = "the pattern is any line break: s.lines() (an Iterator<String>), no Regex"
_EMPTY_SPLIT = re.compile(r'\.\s*split\s*\(\s*""\s*\)$')


def idiom_targets(
    call_method: str,
    receiver: str | None,
    text: str,
    java_type: str | None,
    by_qualname: dict[str, list[str]],
    arg_types: list[str | None] | None = None,
) -> list[tuple[str, str, bool]]:
    """Graph nodes (the first overload of each qualname) that the way a call is written asks for,
    each with its why and whether it comes before the curated mapping: a printf format's
    conversions (``format_apis``), a builder cleared by ``delete(0, length())``, a static field
    read by reflection (``field.get(null)``), a String made from bytes (``new String(readAll())``),
    a conversion by a TimeUnit constant (``TimeUnit.SECONDS.toMillis(n)``: ``Duration.second``), a
    char's code written in a radix (``Integer.toHexString(c)``: ``UInt32(c).toString(radix: 16)``)."""
    found = [
        (q, f"the format string's {spec} needs {q.rsplit('.', 2)[-2]}.{q.rsplit('.', 1)[-1]}", False)
        for q, spec in format_apis(call_method, text)
    ]
    if clears_builder(call_method, receiver, text, java_type):
        found.append((_RESET, "delete(0, length()) empties the builder: reset()", False))
    static = _STATIC_VALUE.get((java_type or "", call_method))
    if static and _NULL_TARGET.search(text):
        found.append((static[0], f"{call_method}(null, ..) {static[1]}", True))
    if (
        java_type == "java.lang.String"
        and call_method == "<init>"
        and (_BYTES_ARG.match(text.strip()) or (arg_types or [None])[0] == "byte[]")
    ):
        found.append(("std.core.String.fromUtf8", "the argument is bytes: String.fromUtf8(bytes)", True))
    unit = _TIME_UNIT.fullmatch((receiver or "").strip()) if java_type == TIME_UNIT_TYPE else None
    # ..toMillis(System.nanoTime() - start): the argument is a span already (a Duration in Cangjie)
    if unit and call_method.startswith("to") and not _CLOCK_READING.search(text):
        q = f"std.core.Duration.{_UNITS[unit.group(1)]}"
        found.append(
            (
                q,
                f"TimeUnit.{unit.group(1)}.{call_method}(n) is (Duration.{_UNITS[unit.group(1)]} * n), then its to..()",
                True,
            )
        )
    # TimeUnit.SECONDS.convert(n, TimeUnit.MILLISECONDS): n of the argument's unit read back in the
    # receiver's unit, (Duration.millisecond * n).toSeconds()
    if unit and call_method == "convert":
        name = _UNITS[unit.group(1)]
        q = f"std.core.Duration.to{name[0].upper()}{name[1:]}s"
        found.append(
            (
                q,
                f"TimeUnit.{unit.group(1)}.convert(..) reads the span in {name}s: {q.rsplit('.', 1)[-1]}()",
                True,
            )
        )
    if (java_type, call_method) in _RADIX_WRITERS and (arg_types or [None])[0] == "char":
        found.append(
            (
                _RUNE_CODE,
                "the argument is a char, a Rune: its code is UInt32(r), written with toString(radix:)",
                True,
            )
        )
    if call_method == "printStackTrace" and _CONSOLE_ARG.search(text):
        found.append(
            (
                # an Error (OutOfMemoryError) is Cangjie's Error, any other throwable an Exception
                f"std.core.{'Error' if (java_type or '').endswith('Error') else 'Exception'}.printStackTrace",
                "printStackTrace(System.err) prints to the console: printStackTrace()",
                True,
            )
        )
    if java_type == "java.io.InputStream" and call_method == "read" and _SYSTEM_IN.fullmatch(receiver or ""):
        found.append(
            (_CONSOLE_READS["read"], "System.in is the console: std.env.getStdIn(), a ConsoleReader", True)
        )
    if (java_type, call_method) == ("java.util.Scanner", "<init>") and not STDIN_WRAPPER.match(text.strip()):
        found.append(
            (_STRING_READER, "a Scanner over a file, stream or String (not System.in): a StringReader", True)
        )
    if java_type == "java.lang.String" and call_method == "split" and _EMPTY_SPLIT.search(text):
        found.append(
            ("std.core.String.runes", 'split("") splits into characters: s.runes() (or toRuneArray())', True)
        )
    if java_type == "java.lang.String" and call_method == "split" and LINE_SPLIT.search(text):
        found.append(("std.core.String.lines", _LINES_NOTE, True))
    for idiom in (
        calendar_field_target(call_method, text, java_type),
        request_method(call_method, text, java_type),
        driver_lookup(call_method, text, java_type),
        env_read(call_method, text, java_type),
    ):
        if idiom is not None:
            found.append((*idiom, True))
    if call_method == "remove" and java_type in LISTS and removes_value(arg_types or []):
        found.append(
            (
                "std.collection.ArrayList.removeIf",
                "remove(x) of a value, not an index: removeIf { e => e == x } (it removes every match, Java the first)",
                True,
            )
        )
    if (picked := by_argument(java_type, call_method, text, arg_types or [])) is not None:
        found.append((*picked, True))  # Arrays.copyOf to a new length, a LinkedList's remove(0) ..
    if (java_type, call_method) == (_FILES, "copy") and streams_copied(text, arg_types or []):
        found.append(
            ("std.io.copy", "a stream is copied (Files.copy(in, path)): copy(from, to:) of std.io", True)
        )
    chrono = _CHRONO_UNIT.search(text) if (java_type, call_method) == ("java.time.Duration", "of") else None
    if chrono:
        q = f"std.core.Duration.{_CHRONO_UNITS[chrono.group(1)]}"
        found.append(
            (
                q,
                f"ChronoUnit.{chrono.group(1)} says the unit: ({q.rsplit('.', 2)[-2]}.{q.rsplit('.', 1)[-1]} * n)",
                True,
            )
        )
    if (prop := property_function(java_type, call_method, text)) is not None:
        found.append(
            (prop, f"the property has its own function in std.env: {prop.rsplit('.', 1)[-1]}()", True)
        )
    if java_type == _LOCK and _RW_LOCK.search(receiver or "") and call_method in _LOCK_MEMBERS:
        q = f"std.sync.Lock.{_LOCK_MEMBERS[call_method]}"
        found.append((q, "a read or write lock of a ReadWriteLock is a std.sync.Lock, not a Mutex", True))
    if (change := view_change(call_method, receiver, java_type)) is not None:
        if call_method in VIEW_READS:
            found.append((change, "a question about the map's view is asked of the map", True))
        elif change.startswith("std.core."):
            found.append((change, "keys() and values() are collections of the map's keys or values", True))
        elif call_method in ENTRY_WALKS:
            found.append((change, "walking the entry set walks the map: (key, value) tuples", True))
        else:
            found.append((change, "a change through the map's view is made on the map", True))
    escaped = escaped_literal(call_method, text) if java_type == "java.lang.String" else None
    # the character as a Cangjie string literal: "." but "\\" for a backslash
    shown = '"' + escaped.replace("\\", "\\\\").replace('"', '\\"') + '"' if escaped else ""
    if java_type == "java.lang.String" and literal_pattern(call_method, java_type, text):
        plain = f": replace({shown}, ..) without the regex escape" if escaped else ""
        found.append(
            ("std.core.String.replace", f"the pattern is a plain string: String.replace{plain}", True)
        )
    if call_method == "split" and escaped:
        found.append(("std.core.String.split", f"the pattern is one escaped character: split({shown})", True))
    if call_method == "collect" and (collector := collect_target(text)) is not None:
        found.append(
            (
                collector[0],
                GROUPING_NOTE
                if collector[0] == MAP_ADD
                else f"the collector {collector[1]}(..) says which: {collector[0].rsplit('.', 1)[-1]}",
                True,
            )
        )
    if java_type == _MATCHER and call_method == "find" and one_shot_find(receiver, text):
        found.append(
            (_MATCHES, "find() on a matcher made for it is a one-shot test: regex.matches(input)", True)
        )
    # a qualname names its first overload; a node id (with its parameters) that overload
    return [
        (q if "(" in q else by_qualname[q][0], why, first)
        for q, why, first in found
        if (q in by_qualname.get(q.split("(", 1)[0], ()) if "(" in q else by_qualname.get(q))
    ]


_LOCK = "java.util.concurrent.locks.Lock"
_RW_LOCK = re.compile(
    r"(?:\b|_)(?:[Rr]ead|READ|[Ww]rite|WRITE)|[a-z0-9](?:Read|Write)"
)  # readLock, rw.writeLock(), not threadLock
_LOCK_MEMBERS = {"lock": "lock", "unlock": "unlock", "tryLock": "tryLock", "lockInterruptibly": "lock"}
_MATCHER = "java.util.regex.Matcher"
_MATCHES = "std.regex.Regex.matches"
_MATCHER_CALL = re.compile(r"\.\s*matcher\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)$")


def one_shot_find(receiver: str | None, text: str) -> bool:
    """``p.matcher(s).find()``: a matcher made for one ``find()`` (no loop can call it again)."""
    return bool(_MATCHER_CALL.search((receiver or "").strip())) and text.rstrip().endswith("find()")


def _reads_groups(code: str, receiver: str | None) -> bool:
    """Whether the snippet reads the match of the Matcher ``receiver`` (``m.group(1)``, ``m.start()``)."""
    name = re.escape((receiver or "").strip())
    return bool(name) and re.search(rf"\b{name}\s*\.\s*(?:group|start|end|groupCount)\s*\(", code) is not None


_MATCHES_THEN_GROUPS = (
    "m.matches() whose groups are read next: regex.find(input) gives the MatchData "
    "(anchor the pattern with ^...$ for matches()'s whole-input match)"
)


def order_find(cands: list[Candidate], code: str, receiver: str | None) -> None:
    """``m.find()`` on a Matcher kept in a variable: ``while (m.find())`` walks the matches one at
    a time, as do calls of ``m.find()`` one after the other (``lazyFindAll``'s iterator; the labels
    of six code bases, none of them ``findAll``); a single one outside a loop is one search,
    ``regex.find(input)`` when the match's groups or positions are read (``m.group(1)``), else a
    test, ``regex.matches(input)``."""
    name = re.escape((receiver or "").strip())
    if not name:
        return
    if re.search(rf"\bwhile\s*\(\s*{name}\s*\.\s*find\s*\(\s*\)", code):
        _first(
            cands, "std.regex.Regex.lazyFindAll", "while (m.find()): the next match each time, lazyFindAll"
        )
        return
    finds = len(re.findall(rf"\b{name}\s*\.\s*find\s*\(\s*\)", code))
    # a variable given a new matcher between its finds (matcher = p.matcher(other)) searches anew
    if finds > 1 and len(re.findall(rf"(?<![.\w]){name}\s*=(?!=)", code)) <= 1:
        _first(
            cands,
            "std.regex.Regex.lazyFindAll",
            "find() after find(): the next match each time, next() of lazyFindAll",
        )
        return
    want = "std.regex.Regex.find" if _reads_groups(code, receiver) else _MATCHES
    _first(cands, want, "m.find() outside a loop: one search, not every match")


def reorder_by_context(cands: list[Candidate], call: JavaCall, code: str) -> None:
    """Reorder a call's candidates by the rest of the snippet: a kept matcher's ``m.find()``
    (``order_find``) and an ``m.matches()`` whose groups are read (``Regex.find``), a ``System.currentTimeMillis()`` or a kept ``Instant.now()`` that measures a
    span (``MonoTime.now``, ``Duration.between`` as ``MonoTime.-``), a ByteBuffer's ``getInt()`` after
    ``order(ByteOrder.LITTLE_ENDIAN)`` (``Int32.readLittleEndian``), a stream's ``write(int)`` (one byte:
    ``writeByte``), ``MessageDigest.getInstance("MD5")`` (the algorithm's class, ``MD5()``), a
    class-path resource's or a file: URL's ``url.openStream()`` (a file: ``std.fs.File``)."""
    if call.method == "find" and call.java_type == _MATCHER and not call.arg_count:
        order_find(cands, code, call.receiver)
    elif call.method == "matches" and call.java_type == _MATCHER and not call.arg_count:
        if _reads_groups(code, call.receiver):
            _first(cands, "std.regex.Regex.find", _MATCHES_THEN_GROUPS)
    elif call.method == "currentTimeMillis" and call.java_type == SYSTEM and measures_time(code, call.line):
        _first(cands, MONO, "the snippet measures a span: MonoTime.now() (monotonic), subtract the readings")
    elif (span := INSTANT_SPAN.get((call.method, call.java_type or ""))) and measures_instant(
        code, call.line
    ):
        _first(cands, span, "the snippet measures a span from an Instant.now() reading: MonoTime (monotonic)")
    elif static_lookup(call.java_type, call.method, call.text, code):
        _first(
            cands,
            "std.reflect.TypeInfo.getStaticFunction",
            "the method is invoked with no instance (invoke(null, ..)): static",
        )
    elif named := digest_named(call):
        _first(cands, *named)
    elif (
        call.method == "openStream" and call.java_type == "java.net.URL" and resource_url(code, call.receiver)
    ):
        _first(cands, "std.fs.File", "the URL names a file (a class-path or file: URL): File(path, Read)")
    elif call.method == "write" and call.arg_types in (["int"], ["byte"], ["char"]):
        # ByteArrayOutputStream.write(int b) writes one byte: the same type's writeByte, not
        # write(Array<Byte>) (a plain OutputStream has no writeByte: its write stays first)
        owner = (cands[0].qualname or "").rpartition(".")[0] if cands else ""
        one = next((c.qualname for c in cands if c.qualname == f"{owner}.writeByte"), None)
        if one:
            _first(cands, one, "write(int) writes one byte: writeByte")
    elif (
        call.java_type == _BYTE_BUFFER
        and _TYPED_ACCESS.fullmatch(call.method)
        and _LITTLE_ENDIAN.search(code)
    ):
        little = next((c.qualname for c in cands if (c.qualname or "").endswith("LittleEndian")), None)
        if little:
            _first(
                cands, little, "the snippet sets order(ByteOrder.LITTLE_ENDIAN): the little-endian read/write"
            )
    elif call.method == "setLength" and call.java_type in _BUILDERS and not _ZERO_LENGTH.search(call.text):
        _first(cands, _SLICE, "setLength(n) keeps the first n characters: a slice of toString(), s[..n]")
    elif call.java_type == PRINT_WRITER and call.method in PRINTS and call.receiver in string_printers(code):
        _first(cands, _APPEND, "the PrintWriter writes into a StringWriter, a StringBuilder: append")
    elif (
        call.method in _FORMAT_PRINTS
        and call.java_type == PRINT_STREAM
        and (line := _LINE_PRINTS.get((cands[0].qualname or "") if cands else "")) is not None
        and ends_with_newline(call.text)
    ):
        _first(cands, line, "the format ends with a newline: println with the interpolated text, no \\n")
    elif (
        call.java_type in READERS and call.method in _CONSOLE_READS and call.receiver in console_readers(code)
    ):
        _first(
            cands,
            _CONSOLE_READS[call.method],
            "the reader reads System.in: std.env.getStdIn(), a ConsoleReader",
        )


# System.out.printf("%s\n", x): the line's print, println("${x}")
_FORMAT_PRINTS = frozenset({"printf", "format"})
_LINE_PRINTS = {"std.core.print": "std.core.println", "std.core.eprint": "std.core.eprintln"}


# a ByteBuffer's typed reads and writes follow the order the snippet set on it
_BYTE_BUFFER = "java.nio.ByteBuffer"
_SYSTEM_IN = re.compile(r"(?:java\s*\.\s*lang\s*\.\s*)?System\s*\.\s*in")
_CONSOLE_READS = {"readLine": "std.env.ConsoleReader.readln", "read": "std.env.ConsoleReader.read"}
_APPEND = "std.core.StringBuilder.append"
# sb.setLength(0) clears the builder (reset()); any other length truncates it: a slice
_ZERO_LENGTH = re.compile(r"\.\s*setLength\s*\(\s*0\s*\)$")
_SLICE = "std.core.String.[]"
_TYPED_ACCESS = re.compile(r"(?:get|put)(?:Short|Int|Long|Float|Double|Char)")
_LITTLE_ENDIAN = re.compile(r"\.\s*order\s*\(\s*(?:java\.nio\.)?(?:ByteOrder\s*\.\s*)?LITTLE_ENDIAN\s*\)")


_RESOURCE_LOOKUP = r"(?:\.\s*(?:getResource|getSystemResource|toURL)\s*\(|\bnew\s+URL\s*\(\s*\"file\b)"


def resource_url(code: str, receiver: str | None) -> bool:
    """Whether the URL ``receiver`` names a file: a class-path resource (``getClass().getResource(name)``,
    a ``resourceUrl``, ``u`` of ``u = X.class.getResource(name)``), a File's ``toURL()``, a ``file:`` URL."""
    if not receiver:
        return False
    if re.search(_RESOURCE_LOOKUP, receiver) or "resource" in receiver.lower():
        return True
    kept = re.escape(receiver.strip())
    return re.search(r"\b" + kept + r"\s*=\s*[^;]*?" + _RESOURCE_LOOKUP, code) is not None


def _first(cands: list[Candidate], qualname: str, why: str) -> None:
    first = next((c for c in cands if c.qualname == qualname), None)
    if first is not None:
        cands[:] = [first, *(c for c in cands if c is not first)]
        first.why = [*first.why, why]


# `x != null` guards an argument; `x == null` ("not set yet") is a real state check
_NULL_COMPARISON = re.compile(r"^[\w$.()\[\]]+\s*!=\s*null$|^null\s*!=\s*[\w$.()\[\]]+$")
NULL_CHECK_NOTE = (
    "a null check: Cangjie values are never null, so the check disappears (an Option-typed value is "
    "matched with `if (let Some(v) <- x)` instead)"
)


def null_check(method: str, receiver: str | None, text: str) -> bool:
    """``Preconditions.checkArgument(x != null)``: the condition is a bare non-null comparison, with
    or without a message (``checkState(null == current)`` asserts a state and stays)."""
    if method not in ("checkArgument", "checkState") or not (receiver or "").endswith("Preconditions"):
        return False
    start = text.find("(", text.find(method))
    if start < 0:
        return False
    depth, arg = 0, ""
    for ch in text[start + 1 :]:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            if depth == 0:
                break
            depth -= 1
        elif ch == "," and depth == 0:
            break
        arg += ch
    return bool(_NULL_COMPARISON.match(arg.strip()))


_OR_NULL = re.compile(r"\.\s*orElse\s*\(\s*null\s*\)$")
OR_NULL_NOTE = (
    "Optional-to-null has no counterpart: there is no null, so keep the Option (?T) and match it "
    "(`if (let Some(v) <- opt)`, `opt ?? default`) where the value is used"
)


def or_null(method: str, text: str) -> bool:
    """``opt.orElse(null)``: the Optional-to-null step, which disappears in Cangjie."""
    return method == "orElse" and bool(_OR_NULL.search(text.strip()))


def idiom_scores(first: list[bool], mapped: list[float], member_none: bool) -> list[float]:
    """Where ``idiom_targets`` rank: above the curated mapping when the idiom says which target it
    is (a static field), else just below it, or first when the member has no counterpart itself."""
    top, bottom = max(mapped, default=1.0), min(mapped, default=1.0)
    return [top + 0.05 if f else (1.0 if member_none or not mapped else bottom - 0.01) for f in first]


_STRING_ARG = re.compile(r"\.\s*(\w+)\s*\(\s*\"")
_STRING_COMPARISONS = frozenset(
    {"equals", "equalsIgnoreCase", "compareTo", "compareToIgnoreCase", "contentEquals"}
)
_STRING_ENDS = frozenset({"startsWith", "endsWith"})
_PATH_NAMED = re.compile(r"(?i)(?:path|dir|directory|file|folder|root)$")


def string_receiver(method: str, text: str) -> bool:
    """``name.equals("x")``: a receiver compared with a string literal is a String (equals on any
    other class would always be false), so its type may be guessed from that alone. So is one
    whose start or end is compared with a literal (``line.trimmed().startsWith("---")``), unless
    its name says it is a path (``Path.startsWith("/tmp")`` takes a String too)."""
    if method not in _STRING_COMPARISONS and method not in _STRING_ENDS:
        return False
    m = _STRING_ARG.search(text)
    if m is None or m.group(1) != method:
        return False
    return method not in _STRING_ENDS or not _PATH_NAMED.search(text[: m.start()])


def string_compared(method: str, text: str, arg_types: list[str | None]) -> bool:
    """``string_receiver``, or compared with a value the snippet declares a String
    (``WRITE_METHOD.equals(methodName)``, ``p.getName().equals(name)``): a String too."""
    return string_receiver(method, text) or (
        method in _STRING_COMPARISONS and arg_types == ["java.lang.String"]
    )


# a call whose result only serves calls of these names goes with them: (its methods, theirs, why)
_GOES_WITH = (
    (
        frozenset({"getClass", "currentThread"}),
        frozenset(
            {
                "getClassLoader", "getContextClassLoader", "getResource", "getResourceAsStream",
                "getResources", "getProtectionDomain",
            }
        ),
        "only used to reach a class loader or a classpath resource, which Cangjie has not: it goes "
        "with that lookup (read a file through std.fs instead)",
    ),
    (
        frozenset({"currentThread"}),
        frozenset({"interrupt"}),
        "only used to restore the current thread's interrupt flag, which has no Cangjie counterpart: "
        "it goes with that call",
    ),
    (
        frozenset({"currentThread"}),
        frozenset({"sleep", "setContextClassLoader", "setUncaughtExceptionHandler"}),
        "only the receiver of a call Cangjie makes without a thread object (sleep(d), the static "
        "Thread.handleUncaughtExceptionBy) or drops (no class loaders): it goes with that call",
    ),
    (
        frozenset({"keySet", "values", "entrySet"}),
        frozenset(VIEW_CHANGES),
        "a live view of the map in Java; Cangjie's keys() and values() are copies, so the change is "
        "made on the map itself (map.removeIf { k, v => ... }, map.remove(k), map.clear())",
    ),
    (frozenset({"keySet", "values", "entrySet"}), frozenset({"size", "isEmpty"}),
     "only asked how many entries the map has: map.size / map.isEmpty(), no view needed"),
    (frozenset({"keySet"}), frozenset({"contains"}),
     "only asked whether the map has a key: map.contains(k), no key set needed"),
    (
        frozenset({"matcher"}),
        frozenset({"find", "matches", "lookingAt"}),
        "no Matcher object (deprecated in v1.2.0): the test is made on the Regex with the input, "
        "regex.matches(input) or regex.find(input)",
    ),
    ENV_GOES_WITH,
)  # fmt: skip


def _passed_to(method: str, arg: str, outer_texts: list[str], whole: bool = False) -> bool:
    """Whether the call text ``arg`` opens the arguments of a ``.method(`` call among ``outer_texts``
    (with ``whole``, is its only argument)."""
    if not outer_texts:  # most snippets: no regex to build per call
        return False
    pat = re.compile(r"\.\s*" + method + r"\s*\(\s*" + re.escape(arg) + (r"\s*\)" if whole else ""))
    return any(pat.search(t) for t in outer_texts)


# Java members that return an object where the Cangjie member returns the String itself
_STRING_RESULTS = frozenset({("java.nio.file.Path", "getFileName")})
STRING_ALREADY_NOTE = (
    "the Cangjie member before it returns a String already (Path.fileName): no toString() to call"
)


def _string_already(calls: list[JavaCall], c: JavaCall) -> bool:
    """``p.getFileName().toString()``: Cangjie's ``p.fileName`` is the String itself."""
    if c.method != "toString" or c.arg_count or c.chain_parent is None:
        return False
    parent = calls[c.chain_parent]
    return (parent.java_type or "", parent.method) in _STRING_RESULTS


def goes_with_its_use(calls: list[JavaCall], code: str = "") -> dict[int, str]:
    """The calls (``this.getClass()``, ``p.matcher(s)``, ``Thread.currentThread()``) whose result is
    only the receiver of calls that make them unnecessary (a class-loader lookup, ``.find()``, restoring
    the interrupt flag), each with why: no candidate; a collector (``Collectors.toList()``) passed to a
    ``collect(..)``, which answers for it; the typed array of ``list.toArray(new T[0])``; a
    reader or Scanner wrapped around ``System.in`` or a writer around ``System.out`` (the console is
    ``getStdIn()``, ``getStdOut()``) and its ``close()``; and the prints to a web
    framework's response writer or request reader (``out = response.getWriter()``), given ``code``."""
    out: dict[int, str] = {}
    collects = [o.text for o in calls if o.method == "collect"]
    to_arrays = [o.text for o in calls if o.method == "toArray"]
    framework = framework_streams(code)
    consoles = console_readers(code) | console_writers(code)
    for i, c in enumerate(calls):
        if (note := framework_stream_note(c, framework)) is not None:
            out[i] = note
        elif c.method == "<init>" and (console := console_wrapper_note(c.text)) is not None:
            out[i] = console
        elif c.method == "close" and not c.arg_count and c.receiver in consoles:
            out[i] = CONSOLE_CLOSE_NOTE
        elif (wrapper := text_stream_wrapper(c)) is not None:
            out[i] = wrapper
        elif _string_already(calls, c):
            out[i] = STRING_ALREADY_NOTE
        elif trace_stream(calls, i):
            out[i] = TRACE_STREAM_NOTE
        elif why := collector_goes_with(c, collects, code) or as_list_goes_with(calls, i) or removes_null(c):
            out[i] = why
        elif field_goes_with(c):
            out[i] = FIELD_NOTE
        elif (why := zone_goes_with(c, calls)) is not None:
            out[i] = why
        elif set_at_once(calls, i, code):
            out[i] = SET_AT_ONCE_NOTE
        elif c.kind == "array_constructor" and _passed_to("toArray", c.text, to_arrays, whole=True):
            out[i] = (
                "the typed array handed to toArray(..) is not needed: Cangjie's toArray() makes the "
                "Array<T> itself"
            )
    used: dict[int, set[str]] = {}
    for c in calls:
        if c.chain_parent is not None:
            used.setdefault(c.chain_parent, set()).add(c.method)
    for i, methods in used.items():
        for parents, children, why in _GOES_WITH:
            if calls[i].method in parents and methods <= children:
                out[i] = why
    return out


def text_key(method: str, receiver: str | None, text: str) -> tuple[object, ...]:
    """Everything of a call's text that the rules above read (for the per-snippet memo: two calls
    with the same types but other text may get other answers). A new text rule adds its test here."""
    stripped = text.strip()
    return (
        tuple(format_apis(method, text)),
        method == "delete" and bool(_CLEAR.search(stripped)),
        bool(_NULL_TARGET.search(text)),
        bool(_BYTES_ARG.match(stripped)),
        null_check(method, receiver, text),
        or_null(method, text),
        string_receiver(method, text),
        one_shot_find(receiver, text),
        method == "replaceAll" and literal_pattern(method, "java.lang.String", text),
        regex_literal(method, text),
        method in ("split", "replaceAll") and escaped_literal(method, text),
        bool(_TIME_UNIT.fullmatch((receiver or "").strip())) and not _CLOCK_READING.search(text),
        bool(_RW_LOCK.search(receiver or "")),
        method == "collect" and collect_target(text),
        calendar_field_target(method, text, "java.util.Calendar"),
        request_method(method, text, "java.net.HttpURLConnection"),
        driver_lookup(method, text, "java.lang.Class"),
        env_read(method, text, "java.util.Map"),
        method == "split" and (bool(_EMPTY_SPLIT.search(text)), bool(LINE_SPLIT.search(text))),
        method == "of" and tuple(_CHRONO_UNIT.findall(text)),
        method in ("valueOf", "toString") and argument_kind(text),
        method == "getProperty" and property_function(SYSTEM, method, text),
        method == "getProperty" and constant_property(SYSTEM, method, text),
        method == "printStackTrace" and bool(_CONSOLE_ARG.search(text)),
        bool(_SYSTEM_IN.fullmatch(receiver or "")),
        method == "copy" and streams_copied(text, []),
        method == "<init>" and bool(STDIN_WRAPPER.match(stripped)),
        argument_text_key(method, text),
        method == "getInstance" and digest_name(text),
    )


_BLOCK_WORDS = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]{2,})\s*\(|\b([A-Z][A-Za-z0-9_]{2,})")


def block_query(code: str, keywords: frozenset[str]) -> str:
    """The block-level search query: the names a block calls and the types it names say what it
    does; variable names do not (they are the fallback when there are none)."""
    words = [w for pair in _BLOCK_WORDS.findall(code) for w in pair if w and w not in keywords] or [
        w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]{2,}", code) if w not in keywords
    ]
    return " ".join(dict.fromkeys(words))[:900]
