"""When weak evidence may answer (issue 12, round 6).

* A JDK type the tables map whose *member* is not curated (a "type-only" call): the Cangjie type's
  members are ranked by name and search, and only a member with the same name, or a name the Java
  member is curated to elsewhere (``size`` for ``length``), may answer. A member that merely shares
  a word or a search term (``isAccessible`` -> ``isMutable``) is not offered: the note says which
  Cangjie type to read instead.
* Statement-level search answers only calls whose receiver has no type: a call on a named type the
  tables do not know (``new SecurityConfig(..)`` of Spring Security, a third-party class) is no
  search query for the whole library.
* ``new T(..)`` of a JDK class whose Cangjie counterpart derives from ``std.core.Error``: Cangjie code
  cannot create an ``Error`` (the docs: "cannot be inherited or instantiated"), so the translation
  throws ``std.core.Exception``.
* A curated target whose parameters contradict the call's known argument types yields to a target
  the table lists after it that fits them: ``new BigDecimal(0)`` is ``Decimal(Int64)``, not
  ``Decimal.parse(String)`` (the String constructor's translation, listed first).
* A receiver guessed to be a ``java.util.Queue`` (a field the snippet does not declare) is answered
  with a note, not a member: the queue a class keeps in a field is as often a concurrent one
  (``ConcurrentLinkedQueue``, ``LinkedBlockingQueue``) or the project's own as an ``ArrayQueue``.
* ``Thread.currentThread().interrupt()`` (the catch-block idiom that restores the interrupt flag) has
  no counterpart: Cangjie cancellation is a request on a Future, not a flag to restore, so the call
  has no candidate (``Thread.interrupt`` of another thread stays ``Future.cancel``).
* The result of a project call may be guessed from the calls on it (``order.getPrice().subtract(x)``),
  except along a builder chain (``SwaggerProperties.builder().title("x").version("1")``): its steps
  return the project's own builder, whatever their names (``version`` is no ``HttpResponse.version``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import networkx as nx

from ..java import JavaCall
from . import digest_calls, special
from .argument_calls import constant_property
from .collection_calls import closing_paren
from .notes import NOTE_MENTION

__all__ = [
    "ERROR_TYPE",
    "ERROR_WHY",
    "bare_equality",
    "exception_inits",
    "fitting_target_first",
    "is_error_type",
    "name_matched",
    "no_counterpart",
    "reads_a_value",
    "type_only_note",
]

ERROR_TYPE = "std.core.Error"
EXCEPTION = "std.core.Exception"
ERROR_WHY = "std.core.Error cannot be created by user code: throw Exception"


class _WhyLike(Protocol):
    why: list[str]


class _Scored(Protocol):
    node: str
    score: float


_C = TypeVar("_C", bound=_WhyLike)


def name_matched(cands: Sequence[_C]) -> list[_C]:
    """The ranked members whose name is the Java member's or one it is curated to elsewhere."""
    return [c for c in cands if any(w == "same name" or w.startswith("Java '") for w in c.why)]


def type_only_note(java_type: str, method: str, cangjie_type: str) -> str:
    return f"no curated mapping for {java_type}.{method}; see type {cangjie_type}"


def is_error_type(G: nx.MultiDiGraph, supertypes: list[str], target: str) -> bool:
    """Whether a Cangjie type is ``std.core.Error`` or one of its subtypes (no user-made instances)."""
    return target == ERROR_TYPE or (ERROR_TYPE in supertypes and target in G)


def exception_inits(G: nx.MultiDiGraph, members_of: dict[str, list[str]]) -> list[str]:
    """The constructors of ``std.core.Exception`` (the overload that fits the call is shown)."""
    return [m for m in members_of.get(EXCEPTION, []) if G.nodes[m].get("member_kind") == "init"]


# a builder's steps return the builder: Lombok's @Builder and hand-written ones are the project's
_BUILDER_STEP = re.compile(r"\b(?:builder|newBuilder|toBuilder)\s*\(")


# a project call that makes or starts something returns the project's own object (a Task, a Builder)
_MAKES = re.compile(
    r"(?:(?:create|new|make|build|with|submit|schedule|register)(?:[A-Z_]\w*)?|getInstance|instance)$"
)
# `new TextStringBuilder(n)`: the receiver is an object of the project's class that was just made
_NEW = re.compile(r"new\s+[\w$.]+\s*(?:<[^<>]*>)?\s*\(")
_ARITHMETIC = re.compile(
    r"plus|minus|add|subtract|multiply|multipliedBy|times|divide|dividedBy|div|negate|abs|pow|mod|remainder"
)
_ARITHMETIC_ON_NAME = re.compile(r"[A-Za-z_$][\w$]*\s*\.\s*")
# CollectionOptional.ofNullable(x), ByteIterator.ofBytes(b): a class's static factory makes one of its own
_OF_FACTORY = re.compile(r"of(?:[A-Z]\w*)?")
_CLASS_NAME = re.compile(r"(?:[a-z_$][\w$]*\s*\.\s*)*[A-Z][\w$]*\s*\.\s*")
_LAST_CALL = re.compile(r"(\w+)\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*$")


def reads_a_value(receiver: str, text: str = "", method: str = "") -> bool:
    """Whether a receiver that is the result of a project call may be a library value.

    ``order.getPrice()`` or ``a.getTotal().add(b)`` may be a BigDecimal; a chain through a builder
    (``SwaggerProperties.builder().title("t")``) is the project's own builder until ``build()``,
    a call that makes something (``provider.createUpdateTask(..)``) or hands out a singleton
    (``Registry.getInstance()``) returns the project's own object (its ``thenComposeAsync`` is no
    CompletableFuture's), and so do a project constructor (``new TextStringBuilder(n).append(..)``
    is no StringBuilder's) and a project class's static ``of`` factory (``CollectionOptional.ofNullable(x)
    .ifPresent(..)`` is no Optional's: the class makes one of its own). A receiver the extractor cut
    (``...``) is read from the call's whole ``text`` when that is not cut."""
    if (
        receiver.endswith("...")
        and method
        and not text.endswith("...")
        and (i := text.rfind("." + method)) > 0
    ):
        receiver = text[:i]
    last = _LAST_CALL.search(receiver.strip())
    if (last is not None and _MAKES.match(last.group(1))) or _constructed(receiver.strip()):
        return False
    if (
        last is not None
        and _OF_FACTORY.fullmatch(last.group(1))
        and _CLASS_NAME.fullmatch(receiver.strip()[: last.start()])
    ):
        return False
    if (
        last is not None
        and _ARITHMETIC.fullmatch(last.group(1))
        and _ARITHMETIC_ON_NAME.fullmatch(receiver.strip()[: last.start()])
    ):
        # price.minus(cost).dividedBy(price): arithmetic on a project value (a Num, a Money) gives
        # a value of the same project type, no BigDecimal
        return False
    return _BUILDER_STEP.search(receiver) is None


EQUALITY = "std.core.Equatable"
EQUALITY_NOTE = (
    "equals on a type without an == of its own (an Object, a type parameter): write x == y, the operator "
    "of Equatable<T> (a type parameter needs the constraint T <: Equatable<T>); refEq(x, y) is identity"
)


def bare_equality(G: nx.MultiDiGraph, cands: Sequence[_Scored], call: JavaCall) -> tuple[str, str] | None:
    """``x.equals(y)`` whose best answer, after ``retarget``, is still the interface type ``Equatable``
    that ``Object.equals`` maps to: the receiver's type has no ``==`` of its own (a declared ``Object``,
    a type parameter ``K``), so the answer is the language operator, no API to call. The node to name
    instead and the note, or None."""
    if call.method != "equals" or call.kind != "method" or not cands:
        return None
    best = max(cands, key=lambda c: c.score).node
    return (best, EQUALITY_NOTE) if G.nodes.get(best, {}).get("qualname") == EQUALITY else None


def _constructed(receiver: str) -> bool:
    """Whether the receiver is one ``new T(..)`` whose parenthesis closes at its end, however deep its
    arguments nest (``new Tlv(0x30, encode(asList(new Tlv(..))))``)."""
    m = _NEW.match(receiver)
    return m is not None and closing_paren(receiver, m.end()) == len(receiver) - 1


# new ParseException("type '%s' is not supported", type): a printf message, one argument per conversion
_NEW_THROWABLE = r"new\s+[\w$.]*(?:Exception|Error)\s*(?:<[^()]*>)?\s*\(\s*"
_MESSAGE_FIRST = re.compile(_NEW_THROWABLE + r'"((?:[^"\\]|\\.)*)"\s*,')
_CONVERSION = re.compile(r"%[-#+ 0,(]*\d*(?:\.\d+)?[a-zA-Z]")
_CAUSE = re.compile(r"(?:e|ex|exc|t|th|cause|err|error|throwable|\w*(?:Exception|Error|Throwable))")
# new Error(500, "Invalid JSON"): a code before the message (an index alone is IndexOutOfBounds')
_NUMBER_FIRST = re.compile(_NEW_THROWABLE + r"-?\d+\s*,")


def own_exception_arguments(call: JavaCall) -> bool:
    """Whether a JDK-named exception is made with arguments no JDK exception takes, so the class is the
    project's: a message with printf conversions and one argument for each (``new ParseException("type
    '%s' is not supported", type)``; theirs take a message, a cause, an offset; a last argument that
    looks like a cause keeps the JDK's (message, cause)), or a number before the message (``new
    Error(500, "Invalid JSON")``)."""
    if call.kind != "constructor":
        return False
    if _NUMBER_FIRST.match(call.text):
        return True
    m = _MESSAGE_FIRST.match(call.text)
    if m is None:
        return False
    conversions = len(_CONVERSION.findall(m.group(1).replace("%%", "")))
    last = call.arg_types[-1] if call.arg_types else None
    cause = _CAUSE.fullmatch(call.text.rstrip(") ").rsplit(",", 1)[-1].strip()) or (
        last is not None and _CAUSE.fullmatch(last.rsplit(".", 1)[-1])
    )
    return conversions >= 1 and call.arg_count == conversions + 1 and not cause


class _FitLike(_WhyLike, Protocol):
    node: str
    score: float
    fit: float


_F = TypeVar("_F", bound=_FitLike)


def fitting_target_first(
    cands: list[_F], arg_types: list[str | None], qualname: Callable[[str], str]
) -> None:
    """Move a curated target that fits the known argument types above one that contradicts them.

    ``OverloadFit.fit`` gives 0.01 * (1 + matches - mismatches): 0.0 or less is a contradiction,
    more than 0.01 at least one match and no worse. When every argument's type is known, the target
    moved up must match one; when only some are (``new BigInteger(1, bytes)`` with ``bytes`` of
    unknown type: an int is no String to parse), it need only not contradict them, and the first
    target is moved down only for its types, not for its arity (a table's idiom: ``computeIfAbsent``
    is ``entryView``)."""
    if not cands or not arg_types or not any(arg_types):
        return
    least = 0.01 if all(arg_types) else 0.0
    best: dict[str, float] = {}
    for c in cands:
        q = qualname(c.node)
        best[q] = max(best.get(q, -1.0), c.fit)
    top = max(cands, key=lambda c: c.score)
    if best[qualname(top.node)] > 0.0 or (least == 0.0 and best[qualname(top.node)] == -1.0):
        return
    # a helper a mapping note names (resolveURL(URL.parse(ref))'s parse) is no target to put first
    fitting = [
        c
        for c in sorted(cands, key=lambda c: -c.score)
        if best[qualname(c.node)] > least and not c.why[0].startswith(NOTE_MENTION)
    ]
    if not fitting:
        return
    q = qualname(fitting[0].node)
    for c in cands:
        if qualname(c.node) == q:
            c.score = top.score + 0.01
            c.why.append("its parameters fit the argument types")


_CURRENT_THREAD = re.compile(r"^(?:java\.lang\.)?Thread\s*\.\s*currentThread\s*\(\s*\)$")
SELF_INTERRUPT_NOTE = (
    "restoring the current thread's interrupt flag has no Cangjie counterpart: drop the call "
    "(cancellation is cooperative: Thread.currentThread.hasPendingCancellation)"
)


# Foo.class.isInstance(x): the class is written in the code, so the test is the `is` operator
_CLASS_LITERAL = re.compile(r"^(?:[\w$]+\s*\.\s*)*([\w$]+)\s*\.\s*class$")
TYPE_TEST_NOTE = (
    "the class is written in the code: the test is the `is` operator, `x is {name}` with {name}'s "
    "Cangjie type (no reflection; TypeInfo.isSubtypeOf is for a class known only at run time)"
)


# a wrapper's valueOf of a value that is already of its primitive type is boxing (a narrower number
# is a conversion, Float64(i), not the value itself)
_BOXED_FROM = {
    "java.lang.Integer": {"int", "java.lang.Integer"},
    "java.lang.Long": {"long", "java.lang.Long"},
    "java.lang.Short": {"short", "java.lang.Short"},
    "java.lang.Byte": {"byte", "java.lang.Byte"},
    "java.lang.Double": {"double", "java.lang.Double"},
    "java.lang.Float": {"float", "java.lang.Float"},
    "java.lang.Boolean": {"boolean", "java.lang.Boolean"},
    "java.lang.Character": {"char", "java.lang.Character"},
}
BOXING_NOTE = (
    "boxing: Cangjie has no wrapper objects, so valueOf (or the deprecated new Integer(i)) of a value "
    "of that type is the value itself "
    "(a nullable one is ?T: Some(v))"
)
# new String(s) of a String: Java's copy of an immutable string; Cangjie's String is a value type
_STRING = "java.lang.String"
STRING_COPY_NOTE = (
    "a copy of a String: a Cangjie String is an immutable value, so the string itself is the answer"
)
# a narrower number handed to a wider wrapper's valueOf (Long.valueOf(12), Double.valueOf(count)) is
# Java's widening, then boxing: a conversion by the target type (Int64(i), Float64(n)), never a parse
_WIDENED_FROM = {
    "java.lang.Long": {"int", "short", "byte", "char"},
    "java.lang.Integer": {"short", "byte", "char"},
    "java.lang.Double": {"float", "long", "int", "short", "byte", "char"},
    "java.lang.Float": {"long", "int", "short", "byte", "char"},
}
WIDENING_NOTE = (
    "a narrower number widened and boxed: Cangjie has no wrapper objects; the value converts with "
    "the target type, Int64(i) or Float64(n) (no parse: that is valueOf of a String)"
)


# interfaces whose implementations become different Cangjie types: when the snippet does not declare
# the receiver (a field, a parameter of the class), the guess cannot tell which one to answer with
AMBIGUOUS_GUESS = {
    "java.util.Queue": (
        "a guess: the receiver looks like a java.util.Queue declared outside the snippet; its Cangjie "
        "type depends on the implementation: std.collection.ArrayQueue (one thread), "
        "std.collection.concurrent.ConcurrentLinkedQueue or LinkedBlockingQueue (shared): look the "
        "member up on the one the field is declared with"
    ),
}


def no_counterpart(call: JavaCall, java_type: str | None = None) -> str | None:
    """A note when a mapped member has no counterpart on this receiver or with these arguments
    (``Thread.currentThread().interrupt()``, ``Preconditions.checkArgument(x != null)``,
    ``opt.orElse(null)``, ``Double.valueOf(d)`` or ``new Double(d)`` of a double: boxing,
    ``Long.valueOf(12)`` or ``new Double(i)`` of an int: widening, ``new String("C" + id)`` of a
    String: a copy, ``Foo.class.isInstance(x)``: ``x is Foo``,
    ``System.getProperty("line.separator")``: a constant,
    ``MessageDigest.getInstance(algorithm)`` of a variable), headed by the Java member
    when the receiver's type is known."""
    method, receiver, text, args = call.method, call.receiver, call.text, call.arg_types
    if method in ("valueOf", "<init>") and len(args) == 1 and args[0] in _BOXED_FROM.get(java_type or "", ()):
        note = BOXING_NOTE
    elif (
        method in ("valueOf", "<init>")
        and len(args) == 1
        and args[0] in _WIDENED_FROM.get(java_type or "", ())
    ):
        note = WIDENING_NOTE
    elif java_type == _STRING and method == "<init>" and args == [_STRING]:
        note = STRING_COPY_NOTE
    elif method == "isInstance" and (literal := _CLASS_LITERAL.match((receiver or "").strip())):
        note = TYPE_TEST_NOTE.format(name=literal.group(1))
    elif (constant := constant_property(java_type, method, text)) is not None:
        note = f"no property to read, {constant}"
    elif method == "interrupt" and receiver and _CURRENT_THREAD.match(receiver.strip()):
        note = SELF_INTERRUPT_NOTE
    elif java_type in AMBIGUOUS_GUESS and not call.java_type:
        return AMBIGUOUS_GUESS[java_type]
    elif digest_calls.digest_named_at_run_time(call):
        note = digest_calls.DIGEST_BY_NAME_NOTE
    elif special.null_check(method, receiver, text):
        note = special.NULL_CHECK_NOTE
    elif special.or_null(method, text):
        note = special.OR_NULL_NOTE
    else:
        return None
    return f"{java_type}.{method}: {note}" if java_type else note
