"""Issue 12, round 48: what the labels of samples 331-338 showed.

* A Scanner the snippet makes over a file, stream or String reads its lines with the StringReader
  over that text (``readln``), not the console's.
* Guava's ``MoreObjects.toStringHelper(this).add(..).toString()`` is a StringBuilder's chain.
* ``Files.readSymbolicLink``/``createSymbolicLink`` are ``SymbolicLink.readFrom``/``create``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_scanner_over_a_file_reads_lines_with_a_string_reader(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String first(Path filePath) throws IOException {\n"
        "  try (Scanner scanner = new Scanner(filePath.toFile())) {\n"
        "    while (scanner.hasNextLine()) { return scanner.nextLine(); }\n"
        "  }\n"
        "  Scanner console = new Scanner(System.in);\n"
        "  return console.nextLine() + other.nextLine();\n"
        "}\n"
    )
    line = _sugg(r, "scanner.nextLine()")
    assert line.candidates[0].qualname == "std.io.StringReader.readln"
    assert "not System.in" in " ".join(line.candidates[0].why)
    # the console's Scanner, and one the snippet does not make, keep the console's readln
    assert _top(r, "console.nextLine()") == "std.env.ConsoleReader.readln"


def test_guava_to_string_helper_is_a_string_builder_chain(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "public String toString() {\n"
        "  return MoreObjects.toStringHelper(this)\n"
        '      .add("scopes", scopes)\n'
        "      .toString();\n"
        "}\n"
    )
    assert _top(r, "MoreObjects.toStringHelper(this)") == "std.core.StringBuilder.init"
    add = next(s for s in r.suggestions if s.call and s.call.method == "add")
    assert add.candidates[0].qualname == "std.core.StringBuilder.append"
    last = next(s for s in r.suggestions if s.call and s.call.method == "toString")
    assert last.candidates[0].qualname == "std.core.StringBuilder.toString"


def test_symbolic_link_rows(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void link(Path link, File target) throws IOException {\n"
        "  Files.createSymbolicLink(link, target.toPath());\n"
        "  Path to = Files.readSymbolicLink(link);\n"
        "}\n"
    )
    assert _top(r, "Files.createSymbolicLink(link, target.toPath())") == "std.fs.SymbolicLink.create"
    assert _top(r, "Files.readSymbolicLink(link)") == "std.fs.SymbolicLink.readFrom"
