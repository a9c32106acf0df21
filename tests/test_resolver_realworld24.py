"""Issue 12, round 24: what the labels of samples 139-146 (and the development sets before them) showed.

* A Calendar field number (``Calendar.DATE``) has no API wherever it is read: passed to a calendar
  call or compared with a field number (``i == Calendar.DATE``).
* ``System.err.format("..%n", ..)`` is ``eprintln``, as ``System.err.printf`` already was.
* ``conn.setRequestMethod("POST")`` is ``HttpRequestBuilder.post``; ``"GET"`` has no API (the
  builder's default).
* ``md.update(b)`` / ``md.digest()`` on ``md = MessageDigest.getInstance("SHA-256")`` are the
  algorithm's class's members (``SHA256.write`` / ``finish``), with its import; a digest of unknown
  algorithm keeps the ``Digest`` interface's.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus


def test_calendar_field_number_compared_has_no_api(real_engine: Engine) -> None:
    code = (
        "Calendar f(Calendar calendar, int i) {\n"
        "  if (i == Calendar.DATE) {\n"
        "    calendar.set(Calendar.HOUR_OF_DAY, 0);\n"
        "  }\n"
        "  return calendar;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("Calendar.DATE", "Calendar.HOUR_OF_DAY"):
        s = _sugg(r, text)
        assert s.candidates == [] and any("field number" in n for n in s.notes), (text, s.notes)


def test_stderr_format_with_a_newline_is_eprintln(real_engine: Engine) -> None:
    code = (
        "void f(Object file, Exception exc) {\n"
        '  System.err.format("Unable to copy: %s: %s%n", file, exc);\n'
        '  System.err.format("no newline %s", file);\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    line = _sugg(r, 'System.err.format("Unable to copy: %s: %s%n", file, exc)')
    assert line.candidates[0].qualname == "std.core.eprintln"
    assert _sugg(r, 'System.err.format("no newline %s", file)').candidates[0].qualname == "std.core.eprint"


def test_message_digest_members_of_the_named_algorithm(real_engine: Engine) -> None:
    code = (
        "byte[] f(String id, MessageDigest other) throws Exception {\n"
        '  MessageDigest sha256 = MessageDigest.getInstance("SHA-256");\n'
        "  sha256.update(id.getBytes(StandardCharsets.UTF_8));\n"
        "  byte[] h = sha256.digest();\n"
        "  other.update(h);\n"
        "  return h;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    write = _sugg(r, "sha256.update(id.getBytes(StandardCharsets.UTF_8))").candidates[0]
    assert (write.qualname, write.import_) == (
        "stdx.crypto.digest.SHA256.write",
        "import stdx.crypto.digest.*",
    )
    assert _sugg(r, "sha256.digest()").candidates[0].qualname == "stdx.crypto.digest.SHA256.finish"
    assert _sugg(r, "other.update(h)").candidates[0].qualname == "std.crypto.digest.Digest.write"


def test_request_method_literal(real_engine: Engine) -> None:
    code = (
        "void f(URL url, String verb) throws Exception {\n"
        "  HttpURLConnection conn = (HttpURLConnection) url.openConnection();\n"
        '  conn.setRequestMethod("POST");\n'
        '  conn.setRequestMethod("GET");\n'
        "  conn.setRequestMethod(verb);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert (
        _sugg(r, 'conn.setRequestMethod("POST")').candidates[0].qualname
        == "stdx.net.http.HttpRequestBuilder.post"
    )
    get = _sugg(r, 'conn.setRequestMethod("GET")')
    assert get.candidates == [] and any("sends GET" in n for n in get.notes), get.notes
    assert (
        _sugg(r, "conn.setRequestMethod(verb)").candidates[0].qualname
        == "stdx.net.http.HttpRequestBuilder.method"
    )
