"""Issue 12, round 28: what the labels of samples 171-178 (and the development sets before them) showed.

* ``ByteBuffer.flip()`` has no API: a ``std.io.ByteBuffer`` reads from its own read cursor what was
  written (the docs: ``write`` then ``bytes()`` gives the written data), so nothing switches modes;
  ``seek`` is what to write to read again from the start (``instead``).
* ``read()`` without arguments on a ``BufferedInputStream`` or ``ByteArrayInputStream`` reads one
  byte: ``readByte`` (``read(buffer)`` stays ``read``).
* ``ByteArrayOutputStream.size()`` is every byte written: ``Seekable.length`` (the docs: "the total
  amount of data"), ``remainLength`` second.
* ``new String(bytes, offset, length, charset)`` of a ``byte[]`` decodes it: ``String.fromUtf8``.
* ``InetAddress.getByName("239.255.0.1")`` of an address literal is ``IPAddress.parse``.
* ``MessageDigest.getInstance(algorithm)`` of a variable has no one class to answer with: no
  candidate, a note to match the name to the class; a constant named so (``MD5_ALGORITHM``) answers
  its class as a literal does.
* A receiver named with a leading underscore (``_logger``, ``_pattern``) is a variable, not a class:
  its type is guessed as any other field's (labels in 7 code bases name library APIs on such
  receivers; they were all "user code").
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_byte_buffers_and_streams_read_and_count_bytes(real_engine: Engine) -> None:
    code = (
        "void send(File f) throws IOException {\n"
        "  ByteBuffer payload = ByteBuffer.allocate(16);\n"
        "  payload.put((byte) 1);\n"
        "  payload.flip();\n"
        "  BufferedInputStream bis = new BufferedInputStream(new FileInputStream(f));\n"
        "  int b = bis.read();\n"
        "  byte[] chunk = new byte[64];\n"
        "  int n = bis.read(chunk);\n"
        "  ByteArrayOutputStream out = new ByteArrayOutputStream();\n"
        "  int written = out.size();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    flip = _sugg(r, "payload.flip()")
    assert flip.candidates == [] and [i.qualname for i in flip.instead] == ["std.io.ByteBuffer.seek"]
    assert any("read cursor" in n for n in flip.notes), flip.notes
    assert _top(r, "bis.read()") == "std.io.BufferedInputStream.readByte"
    assert _top(r, "bis.read(chunk)") == "std.io.BufferedInputStream.read"
    size = _sugg(r, "out.size()")
    assert [c.qualname for c in size.candidates[:2]] == [
        "std.io.Seekable.length",
        "std.io.Seekable.remainLength",
    ]


def test_bytes_decoded_and_address_literals_parsed(real_engine: Engine) -> None:
    code = (
        "void f(byte[] buffer, int length, char[] cs) throws Exception {\n"
        '  String s = new String(buffer, 0, length, "UTF-8");\n'
        "  String t = new String(cs, 0, length);\n"
        '  InetAddress group = InetAddress.getByName("239.255.0.1");\n'
        '  InetAddress host = InetAddress.getByName("example.com");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, 'new String(buffer, 0, length, "UTF-8")') == "std.core.String.fromUtf8"
    assert _top(r, "new String(cs, 0, length)") == "std.core.String.init"
    # the same call shape, another text: the per-snippet memo keeps them apart
    assert _top(r, 'InetAddress.getByName("239.255.0.1")') == "std.net.IPAddress.parse"
    assert _top(r, 'InetAddress.getByName("example.com")') == "std.net.IPAddress.resolve"


def test_a_digest_named_at_run_time_has_no_one_class(real_engine: Engine) -> None:
    code = (
        "byte[] hash(String algorithm, byte[] data) throws Exception {\n"
        "  MessageDigest md = MessageDigest.getInstance(algorithm);\n"
        "  MessageDigest md5 = MessageDigest.getInstance(MD5_ALGORITHM);\n"
        '  MessageDigest sha = MessageDigest.getInstance("SHA-256");\n'
        "  return md.digest(data);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    by_name = _sugg(r, "MessageDigest.getInstance(algorithm)")
    assert by_name.candidates == [] and any("no factory by name" in n for n in by_name.notes), by_name.notes
    assert _top(r, "MessageDigest.getInstance(MD5_ALGORITHM)") == "stdx.crypto.digest.MD5.init"
    assert _top(r, 'MessageDigest.getInstance("SHA-256")') == "stdx.crypto.digest.SHA256.init"


def test_a_leading_underscore_does_not_make_a_class_name(real_engine: Engine) -> None:
    code = (
        "void join(String imei, K key) {\n"
        '  _logger.info("start imei=" + imei);\n'
        "  String p = _pattern.toLowerCase();\n"
        "  _globalCacheConfig.setHiddenPackages(imei);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    log = _sugg(r, '_logger.info("start imei=" + imei)')
    # a field named like a logger, guessed as one (it was taken for a project class `_logger`)
    assert log.receiver_source == "guessed" and top(log) == "stdx.log.Logger.info"
    assert _top(r, "_pattern.toLowerCase()") == "std.core.String.toAsciiLower"
    assert _top(r, "_globalCacheConfig.setHiddenPackages(imei)") is None  # a bean setter: no API
