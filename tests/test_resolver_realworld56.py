"""Issue 12, round 56 (what samples 507-538 showed after their blind scoring): a receiver held as a
``pipeline`` (Netty's ``ch.pipeline().addLast(handler)``) is a framework's object, no guessed List."""

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
