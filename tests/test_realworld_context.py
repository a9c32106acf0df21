"""benchmarks/realworld_context.py: a cut method given back its file's imports and its class's fields
(Java written here), with the method's lines where they were so that the labels still match."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import realworld_context as rc
from realworld_cut import cut_method

SRC = """package demo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import static java.util.Objects.requireNonNull;

public class Registry {
    private final Map<String, Integer> counts = new ConcurrentHashMap<>();

    static class Inner {
        private static final String SEP = "a;b";
        private final Map<String, Runnable> tasks = Map.of(
            "x", () -> { System.out.println(SEP); });

        int size() {
            return tasks.size();
        }
    }

    int count(String key) {
        return counts.getOrDefault(requireNonNull(key), 0);
    }
}
"""


def test_the_innermost_class_gives_its_fields_and_the_file_its_imports() -> None:
    header, fields = rc.class_context(SRC, 15, 17)  # Inner.size
    assert header == (
        "import java.util.Map; import java.util.concurrent.ConcurrentHashMap; "
        "import static java.util.Objects.requireNonNull; class Inner { "
    )
    # a ';' in a string or a lambda body does not end the declaration
    assert fields == [
        'String SEP = "a;b";',
        'Map<String, Runnable> tasks = Map.of( "x", () -> { System.out.println(SEP); });',
    ]
    header, fields = rc.class_context(SRC, 20, 22)  # Registry.count
    assert header.endswith("class Registry { ")
    assert fields == ["Map<String, Integer> counts = new ConcurrentHashMap<>();"]


def test_the_method_keeps_its_lines_and_a_file_that_does_not_parse_is_kept_as_it_was() -> None:
    class _Mirrors:
        def __init__(self, src: str) -> None:
            self.src = src

        def show(self, repo: str, commit: str, path: str) -> str:
            return self.src

    java = cut_method(SRC, 20, 22)
    row = {"id": "m", "repo": "r", "commit": "c", "path": "p", "line": 20, "java": java}
    out, ok = rc.with_context(row, _Mirrors(SRC))
    assert ok
    lines = out["java"].splitlines()
    assert lines[0].endswith("class Registry { int count(String key) {")
    assert lines[1:3] == java.splitlines()[1:3]  # the method's calls stay on their lines
    assert out["java"].rstrip().endswith("new ConcurrentHashMap<>();\n}")
    same, ok = rc.with_context(row, _Mirrors("class { broken"))
    assert (same, ok) == (row, False)
