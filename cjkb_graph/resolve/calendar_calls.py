"""``java.util.Calendar`` calls whose answer is the field constant they are given.

A Cangjie ``DateTime`` is an immutable value with the fields as properties, so the field number a
Java calendar call takes says which member answers:

* ``cal.get(Calendar.YEAR)`` is ``dt.year`` (``MONTH``: ``month``, ``DATE``: ``dayOfMonth``, ...);
* ``cal.add(Calendar.MONTH, n)`` is ``dt.addMonths(n)`` (``DATE``: ``addDays``, ``HOUR``: ``addHours``);
* the constant itself (``Calendar.YEAR``, passed to such a call or compared with a field number) has
  no API of its own: the call that takes it answers for both;
* ``cal = Calendar.getInstance()`` whose time the snippet sets at once (``cal.setTime(date)``) reads no
  clock: the calendar is that date, a ``DateTime`` already, so neither call has an API.
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = [
    "CALENDARS",
    "FIELD_NOTE",
    "SET_AT_ONCE_NOTE",
    "calendar_field_target",
    "field_goes_with",
    "set_at_once",
]

CALENDARS = frozenset({"java.util.Calendar", "java.util.GregorianCalendar"})
_DT = "std.time.DateTime"
# Calendar field -> (the DateTime property get() reads, the DateTime function add() calls)
_FIELDS: dict[str, tuple[str, str | None]] = {
    "YEAR": ("year", "addYears"),
    "MONTH": ("month", "addMonths"),
    "DATE": ("dayOfMonth", "addDays"),
    "DAY_OF_MONTH": ("dayOfMonth", "addDays"),
    "DAY_OF_YEAR": ("dayOfYear", "addDays"),
    "DAY_OF_WEEK": ("dayOfWeek", "addDays"),
    "WEEK_OF_YEAR": ("isoWeek", "addWeeks"),
    "HOUR_OF_DAY": ("hour", "addHours"),
    "HOUR": ("hour", "addHours"),
    "MINUTE": ("minute", "addMinutes"),
    "SECOND": ("second", "addSeconds"),
    "MILLISECOND": ("nanosecond", None),
    "ZONE_OFFSET": ("zoneOffset", None),
}
_FIELD_ARG = re.compile(
    r"\.\s*(get|add|roll)\s*\(\s*(?:(?:java\.util\.)?(?:Gregorian)?Calendar\s*\.\s*)?([A-Z_]+)\s*[,)]"
)
FIELD_NOTE = (
    "a Calendar field number: no API of its own, the call that takes it answers (cal.get(Calendar.YEAR) "
    "is dt.year, cal.add(Calendar.MONTH, n) is dt.addMonths(n))"
)


def calendar_field_target(method: str, text: str, java_type: str | None) -> tuple[str, str] | None:
    """The DateTime member that ``cal.get(Calendar.X)`` / ``cal.add(Calendar.X, n)`` is, with why."""
    if java_type not in CALENDARS or method not in ("get", "add"):  # roll() wraps: no add
        return None
    m = _FIELD_ARG.search(text)
    if m is None or m.group(1) != method or m.group(2) not in _FIELDS:
        return None
    prop, add = _FIELDS[m.group(2)]
    member = prop if method == "get" else add
    if member is None:
        return None
    return f"{_DT}.{member}", f"the field {m.group(2)}: dt.{member}{'' if method == 'get' else '(n)'}"


def field_goes_with(c: JavaCall) -> bool:
    """Whether ``c`` reads a Calendar field number (``Calendar.YEAR``): a number that only says which
    field a calendar call reads or changes (``get``, ``set``, ``add``) or a comparison tests, no API."""
    return c.kind == "field" and c.java_type in CALENDARS and c.method in _FIELDS


SET_AT_ONCE_NOTE = (
    "the calendar's time is set at once (setTime): no clock to read, the calendar is that date, already "
    "a DateTime in Cangjie: its fields are DateTime properties, its add(..) the addX functions"
)
_GET_INSTANCE = re.compile(r"(?:\b(\w+)\s*=\s*)?(?:java\.util\.)?\bCalendar\s*\.\s*getInstance\s*\(")


def set_at_once(calls: list[JavaCall], index: int, code: str) -> bool:
    """``cal = Calendar.getInstance()`` followed by ``cal.setTime(date)`` or ``setTimeInMillis(ms)``:
    ``calls[index]`` is the n-th ``Calendar.getInstance(..)`` of the snippet, matched to the n-th one
    written in ``code`` to find the variable it is assigned to."""
    if not _is_get_instance(calls[index]):
        return False
    nth = sum(1 for c in calls[:index] if _is_get_instance(c))
    written = list(_GET_INSTANCE.finditer(code))
    var = written[nth].group(1) if nth < len(written) else None
    if not var:
        return False
    set_to = re.search(rf"\b{re.escape(var)}\s*\.\s*setTime(?:InMillis)?\s*\(\s*([^;]*)\)", code)
    # setTime(new Date()) / setTimeInMillis(System.currentTimeMillis()) sets it to the clock again
    return set_to is not None and not _NOW.match(set_to.group(1))


_NOW = re.compile(
    r"\s*(?:new\s+(?:java\.util\.)?Date\s*\(\s*\)|(?:System\s*\.\s*)?currentTimeMillis\s*\(\s*\))\s*$"
)


def _is_get_instance(call: JavaCall) -> bool:
    return call.method == "getInstance" and (call.receiver or "").strip() in (
        "Calendar",
        "java.util.Calendar",
    )
