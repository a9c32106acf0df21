"""Issue 12, round 19: what the labels of samples 99-106 (and the development sets before them) showed.

* A call with more arguments than any arity-specific mapping row takes the nearest row's target:
  ``in.read(buf, 0, buf.length)`` is ``read(buf)`` (a slice of the Array), not the one-byte read().
* ``e.printStackTrace(System.err)`` prints to the console: ``printStackTrace()`` (an ``Error``'s own
  for a Java ``...Error``), not the writer form's ``getStackTrace``.
* ``Files.copy(in, path)`` of a stream (by its type or its written name) is ``std.io.copy``; two paths
  keep ``std.fs.copy``.
* ``new Scanner(x)`` over anything but ``System.in`` is a ``StringReader``.
* Tables: ``BigInteger``/``BigDecimal.intValue()`` is ``toInt64`` first (Java's int is an Int64 in the
  translation); ``Path.of``/``Paths.get`` of four parts joins; ``addBatch()`` is ``update()`` and
  ``executeBatch()`` has no call (commit the Transaction); ``BodyHandlers.ofString()`` has no handler
  to pass; ``new String(chars, off, len)`` is the String of a slice.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.special import streams_copied

from .suggestions import instead_only
from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("text", "arg_types", "stream"),
    [
        ("Files.copy(file.getInputStream(), dest.toPath())", [None, "java.nio.file.Path"], True),
        ("Files.copy(in, target)", [None, None], True),
        ("Files.copy(inputStream, target)", [None, None], True),
        ("Files.copy(v, Paths.get(out + k))", ["java.io.InputStream", None], True),
        ("Files.copy(source, out)", ["java.nio.file.Path", "java.io.OutputStream"], True),
        ("Files.copy(a, b)", ["java.nio.file.Path", "java.nio.file.Path"], False),
        ("Files.copy(index, target)", [None, None], False),  # "in" only as a whole word
    ],
)
def test_a_stream_copied(text: str, arg_types: list[str | None], stream: bool) -> None:
    assert streams_copied(text, arg_types) is stream


def test_round_19_rules(real_engine: Engine) -> None:
    code = (
        "void f(InputStream in, byte[] buf, Path a, Path b, MultipartFile file, File dest, FileInputStream fis)\n"
        "    throws Exception {\n"
        "  int n = in.read(buf, 0, buf.length);\n"
        "  int one = in.read();\n"
        "  try { g(); } catch (IOException e) { e.printStackTrace(System.err); }\n"
        "  try { g(); } catch (OutOfMemoryError oome) { oome.printStackTrace(System.err); }\n"
        "  Files.copy(file.getInputStream(), dest.toPath());\n"
        "  Files.copy(a, b);\n"
        "  Scanner console = new Scanner(System.in);\n"
        '  Scanner text = new Scanner(new BufferedInputStream(fis), "UTF-8");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "in.read(buf, 0, buf.length)")) == "std.io.InputStream.read"
    # round 36: an InputStream reads only into a buffer (readByte is a BufferedInputStream's): its
    # read(buffer) with a one-byte array, as 9 of the 10 labels of a plain stream's read() say
    assert [c.qualname for c in _sugg(r, "in.read()").candidates[:2]] == [
        "std.io.InputStream.read",
        "std.io.BufferedInputStream.readByte",
    ]
    assert _top(_sugg(r, "e.printStackTrace(System.err)")) == "std.core.Exception.printStackTrace"
    assert _top(_sugg(r, "oome.printStackTrace(System.err)")) == "std.core.Error.printStackTrace"
    assert _top(_sugg(r, "Files.copy(file.getInputStream(), dest.toPath())")) == "std.io.copy"
    assert _top(_sugg(r, "Files.copy(a, b)")) == "std.fs.copy"
    assert _top(_sugg(r, "new Scanner(System.in)")) is None  # round 20: the console needs no Scanner
    assert _top(_sugg(r, 'new Scanner(new BufferedInputStream(fis), "UTF-8")')) == "std.io.StringReader.init"


def test_round_19_tables(real_engine: Engine) -> None:
    code = (
        "void f(BigInteger n, BigDecimal d, PreparedStatement pst, HttpClient client, HttpRequest req,\n"
        "       char[] chars) throws Exception {\n"
        "  int i = n.intValue();\n"
        "  int j = d.intValue();\n"
        '  Path p = Path.of(home, "lib", "security", "cacerts");\n'
        "  pst.addBatch();\n"
        "  pst.executeBatch();\n"
        "  HttpResponse<String> resp = client.send(req, HttpResponse.BodyHandlers.ofString());\n"
        "  String s = new String(chars, 0, 3);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "n.intValue()")) == "std.math.numeric.BigInt.toInt64"
    assert _top(_sugg(r, "d.intValue()")) == "std.math.numeric.Decimal.toInt64"
    assert _top(_sugg(r, 'Path.of(home, "lib", "security", "cacerts")')) == "std.fs.Path.join"
    assert _top(_sugg(r, "pst.addBatch()")) == "std.database.sql.Statement.update"
    assert instead_only(_sugg(r, "pst.executeBatch()")) == "std.database.sql.Transaction.commit"
    assert instead_only(_sugg(r, "HttpResponse.BodyHandlers.ofString()")) == "std.io.StringReader"
    assert _top(_sugg(r, "new String(chars, 0, 3)")) == "std.core.String.init"


def test_the_memo_keeps_text_rules_apart(real_engine: Engine) -> None:
    # the same call shape (Files.copy of two arguments of unknown type) with other text: the memo of
    # equal calls must not carry the stream copy over to the path copy
    code = "void f() throws Exception {\n  Files.copy(inputStream, target);\n  Files.copy(src, dst);\n}\n"
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "Files.copy(inputStream, target)")) == "std.io.copy"
    assert _top(_sugg(r, "Files.copy(src, dst)")) == "std.fs.copy"
