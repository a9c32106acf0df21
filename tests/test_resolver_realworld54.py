"""Issue 12, round 54 (what samples 419-442 showed after their blind scoring): a writer made over
``System.out`` is the console's ``ConsoleWriter``; ``new String(s)`` of a String is no API (a copy of
an immutable value); ``Thread.yield()`` is ``sleep(Duration.Zero)``; a receiver named ``stack`` is guessed a
java.util.Stack; ``toUpperCase(locale)`` of a given Locale is Unicode casing."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_writer_over_system_out_is_the_console(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void solve(int n) throws IOException {\n"
        "  BufferedWriter bw = new BufferedWriter(new OutputStreamWriter(System.out));\n"
        "  PrintWriter out = new PrintWriter(new BufferedOutputStream(System.out));\n"
        '  PrintWriter file = new PrintWriter(new FileWriter("out.txt"));\n'
        "  for (int i = 0; i < n; i++) {\n"
        '    bw.write("Case #" + i);\n'
        "    out.println(i);\n"
        '    out.printf("%d%n", i);\n'
        "    file.println(i);\n"
        "  }\n"
        "  bw.newLine();\n"
        "  bw.flush();\n"
        "  bw.close();\n"
        "  file.close();\n"
        "}\n"
    )
    assert _top(r, 'bw.write("Case #" + i)') == "std.env.ConsoleWriter.write"
    assert _top(r, "out.println(i)") == "std.env.ConsoleWriter.writeln"
    assert _top(r, 'out.printf("%d%n", i)') == "std.env.ConsoleWriter.writeln"
    assert _top(r, "bw.newLine()") == "std.env.ConsoleWriter.writeln"
    assert _top(r, "bw.flush()") == "std.env.ConsoleWriter.flush"
    for made in (
        "new BufferedWriter(new OutputStreamWriter(System.out))",
        "new OutputStreamWriter(System.out)",
        "new PrintWriter(new BufferedOutputStream(System.out))",
    ):
        s = sugg(r, made)
        assert not s.candidates, [c.qualname for c in s.candidates]
        assert any("getStdOut()" in n for n in s.notes), s.notes
    closed = sugg(r, "bw.close()")
    assert not closed.candidates and any("console is not closed" in n for n in closed.notes), closed.notes
    # a writer over a file stays a StringWriter, and is closed
    assert _top(r, "file.println(i)") == "std.io.StringWriter.writeln"
    assert _top(r, "file.close()") == "std.io.StringWriter.close"


def test_a_string_copied_from_a_string_is_no_api(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String f(StringBuilder sb, byte[] data, char[] cs, String id) {\n"
        '  String a = new String("C" + id);\n'
        "  String b = new String(sb.toString());\n"
        "  String c = new String(data);\n"
        "  String d = new String(cs);\n"
        "  return a + b + c + d;\n"
        "}\n"
    )
    for text in ('new String("C" + id)', "new String(sb.toString())"):
        s = sugg(r, text)
        assert not s.candidates, [c.qualname for c in s.candidates]
        assert any("a copy of a String" in n for n in s.notes), s.notes
    assert _top(r, "new String(data)") == "std.core.String.fromUtf8"
    assert _top(r, "new String(cs)") == "std.core.String.init"


def test_thread_yield_is_a_zero_sleep(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve("void f() {\n  while (!done) Thread.yield();\n}\n")
    s = sugg(r, "Thread.yield()")
    assert s.candidates[0].qualname == "std.core.sleep"
    assert any("Duration.Zero" in n for n in s.notes), s.notes


def test_a_receiver_named_stack_is_guessed_a_stack(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Object f(Object g) {\n"
        "  while (stack.size() > 1) { stack.pop(); }\n"
        "  Object top = stack.peek();\n"
        "  undoStack.push(g);\n"
        "  dq.addFirst(g);\n"
        "  return top;\n"
        "}\n"
    )
    # java.util.Stack (ArrayStack) is what code names `stack` most often holds, not a Deque
    assert _top(r, "stack.size()") == "std.collection.ArrayStack.size"
    assert _top(r, "stack.peek()") == "std.collection.ArrayStack.peek"
    assert _top(r, "undoStack.push(g)") == "std.collection.ArrayStack.add"
    assert _top(r, "dq.addFirst(g)") == "std.collection.ArrayDeque.addFirst"


def test_a_string_cased_by_a_given_locale_is_unicode_casing(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String f(String s, Locale locale) {\n"
        "  return s.toUpperCase(locale) + s.toLowerCase(locale) + s.toLowerCase(Locale.ROOT)\n"
        "      + s.toUpperCase(Locale.ENGLISH) + s.toUpperCase();\n"
        "}\n"
    )
    assert _top(r, "s.toUpperCase(locale)") == "std.unicode.String.toUpper"
    assert _top(r, "s.toLowerCase(locale)") == "std.unicode.String.toLower"
    # a fixed locale keeps keys ASCII, as no locale does
    assert _top(r, "s.toLowerCase(Locale.ROOT)") == "std.core.String.toAsciiLower"
    assert _top(r, "s.toUpperCase(Locale.ENGLISH)") == "std.core.String.toAsciiUpper"
    assert _top(r, "s.toUpperCase()") == "std.core.String.toAsciiUpper"
    assert "import std.unicode.*" in r.imports


def test_a_line_reader_around_a_file_reader_is_no_second_reader(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String f(String path, Reader in) throws IOException {\n"
        "  BufferedReader br = new BufferedReader(new FileReader(path));\n"
        "  BufferedReader other = new BufferedReader(in);\n"
        "  return br.readLine() + other.readLine();\n"
        "}\n"
    )
    s = sugg(r, "new BufferedReader(new FileReader(path))")
    assert not s.candidates, [c.qualname for c in s.candidates]
    assert any("around a FileReader" in n for n in s.notes), s.notes
    assert _top(r, "new FileReader(path)") == "std.fs.File.init"
    assert _top(r, "br.readLine()") == "std.io.StringReader.readln"
    # around a Reader the snippet is given, the inner one is the StringReader already
    other = sugg(r, "new BufferedReader(in)")
    assert not other.candidates and not any("FileReader" in n for n in other.notes), other.notes


def test_an_org_json_constructor_of_a_text_parses_it(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "import org.json.*;\n"
        "import java.util.*;\n"
        "class A {\n"
        "  void f(String s, Map<String, Object> m, InputStream stream) {\n"
        "    JSONObject a = new JSONObject(s);\n"
        "    JSONArray b = new JSONArray(inputStreamToString(stream));\n"
        "    JSONObject c = new JSONObject(m);\n"
        "    JSONObject e = new JSONObject();\n"
        "  }\n"
        "}\n"
    )
    assert _top(r, "new JSONObject(s)") == "stdx.encoding.json.JsonValue.fromStr"
    assert _top(r, "new JSONArray(inputStreamToString(stream))") == "stdx.encoding.json.JsonValue.fromStr"
    assert _top(r, "new JSONObject(m)") == "stdx.encoding.json.JsonObject.init"
    # org.json.* is imported on demand: its JSONObject, not fastjson's nor a class of the file's package
    e = sugg(r, "new JSONObject()")
    assert e.receiver_type == "org.json.JSONObject", (e.receiver_source, e.notes)
    assert _top(r, "new JSONObject()") == "stdx.encoding.json.JsonObject.init"


def test_http_url_connection_status_constants_are_http_status_codes(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean f(HttpURLConnection c) throws IOException {\n"
        "  int code = c.getResponseCode();\n"
        "  if (code == HttpURLConnection.HTTP_NO_CONTENT) return false;\n"
        "  return code == HttpURLConnection.HTTP_OK || code == HttpURLConnection.HTTP_MOVED_TEMP;\n"
        "}\n"
    )
    assert _top(r, "HttpURLConnection.HTTP_NO_CONTENT") == "stdx.net.http.HttpStatusCode.STATUS_NO_CONTENT"
    assert _top(r, "HttpURLConnection.HTTP_OK") == "stdx.net.http.HttpStatusCode.STATUS_OK"
    # 302 is "Found" in the HTTP names Cangjie uses
    assert _top(r, "HttpURLConnection.HTTP_MOVED_TEMP") == "stdx.net.http.HttpStatusCode.STATUS_FOUND"
