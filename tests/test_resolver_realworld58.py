"""Issue 12, round 58 (what samples 627-650 showed after their blind scoring): a Scanner over a file
reads words, a reading of the clock measured against a stored time is a date's, ``findAny`` is
``findFirst``, an in-memory stream's ``close()`` is dropped, a chained getter's number is an Int64,
a console only written to is the console's output, a byte order kept as a value is an ``Endian``."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg, top_of

pytestmark = pytest.mark.corpus


def _first_for(engine: Engine, code: str, text: str) -> str | None:
    """The first answer for the call ``text`` in ``code`` (a snippet of its own)."""
    return top_of(engine.resolver.resolve(code), text)


def test_next_on_a_scanner_over_a_file_is_the_next_word_not_a_console_line(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void read(String path) throws Exception {\n"
        "  Scanner input = new Scanner(new File(path));\n"
        "  String word = input.next();\n"
        "  String line = input.nextLine();\n"
        "  Scanner in = new Scanner(System.in);\n"
        "  String typed = in.next();\n"
        "}\n"
    )
    assert top_of(r, "input.next()") == "std.core.Iterator.next"
    assert top_of(r, "input.nextLine()") == "std.io.StringReader.readln"
    # the console's next() is still a line the user typed
    assert top_of(r, "in.next()") == "std.env.ConsoleReader.readln"


def test_the_clock_measured_against_a_stored_time_is_a_date_not_a_stopwatch(real_engine: Engine) -> None:
    def clock(code: str) -> str | None:
        return _first_for(real_engine, code, "System.currentTimeMillis()")

    # a time another object keeps (a lease's expiry, a post's last access) was stored: a wall clock's
    assert (
        clock("long left(Lease lease) {\n  return lease.getExpiration() - System.currentTimeMillis();\n}\n")
        == "std.time.DateTime.now"
    )
    assert (
        clock("long age(Post post) {\n  return System.currentTimeMillis() - post.getAccessTime();\n}\n")
        == "std.time.DateTime.now"
    )
    # joined into text it is a stamp
    assert clock('String mail(String a) {\n  return a + System.currentTimeMillis() + "@x.org";\n}\n') == (
        "std.time.DateTime.now"
    )
    # against the snippet's own reading, or the object's own field, it measures a span
    assert clock("long took(long start) {\n  return System.currentTimeMillis() - start;\n}\n") == (
        "std.time.MonoTime.now"
    )
    assert clock("boolean idle() {\n  return System.currentTimeMillis() - this.lastUsed > 5000;\n}\n") == (
        "std.time.MonoTime.now"
    )


def test_find_any_is_the_pipelines_first_as_find_first_is(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Optional<Customer> any(List<Customer> custList, int id) {\n"
        "  Optional<Customer> a = custList.stream().filter(c -> c.getId() == id).findAny();\n"
        "  return custList.stream().filter(c -> c.getId() == id).findFirst();\n"
        "}\n"
    )
    assert top_of(r, "custList.stream().filter(c -> c.getId() == id).findAny()") == "std.collection.first"
    assert top_of(r, "custList.stream().filter(c -> c.getId() == id).findFirst()") == "std.collection.first"


def test_closing_an_in_memory_stream_is_dropped(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "byte[] bytes(Thing t) throws IOException {\n"
        "  ByteArrayOutputStream baos = new ByteArrayOutputStream();\n"
        '  FileOutputStream out = new FileOutputStream("t.bin");\n'
        "  baos.write(t.data());\n"
        "  baos.close();\n"
        "  out.close();\n"
        "  return baos.toByteArray();\n"
        "}\n"
    )
    s = sugg(r, "baos.close()")
    assert not s.candidates, [c.qualname for c in s.candidates]
    assert any("holds no resource" in n for n in s.notes), s.notes
    # a file's stream is still closed
    assert top_of(r, "out.close()") == "std.fs.File.close"


def test_value_of_a_chained_getters_count_is_an_int64s_to_string(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String label(Shopkeeper shopkeeper) {\n"
        "  String a = String.valueOf(shopkeeper.getContainers().size());\n"
        "  return a + String.valueOf(shopkeeper.getOwner().getName());\n"
        "}\n"
    )
    assert top_of(r, "String.valueOf(shopkeeper.getContainers().size())") == "std.core.Int64.toString"
    # a name that says nothing about a number keeps the general toString
    assert top_of(r, "String.valueOf(shopkeeper.getOwner().getName())") == "std.core.ToString.toString"


def test_gson_reads_a_float_as_a_json_float(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Point point(JsonObject obj) {\n"
        '  return new Point(obj.get("x").getAsFloat(), obj.get("y").getAsBigDecimal());\n'
        "}\n"
    )
    assert top_of(r, 'obj.get("x").getAsFloat()') == "stdx.encoding.json.JsonValue.asFloat"
    assert top_of(r, 'obj.get("y").getAsBigDecimal()') == "std.math.numeric.Decimal.parse"


def test_a_console_only_written_to_is_the_consoles_output(real_engine: Engine) -> None:
    def console(code: str) -> str | None:
        return _first_for(real_engine, code, "System.console()")

    writes = (
        "void space(File root) {\n"
        "  Console console = System.console();\n"
        '  console.printf("%s has %,d free%n", root.getPath(), root.getUsableSpace());\n'
        "}\n"
    )
    assert console(writes) == "std.env.getStdOut"
    # one that reads a line is the console's input, whatever it also prints
    reads = (
        "String ask() {\n"
        "  Console console = System.console();\n"
        '  String name = console.readLine("Enter your name: ");\n'
        '  console.printf("Hello, %s!%n", name);\n'
        "  return name;\n"
        "}\n"
    )
    assert console(reads) == "std.env.getStdIn"
    # a String.format beside a console that is only tested is no write to the console
    tested = (
        "String banner(int n) {\n"
        "  if (System.console() == null) {\n"
        '    return String.format("%d lines", n);\n'
        "  }\n"
        '  return "";\n'
        "}\n"
    )
    assert console(tested) == "std.env.getStdIn"


def test_a_byte_order_kept_as_a_value_is_an_endian(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Signal signal(String name) {\n"
        "  ByteOrder order = ByteOrder.LITTLE_ENDIAN;\n"
        "  boolean same = order == ByteOrder.nativeOrder();\n"
        "  return new Signal(name, order, same);\n"
        "}\n"
    )
    assert top_of(r, "ByteOrder.LITTLE_ENDIAN") == "std.core.Endian.Little"
    assert top_of(r, "ByteOrder.nativeOrder()") == "std.core.Endian.Platform"
