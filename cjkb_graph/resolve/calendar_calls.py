"""``java.util.Calendar`` calls whose answer is the field constant they are given.

A Cangjie ``DateTime`` is an immutable value with the fields as properties, so the field number a
Java calendar call takes says which member answers:

* ``cal.get(Calendar.YEAR)`` is ``dt.year`` (``MONTH``: ``month``, ``DATE``: ``dayOfMonth``, ...);
* ``cal.add(Calendar.MONTH, n)`` is ``dt.addMonths(n)`` (``DATE``: ``addDays``, ``HOUR``: ``addHours``);
* the constant itself (``Calendar.YEAR`` passed to such a call) has no API of its own: the call that
  takes it answers for both.
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = ["CALENDARS", "FIELD_NOTE", "calendar_field_target", "field_goes_with"]

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
_TAKES_FIELD = frozenset({"get", "set", "add", "roll", "getActualMaximum", "getActualMinimum", "getMaximum"})
FIELD_NOTE = "a Calendar field number: the call that takes it answers (cal.get(Calendar.YEAR) is dt.year)"


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


def field_goes_with(c: JavaCall, calls: list[JavaCall]) -> bool:
    """Whether the field read ``Calendar.X`` is an argument of a Calendar call that takes a field."""
    if c.kind != "field" or c.java_type not in CALENDARS or c.method not in _FIELDS:
        return False
    pat = re.compile(r"\(\s*" + re.escape(c.text) + r"\s*[,)]")
    return any(
        o.java_type in CALENDARS and o.method in _TAKES_FIELD and o.kind == "method" and pat.search(o.text)
        for o in calls
    )
