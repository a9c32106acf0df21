"""Calls on Java collections whose answer depends on how they are written.

* ``list.remove(x)`` of a value (a String, an object, a boxed or long number), not an int index,
  is ``removeIf { e => e == x }``; a bare variable argument is typed from its declaration.
* ``s.collect(Collectors.toSet())`` is ``collectHashSet`` (``toList``: ``collectArrayList``,
  ``joining``: ``collectString``, ``toMap``: ``collectHashMap``, ``counting``: ``count``).
* ``groupingBy``/``partitioningBy`` have no collector function: the map is filled in a ``for``-``in``
  loop, ``HashMap.add``.
* ``m.keySet().retainAll(keep)``: Cangjie's ``keys()`` is a copy; the change is made on the map
  (``m.removeIf``), and so is a question about the view (``m.keySet().size()``); walking the entry set
  walks the map, and the iterator of ``keys()``/``values()`` is ``Iterable``'s.
* A ``collect(..)`` call whose text the extractor cut (a long chain) is read back from the code at
  its line, so that its collector still says which function (``uncut_collect``).
* The collector passed to ``collect(..)`` goes with it (the collect call answers for both), and so
  does a collector inside it (``groupingBy(f, counting())``: the loop does the counting).
* ``set.remove(null)`` has no API: a Cangjie collection holds no null (``removes_null``).
* ``Arrays.asList(arr)`` of an existing array handed to ``addAll``, to a collection's constructor or
  to ``.stream()`` has no API: ``Array<T>`` is a ``Collection<T>`` and is passed or piped as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..java import JavaCall

__all__ = [
    "ENTRY_WALKS",
    "GROUPING_NOTE",
    "INDEXES",
    "LISTS",
    "MAP_ADD",
    "VIEW_CHANGES",
    "VIEW_READS",
    "as_list_goes_with",
    "closing_paren",
    "collect_target",
    "collector_goes_with",
    "declared_arg_types",
    "removes_null",
    "removes_value",
    "typed_remove",
    "uncut_collect",
    "view_change",
]

MAP_ADD = "std.collection.HashMap.add(K,V)"  # the overload that adds one key
_COLLECT_ARG = re.compile(r"\.\s*collect\s*\(\s*(?:[\w.]+\.)?(\w+)\s*\(")
_AND_THEN = re.compile(r"\bcollectingAndThen\s*\(\s*(?:[\w.]+\.)?(\w+)\s*\(")
_COLLECTORS = {"List": "std.collection.collectArrayList", "Set": "std.collection.collectHashSet",
               "Map": "std.collection.collectHashMap", "joining": "std.collection.collectString",
               "counting": "std.collection.count", "groupingBy": MAP_ADD, "partitioningBy": MAP_ADD}  # fmt: skip
_COLLECTOR_NAME = re.compile(
    r"to(?:Unmodifiable|Immutable|Concurrent|Sorted)*(List|Set|Map)|joining|counting|(groupingBy|partitioningBy)(?:Concurrent)?"
)
# Collectors members that appear inside another collector (groupingBy(f, counting()))
_NESTED = frozenset(
    {
        "counting", "mapping", "filtering", "flatMapping", "reducing", "summingInt", "summingLong",
        "summingDouble", "averagingInt", "averagingLong", "averagingDouble", "minBy", "maxBy", "toList",
        "toSet", "joining", "collectingAndThen", "groupingBy", "groupingByConcurrent", "partitioningBy",
        "toMap", "toUnmodifiableList", "toUnmodifiableSet",
    }
)  # fmt: skip
GROUPING_NOTE = "no grouping collector in std.collection: fill a HashMap in a for-in loop (add the key's group, then add to it)"


def collect_target(text: str) -> tuple[str, str] | None:
    """``s.collect(Collectors.toSet())``: the collector function its collector names
    (``collectHashSet``; ``HashMap.add`` for a grouping; the first collector of a
    ``collectingAndThen``) and the collector's name; None for another collector (``toCollection``,
    a project's own)."""
    found = _COLLECT_ARG.findall(text)
    name = found[-1] if found else None
    if name == "collectingAndThen":  # collectingAndThen(toSet(), f): the set is collected first
        inner = _AND_THEN.findall(text)
        name = inner[-1] if inner else None
    m = _COLLECTOR_NAME.fullmatch(name) if name else None
    return (_COLLECTORS[m.group(1) or m.group(2) or m.group(0)], name) if m and name else None


_PASSED = (
    "a collector passed to collect(..): that call's answer (its collector function: collectArrayList, "
    "collectHashSet, ...; for a grouping the loop that fills a HashMap) covers both"
)
_INSIDE = "a collector inside the one passed to collect(..): the loop that fills the map does its work"


def collector_goes_with(c: JavaCall, collects: list[str], code: str = "") -> str | None:
    """Why the ``Collectors`` call ``c`` has no API of its own: it is the argument of one of the
    snippet's ``collect(..)`` calls (``collects``, their texts; the snippet's ``code`` when a long
    chain's text was cut before it), or a collector inside that argument."""
    if not collects or c.receiver not in (None, "Collectors", "java.util.stream.Collectors"):
        return None
    passed = re.compile(r"\.\s*collect\s*\(\s*" + re.escape(c.text))
    if any(passed.search(t) for t in (*collects, code)):
        return _PASSED
    if c.method in _NESTED and (any(c.text in t for t in collects) or _in_collect_argument(c.text, code)):
        return _INSIDE
    return None


def _in_collect_argument(text: str, code: str) -> bool:
    """Whether ``text`` is inside the argument of one of the ``code``'s ``.collect(..)`` calls, read
    from the code itself (a long chain's ``collect`` text is cut before its argument ends)."""
    flat = re.sub(r"\s+", "", text)
    for m in re.finditer(r"\.\s*collect\s*\(", code):
        end = closing_paren(code, m.end())
        if end is not None and flat in re.sub(r"\s+", "", code[m.end() : end]):
            return True
    return False


def closing_paren(text: str, start: int) -> int | None:
    """The index of the ``)`` that closes the ``(`` just before ``start``; None when it is not closed."""
    depth = 1
    for j in range(start, len(text)):
        depth += (text[j] == "(") - (text[j] == ")")
        if depth == 0:
            return j
    return None


LISTS = frozenset(
    {"java.util.List", "java.util.ArrayList", "java.util.Vector", "java.util.concurrent.CopyOnWriteArrayList"}
)
INDEXES = frozenset({"int", "short", "char", "byte"})
_PRIMITIVES = INDEXES | {"long", "float", "double", "boolean"}


def removes_value(arg_types: list[str | None]) -> bool:
    """``list.remove(x)`` with one argument whose type is known and is no int: ``remove(Object)``."""
    return len(arg_types) == 1 and arg_types[0] is not None and arg_types[0] not in INDEXES


def declared_arg_types(call: JavaCall, variables: dict[str, str]) -> list[str | None]:
    """The call's argument types, with a bare variable argument the extractor could not type (a
    project class) typed from its declaration: a primitive keeps its name, anything else is a
    reference (``java.lang.Object``); an element read from the same receiver
    (``points.remove(points.get(i))``) is a reference too (a boxed Integer of a List<Integer>)."""
    recv = re.escape(call.receiver) if call.receiver else None
    if recv and call.arg_count == 1 and re.search(rf"\(\s*{recv}\s*\.\s*get\s*\(.*\)\s*\)\s*$", call.text):
        return ["java.lang.Object"]
    m = re.search(rf"\.\s*{re.escape(call.method)}\s*\(\s*([A-Za-z_$][\w$]*)\s*\)\s*$", call.text)
    written = variables.get(m.group(1)) if m and call.arg_count == 1 else None
    if not written or written in ("?", "var"):  # `var x = o.f()`: the declaration does not say
        return list(call.arg_types)
    return [written if written in _PRIMITIVES else "java.lang.Object"]


def typed_remove(call: JavaCall, variables: dict[str, str]) -> JavaCall:
    """``list.remove(conn)`` of an argument the extractor could not type: typed from its declaration,
    so that a value (not an index) is removed by value."""
    if call.method == "remove" and call.arg_types == [None]:
        return replace(call, arg_types=declared_arg_types(call, variables))
    return call


_CUT = "..."  # how the extractor ends a text it cut (java.engine's slice)


def uncut_collect(call: JavaCall, code: str) -> JavaCall:
    """A ``collect(..)`` call whose text was cut (a long stream chain) with its own
    ``.collect(..)`` read back from the code at the call's line and column, so that the collector
    (``toSet()``) still picks the function; any other call as it is."""
    if call.method != "collect" or not call.text.endswith(_CUT) or call.line < 1 or call.column < 1:
        return call
    rest = "\n".join(code.splitlines()[call.line - 1 : call.line + 5])[call.column - 1 :]
    opened = rest.find("(")
    end = closing_paren(rest, opened + 1) if rest.startswith("collect") and opened > 0 else None
    if end is None:
        return call
    return replace(call, text=call.text[: -len(_CUT)] + " ." + " ".join(rest[: end + 1].split()))


# a change made through a map's view (m.keySet().retainAll(keep)) is made on the map
VIEW_CHANGES = {
    "removeIf": "std.collection.HashMap.removeIf",
    "retainAll": "std.collection.HashMap.removeIf",
    "removeAll": "std.collection.HashMap.removeIf",
    "remove": "std.collection.HashMap.remove",
    "clear": "std.collection.HashMap.clear",
}
# a question about a view (m.keySet().size(), m.keySet().contains(k)) is asked of the map
VIEW_READS = {
    "size": "std.collection.HashMap.size",
    "isEmpty": "std.collection.HashMap.isEmpty",
    "contains": "std.collection.HashMap.contains",
}
# walking the entry set is walking the map: a HashMap iterates (key, value) tuples, and its
# toArray() is the array of those tuples that entrySet().toArray(..) makes
ENTRY_WALKS = {
    "iterator": "std.collection.HashMap.iterator",
    "forEach": "std.collection.HashMap.forEach",
    "toArray": "std.collection.HashMap.toArray",
}
_MAP_VIEW = re.compile(r"\.\s*(keySet|values|entrySet)\s*\(\s*\)$")
_VIEW_TYPES = frozenset({"java.util.Set", "java.util.Collection"})


def view_change(method: str, receiver: str | None, java_type: str | None) -> str | None:
    """The HashMap member that makes the change ``m.keySet().retainAll(keep)`` makes through a view,
    or answers the question ``m.keySet().size()`` / ``m.keySet().contains(k)`` asks of it, or walks
    the map as ``m.entrySet().iterator()`` / ``forEach`` / ``toArray(..)`` do."""
    if (
        java_type not in _VIEW_TYPES
        or method not in VIEW_CHANGES.keys() | VIEW_READS.keys() | ENTRY_WALKS.keys()
    ):
        return None
    m = _MAP_VIEW.search((receiver or "").strip())
    if m is None:
        return None
    if method in ENTRY_WALKS:  # keys() and values() are collections: their iterator() is Iterable's
        walk = ENTRY_WALKS[method] if m.group(1) == "entrySet" else None
        return "std.core.Iterable.iterator" if method == "iterator" and walk is None else walk
    if method in VIEW_READS:  # values().contains(v) has no map counterpart: the copy answers it
        return VIEW_READS[method] if method != "contains" or m.group(1) == "keySet" else None
    # values().remove(v) / entrySet().remove(e) drop an entry by its value: a removeIf
    return VIEW_CHANGES[method] if method != "remove" or m.group(1) == "keySet" else VIEW_CHANGES["removeIf"]


AS_LIST_NOTE = (
    "an existing array needs no list around it: Array<T> is a Collection<T>, passed as it is "
    "(list.add(all: arr), ArrayList<T>(arr)) or piped (arr |> map { .. })"
)
# a collection made from another one: java.util's lists, sets, queues, deques (new Vector<>(c))
_COLLECTION_MADE = re.compile(r"^java\.util\.(?:concurrent\.)?\w*(?:List|Set|Vector|Queue|Deque|Stack)$")


def as_list_goes_with(calls: list[JavaCall], i: int) -> str | None:
    """Why ``Arrays.asList(arr)`` (``calls[i]``, of one argument typed as an array, or of unknown
    type: a field) has no API: the list is only handed to ``addAll(..)`` or a collection's
    constructor, or streamed (see the module)."""
    c = calls[i]
    if (c.java_type, c.method) != ("java.util.Arrays", "asList") or c.arg_count != 1 or len(c.arg_types) != 1:
        return None
    arg = c.arg_types[0]
    if arg is not None and not arg.endswith("[]"):  # a field's type is unknown: an array, handed on so
        return None
    whole = re.escape(c.text.strip()) + r"\s*\)$"
    for o in calls:
        if o.chain_parent == i and o.method == "stream":
            return AS_LIST_NOTE
        if not 0 <= c.line - o.line <= 2:  # the same text elsewhere (keep = Arrays.asList(args))
            continue
        text = o.text.strip()
        if o.method == "addAll" and re.search(r"\.\s*addAll\s*\(\s*" + whole, text):
            return AS_LIST_NOTE
        made = o.method == "<init>" and _COLLECTION_MADE.match(o.java_type or "")
        if made and re.match(r"new\s+[\w.]+\s*(?:<[^()]*>)?\s*\(\s*" + whole, text):
            return AS_LIST_NOTE
    return None


_NULL_ONLY = re.compile(r"\.\s*remove\s*\(\s*null\s*\)$")
NULL_REMOVE_NOTE = (
    "a Cangjie collection holds no null (its element or key type is not an Option): nothing to remove"
)


def removes_null(c: JavaCall) -> str | None:
    """Why ``list.remove(null)`` or ``map.remove(null)`` on a JDK collection has no API (see the module)."""
    if (
        c.method != "remove"
        or not (c.java_type or "").startswith("java.util.")
        or not _NULL_ONLY.search(c.text)
    ):
        return None
    return NULL_REMOVE_NOTE
