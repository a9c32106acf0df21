"""The language layer wired in (issue 11): build, search_docs, kinds, the resolver's constructs,
the CLI's --docs/--batch, the MCP primer."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import orjson
import pytest

from cjkb_graph.cli.main import main
from cjkb_graph.config import Config, load_config
from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.graph.store import inputs_digest
from cjkb_graph.java.primer import PRIMER_MAX_CHARS, java_primer
from cjkb_graph.pipeline import add_language_layer
from cjkb_graph.search.query import DEFAULT_KINDS, DOC_KINDS
from cjkb_graph.text.tokenize import tokenize

TWR_SECTION = "manual:error_handle/handle#try-with-resources-expressions"


# ---------------------------------------------------------------------------- build


def test_manual_defaults_to_dev_guide_of_the_first_root(tmp_path: Path) -> None:
    (tmp_path / "dev-guide" / "source_en").mkdir(parents=True)
    cfg = Config(corpus_roots=[tmp_path])
    assert cfg.manual_path == tmp_path / "dev-guide"
    cfg.manual = tmp_path / "elsewhere"
    assert cfg.manual_path == tmp_path / "elsewhere"
    assert Config(corpus_roots=[tmp_path / "none"]).manual_path is None


def test_missing_manual_is_a_warning_and_constructs_still_load(tmp_path: Path) -> None:
    G = nx.MultiDiGraph()
    warnings = add_language_layer(G, Config(manual=tmp_path / "no-manual"))
    assert any("language manual not loaded" in w and "no-manual" in w for w in warnings)
    assert G.nodes["construct:try-with-resources"]["kind"] == "java_construct"


def test_manual_and_constructs_are_build_inputs(real_cfg: Config) -> None:
    _, files = inputs_digest(real_cfg)
    assert any(k.startswith("manual:source_en/error_handle/handle.md@") for k in files)
    assert "constructs:java_constructs.yaml" in files


def test_built_graph_has_the_language_layer(real_kb: KnowledgeBase) -> None:
    G = real_kb.G
    assert G.nodes[TWR_SECTION]["kind"] == "manual_section"
    assert real_kb.attr(TWR_SECTION, "source") == "dev-guide/source_en/error_handle/handle.md#L124"
    assert G.has_edge(TWR_SECTION, "manual:error_handle/handle", key="section_of")
    assert G.has_edge("construct:try-with-resources", TWR_SECTION, key="maps_to")
    # detection hints travel on the node: the resolver never reads the YAML
    assert G.nodes["construct:try-with-resources"]["detect"] == {
        "ast": ["TryStatement"],
        "requires": ["resources"],
    }


# ---------------------------------------------------------------------------- search


def test_tokenizer_segments_chinese_words() -> None:
    toks = tokenize("读取文件的所有行")
    assert {"读取", "文件", "所有", "行"} <= set(toks)
    assert "的" not in toks  # function word


def test_search_docs_answers_language_questions(real_engine: Engine) -> None:
    hits = real_engine.search_docs("how do I write try-with-resources in Cangjie", top_k=5)
    assert hits[0].id in (TWR_SECTION, "construct:try-with-resources")
    assert {h.kind for h in hits} <= set(DOC_KINDS)
    assert all(h.source for h in hits)
    zh = real_engine.search_docs("三元运算符", top_k=5)
    assert zh[0].id == "construct:ternary"
    assert "三元" in zh[0].name  # the Chinese name for a Chinese query


def test_search_docs_lang_picks_titles(real_engine: Engine) -> None:
    en = real_engine.search_docs("try-with-resources", lang="en", top_k=3)
    zh = real_engine.search_docs("try-with-resources", lang="zh", top_k=3)
    sec_en = next(h for h in en if h.id == TWR_SECTION)
    sec_zh = next(h for h in zh if h.id == TWR_SECTION)
    assert sec_en.name.endswith("Try-with-resources Expressions")
    assert sec_zh.name.endswith("try-with-resources 表达式")
    assert sec_zh.source.startswith("dev-guide/source_zh_cn/")
    with pytest.raises(InputError, match="lang"):
        real_engine.search_docs("switch", lang="fr")


def test_kind_filter_selects_sections_pages_constructs(real_engine: Engine) -> None:
    secs = real_engine.search("try with resources", kind="section", top_k=5)
    assert secs[0].id == TWR_SECTION and {h.kind for h in secs} == {"manual_section"}
    assert {h.kind for h in real_engine.search("exception handling", kind="page", top_k=5)} == {"manual_page"}
    cons = real_engine.search("ternary", kind="construct", top_k=3)
    assert cons[0].id == "construct:ternary"
    with pytest.raises(InputError, match="section"):
        real_engine.search("x", kind="chapter")


def test_search_api_stays_on_api_kinds(real_engine: Engine) -> None:
    hits = real_engine.search("try-with-resources", top_k=10)
    assert {h.kind for h in hits} <= set(DEFAULT_KINDS)
    assert all(h.source for h in hits)  # every hit says where it comes from


def test_known_task_questions(real_engine: Engine) -> None:
    assert real_engine.search("sort a list in descending order", top_k=1)[0].qualname == "std.sort.sort"
    top5 = [h.qualname for h in real_engine.search("字符串分割", top_k=5)]
    assert "std.core.String.split" in top5
    top5 = [h.qualname for h in real_engine.search("read a whole text file into a string", top_k=5)]
    assert "std.fs.File.readFrom" in top5


# ---------------------------------------------------------------------------- resolver


def test_resolver_reports_constructs_with_manual_sections(real_engine: Engine) -> None:
    code = (
        'String kind = n > 0 ? "pos" : "neg";\n'
        'switch (kind) { case "pos": break; default: break; }\n'
        "try (BufferedReader r = new BufferedReader(new FileReader(p))) { r.readLine(); }\n"
        "outer: for (int i = 0; i < 3; i++) { for (;;) { break outer; } }\n"
        "synchronized (lock) { count++; }\n"
    )
    result = real_engine.resolve(code)
    by_id = {c.id: c for c in result.constructs}
    assert {"construct:ternary", "construct:switch-string", "construct:try-with-resources",
            "construct:labelled-break", "construct:synchronized"} <= set(by_id)  # fmt: skip
    twr = by_id["construct:try-with-resources"]
    assert twr.line == 3
    assert twr.manual == [TWR_SECTION]
    assert "Resource" in twr.note and "try (" in twr.cangjie
    assert by_id["construct:labelled-break"].manual == [
        "manual:basic_programming_concepts/expression#break-and-continue-expressions"
    ]
    assert "construct:method-overloading" not in by_id  # two nested for loops are no overloads


def test_resolve_text_output_shows_constructs(real_cfg: Config, tmp_path: Path, capsys) -> None:
    src = tmp_path / "a.java"
    src.write_text("Runnable r = new Runnable() { public void run() { go(); } };\n", encoding="utf-8")
    assert main(["resolve", str(src), "--data-dir", str(real_cfg.data_dir)]) == 0
    out = capsys.readouterr().out
    assert "Java constructs" in out and "anonymous class (construct:anonymous-class)" in out


# ---------------------------------------------------------------------------- CLI


def test_search_batch_output_format(real_cfg: Config, tmp_path: Path) -> None:
    inp = tmp_path / "q.jsonl"
    inp.write_text('{"id": "a", "query": "try-with-resources"}\n{"id": "b", "query": ""}\n', encoding="utf-8")
    out = tmp_path / "o.jsonl"
    rc = main(["search", "--docs", "--batch", str(inp), "--out", str(out), "--top-k", "3",
               "--data-dir", str(real_cfg.data_dir)])  # fmt: skip
    assert rc == 0
    rows = [orjson.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["a", "b"]
    assert set(rows[0]) == {"id", "ms", "hits"} and len(rows[0]["hits"]) == 3
    assert rows[0]["hits"][0]["id"] in (TWR_SECTION, "construct:try-with-resources")
    assert set(rows[1]) == {"id", "ms", "error"}


def test_cli_search_kind_section(real_cfg: Config, capsys) -> None:
    rc = main(["search", "try with resources", "--kind", "section", "--json", "--top-k", "2",
               "--data-dir", str(real_cfg.data_dir)])  # fmt: skip
    assert rc == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits[0]["id"] == TWR_SECTION and hits[0]["source"].endswith("handle.md#L124")


# ---------------------------------------------------------------------------- MCP primer


def test_primer_is_built_from_the_construct_table() -> None:
    cfg = load_config()
    text = java_primer(cfg.constructs_path)
    assert len(text) <= PRIMER_MAX_CHARS
    assert "- try-with-resources: Cangjie has try-with-resources" in text
    assert "- ternary operator ?:: Cangjie has no `?:` operator." in text
