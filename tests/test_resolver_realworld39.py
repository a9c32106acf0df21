"""Issue 12, round 39: what the labels of samples 259-266 showed.

* ``ThreadLocalRandom.current().nextInt()`` with no bound is any int, ``Random.nextInt32`` (as
  ``Random.nextInt()`` is); with a bound it stays ``nextInt64(bound)``.
* ``DriverManager.getConnection(url, user, password)`` answers the call that gives the Connection,
  ``Datasource.connect``, first; ``getDriver`` and ``open`` (the steps before it) follow.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_thread_local_random_next_int_without_a_bound_is_int32(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n  int a = ThreadLocalRandom.current().nextInt();\n"
        "  int b = ThreadLocalRandom.current().nextInt(10);\n}\n"
    )
    assert _top(r, "ThreadLocalRandom.current().nextInt()") == "std.random.Random.nextInt32"
    assert _top(r, "ThreadLocalRandom.current().nextInt(10)") == "std.random.Random.nextInt64"


def test_get_connection_answers_the_connect_that_gives_the_connection(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Connection f(String url, String u, String p) throws SQLException {\n"
        "  return DriverManager.getConnection(url, u, p);\n}\n"
    )
    s = _sugg(r, "DriverManager.getConnection(url, u, p)")
    assert [c.qualname for c in s.candidates[:2]] == [
        "std.database.sql.Datasource.connect",
        "std.database.sql.DriverManager.getDriver",
    ]
