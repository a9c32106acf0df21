"""Issue 12, round 36: what the labels of samples 235-242 showed.

* ``String.valueOf(x)`` of an argument of unknown type: its name says a fraction (``getRadius()``,
  ``getVDouble()``: ``Float64.toString``) or a flag (``isVBool()``, ``hasNext()``: ``Bool.toString``) as
  well as a number (``m_totalCounter``, an element of ``m_counters``: ``Int64.toString``).
* ``new Annotation(key, value)`` unimported: the JDK's ``Annotation`` is an interface, so the class
  is the project's; ``new ParseException(message)`` too (the JDK's takes two arguments), while
  ``new java.text.ParseException(message, 0)`` stays the JDK's.
* ``System.in.read()`` reads the console: ``ConsoleReader.read``.
* A field given ``take()``/``put()`` is guessed a ``BlockingQueue`` (a ``LinkedBlockingQueue``), not
  the alphabetically first ``ArrayBlockingQueue``.
* A class-path resource's ``url.openStream()`` (``URL u = getClass().getResource(name)``) is a file,
  ``std.fs.File``, as ``getResourceAsStream`` is; another URL's stays an HTTP ``Client.get``.
* A plain ``InputStream``'s ``read()`` is ``InputStream.read`` with a one-byte buffer (test of round
  19).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.guess import argument_kind

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("String.valueOf(circle1.getRadius())", "std.core.Float64"),
        ("String.valueOf(tag.getVDouble())", "std.core.Float64"),
        ("String.valueOf(avg)", "std.core.Float64"),
        ("String.valueOf(tag.isVBool())", "std.core.Bool"),
        ("String.valueOf(it.hasNext())", "std.core.Bool"),
        ("String.valueOf(isEnabled)", "std.core.Bool"),
        ("String.valueOf(tag.getVLong())", "std.core.Int64"),
        ("String.valueOf(m_totalCounter)", "std.core.Int64"),
        ("String.valueOf(m_counters[i])", "std.core.Int64"),
        ("String.valueOf(s.getCtime())", "std.core.Int64"),
        ("String.valueOf(isbn)", ""),  # one word: not the prefix is
        ("String.valueOf(values[i])", ""),
        ("String.valueOf(e.getValue())", ""),
        ("String.valueOf(x.compute())", ""),
    ],
)
def test_an_arguments_name_says_its_kind(text: str, kind: str) -> None:
    assert argument_kind(text) == kind


def test_value_of_a_fraction_or_a_flag_is_its_types_to_string(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Circle circle1, Tag tag) {\n"
        "  String a = String.valueOf(circle1.getRadius());\n"
        "  String b = String.valueOf(tag.isVBool());\n"
        "  String c = String.valueOf(m_counters[i]);\n"
        "  String d = String.valueOf(value);\n"
        "}\n"
    )
    assert _top(r, "String.valueOf(circle1.getRadius())") == "std.core.Float64.toString"
    assert _top(r, "String.valueOf(tag.isVBool())") == "std.core.Bool.toString"
    assert _top(r, "String.valueOf(m_counters[i])") == "std.core.Int64.toString"
    assert _top(r, "String.valueOf(value)") == "std.core.ToString.toString"


def test_a_constructed_jdk_interface_is_the_projects_class(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Annotation f(Tag tag) {\n  return new Annotation(tag.getKey(), tag.getVStr());\n}\n"
    )
    s = _sugg(r, "new Annotation(tag.getKey(), tag.getVStr())")
    assert s.candidates == [] and s.receiver_source == "user", s.receiver_source
    # an anonymous subclass of the interface stays the JDK's
    anon = real_engine.resolver.resolve(
        "void f() {\n  Runnable r = new Runnable() {\n    public void run() {}\n  };\n}\n"
    )
    assert _sugg(anon, "new Runnable()", prefix=True).receiver_source != "user"


def test_a_constructor_the_jdk_class_lacks_is_the_projects(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Command parse(String args) throws ParseException {\n"
        "  if (args.isEmpty()) {\n    throw new ParseException(String.format(FORMAT, USAGE));\n  }\n"
        "  throw new java.text.ParseException(args, 0);\n}\n"
    )
    s = _sugg(r, "new ParseException(String.format(FORMAT, USAGE))")
    assert s.candidates == [] and s.receiver_source == "user", s.receiver_source
    assert _sugg(r, "new java.text.ParseException(args, 0)").receiver_source == "declared"
    jdk = real_engine.resolver.resolve(
        "void f(String s) throws ParseException {\n  throw new ParseException(s, 0);\n}\n"
    )
    assert _sugg(jdk, "new ParseException(s, 0)").receiver_source != "user"


def test_system_in_read_is_the_consoles(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(InputStream in) throws IOException {\n  System.in.read();\n  in.read();\n}\n"
    )
    assert _top(r, "System.in.read()") == "std.env.ConsoleReader.read"
    assert _top(r, "in.read()") != "std.env.ConsoleReader.read"


def test_a_taken_from_field_is_guessed_a_blocking_queue(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void run() throws Exception {\n  Object o = this.waitingQueue.take();\n}\n"
    )
    s = _sugg(r, "this.waitingQueue.take()")
    assert s.receiver_source == "guessed"
    assert _top(r, "this.waitingQueue.take()") == "std.collection.concurrent.LinkedBlockingQueue.remove"


def test_a_class_path_resources_stream_is_a_file(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(URL remote) throws IOException {\n"
        "  URL list = this.getClass().getResource(DATA);\n"
        "  try (InputStream is = list.openStream()) { }\n"
        "  InputStream web = remote.openStream();\n"
        "}\n"
    )
    s = _sugg(r, "list.openStream()")
    assert _top(r, "list.openStream()") == "std.fs.File", [c.qualname for c in s.candidates]
    assert _top(r, "remote.openStream()") == "stdx.net.http.Client.get"
