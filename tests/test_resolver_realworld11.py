"""Issue 12, round 11: what a call's other argument and the collector it is given say.

* ``Objects.equals(x, "a")``: the operands of ``==`` are one type, so a String on either side makes
  it ``String.==`` (before, only the first argument's type was read).
* ``s.collect(Collectors.toSet())``: the collector says which collector function ends the pipeline
  (``collectHashSet``, ``collectString`` for ``joining``, ``collectHashMap`` for Guava's
  ``toImmutableMap``); the ``Collectors.toSet()`` passed to it goes with it (no candidate of its own).
* ``method.getGenericReturnType()`` / ``field.getGenericType()``: the declared type's TypeInfo.
* ``br = new BufferedReader(new InputStreamReader(System.in))``: the console, ``getStdIn()``; the
  wrappers go with it and ``br.readLine()`` is ``ConsoleReader.readln``.
* ``Duration.of(n, ChronoUnit.MILLIS)``: the unit constant, ``Duration.millisecond``.
* A receiver's name hints at its type by its head noun, the last words: ``nodeList`` is a List,
  ``tokenListDecls`` is not.
* A guess needs a JDK overload of the call's arity (``javap`` facts): no ``Writer.write`` takes four
  arguments; ``invoke`` alone names no ``Method`` (filters and invokers have their own).
* ``e.printStackTrace(pw)``: Cangjie prints a stack trace only to stderr, so the trace is read with
  ``getStackTrace()`` and written to the writer.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_a_string_operand_on_either_side_is_string_equality(real_engine: Engine) -> None:
    code = (
        "class A { boolean f(Node n, String name) {\n"
        ' boolean a = Objects.equals(n.fullName(), "java.lang.Object");\n'
        " boolean b = Objects.equals(name, n.other);\n"
        " return Objects.equals(n.left, n.right); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, 'Objects.equals(n.fullName(), "java.lang.Object")')) == "std.core.String.=="
    assert _top(_sugg(r, "Objects.equals(name, n.other)")) == "std.core.String.=="
    assert _sugg(r, "Objects.equals(n.left, n.right)").candidates == []  # no known operand: `==`, said


def test_the_collector_picks_the_collect_function_and_goes_with_it(real_engine: Engine) -> None:
    code = (
        "import java.util.*; import java.util.stream.*;\n"
        "class A { void f(List<String> names) {\n"
        " Set<String> s = names.stream().collect(Collectors.toSet());\n"
        ' String j = names.stream().collect(Collectors.joining(", "));\n'
        " List<String> l = names.stream().collect(Collectors.toList());\n"
        " Map<String, String> m = names.stream().collect(toImmutableMap(x -> x, x -> x));\n"
        " Map<Integer, List<String>> g = names.stream().collect(Collectors.groupingBy(String::length)); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "names.stream().collect(Collectors.toSet())")) == "std.collection.collectHashSet"
    assert (
        _top(_sugg(r, 'names.stream().collect(Collectors.joining(", "))')) == "std.collection.collectString"
    )
    assert _top(_sugg(r, "names.stream().collect(Collectors.toList())")) == "std.collection.collectArrayList"
    assert (
        _top(_sugg(r, "names.stream().collect(toImmutableMap(x -> x, x -> x))"))
        == "std.collection.collectHashMap"
    )
    for inner in ("Collectors.toSet()", 'Collectors.joining(", ")', "Collectors.toList()"):
        sug = _sugg(r, inner)
        assert sug.candidates == [], inner
        assert any("passed to collect" in n for n in sug.notes), sug.notes
    # groupingBy has no collector function: the collect call keeps the curated note, the loop
    grouping = _sugg(r, "names.stream().collect(Collectors.groupingBy(String::length))")
    assert _top(grouping) != "std.collection.collectHashSet"


def test_generic_reflection_reads_are_the_declared_types_info(real_engine: Engine) -> None:
    code = (
        "import java.lang.reflect.*;\n"
        "class A { Object f(Method m, Field f) {\n"
        " Type t = m.getGenericReturnType();\n"
        " return f.getGenericType(); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "m.getGenericReturnType()")) == "std.reflect.InstanceFunctionInfo.returnType"
    assert _top(_sugg(r, "f.getGenericType()")) == "std.reflect.InstanceVariableInfo.typeInfo"


def test_a_reader_over_system_in_is_the_console(real_engine: Engine) -> None:
    code = (
        "import java.io.*;\n"
        "class A { public static void main(String[] args) throws IOException {\n"
        " BufferedReader br = new BufferedReader(new InputStreamReader(System.in));\n"
        " String s = br.readLine();\n"
        " BufferedReader file = new BufferedReader(new FileReader(args[0]));\n"
        " String t = file.readLine(); } }"
    )
    r = real_engine.resolve(code)
    for wrapper in (
        "new InputStreamReader(System.in)",
        "new BufferedReader(new InputStreamReader(System.in))",
    ):
        sug = _sugg(r, wrapper)
        assert sug.candidates == [], wrapper
        assert any("getStdIn" in n for n in sug.notes), sug.notes
    assert _top(_sugg(r, "System.in")) == "std.env.getStdIn"
    assert _top(_sugg(r, "br.readLine()")) == "std.env.ConsoleReader.readln"
    assert _top(_sugg(r, "file.readLine()")) == "std.io.StringReader.readln"  # a file's reader stays one


def test_duration_of_takes_its_unit_from_the_chrono_unit(real_engine: Engine) -> None:
    code = (
        "import java.time.*; import java.time.temporal.ChronoUnit;\n"
        "class A { void f() {\n"
        " Duration a = Duration.of(1000, ChronoUnit.MILLIS);\n"
        " Duration b = Duration.of(3, ChronoUnit.DAYS); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "Duration.of(1000, ChronoUnit.MILLIS)")) == "std.core.Duration.millisecond"
    assert _top(_sugg(r, "Duration.of(3, ChronoUnit.DAYS)")) == "std.core.Duration.day"


def test_a_receivers_head_noun_names_its_type(real_engine: Engine) -> None:
    code = "class A { void f(Decl d, Node n) {\n tokenListDecls.add(d);\n nodeList.add(n); } }"
    r = real_engine.resolve(code)
    assert _sugg(r, "tokenListDecls.add(d)").candidates == []  # declarations (of token lists), no list
    assert _top(_sugg(r, "nodeList.add(n)")) == "std.collection.ArrayList.add"


def test_jdk_arity_facts_read_varargs_and_inherited_overloads() -> None:
    from cjkb_graph.java import jdk_takes

    assert jdk_takes("java.io.Writer", "write", 3) is True
    assert jdk_takes("java.io.Writer", "write", 4) is False
    assert jdk_takes("java.io.FileWriter", "write", 1) is True  # inherited from Writer
    assert jdk_takes("java.lang.String", "format", 1) is True  # format(String, Object...)
    assert jdk_takes("java.lang.String", "format", 7) is True
    assert jdk_takes("java.lang.String", "format", 0) is False
    assert jdk_takes("java.lang.String", "noSuchMethod", 1) is None
    assert jdk_takes("java.io.Writer", "write", -1) is None  # a method reference: the count is unknown


def test_a_guess_needs_a_jdk_overload_of_that_arity_and_invoke_is_a_common_name(real_engine: Engine) -> None:
    code = (
        "class A { void f(Out output, Key key, File file, Node next, Call call) {\n"
        ' fileWriter.write(output, "--", key, file);\n'
        ' stringWriter.write("x");\n'
        " filter.invoke(next, call); } }"
    )
    r = real_engine.resolve(code)
    assert _sugg(r, 'fileWriter.write(output, "--", key, file)').candidates == []  # no JDK write takes 4
    assert (
        _top(_sugg(r, 'stringWriter.write("x")')) == "std.core.StringBuilder.append"
    )  # a StringWriter builds a String
    assert _sugg(r, "filter.invoke(next, call)").candidates == []  # a filter's own invoke, no Method


def test_a_stack_trace_printed_to_a_writer_is_read_with_get_stack_trace(real_engine: Engine) -> None:
    code = (
        "class A { void f(Exception e, PrintWriter pw) {\n e.printStackTrace(pw);\n e.printStackTrace(); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "e.printStackTrace(pw)")) == "std.core.Exception.getStackTrace"
    assert _top(_sugg(r, "e.printStackTrace()")) == "std.core.Exception.printStackTrace"


def test_an_approximate_mapping_of_a_static_call_is_medium_confidence(real_engine: Engine) -> None:
    code = (
        "import java.util.*;\n"
        "class A { void f(String[] a, int x, int y, StringBuilder sb) {\n"
        " List<String> l = Arrays.asList(a);\n"
        " int m = Math.max(x, y);\n"
        " sb.append(x); } }"
    )
    r = real_engine.resolve(code)
    as_list = _sugg(r, "Arrays.asList(a)")
    assert (as_list.receiver_source, as_list.confidence) == ("static", "medium")
    assert as_list.candidates  # still answered: the confidence says how far to trust it
    assert _sugg(r, "Math.max(x, y)").confidence == "high"  # an exact mapping
    assert _sugg(r, "sb.append(x)").confidence == "high"  # approximate, but on a declared receiver


def test_a_nested_type_of_another_outer_class_is_not_the_tables_one(real_engine: Engine) -> None:
    code = (
        "import org.mybatis.generator.api.MyBatisGenerator;\n"
        "import java.util.Map;\n"
        "class A { void f(Map<String, Integer> m) {\n"
        " MyBatisGenerator g = new MyBatisGenerator.Builder().build();\n"
        " for (Map.Entry<String, Integer> e : m.entrySet()) { String k = e.getKey(); } } }"
    )
    r = real_engine.resolve(code)
    assert _sugg(r, "new MyBatisGenerator.Builder()").candidates == []  # no HttpClient.Builder
    assert _sugg(r, "e.getKey()").receiver_source in ("declared", "inferred")  # Map.Entry still is Map's
