"""Issue 12, round 25: what the labels of samples 147-154 (and the development sets before them) showed.

* ``url.openConnection()`` answers the ``Client`` call that makes the request: ``Client.get`` for a
  plain GET, ``Client.send`` when the snippet writes a body or sets another verb.
* ``conn.getOutputStream()`` has no API (what is written is the request body), and ``os.write(..)`` on
  that stream answers ``HttpRequestBuilder.body``; ``conn.getInputStream()`` answers the response's
  body (its own row), not a member of the same name on the connection's Cangjie type.
* ``setRequestMethod("GET")`` has no API on an ``HttpsURLConnection`` that is not imported too.
* org.json's ``toString()`` is ``JsonObject.toString`` (compact, as Java's); ``toString(indent)`` is
  ``toJsonString`` (indented).
* ``Logger.info(..)`` called on the class name is the project's own Logger (no library Logger has a
  static ``info``).
* ``Date.from(instant)`` / ``date.toInstant()`` have no API (both are a ``DateTime``);
  ``Level.CONFIG`` is ``LogLevel.INFO`` (as ``config()`` is ``info()``); ``linkedList.add(i, x)``
  inserts before the i-th node (``addBefore``), ``add(x)`` stays ``addLast``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_open_connection_is_the_client_call_that_sends(real_engine: Engine) -> None:
    get = (
        "String f(String address) throws Exception {\n"
        "  URL url = new URL(address);\n"
        "  HttpURLConnection connection = (HttpURLConnection) url.openConnection();\n"
        "  InputStream in = connection.getInputStream();\n"
        "  return read(in);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(get)
    assert _top(r, "url.openConnection()") == "stdx.net.http.Client.get"
    assert _top(r, "connection.getInputStream()") == "stdx.net.http.HttpResponse.body"
    post = (
        "void f(String address, byte[] input) throws Exception {\n"
        "  URL url = new URL(address);\n"
        "  URLConnection connection = url.openConnection();\n"
        "  connection.setDoOutput(true);\n"
        "  try (OutputStream os = connection.getOutputStream()) {\n"
        "    os.write(input, 0, input.length);\n"
        "  }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(post)
    assert _top(r, "url.openConnection()") == "stdx.net.http.Client.send"
    out = _sugg(r, "connection.getOutputStream()")
    assert out.candidates == [] and any("request body" in n for n in out.notes), out.notes
    assert _top(r, "os.write(input, 0, input.length)") == "stdx.net.http.HttpRequestBuilder.body"


def test_a_stream_not_from_a_connection_keeps_its_write(real_engine: Engine) -> None:
    code = (
        "void f(Socket s, byte[] b) throws Exception {\n"
        "  OutputStream os = s.getOutputStream();\n"
        "  os.write(b);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "os.write(b)") != "stdx.net.http.HttpRequestBuilder.body"


def test_get_on_an_https_connection_not_imported(real_engine: Engine) -> None:
    code = (
        "void fetch() throws Exception {\n"
        "  HttpsURLConnection con = (HttpsURLConnection) new URL(U).openConnection();\n"
        '  con.setRequestMethod("GET");\n'
        "}\n"
    )
    s = _sugg(real_engine.resolver.resolve(code), 'con.setRequestMethod("GET")')
    assert s.candidates == [] and any("sends GET unless told otherwise" in n for n in s.notes), s.notes


def test_org_json_to_string_is_compact(real_engine: Engine) -> None:
    code = (
        "import org.json.JSONObject;\n"
        "String f(Map<String, Object> map) {\n"
        "  JSONObject o = new JSONObject(map);\n"
        "  String pretty = o.toString(2);\n"
        "  return o.toString();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "o.toString()") == "stdx.encoding.json.JsonObject.toString"
    assert _top(r, "o.toString(2)") == "stdx.encoding.json.JsonObject.toJsonString"


def test_static_logger_call_is_the_projects_logger(real_engine: Engine) -> None:
    code = (
        "void save(String path, Exception e) {\n"
        '  Logger.info("saving to " + path);\n'
        '  Logger.error("failed: " + e.getMessage());\n'
        '  Logger.getLogger("app").info("via JUL");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ('Logger.info("saving to " + path)', 'Logger.error("failed: " + e.getMessage())'):
        s = _sugg(r, text)
        assert (s.receiver_source, s.candidates) == ("user", []), (text, s.receiver_source)
    assert _top(r, 'Logger.getLogger("app").info("via JUL")') == "stdx.log.Logger.info"


@pytest.mark.parametrize(
    ("text", "top"),
    [
        ("Date.from(Instant.now())", None),
        ("d.toInstant()", None),
        ("Level.CONFIG", "stdx.log.LogLevel.INFO"),
        ("Level.FINER", "stdx.log.LogLevel.TRACE"),
        ('ret.add(0, "a")', "std.collection.LinkedList.addBefore"),
        ('ret.add("b")', "std.collection.LinkedList.addLast"),
    ],
)
def test_round25_table_entries(real_engine: Engine, text: str, top: str | None) -> None:
    code = (
        "void f(java.util.Date d) {\n"
        "  java.util.Date now = Date.from(Instant.now());\n"
        "  Instant i = d.toInstant();\n"
        "  java.util.logging.Level a = Level.CONFIG;\n"
        "  java.util.logging.Level b = Level.FINER;\n"
        "  LinkedList<String> ret = new LinkedList<>();\n"
        '  ret.add(0, "a");\n'
        '  ret.add("b");\n'
        "}\n"
    )
    assert _top(real_engine.resolver.resolve(code), text) == top
