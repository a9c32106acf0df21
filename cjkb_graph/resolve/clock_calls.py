"""Clock readings that measure a span rather than stamp a date: ``MonoTime`` in Cangjie.

* ``System.currentTimeMillis()`` in a snippet that subtracts or compares the readings (``now -
  start``, ``start + timeout``, ``while (now < deadline)``) measures a span: ``MonoTime.now`` first.
  So does a reading kept in a stopwatch's name (``startTime = ..``, ``begin``, ``this.lastUsed``,
  ``lastAccess``), which the class around the method measures against later, and two readings kept
  in one snippet (``now = ..; work(); end = ..``: handed on as a pair, the time between them).
* A reading measured against a time another object keeps (``lease.getExpiration() - now``,
  ``now - post.getAccessTime()``) or joined into text (``name + now + ".txt"``) stamps a date: that
  time was stored, and only a wall clock (``DateTime.now``) compares with it.
* An ``Instant.now()`` kept and measured against (``Duration.between(start, Instant.now())``,
  ``start.plus(timeout)``) is ``MonoTime.now`` too, and the ``Duration.between`` of it ``MonoTime.-``.
"""

from __future__ import annotations

import re

__all__ = ["INSTANT_SPAN", "MONO", "measures_instant", "measures_time"]

# currentTimeMillis() in arithmetic or a comparison (not string concatenation): a time span
_CLOCK = r"(?:System\s*\.\s*)?currentTimeMillis\s*\(\s*\)"
_SPAN = re.compile(rf"{_CLOCK}\s*(?:[-<>]|\+\s*[\w(])|(?:[-<>]|[\w)]\s*\+)=?\s*{_CLOCK}")
_STARTED = re.compile(rf"\b(\w+)\s*=\s*{_CLOCK}")
MONO = "std.time.MonoTime.now"
INSTANT_SPAN = {
    ("now", "java.time.Instant"): MONO,
    ("between", "java.time.Duration"): "std.time.MonoTime.-",
}


# a reading kept in a stopwatch's name: the start of a span, or the last use an idle timeout is
# measured from (startTime, beginMs, t0, lastUsed, gmtLastTouch, lastAccessTime; not lastModified)
_STOPWATCH = re.compile(rf"\b(?:this\s*\.\s*)?(\w+)\s*(?:=|\.\s*set\s*\()\s*{_CLOCK}")
_STOPWATCH_NAME = re.compile(
    r"^(?:[a-z]*(?:[sS]tart|[bB]egin)\w*|t0|\w*[lL]ast(?:Used|Use|Touch|Touched|Access|Accessed|Active|Activity|Seen|Heartbeat|Ping)\w*)$"
)


# a reading measured against a time another object keeps (lease.getExpiration() - now, now -
# post.getAccessTime(), now < endTime.getTime()): a stored date, which only a wall clock compares
# with; the object's own field (this.lastUsed) is a stopwatch's
_OPERAND = r"(?!this\s*\.)[\w$]+(?:\s*\([^()]*\))?(?:\s*\.\s*[\w$]+(?:\s*\([^()]*\))?)+"
_AGAINST_STORED = re.compile(rf"{_CLOCK}\s*[-<>]=?\s*\(?\s*{_OPERAND}|{_OPERAND}\s*[-<>]=?\s*{_CLOCK}")
# startTime.get(): the object's own stopwatch kept in an AtomicLong
_HOLDER_READ = re.compile(r"\.\s*get\s*\(\s*\)")
# a reading between two pluses (localPart + now + domain): text joined, a stamp
_JOINED = re.compile(rf"\+\s*{_CLOCK}\s*\+")


def _spans(code: str) -> bool:
    """Whether a reading is in arithmetic or a comparison that measures a span: not one against a
    time another object keeps, nor one joined into text."""
    stored = [m for m in _AGAINST_STORED.finditer(code) if not _HOLDER_READ.search(m.group(0))]
    skip = [m.span() for m in (*stored, *_JOINED.finditer(code))]
    return any(not any(a <= m.start() < b or a < m.end() <= b for a, b in skip) for m in _SPAN.finditer(code))


def measures_time(code: str, line: int | None = None) -> bool:
    """Whether the snippet's currentTimeMillis() readings measure a span (``now - start``,
    ``start + timeout``, ``while (now < deadline)``) rather than stamp a date; with ``line``, also
    whether the reading on that line is kept in a stopwatch's name (``startTime = ..``). A reading
    measured against a time another object keeps (``lease.getExpiration() - now``) is a date's."""
    if _spans(code) or len(_STARTED.findall(code)) > 1:
        # two readings kept (long now = ..; work; long end = ..): the time between them
        return True
    lines = code.splitlines()
    if line is not None and 0 < line <= len(lines):
        kept = _STOPWATCH.search(lines[line - 1])
        if kept and _STOPWATCH_NAME.match(kept.group(1)):
            return True
    return any(
        re.search(rf"(?:[-<>]\s*\b{v}\b|\b{v}\s*[-<>])", code[m.end() :])
        for m in _STARTED.finditer(code)
        for v in [m.group(1)]
    )


# an Instant.now() reading kept and then measured against (Duration.between(start, ..),
# start.plus(timeout), isAfter(start)): a stopwatch, MonoTime in Cangjie
_INSTANT_READ = re.compile(r"\b(\w+)\s*=\s*(?:java\.time\.)?Instant\s*\.\s*now\s*\(\s*\)")


# a reading of now measured on the spot against a start or a deadline the snippet got elsewhere
_NOW = r"(?:java\.time\.)?Instant\s*\.\s*now\s*\(\s*\)"
_NOW_MEASURED = re.compile(
    rf"between\s*\([^;]*{_NOW}|{_NOW}\s*\.\s*(?:isAfter|isBefore)\s*\(|(?:isAfter|isBefore)\s*\(\s*{_NOW}"
)


def measures_instant(code: str, line: int | None = None) -> bool:
    """Whether an ``Instant.now()`` reading of the snippet is only measured against: a span. With
    ``line``, whether the reading or the measurement on that line is one (a timestamp stays a date);
    a line that measures now against a start or deadline got elsewhere (``Duration.between(start,
    Instant.now())``, ``Instant.now().isAfter(deadline)``) is one too."""
    lines = code.splitlines()
    text = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
    if _NOW_MEASURED.search(text):  # Duration.between(start, Instant.now()), now.isAfter(deadline)
        return True
    measured = set()
    for m in _INSTANT_READ.finditer(code):
        v, rest = re.escape(m.group(1)), code[m.end() :]
        if re.search(
            rf"between\s*\([^;]*\b{v}\b|\b{v}\s*\.\s*(?:plus\w*|minus\w*|isAfter|isBefore|until)\s*\(|"
            rf"(?:isAfter|isBefore)\s*\(\s*{v}\b",
            rest,
        ):
            measured.add(m.group(1))
    if line is None or not measured:
        return bool(measured)
    return any(re.search(rf"\b{re.escape(v)}\b", text) for v in measured)
