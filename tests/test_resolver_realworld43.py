"""Issue 12, round 43: what the labels of samples 291-298 showed.

* A getter's value is named by what it gets: ``customer.getName().length()`` is a String's like
  ``name.length()``, ``getLog().info(..)`` a logger's like ``log.info(..)``.
* Calls that tell their type by name and arity: ``x.getBytes()`` (a String's), ``x.isPresent()`` and
  ``x.ifPresent(action)`` (an Optional's).
* ``in.read(..)``: a stream named ``in`` or ``is`` is an InputStream.
* ``Class.isInterface()``/``isEnum()`` are type tests (``info is InterfaceTypeInfo``), no call;
  ``EnumSet.allOf`` cannot be written without listing the constructors; Guava's ``Splitter.on``
  makes no object (as ``Joiner.on``); a zip stream's
  ``write``/``read``/``close`` are the zip entry's, not a deflate stream's.
* ``out.println(..)`` on a PrintStream the snippet is given (not System.out) is a StringWriter's
  ``writeln``, ``print`` its ``write``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_getter_is_named_by_what_it_gets(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Customer customer, Line line) {\n"
        "  int n = customer.getName().length();\n"
        "  char c = line.getText().charAt(0);\n"
        '  getLog().info("skip");\n'
        "  int m = customer.getOrders().length();\n"
        "}\n"
    )
    name = _sugg(r, "customer.getName().length()")
    assert (name.receiver_source, name.candidates[0].qualname) == ("guessed", "std.core.String.size")
    assert _top(r, "line.getText().charAt(0)") == "std.core.String.toRuneArray"
    assert _top(r, 'getLog().info("skip")') == "stdx.log.Logger.info"
    # a getter named for nothing the tables know says nothing: the project's own value
    assert _sugg(r, "customer.getOrders().length()").candidates == []


def test_calls_that_tell_their_type(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Model model) {\n"
        "  byte[] b = getDefaultContent().getBytes();\n"
        "  actual.ifPresent(v -> use(v));\n"
        '  writer.ifPresent("min", model.getMin());\n'
        "}\n"
    )
    bytes_ = _sugg(r, "getDefaultContent().getBytes()")
    assert (bytes_.receiver_source, bytes_.candidates[0].qualname) == ("guessed", "std.core.String.toArray")
    assert _top(r, "actual.ifPresent(v -> use(v))") == "std.core.ifSome"
    # two arguments: no Optional's ifPresent
    assert _sugg(r, 'writer.ifPresent("min", model.getMin())').candidates == []


def test_a_stream_named_in_is_an_input_stream(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "int f(byte[] buffer, int off, int len) throws IOException {\n"
        "  int b = in.read();\n"
        "  return in.read(buffer, off, len);\n"
        "}\n"
    )
    assert _top(r, "in.read()") == "std.io.InputStream.read"
    three = _sugg(r, "in.read(buffer, off, len)")
    assert three.candidates[0].qualname == "std.io.InputStream.read"
    assert any("s.read(b[off..off + len])" in n for n in three.notes)


def test_type_tests_and_zip_streams_are_no_call(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Class<?> clazz, ZipOutputStream zout, ZipInputStream zin, byte[] b) throws IOException {\n"
        "  boolean i = clazz.isInterface();\n"
        "  boolean e = clazz.isEnum();\n"
        "  Set<Op> all = EnumSet.allOf(Op.class);\n"
        "  zout.write(b, 0, 3);\n"
        "  zout.close();\n"
        "  int n = zin.read(b);\n"
        '  String[] parts = Splitter.on(",").splitToList(s);\n'
        "}\n"
    )
    for text in ("clazz.isInterface()", "clazz.isEnum()", "EnumSet.allOf(Op.class)", "zout.write(b, 0, 3)",
                 "zout.close()", "zin.read(b)", 'Splitter.on(",")'):  # fmt: skip
        s = _sugg(r, text)
        assert s.candidates == [], (text, [c.qualname for c in s.candidates])
    assert any("info is InterfaceTypeInfo" in n for n in _sugg(r, "clazz.isInterface()").notes)
    assert any("zip entry" in n for n in _sugg(r, "zout.write(b, 0, 3)").notes)
    # Guava's splitter, as its joiner: no object to make, the separator goes to the split
    assert _top(r, 'Splitter.on(",").splitToList(s)') == "std.core.String.split"


def test_prints_on_a_given_print_stream_are_a_string_writers(real_engine: Engine) -> None:
    code = (
        "void f(PrintStream out, String label) {\n"
        '  out.println("<tr>");\n'
        '  out.printf("<td>%s</td>%n", label);\n'
        "  out.print(label);\n"
        "  PrintStream con = System.out;\n"
        '  con.println("x");\n'
        '  System.out.println("y");\n'
        "}\n"
    )
    # the context rule reaches below the first answers: the same with one answer as with five
    for top_k in (1, 5):
        r = real_engine.resolver.resolve(code, top_k=top_k)
        assert _top(r, 'out.println("<tr>")') == "std.io.StringWriter.writeln"
        assert _top(r, 'out.printf("<td>%s</td>%n", label)') == "std.io.StringWriter.writeln"
        assert _top(r, "out.print(label)") == "std.io.StringWriter.write"
        assert _top(r, 'con.println("x")') == "std.core.println"
        assert _top(r, 'System.out.println("y")') == "std.core.println"
        assert all(len(s.candidates) <= top_k for s in r.suggestions)
