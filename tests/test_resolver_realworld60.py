"""Issue 12, round 60 (what the development sets and samples 691-698 showed): ``DriverManager``'s
one-argument ``getConnection(url)`` opens a database by its URL, so the String is no driver name."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg, top_of

pytestmark = pytest.mark.corpus


def test_get_connection_with_a_url_ends_in_connect_not_in_looking_up_a_driver(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Connection open(String uri) throws SQLException {\n"
        "  Connection c = DriverManager.getConnection(uri);\n"
        '  Connection d = DriverManager.getConnection(uri, "sa", "secret");\n'
        "  return c;\n"
        "}\n"
    )
    one = sugg(r, "DriverManager.getConnection(uri)")
    assert [c.qualname for c in one.candidates[:2]] == [
        "std.database.sql.Datasource.connect",
        "std.database.sql.Driver.open",
    ]
    # the url is no driver's name: getDriver(String) is not offered for it although its parameter fits
    assert "std.database.sql.DriverManager.getDriver" not in [c.qualname for c in one.candidates[:2]]
    assert any("connection string of Driver.open" in n for n in one.notes), one.notes
    assert (
        top_of(r, 'DriverManager.getConnection(uri, "sa", "secret")') == "std.database.sql.Datasource.connect"
    )
