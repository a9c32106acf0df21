"""Issue 12, round 59 (what samples 659-666 showed after their blind scoring): a collector nested
inside a long stream chain's ``collect(..)`` is the loop's work, whether or not the chain's text was
cut; ``Modifier.isFinal`` is mostly asked of a field, whose counterpart is ``isMutable``."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only, sugg, top_of

pytestmark = pytest.mark.corpus


def test_collectors_nested_in_a_long_chains_collect_have_no_api_of_their_own(real_engine: Engine) -> None:
    # the chain is long enough for the extractor to cut the collect(..) call's own text
    r = real_engine.resolver.resolve(
        "void report(Library library) {\n"
        "  var perShelf = library.findAllBooks()\n"
        "      .stream()\n"
        "      .map(book -> book.getAuthors().stream().map(a -> new AuthorBook(a, book.getTitle())).toList())\n"
        "      .flatMap(Collection::stream)\n"
        "      .filter(pair -> pair.author().getCountry().equalsIgnoreCase(library.getCountry()))\n"
        "      .collect(Collectors.groupingBy(AuthorBook::author,\n"
        "               Collectors.groupingBy(AuthorBook::title, Collectors.counting())));\n"
        '  perShelf.forEach((author, counts) -> System.out.println(author + ": " + counts));\n'
        "}\n"
    )
    for text in ("Collectors.counting()", "Collectors.groupingBy(AuthorBook::title, Collectors.counting())"):
        s = sugg(r, text)
        assert not s.candidates, (text, [c.qualname for c in s.candidates])
        assert any("inside the one passed to collect" in n for n in s.notes), (text, s.notes)
    # a collector on its own, passed to no collect(..), keeps its function
    alone = real_engine.resolver.resolve(
        "long count(List<String> names) {\n"
        "  Collector<String, ?, Long> c = Collectors.counting();\n"
        "  return names.stream().collect(c);\n"
        "}\n"
    )
    assert top_of(alone, "Collectors.counting()") == "std.collection.count"


def test_is_final_of_a_fields_modifiers_asks_whether_the_field_is_mutable(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean settable(Field targetField) {\n"
        "  return !Modifier.isFinal(targetField.getModifiers()) && !Modifier.isStatic(targetField.getModifiers());\n"
        "}\n"
    )
    assert (
        top_of(r, "Modifier.isFinal(targetField.getModifiers())")
        == "std.reflect.InstanceVariableInfo.isMutable"
    )
    assert top_of(r, "Modifier.isStatic(targetField.getModifiers())") == "std.reflect.ModifierInfo.Static"


def test_a_class_the_snippet_shows_to_be_its_own_is_its_own_in_declarations_too(real_engine: Engine) -> None:
    # Method.GET: the JDK's reflective Method has no GET, so this file's Method is the project's
    # (an HTTP method), and so is the parameter declared with it
    r = real_engine.resolver.resolve(
        "String query(String path, Method method, String params) {\n"
        "  if (method.equals(Method.GET)) {\n"
        '    return path + "?" + params;\n'
        "  }\n"
        "  return path;\n"
        "}\n"
    )
    s = sugg(r, "method.equals(Method.GET)")
    assert s.receiver_source == "user" and not s.candidates, [c.qualname for c in s.candidates]
    # without such a use, a declared Method is still the reflective one
    plain = real_engine.resolver.resolve(
        "Object call(Method method, Object target) throws Exception {\n  return method.invoke(target);\n}\n"
    )
    assert top_of(plain, "method.invoke(target)") == "std.reflect.InstanceFunctionInfo.apply"
    # a library class of the tables lacking a row says less: JsonWriter.of(b) is Moshi's, not Gson's,
    # and the writer it makes is still a JSON writer
    moshi = real_engine.resolver.resolve(
        "String json() throws IOException {\n"
        "  Buffer b = new Buffer();\n"
        "  JsonWriter writer = JsonWriter.of(b);\n"
        "  writer.beginObject();\n"
        "  writer.endObject();\n"
        "  return b.readUtf8();\n"
        "}\n"
    )
    assert top_of(moshi, "writer.beginObject()") == "stdx.encoding.json.stream.JsonWriter.startObject"


def test_delete_on_exit_is_a_curated_none_that_names_at_exit(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "File scratch() throws IOException {\n"
        '  File tmp = File.createTempFile("scratch", ".txt");\n'
        "  tmp.deleteOnExit();\n"
        "  return tmp;\n"
        "}\n"
    )
    assert instead_only(sugg(r, "tmp.deleteOnExit()")) == "std.env.atExit"


def test_a_numbered_name_hints_its_type_as_the_name_does(real_engine: Engine) -> None:
    # education code numbers its variables: scanner1 is a Scanner as scanner is
    r = real_engine.resolver.resolve(
        "void play() {\n  int n = scanner1.nextInt();\n  String t = scanner2.nextLine();\n}\n"
    )
    assert top_of(r, "scanner1.nextInt()") == "std.convert.Int64.parse"
    assert top_of(r, "scanner2.nextLine()") == "std.env.ConsoleReader.readln"
