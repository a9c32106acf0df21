"""Issue 12, round 23: what the labels of samples 131-138 (and the development sets before them) showed.

* ``cal.get(Calendar.YEAR)`` is ``dt.year`` and ``cal.add(Calendar.MONTH, n)`` is ``dt.addMonths(n)``:
  the field constant says the member; the constant itself has no API (the call answers for it).
  ``cal.getTime()`` and ``cal.clone()`` have none either (the value is the DateTime).
* ``Collections.swap(list, i, j)`` swaps by index (``ArrayList.[]``): only an Array has ``swap``.
* ``new PrintStream(stream)`` is a ``StringWriter`` over the stream, never the console.
* ``s.split("")`` splits into characters: ``String.runes`` first.
* ``path.toFile()`` has no API: a ``java.io.File`` is a ``Path`` in Cangjie too (as ``toPath()``).
* ``release()``/``acquire()`` alone are no evidence of a ``Semaphore``: projects name their own so.
* The ``e`` of several catch clauses has each clause's own type, and a throwable without a row of
  its own (``UnsatisfiedLinkError``, ``ZipException``, the project's ``AppException``) answers its
  ``Throwable`` members (``getMessage``, ``printStackTrace``) with its base's; its own are user code.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus

_DT = "std.time.DateTime"


def test_calendar_field_says_the_member(real_engine: Engine) -> None:
    code = (
        "boolean f(Calendar test, Calendar p) {\n"
        "  test.set(Calendar.MILLISECOND, 0);\n"
        "  Calendar c = (Calendar) test.clone();\n"
        "  p.add(Calendar.MONTH, 2);\n"
        "  p.add(Calendar.DATE, -1);\n"
        "  Date d = test.getTime();\n"
        "  return p.get(Calendar.YEAR) == test.get(Calendar.DAY_OF_WEEK);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    first = {
        t: (_sugg(r, t).candidates or [None])[0]
        for t in (
            "p.add(Calendar.MONTH, 2)",
            "p.add(Calendar.DATE, -1)",
            "p.get(Calendar.YEAR)",
            "test.get(Calendar.DAY_OF_WEEK)",
            "test.set(Calendar.MILLISECOND, 0)",
        )
    }
    assert {t: c.qualname for t, c in first.items() if c is not None} == {
        "p.add(Calendar.MONTH, 2)": f"{_DT}.addMonths",
        "p.add(Calendar.DATE, -1)": f"{_DT}.addDays",
        "p.get(Calendar.YEAR)": f"{_DT}.year",
        "test.get(Calendar.DAY_OF_WEEK)": f"{_DT}.dayOfWeek",
        "test.set(Calendar.MILLISECOND, 0)": f"{_DT}.of",
    }
    for text in ("Calendar.YEAR", "Calendar.MONTH", "Calendar.MILLISECOND", "test.getTime()", "test.clone()"):
        s = _sugg(r, text)
        assert s.candidates == [], (text, [c.qualname for c in s.candidates])
    assert any("field number" in n for n in _sugg(r, "Calendar.YEAR").notes)


def test_collections_swap_is_by_index(real_engine: Engine) -> None:
    code = "void f(List<String> xs, int a, int b) {\n  Collections.swap(xs, a, b);\n}\n"
    s = _sugg(real_engine.resolver.resolve(code), "Collections.swap(xs, a, b)")
    assert [c.qualname for c in s.candidates[:2]] == ["std.collection.ArrayList.[]", "std.core.Array.swap"]
    assert s.candidates[0].signature.startswith("public operator func [](index: Int64, value!: T)")


def test_print_stream_over_a_stream_is_a_writer(real_engine: Engine) -> None:
    code = 'void f(FileOutputStream fos) {\n  PrintStream ps = new PrintStream(fos, false, "UTF-8");\n}\n'
    s = _sugg(real_engine.resolver.resolve(code), 'new PrintStream(fos, false, "UTF-8")')
    assert s.candidates[0].qualname == "std.io.StringWriter.init"


def test_release_alone_is_no_semaphore(real_engine: Engine) -> None:
    code = "void f() {\n  factory.release();\n  pool.acquire();\n  semaphore.release();\n}\n"
    r = real_engine.resolver.resolve(code)
    assert _sugg(r, "factory.release()").candidates == []
    assert _sugg(r, "pool.acquire()").candidates == []
    sem = _sugg(r, "semaphore.release()")
    assert (sem.receiver_source, sem.candidates[0].qualname) == ("guessed", "std.sync.Semaphore.release")


def test_each_catch_clause_types_its_own_parameter(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        "  try { g(); }\n"
        "  catch (UnsatisfiedLinkError e) {\n"
        "    e.printStackTrace();\n"
        "  }\n"
        "  catch (IOException e) {\n"
        "    String m = e.getMessage();\n"
        "  }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    err = _sugg(r, "e.printStackTrace()")
    assert (err.receiver_source, err.candidates[0].qualname) == ("declared", "std.core.Error.printStackTrace")
    assert _sugg(r, "e.getMessage()").candidates[0].qualname == "std.core.Exception.message"


def test_unmapped_jdk_exception_uses_its_base(real_engine: Engine) -> None:
    code = (
        "import java.util.zip.ZipException;\n"
        "class A {\n"
        "  String f() {\n"
        "    try { return g(); }\n"
        "    catch (ZipException e) { return e.getMessage(); }\n"
        "    catch (MyAppException e) { return e.getCode(); }\n"
        "  }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _sugg(r, "e.getMessage()").candidates[0].qualname == "std.core.Exception.message"
    own = _sugg(r, "e.getCode()")
    assert own.receiver_source == "user" and own.candidates == []


def test_project_exception_throwable_members(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        "  try { g(); }\n"
        "  catch (CannotSubtractException e) {\n"
        "    log(e.getMessage());\n"
        "    e.printStackTrace();\n"
        "  }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    msg = _sugg(r, "e.getMessage()")
    assert (msg.receiver_source, msg.candidates[0].qualname) == ("declared", "std.core.Exception.message")
    assert _sugg(r, "e.printStackTrace()").candidates[0].qualname == "std.core.Exception.printStackTrace"


def test_to_file_is_the_path_itself(real_engine: Engine) -> None:
    code = (
        "void f(Path home) {\n"
        '  File f = home.resolve("lib").toFile();\n'
        "  Files.walk(home).map(Path::toFile).forEach(File::delete);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ('home.resolve("lib").toFile()', "Path::toFile"):
        s = _sugg(r, text)
        assert s.candidates == [] and any("std.fs.Path" in n for n in s.notes), (text, s.notes)


def test_split_on_the_empty_string_is_runes(real_engine: Engine) -> None:
    code = 'void f(String str) {\n  String[] cs = str.split("");\n  String[] ws = str.split(" ");\n}\n'
    r = real_engine.resolver.resolve(code)
    assert _sugg(r, 'str.split("")').candidates[0].qualname == "std.core.String.runes"
    assert _sugg(r, 'str.split(" ")').candidates[0].qualname == "std.core.String.split"
