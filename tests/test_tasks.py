"""Task phrases (graph_data/tasks): the loader's warnings, the phrases on the API nodes, and the
search reaching an API through them, through BM25's lead and through a named Java member."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.graph.tasks import add_task_phrases
from cjkb_graph.search import index as index_mod
from cjkb_graph.search import query as query_mod
from cjkb_graph.search.index import SearchIndex
from cjkb_graph.search.query import search
from cjkb_graph.text.tokenize import stem, tokenize
from loaders.tasks import DEFAULT_DIR, TaskEntry, load_tasks


def test_loader_reads_entries_with_their_lines(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        "area: test\ntasks:\n  - api: std.env.getWorkingDirectory\n    en: [current working directory, get cwd]\n"
        "    zh: 当前目录\n  - api: std.core.String.split\n    en: [split a string]\n",
        encoding="utf-8",
    )
    entries, warnings = load_tasks(tmp_path)
    assert warnings == []
    assert [(e.api, e.en, e.zh, e.source) for e in entries] == [
        ("std.env.getWorkingDirectory", ("current working directory", "get cwd"), ("当前目录",), "a.yaml#L3"),
        ("std.core.String.split", ("split a string",), (), "a.yaml#L6"),
    ]


def test_loader_warns_and_keeps_the_rest(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("tasks: [unclosed\n", encoding="utf-8")
    (tmp_path / "latin1.yaml").write_bytes("tasks:\n  - api: x\n    en: [caf\xe9]\n".encode("latin-1"))
    (tmp_path / "shape.yaml").write_text("- just a list\n", encoding="utf-8")
    (tmp_path / "ok.yaml").write_text(
        "area: x\nextra: 1\ntasks:\n  - api: std.core.sleep\n    en: [pause]\n    fr: [dormir]\n"
        "  - en: [no api]\n  - api: std.core.print\n  - api: std.core.println\n    en: 3\n    zh: [打印一行]\n"
        "  - plain string\n",
        encoding="utf-8",
    )
    entries, warnings = load_tasks(tmp_path)
    assert [e.api for e in entries] == ["std.core.sleep", "std.core.println"]
    text = "\n".join(warnings)
    assert "bad.yaml: not valid YAML" in text
    assert "latin1.yaml: not UTF-8; skipped" in text
    assert "shape.yaml: needs a top-level 'tasks:' list" in text
    assert "unknown top-level key 'extra'" in text
    assert "ok.yaml:4: unknown key 'fr' ignored" in text
    assert "ok.yaml:7: missing api; skipped" in text
    assert "ok.yaml:8: std.core.print has no en or zh phrases; skipped" in text
    assert "ok.yaml:9: en must be a list of phrases; ignored" in text
    assert "ok.yaml:12: entry is not a mapping; skipped" in text
    assert load_tasks(tmp_path / "missing") == ([], [])


def test_phrases_go_to_every_overload_or_to_one_member() -> None:
    G = nx.MultiDiGraph()
    for n in ("p.T.f(Int64)", "p.T.f(String)", "p.T.g()", "p.T.h()", "p.T.k(Int64)", "p.T.k(String)"):
        G.add_node(n, kind="member", qualname=n.split("(")[0])
    for n in ("p.T.h()", "p.T.k(String)"):
        G.nodes[n]["deprecated"] = True
    entries = [
        TaskEntry("p.T.f", ("do f",), ("做f",), "t.yaml#L1"),
        TaskEntry("p.T.g()", ("do g",), (), "t.yaml#L2"),
        TaskEntry("p.T.f", ("also f",), (), "t.yaml#L3"),
        TaskEntry("p.T.nope", ("x",), (), "t.yaml#L4"),
        TaskEntry("p.T.h", ("old h",), (), "t.yaml#L5"),
        TaskEntry("p.T.k", ("do k",), (), "t.yaml#L6"),
    ]
    warnings = add_task_phrases(G, entries)
    assert G.nodes["p.T.f(Int64)"]["tasks"] == ["do f", "做f", "also f"]
    assert G.nodes["p.T.f(String)"]["tasks"] == ["do f", "做f", "also f"]
    assert G.nodes["p.T.g()"]["tasks"] == ["do g"]
    # deprecated overloads are not promoted; an API that is only deprecated is a warning
    assert G.nodes["p.T.k(Int64)"]["tasks"] == ["do k"] and "tasks" not in G.nodes["p.T.k(String)"]
    assert "tasks" not in G.nodes["p.T.h()"]
    assert warnings == [
        "task table t.yaml#L4: unknown API 'p.T.nope' (not in the v1.2.0 docs); skipped",
        "task table t.yaml#L5: 'p.T.h' is deprecated; put its phrases under its replacement",
    ]


def test_every_committed_task_names_an_api_of_the_real_graph(real_kb: KnowledgeBase) -> None:
    entries, warnings = load_tasks(DEFAULT_DIR)
    assert warnings == []
    assert len(entries) > 400
    G = real_kb.G
    qualnames = {d.get("qualname") for _, d in G.nodes(data=True)}
    missing = [e.api for e in entries if e.api not in G and e.api not in qualnames]
    assert missing == []
    assert add_task_phrases(G.copy(), entries) == []  # none names an API that is only deprecated
    node = "std.env.getWorkingDirectory()"
    # read through the knowledge base: a read-only load keeps the phrases on disk
    assert "current working directory" in real_kb.attr(node, "tasks")


def test_stemming_folds_inflections() -> None:
    assert stem("numbers") == stem("number") == "number"
    assert stem("directories") == stem("directory")
    assert tokenize("Sorting Lists") == [stem("sorting"), "list"]
    assert tokenize("Sorting Lists", stemmed=False) == ["sorting", "lists"]


def test_a_plain_task_reaches_its_api_through_the_task_phrases(
    real_kb: KnowledgeBase, real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    query = "字符串转整数"
    with_tasks = [h.qualname for h in real_engine.search(query, top_k=5)]
    assert with_tasks[0] == "std.convert.Int64.parse"
    monkeypatch.setitem(index_mod._FIELD_WEIGHTS, "tasks", 0)
    without = SearchIndex.build(real_kb)
    assert "std.convert.Int64.parse" not in [h.qualname for h in search(without, query, top_k=5)]


def test_a_clear_bm25_lead_is_not_outvoted_by_weak_routes(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    query = "current working directory"
    hits = real_engine.search(query, top_k=5)
    assert hits[0].qualname == "std.env.getWorkingDirectory"
    assert "bm25 rank 1" in hits[0].why
    # rank alone: three weak routes agreeing on other APIs push it out of the top 3 (the synonym
    # route, which agrees with BM25 here, left out)
    monkeypatch.setattr(query_mod, "_SCORE_WEIGHT", 0.0)
    monkeypatch.setattr(query_mod, "_SYNONYM_WEIGHT", 0.0)
    ranks_only = [h.qualname for h in real_engine.search(query, top_k=3)]
    assert "std.env.getWorkingDirectory" not in ranks_only


def test_overloads_are_one_hit_that_says_how_many(real_engine: Engine) -> None:
    hits = real_engine.search("Integer.parseInt", top_k=5)
    assert hits[0].qualname == "std.convert.Int64.parse" and hits[0].overloads == 1
    assert len({h.qualname for h in hits}) == len(hits) == 5


def test_a_java_member_name_leads_to_its_mapped_member_before_its_type(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    for query, member, owner in [
        ("ArrayList.add", "std.collection.ArrayList.add(T)", "std.collection.ArrayList"),
        ("HashSet.add", "std.collection.HashSet.add(T)", "std.collection.HashSet"),
    ]:
        hits = real_engine.search(query, top_k=5)
        # the hit is shown by the overload the curated mapping names (not add(Collection<T>))
        assert hits[0].id == member and owner in [h.id for h in hits]
        assert "java_expansion rank 1" in hits[0].why
    # without the mapping's share the type, which BM25 and the manual like, comes first
    monkeypatch.setattr(query_mod, "_EXPANSION_SHARE", 0.0)
    assert real_engine.search("ArrayList.add", top_k=2)[0].id == "std.collection.ArrayList"


def test_word_pairs_tell_the_direction_of_a_conversion(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = [
        ("字符串转整数", "std.convert.Int64.parse"),
        ("整数转字符串", "std.convert.Int64.toString"),
        ("convert string to int", "std.convert.Int64.parse"),
        ("convert int to string", "std.convert.Int64.toString"),
        ("string to bytes", "std.core.String.toArray"),
        ("bytes to string", "std.core.String.fromUtf8"),
    ]
    assert [real_engine.search(q, top_k=1)[0].qualname for q, _ in cases] == [want for _, want in cases]
    # the same words without their order (no word pairs, no whole-phrase token): each pair of
    # opposite tasks gets one answer
    monkeypatch.setattr(query_mod, "phrase_pairs", lambda tokens: [])
    monkeypatch.setattr(query_mod, "phrase_key", lambda tokens: [])
    tops = [real_engine.search(q, top_k=1)[0].qualname for q, _ in cases]
    assert tops[0] == tops[1] and tops[2] == tops[3] and tops[4] == tops[5]


def test_a_query_that_is_a_whole_task_phrase_finds_its_owner(
    real_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Path.extensionName owns the phrase "file suffix"; String.endsWith's phrases share its words
    assert real_engine.search("file suffix", top_k=1)[0].qualname == "std.fs.Path.extensionName"
    monkeypatch.setattr(query_mod, "phrase_key", lambda tokens: [])
    assert real_engine.search("file suffix", top_k=1)[0].qualname != "std.fs.Path.extensionName"
