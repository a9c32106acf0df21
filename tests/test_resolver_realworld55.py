"""Issue 12, round 55 (what samples 459-482 showed after their blind scoring): ``x.getClass()`` is a
``Class`` whatever x is, so a ``cache.get(x.getClass())`` is keyed, no list read by index; a query
builder's ``and``/``or``/``lower`` is no guess of a number or a sorted set."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_get_class_of_an_unknown_receiver_is_a_class(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String f() {\n"
        "  String tip = tooltipComponents.get(craftedItem.getClass());\n"
        "  String first = names.get(i);\n"
        "  return importer.get().getClass().getSimpleName() + tip + first;\n"
        "}\n"
    )
    # keyed by a Class: no List.get(index) guess
    keyed = sugg(r, "tooltipComponents.get(craftedItem.getClass())")
    assert all("ArrayList" not in c.qualname for c in keyed.candidates), [
        c.qualname for c in keyed.candidates
    ]
    assert _top(r, "importer.get().getClass().getSimpleName()") == "std.reflect.TypeInfo.name"
    # an index still reads a list
    assert _top(r, "names.get(i)") == "std.collection.ArrayList.[]"


def test_query_builder_and_or_lower_are_not_guessed_as_numbers_or_sets(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Predicate where(String search) {\n"
        '  Predicate p = criteriaBuilder.like(criteriaBuilder.lower(root.get("name")), "%" + search + "%");\n'
        '  Predicate q = criteriaBuilder.or(p, criteriaBuilder.equal(root.get("id"), 1));\n'
        "  return criteriaBuilder.and(p, q);\n"
        "}\n"
    )
    for text in ('criteriaBuilder.lower(root.get("name"))', "criteriaBuilder.and(p, q)"):
        s = sugg(r, text)
        assert not s.candidates, (text, [c.qualname for c in s.candidates])
    s = sugg(r, "criteriaBuilder.or(", prefix=True)
    assert not s.candidates, [c.qualname for c in s.candidates]


def test_files_new_buffered_reader_and_writer_open_a_file(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void copy(Path in, Path out) throws IOException {\n"
        "  BufferedReader r = Files.newBufferedReader(in);\n"
        "  BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8);\n"
        "  w.write(r.readLine());\n"
        "}\n"
    )
    for text, wrapper in (
        ("Files.newBufferedReader(in)", "std.io.StringReader.init"),
        ("Files.newBufferedWriter(out, StandardCharsets.UTF_8)", "std.io.StringWriter.init"),
    ):
        names = [c.qualname for c in sugg(r, text).candidates]
        assert names[:2] == ["std.fs.File.init", wrapper], names
    # the reader and the writer themselves stay the text wrappers
    assert _top(r, "r.readLine()") == "std.io.StringReader.readln"
    assert _top(r, "w.write(r.readLine())") == "std.io.StringWriter.write"


def test_contains_value_is_a_search_of_the_values(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean f(LinkedHashMap<String, Integer> ages, Map<String, String> names) {\n"
        '  return ages.containsValue(250) || names.containsValue("Abishek");\n'
        "}\n"
    )
    for text in ("ages.containsValue(250)", 'names.containsValue("Abishek")'):
        names = [c.qualname for c in sugg(r, text).candidates]
        assert names[0] == "std.collection.contains", names
        assert "std.collection.HashMap.values" in names[:3], names
