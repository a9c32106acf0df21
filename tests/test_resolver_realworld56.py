"""Issue 12, round 56 (what samples 507-554 showed after their blind scoring): a receiver held as a
``pipeline`` (Netty's ``ch.pipeline().addLast(handler)``) is a framework's object, no guessed List; an
AtomicReference created empty is an AtomicOptionReference; ``hasNextLine`` and a
``Thread.currentThread()`` that only reaches ``sleep`` have no call of their own."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_netty_pipeline_is_no_guessed_list(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "protected void initChannel(SocketChannel ch) {\n"
        "  ch.pipeline().addLast(new LineBasedFrameDecoder(1024));\n"
        "  pipeline.addLast(new StringDecoder());\n"
        "  handlers.addLast(new StringDecoder());\n"
        "}\n"
    )
    for text in (
        "ch.pipeline().addLast(new LineBasedFrameDecoder(1024))",
        "pipeline.addLast(new StringDecoder())",
    ):
        s = sugg(r, text)
        assert not s.candidates, (text, [c.qualname for c in s.candidates])
    # a receiver of another name is still guessed from its deque-end call
    assert _top(r, "handlers.addLast(new StringDecoder())") == "std.collection.LinkedList.addLast"


def test_calls_on_an_atomic_reference_created_empty_are_the_option_reference_members(
    real_engine: Engine,
) -> None:
    r = real_engine.resolver.resolve(
        "Response run(Request r) throws Exception {\n"
        "  final AtomicReference<Response> entry = new AtomicReference<>();\n"
        '  final AtomicReference<String> name = new AtomicReference<>("x");\n'
        "  entry.set(make(r));\n"
        '  name.set("y");\n'
        "  return entry.get();\n"
        "}\n"
    )
    assert _top(r, "new AtomicReference<>()") == "std.sync.AtomicOptionReference"
    assert _top(r, "entry.set(make(r))") == "std.sync.AtomicOptionReference.store"
    assert _top(r, "entry.get()") == "std.sync.AtomicOptionReference.load"
    # a reference created with a value stays an AtomicReference<T>
    assert _top(r, 'name.set("y")') == "std.sync.AtomicReference.store"


def test_a_scanner_has_next_line_is_no_call_of_its_own(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void echo() {\n"
        "  Scanner in = new Scanner(System.in);\n"
        "  while (in.hasNextLine()) { System.out.println(in.nextLine()); }\n"
        "}\n"
    )
    test = sugg(r, "in.hasNextLine()")
    assert not test.candidates, [c.qualname for c in test.candidates]
    assert any("readln" in n for n in test.notes), test.notes
    assert _top(r, "in.nextLine()") == "std.env.ConsoleReader.readln"


def test_current_thread_only_reaching_sleep_or_a_class_loader_goes_with_that_call(
    real_engine: Engine,
) -> None:
    r = real_engine.resolver.resolve(
        "void run() throws Exception {\n"
        "  Thread.currentThread().sleep(1000);\n"
        "  Thread.currentThread().setContextClassLoader(loader);\n"
        "  String n = Thread.currentThread().getName();\n"
        "}\n"
    )
    current = [s for s in r.suggestions if s.call.text == "Thread.currentThread()"]
    assert [bool(s.candidates) for s in current] == [False, False, True]
    assert "sleep(d)" in current[0].notes[0]
    assert current[2].candidates[0].qualname == "std.core.Thread.currentThread"
    assert _top(r, "Thread.currentThread().sleep(1000)") == "std.core.sleep"
