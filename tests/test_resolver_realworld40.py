"""Issue 12, round 40: what the labels of samples 267-274 showed.

* A lambda written for a declared functional interface takes its parameter types from the
  interface's type arguments: ``Function<int[], Double> f = v -> ..`` makes ``v.length`` an array's
  size, ``BiConsumer<List<Integer>, Integer> c = (array, x) -> ..`` makes ``array.get(i)`` a List's.
  So do the lambdas of ``Collections.sort(names, (a, b) -> ..)`` and ``Arrays.sort(arr, ..)`` (the
  first argument's elements) and the collectors' lambdas of ``stream.collect(Collectors.groupingBy(x
  -> ..))`` (the stream's elements; the collected Map is typed too).
* ``x.toString()`` is a String whatever ``x`` is, so the calls on it are a String's.
* A receiver whose start or end is compared with a string literal (``line.trimmed().startsWith("---")``)
  is guessed a String, as one compared with ``equals("x")`` is; a receiver named like a directory is not.
* ``digest.getBytes(StandardCharsets.UTF_8)``: only a String's bytes are taken in a charset.
* ``new URL(..)`` by its argument count: ``(protocol, host, file)`` is the ``URL`` constructor,
  ``(base, spec)`` resolves against the base, ``(spec)`` parses.
* ``instant.atZone(ZoneId.systemDefault())`` is ``DateTime.inLocal()``.
* ``Vector``'s and ``Stack``'s element calls (``lastElement``, ``insertElementAt``..) have rows.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_lambda_parameters_take_the_declared_interfaces_type_arguments(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n"
        "  Function<int[], Double> norm = v -> { return Math.sqrt(v.length); };\n"
        "  BiConsumer<List<Integer>, Integer> drop = (array, x) -> { array.remove(x); };\n"
        "  Comparator<String> byLen = (a, b) -> a.compareToIgnoreCase(b);\n"
        "  IntPredicate even = n -> n % 2 == 0;\n"
        "  Runnable r = () -> items.clear();\n"
        "}\n"
    )
    assert _top(r, "v.length") == "std.core.Array.size"
    assert _sugg(r, "array.remove(x)").receiver_type == "java.util.List"
    assert _sugg(r, "a.compareToIgnoreCase(b)").receiver_type == "java.lang.String"
    # a lambda with no declared interface keeps an unknown parameter
    r2 = real_engine.resolver.resolve("void f() {\n  run(v -> v.length);\n}\n")
    assert _sugg(r2, "v.length").receiver_source == "unknown"


def test_to_string_is_a_string_on_any_receiver(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n  byte[] b = password.toString().getBytes(StandardCharsets.UTF_8);\n"
        "  String t = item.toString().trim();\n}\n"
    )
    s = _sugg(r, "item.toString().trim()")
    assert (s.receiver_source, s.receiver_type) == ("inferred", "java.lang.String")
    assert _top(r, "item.toString().trim()") == "std.core.String.trimAscii"
    assert _top(r, "password.toString().getBytes(StandardCharsets.UTF_8)") == "std.core.String.toArray"


def test_start_or_end_compared_with_a_literal_is_a_string(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean f(YamlLine line) {\n"
        '  boolean a = line.trimmed().startsWith("---");\n'
        '  boolean b = suffix.endsWith(".fifo");\n'
        '  boolean c = dir.startsWith("/tmp");\n'
        "  boolean d = other.startsWith(prefix);\n"
        "  return a;\n}\n"
    )
    s = _sugg(r, 'line.trimmed().startsWith("---")')
    assert (s.receiver_source, s.candidates[0].qualname) == ("guessed", "std.core.String.startsWith")
    assert _top(r, 'suffix.endsWith(".fifo")') == "std.core.String.endsWith"
    assert _sugg(r, 'dir.startsWith("/tmp")').candidates == []  # a directory may be a Path
    assert _sugg(r, "other.startsWith(prefix)").candidates == []  # no literal: nothing tells


def test_get_bytes_in_a_charset_is_a_strings(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n  byte[] a = digest.getBytes(StandardCharsets.UTF_8);\n"
        '  byte[] b = rs.getBytes("col");\n}\n'
    )
    s = _sugg(r, "digest.getBytes(StandardCharsets.UTF_8)")
    assert (s.receiver_source, s.candidates[0].qualname) == ("guessed", "std.core.String.toArray")
    assert _sugg(r, 'rs.getBytes("col")').candidates == []  # a ResultSet's column, a project's getter


def test_url_constructors_by_argument_count(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "import java.net.URL;\nvoid f(URL base, String path) throws Exception {\n"
        '  URL a = new URL("file", null, path);\n  URL b = new URL(base, "x");\n'
        '  URL c = new URL("http://h/x");\n}\n'
    )
    assert _top(r, 'new URL("file", null, path)') == "stdx.encoding.url.URL.init"
    assert _top(r, 'new URL(base, "x")') == "stdx.encoding.url.URL.resolveURL"
    assert _top(r, 'new URL("http://h/x")') == "stdx.encoding.url.URL.parse"


def test_at_zone_of_the_system_zone_is_in_local(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "import java.time.*;\nvoid f(Instant i) {\n"
        "  ZonedDateTime a = i.atZone(ZoneId.systemDefault());\n"
        '  ZonedDateTime b = i.atZone(ZoneId.of("Asia/Tokyo"));\n}\n'
    )
    assert _top(r, "i.atZone(ZoneId.systemDefault())") == "std.time.DateTime.inLocal"
    assert _top(r, 'i.atZone(ZoneId.of("Asia/Tokyo"))') == "std.time.DateTime.inTimeZone"


def test_vector_and_stack_element_calls(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "import java.util.*;\nvoid f(Vector<String> v, Stack<String> st) {\n"
        '  String a = v.lastElement();\n  v.insertElementAt("x", 0);\n  String b = st.lastElement();\n'
        "  String c = st.firstElement();\n}\n"
    )
    assert _top(r, "v.lastElement()") == "std.collection.ArrayList.last"
    assert _top(r, 'v.insertElementAt("x", 0)') == "std.collection.ArrayList.add"
    assert _top(r, "st.lastElement()") == "std.collection.ArrayStack.peek"
    s = _sugg(r, "st.firstElement()")
    assert s.candidates == [] and any("No index access" in n for n in s.notes)


def test_comparator_and_collector_lambdas_take_the_elements(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(List<String> names, String[] arr) {\n"
        "  Collections.sort(names, (a, b) -> a.compareToIgnoreCase(b));\n"
        "  Arrays.sort(arr, (x, y) -> x.compareTo(y));\n"
        "  names.stream().collect(Collectors.groupingBy(n -> n.length())).forEach((k, v) -> v.size());\n"
        "  run(names, (p, q) -> p.compareTo(q));\n"
        "}\n"
    )
    assert _sugg(r, "a.compareToIgnoreCase(b)").receiver_type == "java.lang.String"
    assert _sugg(r, "x.compareTo(y)").receiver_type == "java.lang.String"
    assert _top(r, "n.length()") == "std.core.String.size"
    assert _sugg(r, "v.size()").receiver_type == "java.util.List"  # groupingBy's Map<Integer, List<String>>
    assert _sugg(r, "p.compareTo(q)").receiver_source == "unknown"  # a project method's lambda says nothing
