"""Issue 12, round 26: what the labels of samples 155-162 (and the development sets before them) showed.

* ``CompletableFuture.thenApply/thenAccept/thenCompose/..`` have no API of their own: the next stage
  is a ``spawn`` block, as ``supplyAsync``/``runAsync`` already were; ``Future.get`` is what to write
  inside it (``instead``).
* ``new FileNotFoundException(msg)`` thrown by the code answers ``IOException`` (FSException second);
  a caught one keeps the type's ``FSException``.
* Guava's ``Joiner.on(sep)`` has no API (the separator goes to ``String.join`` where ``join`` is called).
* ``list()`` and ``finish()`` alone are no evidence of a ``File`` or a compressing stream.
* ``new String(packet.getData())`` answers ``String.fromUtf8`` (the argument is bytes).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_completable_future_stages_are_spawn_blocks(real_engine: Engine) -> None:
    code = (
        "void f(CompletableFuture<String> work) throws Exception {\n"
        "  CompletableFuture<Integer> n = work.thenApply(s -> s.length());\n"
        "  work.thenAccept(s -> System.out.println(s));\n"
        "  Integer v = n.get();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("work.thenApply(s -> s.length())", "work.thenAccept(s -> System.out.println(s))"):
        s = _sugg(r, text)
        assert s.candidates == [] and any("spawn" in n for n in s.notes), (text, s.notes)
        assert [i.qualname for i in s.instead] == ["std.core.Future.get"], s.instead  # what to write
    assert _top(r, "n.get()") == "std.core.Future.get"


def test_file_not_found_thrown_by_the_code_is_an_io_exception(real_engine: Engine) -> None:
    code = (
        "File f(URL url) throws IOException {\n"
        '  if (url == null) { throw new FileNotFoundException("URL cannot be resolved"); }\n'
        "  try { return open(url); } catch (FileNotFoundException e) { return null; }\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    made = _sugg(r, 'new FileNotFoundException("URL cannot be resolved")')
    assert [c.qualname for c in made.candidates[:2]] == ["std.io.IOException.init", "std.fs.FSException.init"]


def test_joiner_on_has_no_api_its_join_does(real_engine: Engine) -> None:
    code = (
        "import com.google.common.base.Joiner;\n"
        "String f(List<String> criteriaList) {\n"
        '  return Joiner.on(" and ").join(criteriaList);\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    on = _sugg(r, 'Joiner.on(" and ")')
    assert on.candidates == [] and any("String.join" in n for n in on.notes), on.notes
    assert _top(r, 'Joiner.on(" and ").join(criteriaList)') == "std.core.String.join"


def test_list_and_finish_alone_are_no_evidence(real_engine: Engine) -> None:
    code = (
        "void doList() {\n"
        "  List<TimeFragment> timeFragments = timeFragmentManager.list();\n"
        "  printer.print(getLogo()).finish();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("timeFragmentManager.list()", "printer.print(getLogo()).finish()"):
        s = _sugg(r, text)
        assert (s.receiver_source, s.candidates) == ("unknown", []), (text, s.receiver_source, s.candidates)


def test_new_string_of_a_packets_data_is_utf8(real_engine: Engine) -> None:
    code = (
        "String receive(DatagramSocket socket, byte[] buf) throws IOException {\n"
        "  receivePacket = new DatagramPacket(buf, buf.length);\n"
        "  socket.receive(receivePacket);\n"
        "  return new String(receivePacket.getData());\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "new String(receivePacket.getData())") == "std.core.String.fromUtf8"
