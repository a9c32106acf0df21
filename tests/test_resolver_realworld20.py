"""Issue 12, round 20: what the labels of samples 107-114 (and the development sets before them) showed.

* ``new Scanner(System.in)`` is the console itself, as ``new BufferedReader(new
  InputStreamReader(System.in))`` already was: no API (``getStdIn()`` reads it), and the ``close()``
  of such a reader or scanner has none either; nor has a Scanner over a file (round 56: its File is closed).
* A type the snippet writes whose JDK class has the method but no overload with that many arguments
  is the project's own class: a Hamcrest ``Matcher``'s ``matches(item)`` is no regex ``Matcher``'s
  ``matches()``. Not for a chain's inferred type, which may be a near one.
* A ``CompletableFuture`` completed by hand (``new``, ``complete``, ``completeExceptionally``) has no
  API: curated ``none``, with the one-slot ``LinkedBlockingQueue`` to write instead.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only
from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_a_scanner_over_the_console_is_the_console(real_engine: Engine) -> None:
    code = (
        "void f(File file) throws Exception {\n"
        "  Scanner scan = new Scanner(System.in);\n"
        "  int n = scan.nextInt();\n"
        "  scan.close();\n"
        "  BufferedReader br = new BufferedReader(new InputStreamReader(System.in));\n"
        "  br.close();\n"
        "  Scanner text = new Scanner(file);\n"
        "  text.close();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    ctor = _sugg(r, "new Scanner(System.in)")
    assert _top(ctor) is None and any("getStdIn" in n for n in ctor.notes), ctor.notes
    assert _top(_sugg(r, "scan.nextInt()")) == "std.convert.Int64.parse"
    for close in ("scan.close()", "br.close()"):
        s = _sugg(r, close)
        assert _top(s) is None and any("console is not closed" in n for n in s.notes), s.notes
    assert _top(_sugg(r, "new Scanner(file)")) == "std.io.StringReader.init"
    # round 56: the labels of real code drop a file Scanner's close() too (the File is closed itself)
    text = _sugg(r, "text.close()")
    assert _top(text) is None and any("File a reader over a file reads is closed" in n for n in text.notes), (
        text.notes
    )


def test_a_written_jdk_type_without_an_overload_of_that_arity_is_the_projects(real_engine: Engine) -> None:
    code = (
        "public boolean check(Object theValue, Matcher matcher, Matcher m2, Matcher<? super T> typed) {\n"
        "  boolean a = matcher.matches(theValue);\n"
        "  boolean b = typed.matches(theValue);\n"
        "  return m2.matches();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    hamcrest = _sugg(r, "matcher.matches(theValue)")  # a raw Hamcrest Matcher: told by the arity
    assert _top(hamcrest) is None and hamcrest.receiver_source == "user", hamcrest.notes
    assert any("matches with 1 argument" in n for n in hamcrest.notes), hamcrest.notes
    # round 38: written with a type argument, it is told before the arity (the regex Matcher has none)
    typed = _sugg(r, "typed.matches(theValue)")
    assert _top(typed) is None and typed.receiver_source == "user", typed.notes
    assert any("written with type arguments" in n for n in typed.notes), typed.notes
    # the regex Matcher's own matches() keeps its answer
    assert _top(_sugg(r, "m2.matches()")) == "std.regex.Regex.matches"


def test_an_inferred_chain_type_is_not_judged_by_arity(real_engine: Engine) -> None:
    code = (
        "Instant f(LocalDate firstDay) {\n"
        "  return firstDay.atStartOfDay(ZoneId.systemDefault()).toInstant();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    # the chain is typed LocalDateTime (both are DateTime in Cangjie), whose toInstant takes one
    # argument; the call is still answered
    assert (
        _top(_sugg(r, "firstDay.atStartOfDay(ZoneId.systemDefault()).toInstant()"))
        == "std.time.DateTime.inUTC"
    )


def test_a_hand_completed_future_has_no_api(real_engine: Engine) -> None:
    code = (
        "CompletableFuture<Integer> f(int v, Throwable t) {\n"
        "  CompletableFuture<Integer> future = new CompletableFuture<>();\n"
        "  future.complete(v);\n"
        "  future.completeExceptionally(t);\n"
        "  return future;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert (
        instead_only(_sugg(r, "new CompletableFuture<>()"))
        == "std.collection.concurrent.LinkedBlockingQueue.init"
    )
    assert (
        instead_only(_sugg(r, "future.complete(v)")) == "std.collection.concurrent.LinkedBlockingQueue.tryAdd"
    )
    failed = _sugg(r, "future.completeExceptionally(t)")
    assert not failed.candidates
    # the note names both ways: the one-slot queue, or a spawn block whose get() rethrows
    assert {"std.collection.concurrent.LinkedBlockingQueue.tryAdd", "std.core.Future.get"} <= {
        i.qualname for i in failed.instead
    }
