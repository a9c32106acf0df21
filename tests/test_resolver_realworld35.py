"""Issue 12, round 35: what the labels of samples 227-234 showed.

* A ``length`` field read on a call's result (``JobPosition.values().length``,
  ``info.pending().length``) is an array's length, ``Array.size``, whatever the call returns: only an
  array has a ``length`` field.
* Guava's ``Strings.nullToEmpty(s)`` is ``s ?? ""``: ``Option.getOrDefault``.
* A name every framework gives its own classes (``Response``, ``Request``, ``Call``, ``Headers``) is a
  library's table row (OkHttp's ``Response``) only when imported or beside another type of that
  library (``OkHttpClient``); alone it is a receiver of unknown type (Jedis's, Retrofit's, a
  project's ``Response``: 3 development labels in 3 code bases).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_length_field_of_a_call_result_is_an_array_size(real_engine: Engine) -> None:
    code = (
        "void f() {\n  int k = JobPosition.values().length;\n  int z = info.pending().length;\n"
        "  int s = name.length();\n}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("JobPosition.values().length", "info.pending().length"):
        s = _sugg(r, text)
        assert _top(r, text) == "std.core.Array.size" and s.receiver_source == "inferred", text
    # the call itself stays what it was: the project's values(), an unknown pending()
    assert _sugg(r, "JobPosition.values()").candidates == []
    assert _sugg(r, "name.length()").receiver_source != "inferred"  # a method, not the field


def test_guava_null_to_empty_is_get_or_default(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(String description) {\n  String d = Strings.nullToEmpty(description);\n}\n"
    )
    assert _top(r, "Strings.nullToEmpty(description)") == "std.core.Option.getOrDefault"


def test_a_common_class_name_is_a_library_type_only_beside_its_library(real_engine: Engine) -> None:
    alone = real_engine.resolver.resolve(
        "void f(Response response) {\n  int c = response.code();\n  Response<String> r = new Response<>(b);\n}\n"
    )
    for text in ("response.code()", "new Response<>(b)"):
        s = _sugg(alone, text)
        assert s.candidates == [] and s.receiver_source == "unknown", (text, s.receiver_source)
    beside = real_engine.resolver.resolve(
        "int f(OkHttpClient client, Request request) throws IOException {\n"
        "  Response response = client.newCall(request).execute();\n  return response.code();\n}\n"
    )
    assert _top(beside, "response.code()") == "stdx.net.http.HttpResponse.status"
    imported = real_engine.resolver.resolve(
        "import okhttp3.Response;\nclass A {\n  int f(Response response) {\n    return response.code();\n  }\n}\n"
    )
    assert _top(imported, "response.code()") == "stdx.net.http.HttpResponse.status"
