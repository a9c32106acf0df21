"""``HttpURLConnection`` calls whose answer their literal argument decides.

* ``conn.setRequestMethod("POST")`` is the builder's own verb, ``HttpRequestBuilder.post()`` (``PUT``:
  ``put()``, ...), not the generic ``method("POST")``;
* ``conn.setRequestMethod("GET")`` has no API: an ``HttpRequestBuilder`` sends GET unless told otherwise.
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = ["DEFAULT_GET_NOTE", "default_get", "request_method"]

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
