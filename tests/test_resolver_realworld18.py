"""Issue 12, round 18: what the labels of samples 95-98 (and the development sets before them) showed.

* The prints to a web framework's response writer (``PrintWriter out = response.getWriter()``) are the
  response body, which no std/stdx call writes line by line: no API, a note naming
  ``HttpResponseBuilder.body``; the reads of its request reader (``request.getReader()``) likewise,
  naming ``HttpRequest.body``. A ``PrintWriter`` handed in as a parameter keeps its answers.
* ``System.out.printf("a = %d\\n", a)``: a format that is one line ended by its newline is ``println``
  of the interpolated text; a format with no newline, or starting with one too, stays ``print``
  (round 42: before, any newline but the last one made it ``print``).
  The overload shown is the one taking one ``String`` (the interpolated text), whatever the number of
  printf arguments.
* ``TimeUnit.SECONDS.convert(n, TimeUnit.MILLISECONDS)`` reads the span back in the receiver's unit:
  ``Duration.toSeconds``.
* Tables: ``UUID.randomUUID()`` has no API (``Random.nextBytes`` to write instead); ``Stream.of(a, b)``
  is the array literal (no call); ``Instant.now()`` is ``DateTime.now()``; a class loader's
  ``getResourceAsStream`` opens a ``File``, as the class's own does.
* ``Integer.toHexString(c)`` of a char is ``UInt32(c).toString(radix: 16)``: a Rune's code is a UInt32.
* Guesses: literal values only one atomic class holds (``running.compareAndSet(false, true)``) are
  evidence enough, and an atomic read-modify-write (``getAndIncrement``) is no bean getter.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.special import ends_with_newline
from cjkb_graph.resolve.streams import framework_streams

from .suggestions import instead_only
from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (r'System.out.printf("key = %s, value = %s\n", key, value)', True),
        ('System.out.printf("total %d%n", n)', True),
        ('System.out.printf("no newline %d", n)', False),
        (r'System.out.format("\nsize %d\n", size)', False),  # a blank line first: two lines
        # round 42: the last line's newline is println's, whatever lines come before (7 labels of 10)
        (r'System.out.printf("a\nb\n")', True),
        ('System.out.printf("avg %d%n%n", a)', True),
        ("System.out.printf(fmt, a)", False),  # no literal format: nothing to read
    ],
)
def test_a_format_that_is_one_line(text: str, line: bool) -> None:
    assert ends_with_newline(text) is line


def test_framework_streams_are_the_variables_assigned_get_writer_or_get_reader() -> None:
    code = (
        "PrintWriter out = response.getWriter();\n"
        "Writer w;\n"
        "w = resp.getWriter();\n"
        "BufferedReader in = request.getReader();\n"
        "PrintWriter mine = new PrintWriter(sw);\n"
    )
    assert framework_streams(code) == {"out": "Writer", "w": "Writer", "in": "Reader"}
    assert framework_streams("PrintWriter pw = new PrintWriter(System.out);") == {}


def test_prints_to_a_response_writer_have_no_api(real_engine: Engine) -> None:
    code = (
        "protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n"
        "  PrintWriter out = response.getWriter();\n"
        '  out.println("<html>");\n'
        '  out.print("x");\n'
        "  out.flush();\n"
        "  BufferedReader body = request.getReader();\n"
        "  String line = body.readLine();\n"
        "}\n"
        "void g(PrintWriter writer) {\n"
        '  writer.println("kept");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ('out.println("<html>")', 'out.print("x")', "out.flush()"):
        s = _sugg(r, text)
        assert not s.candidates, (text, [c.qualname for c in s.candidates])
        assert any("HttpResponseBuilder.body" in n for n in s.notes), s.notes
    read = _sugg(r, "body.readLine()")
    assert not read.candidates and any("HttpRequest.body" in n for n in read.notes), read.notes
    # a PrintWriter handed in as a parameter is no framework's: it keeps its Cangjie writer
    assert _top(_sugg(r, 'writer.println("kept")')) == "std.io.StringWriter.writeln"


def test_printf_of_one_line_is_println_with_one_string(real_engine: Engine) -> None:
    code = (
        "void f(String key, int value, int n) {\n"
        '  System.out.printf("key = %s, value = %s\\n", key, value);\n'
        '  System.err.printf("bad %d%n", n);\n'
        '  System.out.printf("no newline %d", n);\n'
        '  System.out.format("\\nsize %d\\n", n);\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    line = _sugg(r, 'System.out.printf("key = %s, value = %s\\n", key, value)')
    assert _top(line) == "std.core.println"
    assert line.candidates[0].signature == "public func println(str: String): Unit"
    assert _top(_sugg(r, 'System.err.printf("bad %d%n", n)')) == "std.core.eprintln"
    same = _sugg(r, 'System.out.printf("no newline %d", n)')
    assert _top(same) == "std.core.print"
    assert same.candidates[0].signature.startswith("public func print(str: String")
    assert _top(_sugg(r, 'System.out.format("\\nsize %d\\n", n)')) == "std.core.print"


def test_time_unit_convert_reads_the_span_in_the_receivers_unit(real_engine: Engine) -> None:
    code = (
        "void f(long epoch, long n) {\n"
        "  long s = TimeUnit.SECONDS.convert(epoch, TimeUnit.MILLISECONDS);\n"
        "  long m = TimeUnit.MILLISECONDS.convert(n, TimeUnit.NANOSECONDS);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert (
        _top(_sugg(r, "TimeUnit.SECONDS.convert(epoch, TimeUnit.MILLISECONDS)"))
        == "std.core.Duration.toSeconds"
    )
    assert (
        _top(_sugg(r, "TimeUnit.MILLISECONDS.convert(n, TimeUnit.NANOSECONDS)"))
        == "std.core.Duration.toMilliseconds"
    )


def test_round_18_tables(real_engine: Engine) -> None:
    code = (
        "void f(ClassLoader loader, String a, String b) {\n"
        "  String id = UUID.randomUUID().toString();\n"
        "  Stream.of(a, b).forEach(x -> use(x));\n"
        "  Instant t = Instant.now();\n"
        '  InputStream in = loader.getResourceAsStream("a.txt");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert instead_only(_sugg(r, "UUID.randomUUID()")) == "std.random.Random.nextBytes"
    assert instead_only(_sugg(r, "Stream.of(a, b)")) == "std.core.Array"
    assert _top(_sugg(r, "Stream.of(a, b).forEach(x -> use(x))")) == "std.collection.forEach"
    assert _top(_sugg(r, "Instant.now()")) == "std.time.DateTime.now"
    assert _top(_sugg(r, 'loader.getResourceAsStream("a.txt")')) == "std.fs.File"


def test_a_chars_code_in_a_radix_is_uint32(real_engine: Engine) -> None:
    code = (
        "void f(String s, char ch, int i) {\n"
        "  String a = Integer.toHexString(s.charAt(i));\n"
        "  String b = Integer.toString(ch, 16);\n"
        "  String c = Integer.toHexString(i);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "Integer.toHexString(s.charAt(i))")) == "std.convert.UInt32.toString"
    assert _top(_sugg(r, "Integer.toString(ch, 16)")) == "std.convert.UInt32.toString"
    # an int keeps Int64's radix toString
    assert _top(_sugg(r, "Integer.toHexString(i)")) == "std.convert.Int64.toString"


def test_atomic_calls_on_an_unknown_receiver_are_guessed(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        "  if (running.compareAndSet(false, true)) { go(); }\n"
        "  int id = counter.getAndIncrement();\n"
        "  Total t = order.getTotal();\n"
        "  state.compareAndSet(expected, next);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    cas = _sugg(r, "running.compareAndSet(false, true)")
    # the literal values only an AtomicBoolean holds are the evidence; still a guess, said so
    assert _top(cas) == "std.sync.AtomicBool.compareAndSwap"
    assert cas.receiver_source == "guessed" and cas.confidence == "low"
    # an atomic read-modify-write is no bean getter: getAndIncrement is evidence of its own
    assert _top(_sugg(r, "counter.getAndIncrement()")) == "std.sync.AtomicInt64.fetchAdd"
    # a bean getter and values of unknown type are still no evidence
    assert _top(_sugg(r, "order.getTotal()")) is None
    assert _top(_sugg(r, "state.compareAndSet(expected, next)")) is None
