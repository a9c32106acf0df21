"""Issue 12, round 44: what the labels of samples 299-306 showed.

* ``e.getMessage()`` on a ``SQLException`` is ``Exception.message``, as on any exception
  (``SqlException.message`` is offered next: the class declares the property again).
* ``Executors.newScheduledThreadPool``/``newSingleThreadScheduledExecutor`` make nothing, as the other
  executor factories: each ``schedule(..)`` call is a ``std.sync.Timer`` (``Timer.once``/``repeat``),
  which the note names.
* ``LocalDateTime.ofInstant(instant, ZoneId.systemDefault())`` is ``DateTime.inLocal()``, as
  ``instant.atZone(ZoneId.systemDefault())`` is, and the ``ZoneId.systemDefault()`` passed to either
  goes with it (no zone to get).
* Spring's ``StringUtils.hasText``/``hasLength``/``collectionToCommaDelimitedString`` (not imported,
  as in most snippets) are the String members, as commons-lang's ``StringUtils`` are.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only
from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus


def test_a_sql_exceptions_message_is_an_exceptions(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Connection conn) {\n"
        "  try {\n"
        '    conn.prepareStatement("x");\n'
        "  } catch (SQLException e) {\n"
        "    System.out.println(e.getMessage());\n"
        "    String state = e.getSQLState();\n"
        "  }\n"
        "}\n"
    )
    message = _sugg(r, "e.getMessage()")
    assert [c.qualname for c in message.candidates[:2]] == [
        "std.core.Exception.message",
        "std.database.sql.SqlException.message",
    ]
    assert _sugg(r, "e.getSQLState()").candidates[0].qualname == "std.database.sql.SqlException.sqlState"


@pytest.mark.parametrize(
    "text", ["Executors.newScheduledThreadPool(4)", "Executors.newSingleThreadScheduledExecutor()"]
)
def test_scheduled_executor_factories_make_nothing(real_engine: Engine, text: str) -> None:
    r = real_engine.resolver.resolve(
        f"void f(Runnable task) {{\n  ScheduledExecutorService s = {text};\n"
        "  s.scheduleAtFixedRate(task, 0, 5, TimeUnit.SECONDS);\n}\n"
    )
    assert instead_only(_sugg(r, text)) == "std.sync.Timer.once"
    assert _sugg(r, "s.scheduleAtFixedRate(task, 0, 5, TimeUnit.SECONDS)").candidates[0].qualname == (
        "std.sync.Timer.repeat"
    )


def test_springs_string_helpers_are_the_strings_members(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(String msg, List<String> paths) {\n"
        "  if (StringUtils.hasText(msg)) { use(msg); }\n"
        "  String all = StringUtils.collectionToCommaDelimitedString(paths);\n"
        "  boolean blank = StringUtils.isBlank(msg);\n"
        "}\n"
    )
    has_text = _sugg(r, "StringUtils.hasText(msg)")
    assert (has_text.receiver_source, has_text.candidates[0].qualname) == (
        "static",
        "std.core.String.isAsciiBlank",
    )
    assert _sugg(r, "StringUtils.collectionToCommaDelimitedString(paths)").candidates[0].qualname == (
        "std.core.String.join"
    )
    # commons-lang's helper of the same class name keeps its row
    assert _sugg(r, "StringUtils.isBlank(msg)").candidates[0].qualname == "std.core.String.isAsciiBlank"


def test_the_system_zone_passed_to_of_instant_is_in_local(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Instant instant) {\n"
        "  LocalDateTime a = LocalDateTime.ofInstant(instant, ZoneId.systemDefault());\n"
        "  ZoneId z = ZoneId.systemDefault();\n"
        '  LocalDateTime c = LocalDateTime.ofInstant(instant, ZoneId.of("Europe/Berlin"));\n'
        "}\n"
    )
    assert _sugg(r, "LocalDateTime.ofInstant(instant, ZoneId.systemDefault())").candidates[0].qualname == (
        "std.time.DateTime.inLocal"
    )
    passed, kept = [s for s in r.suggestions if s.call and s.call.text == "ZoneId.systemDefault()"]
    assert passed.candidates == [] and any("no zone to get" in n for n in passed.notes)
    # a zone the snippet keeps is still the local one
    assert kept.candidates[0].qualname == "std.time.TimeZone.Local"
    # another zone is moved into with inTimeZone (UTC is inUTC: round 60)
    berlin = _sugg(r, 'LocalDateTime.ofInstant(instant, ZoneId.of("Europe/Berlin"))')
    assert berlin.candidates[0].qualname == "std.time.DateTime.inTimeZone"
