"""``HttpURLConnection`` calls whose answer the snippet's text decides: a literal argument, or what
else the snippet does with the connection.

* ``conn.setRequestMethod("POST")`` is the builder's own verb, ``HttpRequestBuilder.post()`` (``PUT``:
  ``put()``, ...), not the generic ``method("POST")``;
* ``conn.setRequestMethod("GET")`` has no API: an ``HttpRequestBuilder`` sends GET unless told otherwise;
* ``url.openConnection()`` is where the request is made: ``Client.get(url)`` for a plain GET,
  ``Client.send(request)`` when the snippet sends a body or another verb (``setDoOutput(true)``,
  ``getOutputStream()``, ``setRequestMethod("POST")``);
* ``os.write(bytes)`` on ``os = conn.getOutputStream()`` of a URL connection writes the request body:
  ``HttpRequestBuilder.body(bytes)``; on ``os = exchange.getResponseBody()`` of an ``HttpExchange`` (the
  JDK's HTTP server) it writes the response body: ``HttpResponseBuilder.body(bytes)``.
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = ["DEFAULT_GET_NOTE", "body_write", "connection_sender", "default_get", "request_method"]

_CONNECTIONS = frozenset({"java.net.HttpURLConnection", "javax.net.ssl.HttpsURLConnection"})
_VERBS = {"POST": "post", "PUT": "put", "DELETE": "delete", "HEAD": "head", "OPTIONS": "options"}
_METHOD_ARG = re.compile(r'\.\s*setRequestMethod\s*\(\s*"([A-Za-z]+)"\s*\)$')
DEFAULT_GET_NOTE = 'setRequestMethod("GET"): an HttpRequestBuilder sends GET unless told otherwise, no call'


def _verb(method: str, text: str, java_type: str | None) -> str | None:
    if method != "setRequestMethod" or java_type not in _CONNECTIONS:
        return None
    m = _METHOD_ARG.search(text.strip())
    return m.group(1).upper() if m else None


def request_method(method: str, text: str, java_type: str | None) -> tuple[str, str] | None:
    """``setRequestMethod("POST")``: the builder's verb function (``HttpRequestBuilder.post``), with why."""
    verb = _VERBS.get(_verb(method, text, java_type) or "")
    if verb is None:
        return None
    return (
        f"stdx.net.http.HttpRequestBuilder.{verb}",
        f"the request method {verb.upper()}: the builder's {verb}()",
    )


def default_get(c: JavaCall) -> bool:
    """Whether ``c`` is ``conn.setRequestMethod("GET")``, which a Cangjie request needs no call for."""
    return _verb(c.method, c.text, c.java_type) == "GET"


# what in a snippet says its connection sends more than a plain GET
_SENDS_BODY = re.compile(
    r"\.\s*(?:setDoOutput\s*\(\s*true\s*\)|getOutputStream\s*\(\s*\)"
    r"|setRequestMethod\s*\(\s*\"(?!GET\")[A-Za-z]+\"\s*\))"
)


def connection_sender(c: JavaCall, code: str, java_type: str | None) -> tuple[str, str] | None:
    """``url.openConnection()`` on a ``java_type`` ``URL`` (declared, inferred or guessed): the
    ``Client`` call that makes the request, with why: ``send`` when the snippet writes a body or sets
    another verb than GET, ``get`` otherwise."""
    if c.method != "openConnection" or java_type != "java.net.URL" or c.arg_count:
        return None
    if _SENDS_BODY.search(code):
        return (
            "stdx.net.http.Client.send",
            "the connection sends a body or another verb: client.send(request)",
        )
    return "stdx.net.http.Client.get", "a plain GET on the connection: client.get(url)"


# HttpURLConnection conn = ..., URLConnection connection = ...: the snippet's connection variables
_CONNECTION_VAR = re.compile(r"\b(?:javax\.net\.ssl\.|java\.net\.)?(?:Https?)?URLConnection\s+(\w+)\s*=")


# os = exchange.getResponseBody() (or the call itself as the receiver): the JDK HTTP server's response
_RESPONSE_BODY = r"[\w$.]+\s*\.\s*getResponseBody\s*\(\s*\)"


def body_write(c: JavaCall, code: str) -> tuple[str, str] | None:
    """``os.write(..)`` where ``os = conn.getOutputStream()`` and ``conn`` is a URL connection of the
    snippet: what is written is the request body (``HttpRequestBuilder.body``), with why; where ``os``
    is an ``HttpExchange``'s ``getResponseBody()``, the response body (``HttpResponseBuilder.body``)."""
    recv = (c.receiver or "").strip()
    if c.method != "write":
        return None
    if re.fullmatch(_RESPONSE_BODY, recv) or (
        recv.isidentifier() and re.search(rf"\b{re.escape(recv)}\s*=\s*{_RESPONSE_BODY}", code)
    ):
        return (
            "stdx.net.http.HttpResponseBuilder.body",
            "the exchange's response stream is the response body: responseBuilder.body(bytes)",
        )
    if not recv.isidentifier():
        return None
    for conn in set(_CONNECTION_VAR.findall(code)):
        if re.search(rf"\b{re.escape(recv)}\s*=\s*{conn}\s*\.\s*getOutputStream\s*\(\s*\)", code):
            return (
                "stdx.net.http.HttpRequestBuilder.body",
                "the connection's output stream is the request body",
            )
    return None
