"""Query vocabulary (graph_data/vocabulary/synonyms.yaml): the loader's warnings, the groups on the
real graph, the synonym route, a constructor's type listed after it and the default integer width
first in the API search, the interop chapters' damping in the docs search, and a member indexed
with its type's task words."""

from __future__ import annotations

from pathlib import Path

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.search import index as index_mod
from cjkb_graph.search import query as query_mod
from cjkb_graph.search.index import SearchIndex
from cjkb_graph.search.query import search
from cjkb_graph.text.tokenize import stem, tokenize
from loaders.synonyms import DEFAULT_PATH, load_synonyms


def _rank(hits: list, qualname: str) -> int:
    """1-based rank of ``qualname`` among the hits, or 99 when it is not there."""
    return next((i for i, h in enumerate(hits, 1) if h.qualname == qualname), 99)


def _page_rank(engine: Engine, query: str, page: str) -> int:
    """1-based rank of the first docs hit on manual ``page``, or 99 when none is there."""
    hits = engine.search_docs(query, top_k=20)
    return next((i for i, h in enumerate(hits, 1) if h.id.split("#")[0] == page), 99)


def test_loader_reads_groups_and_warns_with_lines(tmp_path: Path) -> None:
    p = tmp_path / "synonyms.yaml"
    p.write_text(
        "en:\n  - [Biggest, largest, largest]\n  - [alone]\n  - not a list\nzh:\n  - [截断, 截取]\nfr: []\n",
        encoding="utf-8",
    )
    groups, warnings = load_synonyms(p)
    assert groups == {"en": [["biggest", "largest"]], "zh": [["截断", "截取"]], "symbols": []}
    assert warnings == [
        "synonym table synonyms.yaml: unknown top-level key 'fr' ignored (allowed: en, zh, symbols)",
        "synonyms.yaml:3: a group needs at least two words; skipped",
        "synonyms.yaml:4: a group must be a list of words; skipped",
    ]


def test_loader_reports_a_broken_file_and_accepts_a_missing_one(tmp_path: Path) -> None:
    p = tmp_path / "synonyms.yaml"
    p.write_text("en: [unclosed\n", encoding="utf-8")
    groups, warnings = load_synonyms(p)
    assert groups == {"en": [], "zh": [], "symbols": []}
    assert len(warnings) == 1 and warnings[0].startswith("synonym table synonyms.yaml: not valid YAML")
    assert load_synonyms(tmp_path / "absent.yaml") == ({"en": [], "zh": [], "symbols": []}, [])


def test_the_committed_table_loads_without_warnings_and_is_on_the_graph(real_kb: KnowledgeBase) -> None:
    groups, warnings = load_synonyms(DEFAULT_PATH)
    assert warnings == []
    assert real_kb.G.graph["synonyms"] == groups
    assert ["biggest", "largest", "greatest", "maximum", "max", "highest"] in groups["en"]


def test_synonym_terms_by_stem_and_by_chinese_substring(real_engine: Engine) -> None:
    index = real_engine.index
    tokens = index.tokenize("the biggest numbers")
    terms = index.synonym_terms("the biggest numbers", tokens)
    assert stem("largest") in terms and "max" in terms and stem("biggest") not in terms
    zh = index.synonym_terms("把文件截断", index.tokenize("把文件截断"))
    assert "截取" in zh and "截断" not in zh
    assert index.synonym_terms("frobnicate the quux", index.tokenize("frobnicate the quux")) == []


def test_a_synonym_reaches_the_api_whose_phrases_use_another_word(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = [
        (
            "check whether every element of one set is also in another set",
            "std.collection.TreeSet.subsetOf",
        ),  # element / item / member
        # 删掉 / 删除, 空白 / 空格 (0.7.44: "搭建一个 HTTP 服务端" finds ServerBuilder second without synonyms
        # too, once the HTTP_* status constants joined the tables)
        ("删掉字符串末尾的空白", "std.core.String.trimAsciiEnd"),
    ]
    ranks = []
    for query, api in cases:
        hits = real_engine.search(query, top_k=20)
        ranks.append(_rank(hits, api))
        assert ranks[-1] <= 5
        assert any(w.startswith("synonyms rank") for h in hits for w in h.why)
    monkeypatch.setattr(query_mod, "_SYNONYM_WEIGHT", 0.0)
    without = [_rank(real_engine.search(query, top_k=20), api) for query, api in cases]
    assert all(b > a for a, b in zip(ranks, without, strict=True)), (ranks, without)


def test_interop_chapters_answer_interop_questions_only(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def pages(q: str) -> list[str]:
        return [h.id.split("#")[0] for h in real_engine.search_docs(q, top_k=5)]

    query = "sealed enum with associated values, like a tagged union"
    assert "manual:enum_and_pattern_match/enum" in pages(query)
    assert not any(p.startswith(query_mod._INTEROP_PAGES) for p in pages(query)[:2])
    # an interop question keeps the interop chapter first
    assert pages("call a C function from Cangjie")[0] == "manual:FFI/cangjie-c"
    # at full score the interop chapters (and their "unions") push the enum page out
    monkeypatch.setattr(query_mod, "_INTEROP_DAMP", 1.0)
    assert "manual:enum_and_pattern_match/enum" not in pages(query)


def test_a_constructor_hit_brings_its_type_right_after_it(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (the HMAC example of earlier versions now has its type second on its own: the javax.crypto
    # table's notes name it)
    hits = real_engine.search("create a string builder", top_k=5)
    names = [h.qualname for h in hits]
    assert names[:2] == ["std.core.StringBuilder.init", "std.core.StringBuilder"]
    assert "listed after its constructor" in hits[1].why
    monkeypatch.setattr(query_mod, "_INIT_PAIR", False)
    assert "std.core.StringBuilder" not in [
        h.qualname for h in real_engine.search("create a string builder", top_k=5)
    ]


def test_a_member_is_indexed_with_its_types_task_words(
    real_kb: KnowledgeBase, real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 哈希表 is HashMap's phrase, 插入键值对 is HashMap.add's: only the member has both
    query = "哈希表插入键值对"
    with_owner = _rank(real_engine.search(query, top_k=20), "std.collection.HashMap.add")
    assert with_owner <= 5
    monkeypatch.setitem(index_mod._FIELD_WEIGHTS, "owner", 0)
    without = SearchIndex.build(real_kb)
    assert _rank(search(without, query, top_k=20), "std.collection.HashMap.add") > with_owner


def test_the_default_width_comes_first_unless_the_query_names_one(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rank(query: str, api: str) -> int:
        return _rank(real_engine.search(query, top_k=20), api)

    query = "add two integers but cap the result at the type's maximum instead of overflowing"
    damped = rank(query, "std.overflow.Int64.saturatingAdd")
    assert damped <= 5
    # a query that names a width keeps its variants at full score
    assert query_mod._WIDTH_WORDS.search("saturating add of two Int32 values")
    assert not query_mod._WIDTH_WORDS.search(query)
    monkeypatch.setattr(query_mod, "_WIDTH_DAMP", 1.0)
    assert rank(query, "std.overflow.Int64.saturatingAdd") > damped


def test_a_page_whose_title_holds_the_question_words_is_found(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    query = "which integer types exist and what range of values does each one hold"
    with_titles = _page_rank(real_engine, query, "manual:basic_data_type/integer")
    assert with_titles <= 5
    monkeypatch.setattr(query_mod, "_TITLE_WEIGHT", 0.0)
    assert _page_rank(real_engine, query, "manual:basic_data_type/integer") > with_titles


def test_language_keywords_are_query_words() -> None:
    # "if", "let", "var", "func" name language constructs; other function words stay out
    assert tokenize("can an if be used as an expression") == ["can", "if", "use", stem("expression")]
    assert tokenize("let and var and func") == ["let", "var", "func"]


def test_operator_symbols_stand_for_their_words(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    index = real_engine.index
    assert set(index.symbol_terms("does Cangjie have i++ and ++i")) >= {stem("increment")}
    assert index.symbol_terms("what does it mean?") == []  # a question mark is not ?T
    assert index.symbol_terms("parse --name=value options") == []  # nor is an option a decrement

    query = "does Cangjie have i++ and ++i"
    with_symbols = _page_rank(real_engine, query, "manual:basic_data_type/basic_operators")
    assert with_symbols <= 3
    monkeypatch.setattr(type(index), "symbol_terms", lambda self, q: [])
    assert _page_rank(real_engine, query, "manual:basic_data_type/basic_operators") > with_symbols
    # the loader checks the patterns
    p = tmp_path / "synonyms.yaml"
    p.write_text(
        "symbols:\n  - {pattern: '(', words: [paren]}\n  - {pattern: '!', words: []}\n", encoding="utf-8"
    )
    groups, warnings = load_synonyms(p)
    assert groups["symbols"] == [] and len(warnings) == 2
    assert "not a valid regular expression" in warnings[0] and "synonyms.yaml:2" in warnings[0]
    assert "at least one word" in warnings[1]
