"""The language-manual loader and the manual graph layer, on the real v1.2.0 dev-guide and on a
small malformed fixture."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from cjkb_graph.graph.manual import ApiNameIndex, add_manual_layer
from cjkb_graph.kinds import EdgeKind, NodeKind
from loaders.cangjie_manual import ManualError, extract_identifiers, parse_manual, slugify


@pytest.fixture(scope="module")
def manual(corpus_root: Path):
    root = corpus_root / "dev-guide"
    if not root.is_dir():
        pytest.skip("the corpus has no dev-guide/ (language manual)")
    return parse_manual(corpus_root)  # the corpus root is accepted: dev-guide/ is found under it


def _by_id(manual):
    return {p.id: p for p in manual.pages}, {s.id: s for s in manual.sections}


def test_real_manual_counts_and_pairing(manual) -> None:
    pages, sections = _by_id(manual)
    assert len(pages) == 112
    assert len(sections) == 549
    # five pages have different heading levels in en and zh; 31 sections stay single-language
    assert manual.unpaired_sections == 31
    assert sum("heading levels differ" in w for w in manual.warnings) == 5
    # reading order follows the summary: the first three pages are the getting-started chapter
    assert [p.path for p in manual.pages[:3]] == [
        "first_understanding/basic",
        "first_understanding/install",
        "first_understanding/hello_world",
    ]


def test_real_page_titles_and_sources(manual) -> None:
    pages, _ = _by_id(manual)
    p = pages["manual:error_handle/handle"]
    assert p.title_en == "throw and Exception Handling"
    assert p.title_zh == "throw 和处理异常"
    assert p.source == "dev-guide/source_en/error_handle/handle.md#L1"
    assert p.source_zh == "dev-guide/source_zh_cn/error_handle/handle.md#L1"
    s = pages["manual:basic_data_type/strings"]
    assert (s.title_en, s.title_zh) == ("String Type", "字符串类型")
    assert (s.chapter_en, s.chapter_zh) == ("Basic Data Types", "基础数据类型")


def test_real_sections(manual) -> None:
    _, sections = _by_id(manual)
    twr = sections["manual:error_handle/handle#try-with-resources-expressions"]
    assert twr.title_en == "Try-with-resources Expressions"
    assert twr.title_zh == "try-with-resources 表达式"
    assert twr.parent == "manual:error_handle/handle"
    assert twr.level == 2
    assert twr.source == "dev-guide/source_en/error_handle/handle.md#L124"
    assert twr.source_zh == "dev-guide/source_zh_cn/error_handle/handle.md#L124"
    assert "ResourceSpecification" in twr.identifiers
    assert "Worker" not in twr.identifiers  # a class the example declares itself
    let_ex = sections[
        "manual:basic_programming_concepts/expression#examples-of-conditions-involving-let-patterns"
    ]
    assert let_ex.parent == "manual:basic_programming_concepts/expression#if-expression"
    assert let_ex.level == 3
    assert let_ex.source == "dev-guide/source_en/basic_programming_concepts/expression.md#L156"
    assert let_ex.source_zh == "dev-guide/source_zh_cn/basic_programming_concepts/expression.md#L157"
    interp = sections["manual:basic_data_type/strings#interpolated-strings"]
    assert interp.title_zh == "插值字符串"
    assert interp.code[0].lang == "cangjie"
    assert interp.code[0].source == "dev-guide/source_en/basic_data_type/strings.md#L80"
    sync = sections["manual:concurrency/sync#the-synchronized-keyword"]
    assert {"Mutex", "std.sync.Mutex"} <= set(sync.identifiers)
    # text is plain and trimmed: no fences, no Markdown emphasis, bounded length
    regular = sections["manual:error_handle/handle#regular-try-expressions"]
    assert "```" not in regular.text_en and "**" not in regular.text_en
    assert regular.text_en.startswith("A regular try expression consists of three parts")
    assert len(regular.text_en) <= 1502


def test_real_mismatched_page_keeps_unpaired_sections(manual) -> None:
    _, sections = _by_id(manual)
    d = sections["manual:class_and_interface/interface#interface-definition"]
    assert (d.title_en, d.title_zh) == ("Interface Definition", "接口定义")
    zh_only = sections["manual:class_and_interface/interface#接口继承与接口实现"]
    assert zh_only.title_en == "" and zh_only.title_zh == "接口继承与接口实现"
    assert (
        zh_only.source == zh_only.source_zh == "dev-guide/source_zh_cn/class_and_interface/interface.md#L313"
    )
    req = sections["manual:class_and_interface/interface#requirements-for-interface-implementation"]
    assert req.parent == zh_only.id


def test_manual_layer_on_real_graph(manual, real_cfg) -> None:
    from cjkb_graph.graph.kb import KnowledgeBase

    G = KnowledgeBase.load(real_cfg.data_dir, real_cfg).G.copy()
    # the build adds the layer now: take it out, so this test adds it to the API graph alone
    layer = (NodeKind.MANUAL_PAGE.value, NodeKind.MANUAL_SECTION.value, NodeKind.JAVA_CONSTRUCT.value)
    G.remove_nodes_from([n for n, d in list(G.nodes(data=True)) if d.get("kind") in layer])
    report = add_manual_layer(G, manual)
    assert report.nodes == {"manual_page": 112, "manual_section": 549}
    assert report.edges[EdgeKind.SECTION_OF.value] == 549
    assert report.edges[EdgeKind.NEXT.value] == 111 + sum(max(len(p.sections) - 1, 0) for p in manual.pages)
    sec = "manual:error_handle/handle#try-with-resources-expressions"
    assert G.nodes[sec]["kind"] == NodeKind.MANUAL_SECTION.value
    assert G.nodes[sec]["source"] == "dev-guide/source_en/error_handle/handle.md#L124"
    assert G.has_edge(sec, "manual:error_handle/handle", key=EdgeKind.SECTION_OF.value)
    assert G.has_edge("manual:error_handle/handle#regular-try-expressions", sec, key=EdgeKind.NEXT.value)
    assert G.has_edge("manual:first_understanding/basic", "manual:first_understanding/install", key="next")
    mentions = {
        v
        for _, v, k in G.out_edges("manual:concurrency/sync#the-synchronized-keyword", keys=True)
        if k == EdgeKind.MENTIONS.value
    }
    assert {"std.sync.Mutex", "std.collection.ArrayList", "std.core.Future"} <= mentions
    hm = {v for _, v, k in G.out_edges("manual:collections/collection_hashmap", keys=True) if k == "mentions"}
    assert "std.collection.HashMap" in hm


def test_api_name_index_is_conservative() -> None:
    G = nx.MultiDiGraph()
    G.add_node("std.collection", kind="module", name="std.collection", qualname="std.collection")
    G.add_node("std.collection.HashMap", kind="type", name="HashMap", qualname="std.collection.HashMap")
    G.add_node("std.a.Node", kind="type", name="Node", qualname="std.a.Node")
    G.add_node("std.b.Node", kind="type", name="Node", qualname="std.b.Node")
    G.add_node(
        "std.collection.HashMap.add(K,V)",
        kind="member",
        name="add",
        qualname="std.collection.HashMap.add",
        owner="std.collection.HashMap",
    )
    G.add_node("std.core.println(String)", kind="function", name="println", qualname="std.core.println")
    G.add_node("std.core.println(Int64)", kind="function", name="println", qualname="std.core.println")
    G.add_node("std.a.parse(String)", kind="function", name="parse", qualname="std.a.parse")
    G.add_node("std.b.parse(String)", kind="function", name="parse", qualname="std.b.parse")
    idx = ApiNameIndex(G)
    assert idx.resolve("std.collection") == "std.collection"
    assert idx.resolve("HashMap") == "std.collection.HashMap"
    assert idx.resolve("Node") is None  # two types named Node
    assert idx.resolve("HashMap.add") == "std.collection.HashMap.add(K,V)"
    assert idx.resolve("add") is None  # members only through Type.member
    assert idx.resolve("println") == "std.core.println(Int64)"  # one qualname, its shortest overload id
    assert idx.resolve("parse") is None  # two packages define parse
    assert idx.resolve("Worker") is None


def test_helpers() -> None:
    assert slugify("Try-with-resources Expressions") == "try-with-resources-expressions"
    assert slugify("The `this` Type") == "the-this-type"
    assert slugify("接口继承与接口实现") == "接口继承与接口实现"
    code = 'import std.collection.*\nclass Foo {}\nmain() {\n  let m = HashMap<String, Int64>()\n  println("ArrayList")\n  Foo()\n}'
    ids = extract_identifiers(code, "use `ArrayList.add` here")
    assert ids[:2] == ["std.collection", "HashMap"]
    assert {"println", "String", "Int64", "ArrayList.add"} <= set(ids)
    assert "Foo" not in ids  # declared by the example itself
    assert "ArrayList" in ids  # from the inline code span, not from the string literal
    assert "main" not in ids


def _write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


def test_malformed_manual_gives_warnings(tmp_path: Path) -> None:
    root = tmp_path / "dev-guide"
    _write(
        root / "source_en" / "ch" / "page.md",
        "# Page One\n\nIntro.\n\n## First Part\n\nText \xff.\n\n## Second Part\n\n```cangjie\nmain() {\n## not a heading\n",
    )
    _write(root / "source_en" / "ch" / "bad.md", b"# Bad \xff\xfe bytes\n\n## Only\n\nx\n")
    _write(root / "source_en" / "ch" / "notitle.md", "##NoSpace\n\nplain text\n")
    # no source_zh_cn at all
    result = parse_manual(root)
    pages = {p.path: p for p in result.pages}
    assert set(pages) == {"ch/page", "ch/bad", "ch/notitle"}
    page = pages["ch/page"]
    assert page.title_en == "Page One" and page.title_zh == ""
    assert [s.id for s in page.sections] == ["manual:ch/page#first-part", "manual:ch/page#second-part"]
    second = page.sections[1]
    assert second.code[0].code == "main() {\n## not a heading"  # the unclosed fence runs to the end
    assert second.source == "dev-guide/source_en/ch/page.md#L9"
    w = "\n".join(result.warnings)
    assert "dev-guide/source_zh_cn: missing" in w
    assert "dev-guide/source_en/ch/page.md:11: unclosed code fence" in w
    assert "dev-guide/source_en/ch/bad.md:1: not valid UTF-8" in w
    assert "dev-guide/source_en/ch/notitle.md:1: malformed heading" in w
    assert "dev-guide/source_en/ch/notitle.md:1: no '# title' heading" in w
    assert pages["ch/notitle"].title_en == "notitle"
    assert pages["ch/bad"].title_en.startswith("Bad ")


def test_pairing_mismatch_in_fixture(tmp_path: Path) -> None:
    root = tmp_path / "dg"
    # levels and code-block counts are what the alignment sees: "多出来的" has no code block
    code = "```cangjie\nmain() {}\n```\n"
    _write(root / "source_en" / "a.md", f"# A\n\n## One\n\n{code}\n## Two\n\n{code}\n### Two.1\n")
    _write(
        root / "source_zh_cn" / "a.md",
        f"# 甲\n\n## 一\n\n{code}\n## 多出来的\n\n## 二\n\n{code}\n### 二.1\n",
    )
    _write(root / "source_zh_cn" / "only_zh.md", "# 只有中文\n\n## 节\n")
    result = parse_manual(root)
    pages = {p.path: p for p in result.pages}
    secs = [(s.title_en, s.title_zh, s.level) for s in pages["a"].sections]
    assert ("One", "一", 2) in secs
    assert ("Two.1", "二.1", 3) in secs
    assert ("", "多出来的", 2) in secs
    assert result.unpaired_sections == 1
    assert pages["only_zh"].title_zh == "只有中文" and pages["only_zh"].title_en == ""
    assert pages["only_zh"].sections[0].id == "manual:only_zh#节"
    assert pages["only_zh"].source == "dg/source_zh_cn/only_zh.md#L1"


def test_missing_root_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ManualError, match="does not exist"):
        parse_manual(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ManualError, match="neither source_en/ nor source_zh_cn/"):
        parse_manual(tmp_path / "empty")
