"""Issue 12, round 33 (started): what the labels of samples 211-218 showed.

* ``new GregorianCalendar()`` without arguments is the current date and time, ``DateTime.now``;
  with a date it stays ``DateTime.of``.
* A type a catch clause names is a throwable whatever its name ends with (``MyException2``): its
  ``printStackTrace()`` and ``getMessage()`` are ``Exception``'s; other calls on it stay user code.
* ``System.out`` or ``System.err`` handed to ``e.printStackTrace(..)`` has no API: Cangjie's
  ``printStackTrace()`` takes no stream. Elsewhere (``PrintStream out = System.out``) it stays
  ``getStdOut()``.
* ``TimeZone.getTimeZone("UTC")`` and ``ZoneId.of("UTC")`` are the constant ``TimeZone.UTC``; another
  zone id stays ``TimeZone.load``.
* A ``System.currentTimeMillis()`` kept in a stopwatch's name (``startTime = ..``, ``this.lastUsed
  = ..``) is ``MonoTime.now``; a stamp (``createdAt = ..``) stays ``DateTime.now``.
* Scanner's other token readers (``nextFloat``, ``nextBoolean``) parse a token like ``nextInt``.
* Table gaps: Jackson's JsonGenerator / JsonNode / ObjectMapper and Gson's tree (stdx.encoding.json),
  ``java.sql.Statement`` written bare, ``X509Certificate``, ``WeakReference``, ``URL.getFile``. A
  project's own ``Statement`` (a call JDBC's has not) stays user code.
* ``cls.getDeclaredMethod(..)`` whose method is invoked with ``invoke(null, ..)`` looks up a static
  function.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_gregorian_calendar_without_arguments_is_now(real_engine: Engine) -> None:
    code = "void f() {\n  Calendar c = new GregorianCalendar();\n  Calendar d = new GregorianCalendar(1988, 1, 5);\n}\n"
    r = real_engine.resolver.resolve(code)
    assert _top(r, "new GregorianCalendar()") == "std.time.DateTime.now"
    assert _top(r, "new GregorianCalendar(1988, 1, 5)") == "std.time.DateTime.of"


def test_a_caught_project_type_has_the_members_of_a_throwable(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        "  try {\n    g();\n  } catch(MyException2 e) {\n"
        "    e.printStackTrace();\n    log(e.getMessage());\n    e.val();\n  }\n"
        "  Holder2 h = make();\n  h.printStackTrace();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "e.printStackTrace()") == "std.core.Exception.printStackTrace"
    assert _top(r, "e.getMessage()") == "std.core.Exception.message"
    for text in ("e.val()", "h.printStackTrace()"):  # not a throwable member; not a caught type
        s = _sugg(r, text)
        assert s.receiver_source == "user" and s.candidates == [], (text, s.receiver_source)


def test_the_stream_handed_to_print_stack_trace_has_no_api(real_engine: Engine) -> None:
    code = (
        "void f(PrintStream p) {\n"
        "  try {\n    g();\n  } catch (IOException e) {\n    e.printStackTrace(System.out);\n  }\n"
        "  try {\n    g();\n  } catch (IOException e) {\n    e.printStackTrace(System.err);\n  }\n"
        "  PrintStream out = System.out;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    by_line = {(s.call.line, s.call.text): s for s in r.suggestions if s.call}
    for line, text in ((5, "System.out"), (10, "System.err")):
        s = by_line[(line, text)]
        assert s.candidates == [] and any("printStackTrace() takes none" in n for n in s.notes), (
            line,
            s.notes,
        )
    assert by_line[(12, "System.out")].candidates[0].qualname == "std.env.getStdOut"
    assert _top(r, "e.printStackTrace(System.out)") == "std.core.Exception.printStackTrace"


def test_the_utc_zone_is_a_constant(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        '  TimeZone a = TimeZone.getTimeZone("UTC");\n'
        '  TimeZone b = TimeZone.getTimeZone("GMT");\n'
        '  ZoneId c = ZoneId.of("UTC");\n'
        '  TimeZone d = TimeZone.getTimeZone("Asia/Shanghai");\n'
        '  ZoneId e = ZoneId.of("Europe/Paris");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ('TimeZone.getTimeZone("UTC")', 'TimeZone.getTimeZone("GMT")', 'ZoneId.of("UTC")'):
        assert _top(r, text) == "std.time.TimeZone.UTC", text
    for text in ('TimeZone.getTimeZone("Asia/Shanghai")', 'ZoneId.of("Europe/Paris")'):
        assert _top(r, text) == "std.time.TimeZone.load", text


def test_a_clock_reading_kept_in_a_stopwatch_name_is_monotonic(real_engine: Engine) -> None:
    for line, want in (
        ("long startTime = System.currentTimeMillis();", "std.time.MonoTime.now"),
        ("this.lastUsed = System.currentTimeMillis();", "std.time.MonoTime.now"),
        ("begin.set(System.currentTimeMillis());", "std.time.MonoTime.now"),
        ("item.createdAt = System.currentTimeMillis();", "std.time.DateTime.now"),
        ("this.lastModified = System.currentTimeMillis();", "std.time.DateTime.now"),
    ):
        r = real_engine.resolver.resolve("void f() {\n  " + line + "\n}\n")
        assert _top(r, "System.currentTimeMillis()") == want, line


def test_scanner_token_readers_parse_the_token(real_engine: Engine) -> None:
    code = "void f(Scanner in) {\n  float x = in.nextFloat();\n  boolean b = in.nextBoolean();\n}\n"
    r = real_engine.resolver.resolve(code)
    assert _top(r, "in.nextFloat()") == "std.convert.Float32.parse"
    assert _top(r, "in.nextBoolean()") == "std.convert.Bool.parse"


def test_json_libraries_and_other_table_gaps(real_engine: Engine) -> None:
    code = (
        "void f(JsonGenerator gen, JsonNode node, Statement stmt, X509Certificate cert, URL u) throws Exception {\n"
        "  gen.writeStartObject();\n"
        '  gen.writeStringField("name", name);\n'
        '  String t = node.get("x").asText();\n'
        '  int n = stmt.executeUpdate("delete from t");\n'
        "  Date d = cert.getNotAfter();\n"
        "  Object v = new WeakReference<>(o).get();\n"
        '  json.addProperty("a", 1);\n'
        "  String file = u.getFile();\n"
        "}\n"
        "void g(JsonObject json) {}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text, want in (
        ("gen.writeStartObject()", "stdx.encoding.json.stream.JsonWriter.startObject"),
        ('gen.writeStringField("name", name)', "stdx.encoding.json.stream.JsonWriter.writeValue"),
        ('node.get("x")', "stdx.encoding.json.JsonObject.get"),
        ('node.get("x").asText()', "stdx.encoding.json.JsonValue.asString"),
        ('stmt.executeUpdate("delete from t")', "std.database.sql.Statement.update"),
        ("cert.getNotAfter()", "stdx.crypto.x509.X509Certificate.notAfter"),
        ("new WeakReference<>(o).get()", "std.ref.WeakRef.value"),
        ("u.getFile()", "stdx.encoding.url.URL.path"),
    ):
        assert _top(r, text) == want, text
    own = real_engine.resolver.resolve(
        "Statement f(Statement base) {\n  base.execute();\n  return new Statement() {\n"
        "    public void evaluate() throws Throwable {\n      base.evaluate();\n    }\n  };\n}\n"
    )
    for text in ("base.evaluate()", "base.execute()", "new Statement()"):  # JUnit's Statement, not JDBC's
        assert _sugg(own, text).receiver_source == "user", text
    # verify(..) alone is a project's verb as often as X509Certificate's: no guess
    guess = real_engine.resolver.resolve(
        "void f(byte[] sig, byte[] data) {\n  verifier.verify(sig, data);\n}\n"
    )
    assert _sugg(guess, "verifier.verify(sig, data)").candidates == []


def test_a_method_invoked_without_an_instance_is_looked_up_as_static(real_engine: Engine) -> None:
    code = (
        "Object f(Class<?> clazz, Object target) throws Exception {\n"
        '  Method m = clazz.getDeclaredMethod("getAgentProperties");\n'
        "  Object props = m.invoke(null);\n"
        '  Object x = clazz.getDeclaredMethod("run").invoke(null, 1);\n'
        '  Method w = clazz.getMethod("write", String.class);\n'
        '  return w.invoke(target, "a");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ('clazz.getDeclaredMethod("getAgentProperties")', 'clazz.getDeclaredMethod("run")'):
        assert _top(r, text) == "std.reflect.TypeInfo.getStaticFunction", text
    assert _top(r, 'clazz.getMethod("write", String.class)') == "std.reflect.TypeInfo.getInstanceFunction"
