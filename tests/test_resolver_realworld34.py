"""Issue 12, round 34: what the labels of samples 219-226 showed.

* OkHttp (``okhttp3``) maps to stdx.net.http: ``new OkHttpClient()`` is a ``ClientBuilder``,
  ``new Request.Builder().url(u).build()`` an ``HttpRequestBuilder`` chain,
  ``client.newCall(req).execute()`` is ``Client.send`` and ``response.body().string()`` reads the body.
* Jackson's streaming reader: ``p.nextToken()`` is ``JsonReader.peek``, ``JsonToken.END_ARRAY`` the
  stdx ``JsonToken.EndArray``.
* A nested type written with its outer class (``Request.Builder``) is that outer class's row only,
  and a call chained on a constructor of a type only the tables know has that type.
* ``x.end()`` alone is no evidence for a guess (``context.response().end()`` is no ``Matcher``).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_okhttp_maps_to_the_stdx_http_client(real_engine: Engine) -> None:
    code = (
        "String get(String url) throws IOException {\n"
        "  OkHttpClient client = new OkHttpClient();\n"
        "  Request request = new Request.Builder().url(url).build();\n"
        "  Response response = client.newCall(request).execute();\n"
        "  if (!response.isSuccessful()) {\n    return null;\n  }\n"
        "  return response.body().string();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text, want in (
        ("new OkHttpClient()", "stdx.net.http.ClientBuilder"),
        ("new Request.Builder()", "stdx.net.http.HttpRequestBuilder.init"),
        ("new Request.Builder().url(url)", "stdx.net.http.HttpRequestBuilder.url"),
        ("new Request.Builder().url(url).build()", "stdx.net.http.HttpRequestBuilder.build"),
        ("client.newCall(request).execute()", "stdx.net.http.Client.send"),
        ("response.isSuccessful()", "stdx.net.http.HttpResponse.status"),
        ("response.body().string()", "std.io.StringReader.readToEnd"),
    ):
        assert _top(r, text) == want, text
    assert _sugg(r, "client.newCall(request)").candidates == []  # no call object: send runs it


def test_jackson_streaming_reader(real_engine: Engine) -> None:
    code = (
        "Object read(JsonParser p) throws IOException {\n"
        "  if (p.nextToken() == JsonToken.END_ARRAY) {\n    return null;\n  }\n"
        "  return p.getText();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "p.nextToken()") == "stdx.encoding.json.stream.JsonReader.peek"
    assert _top(r, "JsonToken.END_ARRAY") == "stdx.encoding.json.stream.JsonToken.EndArray"
    assert _top(r, "p.getText()") == "stdx.encoding.json.stream.JsonReader.readValue"


def test_a_nested_type_is_its_outer_class_row_and_end_alone_is_no_guess(real_engine: Engine) -> None:
    code = (
        "void f(HttpServerResponse res) {\n"
        "  HttpClient.Builder b = HttpClient.newBuilder();\n"
        "  Pair.Builder p = new Pair.Builder();\n"
        "  context.response().end();\n"
        "  session.end();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _sugg(r, "new Pair.Builder()").candidates == []  # no table has a Pair.Builder
    assert _top(r, "HttpClient.newBuilder()") == "stdx.net.http.ClientBuilder.init"
    for text in ("context.response().end()", "session.end()"):
        assert _sugg(r, text).candidates == [], text


def test_only_an_anonymous_subclass_of_a_project_class_is_user_code(real_engine: Engine) -> None:
    # Spring's HttpHeaders shows members the JDK's lacks; constructing one still answers the
    # headers type (the same role), while new Statement() { .. } beside a JUnit Statement is user code
    code = (
        "void f() {\n  HttpHeaders headers = new HttpHeaders();\n"
        "  headers.setContentType(MediaType.APPLICATION_JSON);\n}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "new HttpHeaders()") == "stdx.net.http.HttpHeaders"
    assert _sugg(r, "headers.setContentType(MediaType.APPLICATION_JSON)").candidates == []
