"""Issue 12, round 57 (what samples 571-594 showed after their blind scoring): a ``collect(..)`` at the
end of a stream chain too long for the call's text still answers the function its collector names."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only, sugg, top, top_of

pytestmark = pytest.mark.corpus

_CHAIN = (
    "    roles\n"
    "        .stream()\n"
    "        .filter(item -> Objects.nonNull(item.getSupervisoryNodeId()))\n"
    "        .filter(item -> Objects.nonNull(item.getProgramId()))\n"
    "        .filter(item -> Objects.isNull(params.getProgram())\n"
    "                || Objects.equals(params.getProgram(), item.getProgramId()))\n"
    "        .map(item -> Pair.of(item.getProgramId(), item.getSupervisoryNodeId()))\n"
)


def test_a_collect_cut_from_its_text_answers_its_collector(real_engine: Engine) -> None:
    code = (
        "Set<Pair> pairs(List<RoleAssignment> roles, Params params) {\n"
        f"  Set<Pair> a = {_CHAIN.strip()}\n"
        "        .collect(toSet());\n"
        f"  List<Pair> b = {_CHAIN.strip()}\n"
        "        .collect(\n"
        "            Collectors.toList());\n"
        "  return a;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    collects = [s for s in r.suggestions if s.call and s.call.method == "collect"]
    assert [s.call.line for s in collects if s.call] == [9, 17]
    for s in collects:
        assert s.call and s.call.text.endswith("..."), s.call  # the text shown is the extractor's, cut
    assert [top(s) for s in collects] == ["std.collection.collectHashSet", "std.collection.collectArrayList"]


def test_removing_an_element_read_from_the_same_list_removes_by_value(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void dedupe(List<Point2D> points, List<Integer> ids, int i) {\n"
        "  points.remove(points.get(i + 1));\n"
        "  ids.remove(ids.get(0));\n"
        "  points.remove(i);\n"
        "}\n"
    )
    for text in ("points.remove(points.get(i + 1))", "ids.remove(ids.get(0))"):
        assert top_of(r, text) == "std.collection.ArrayList.removeIf", text
    # an int index is removed by position
    assert top_of(r, "points.remove(i)") == "std.collection.ArrayList.remove"


def test_a_linked_list_read_at_either_end_is_its_first_or_last_property(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void ends(int i) {\n"
        "  LinkedList<String> countries = new LinkedList<>();\n"
        "  String a = countries.get( 0 );\n"
        "  String b = countries.get(countries.size() - 1);\n"
        "  String c = countries.get(i);\n"
        "  List<String> names = new ArrayList<>();\n"
        "  String d = names.get(0);\n"
        "}\n"
    )
    assert top_of(r, "countries.get( 0 )") == "std.collection.LinkedList.first"
    assert top_of(r, "countries.get(countries.size() - 1)") == "std.collection.LinkedList.last"
    # another index walks to its node; an ArrayList is indexed
    assert top_of(r, "countries.get(i)") == "std.collection.LinkedList.nodeAt"
    assert top_of(r, "names.get(0)") == "std.collection.ArrayList.[]"


def test_uuid_from_string_is_a_curated_none_that_keeps_the_string(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve("UUID id(String s) {\n  return UUID.fromString(s);\n}\n")
    s = sugg(r, "UUID.fromString(s)")
    assert not s.candidates, [c.qualname for c in s.candidates]
    assert any("keep the id as its String" in n for n in s.notes), s.notes
    assert instead_only(s) == "stdx.encoding.hex.fromHexString"


def test_a_static_log_level_call_on_a_class_named_log_is_the_projects_own(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void flush(File dir) {\n"
        '  Log.trace("Flushing history");\n'
        '  Log.warn("Failed to create directory: ", dir);\n'
        '  Log.i(TAG, "flushed");\n'
        "}\n"
    )
    for text in ('Log.trace("Flushing history")', 'Log.warn("Failed to create directory: ", dir)'):
        s = sugg(r, text)
        assert s.receiver_source == "user" and not s.candidates, (text, s.receiver_source, s.candidates)
    # Android's Log has static v/d/i/w/e
    assert top_of(r, 'Log.i(TAG, "flushed")') == "stdx.log.Logger.info"


def test_a_method_call_is_not_guessed_from_a_jdk_field_of_that_name(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "List<Tag> tags(List<String> ids) {\n"
        "  return ctx.selectFrom(OCPP_TAG).where(OCPP_TAG.ID_TAG.in(ids)).fetch();\n"
        "}\n"
    )
    s = sugg(r, "OCPP_TAG.ID_TAG.in(ids)")
    assert s.receiver_source == "unknown" and not s.candidates, (s.receiver_source, s.candidates)


def test_a_log_call_of_text_alone_is_no_guessed_library_logger(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void open(int i) {\n"
        '  _log.log("opening with remote control " + files.get(i));\n'
        '  logger.log(Level.INFO, "opened");\n'
        "}\n"
    )
    s = sugg(r, '_log.log("opening with remote control " + files.get(i))')
    assert s.receiver_source == "unknown" and not s.candidates, (s.receiver_source, s.candidates)
    # with a level first it is java.util.logging's log(level, msg)
    assert top_of(r, 'logger.log(Level.INFO, "opened")') == "stdx.log.Logger.log"
