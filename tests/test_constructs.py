"""The Java construct table (graph_data/language/java_constructs.yaml), its detector, the
constructs layer, and the integrity of the held-out question sets that refer to them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.graph.manual import add_constructs_layer, add_manual_layer
from cjkb_graph.java import extract
from cjkb_graph.kinds import EdgeKind, NodeKind
from loaders.cangjie_manual import parse_manual
from loaders.java_constructs import ConstructError, load_constructs

REPO = Path(__file__).resolve().parent.parent
EVAL = REPO / "tests" / "eval"


@pytest.fixture(scope="module")
def constructs():
    items, warnings = load_constructs()
    assert warnings == []
    return items


@pytest.fixture(scope="module")
def manual(corpus_root: Path):
    if not (corpus_root / "dev-guide").is_dir():
        pytest.skip("the corpus has no dev-guide/ (language manual)")
    return parse_manual(corpus_root / "dev-guide")


def test_table_shape(constructs) -> None:
    ids = [c.id for c in constructs]
    assert len(ids) == len(set(ids)) >= 60
    twr = next(c for c in constructs if c.id == "try-with-resources")
    assert twr.name_zh.startswith("try-with-resources")
    assert twr.manual == ["manual:error_handle/handle#try-with-resources-expressions"]
    assert twr.detect == {"ast": ["TryStatement"], "requires": ["resources"]}
    assert twr.source.startswith("graph_data/language/java_constructs.yaml#L")
    required = {
        "if-expression", "ternary", "for-loop-classic", "enhanced-for", "while-loop", "do-while",
        "labelled-break", "switch-int", "switch-string", "switch-enum", "switch-expression",
        "pattern-matching", "checked-exceptions", "throws-clause", "try-catch-finally", "multi-catch",
        "try-with-resources", "custom-exception", "null-check", "optional", "safe-navigation",
        "null-coalescing", "interface", "abstract-class", "default-method", "inner-class",
        "anonymous-class", "static-nested-class", "static-members", "singleton", "constructor-chaining",
        "enum-fields-methods", "record", "bounded-generics", "wildcards", "array-declaration",
        "multi-dim-array", "arrays-utility", "varargs", "primitive-types", "boxing", "integer-overflow",
        "char-vs-rune", "string-concatenation", "string-interpolation", "text-block", "equals-hashcode",
        "to-string", "compare-to", "lambda", "method-reference", "functional-interface", "thread-runnable",
        "synchronized", "volatile-atomic", "wait-notify", "executor-service", "package-declaration",
        "import", "main-method", "access-modifiers", "final-variables", "annotation", "reflection",
        "instanceof-cast", "operator-overloading",
    }  # fmt: skip
    assert required <= set(ids)
    for c in constructs:
        assert c.java and c.cangjie and c.note and c.note_zh and c.keywords, c.id
        assert any(ord(ch) > 0x2E80 for ch in "".join(c.keywords)), f"{c.id}: no Chinese keyword"


def test_every_manual_link_resolves(constructs, manual) -> None:
    known = {p.id for p in manual.pages} | {s.id for s in manual.sections}
    missing = [(c.id, m) for c in constructs for m in c.manual if m not in known]
    assert missing == []


def _detect(engine: Engine, java: str) -> set[str]:
    """The construct ids the resolver reports for ``java`` (the detector over the extractor's tree)."""
    return {
        u.id.removeprefix("construct:") for u in engine.resolver.constructs.detect(java, extract(java).tree)
    }


def test_every_construct_detects_its_own_example(constructs, real_engine: Engine) -> None:
    assert [c.id for c in constructs if c.id not in _detect(real_engine, c.java)] == []


def test_detect_in_a_real_snippet(real_engine: Engine) -> None:
    java = """
    try (BufferedReader r = new BufferedReader(new FileReader(p))) {
        String line = r.readLine();
        int n = line == null ? 0 : Integer.parseInt(line);
    } catch (IOException | NumberFormatException e) {
        System.err.println(String.format("bad %s", p));
    }
    """
    found = _detect(real_engine, java)
    assert {"try-with-resources", "try-catch-finally", "multi-catch", "ternary", "null-check",
            "string-interpolation", "println"} <= found  # fmt: skip
    assert "switch-int" not in found and "lambda" not in found
    # javalang cannot parse a text block, so the regex route finds it
    assert "text-block" in _detect(real_engine, 'String s = """\n  hi\n  """;')


def test_constructs_layer_on_real_graph(constructs, manual, real_cfg) -> None:
    from cjkb_graph.graph.kb import KnowledgeBase

    G = KnowledgeBase.load(real_cfg.data_dir, real_cfg).G.copy()
    add_manual_layer(G, manual)
    report = add_constructs_layer(G, constructs)
    assert report.warnings == []  # every manual id and API qualname resolved
    assert report.nodes == {"java_construct": len(constructs)}
    node = "construct:try-with-resources"
    assert G.nodes[node]["kind"] == NodeKind.JAVA_CONSTRUCT.value
    targets = {v for _, v, k in G.out_edges(node, keys=True) if k == EdgeKind.MAPS_TO.value}
    assert targets == {
        "manual:error_handle/handle#try-with-resources-expressions",
        "std.core.Resource",
        "std.fs.File",
    }
    sleep = {v for _, v, k in G.out_edges("construct:thread-sleep", keys=True) if k == "maps_to"}
    assert {"manual:concurrency/sleep", "std.core.Duration"} <= sleep
    assert any(v.startswith("std.core.sleep(") for v in sleep)


def test_bad_table_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "c.yaml"
    bad.write_text(
        "constructs:\n"
        "- id: Bad Id\n  name: x\n"
        "- id: ok-one\n  name: A\n  name_zh: 甲\n  java: a\n  cangjie: b\n  note: c\n  note_zh: 丁\n"
        "  keywords: [k]\n  manual: [manual:x]\n  detect: {regex: '(', nope: 1}\n"
        "- id: ok-one\n  name: A\n  name_zh: 甲\n  java: a\n  cangjie: b\n  note: c\n  note_zh: 丁\n"
        "  keywords: [k]\n  manual: [manual:x]\n  detect: {ast: [IfStatement]}\n",
        encoding="utf-8",
    )
    items, warnings = load_constructs(bad)
    assert [c.id for c in items] == ["ok-one"]
    text = "\n".join(warnings)
    assert "c.yaml:2: missing name_zh" in text
    assert "c.yaml:4: detect regex does not compile" in text
    assert "c.yaml:4: unknown detect key 'nope'" in text
    assert "c.yaml:4: detect needs an ast list or a regex" in text
    assert "c.yaml:14: duplicate id 'ok-one'" in text
    (tmp_path / "d.yaml").write_text("- just a list\n", encoding="utf-8")
    with pytest.raises(ConstructError, match="top-level 'constructs:' list"):
        load_constructs(tmp_path / "d.yaml")
    with pytest.raises(ConstructError, match="cannot be read"):
        load_constructs(tmp_path / "none.yaml")


def _jsonl(name: str) -> list[dict]:
    return [json.loads(x) for x in (EVAL / name).read_text(encoding="utf-8").splitlines() if x.strip()]


def test_language_questions_refer_to_real_pages_and_constructs(constructs, manual) -> None:
    qs = _jsonl("questions_language.jsonl")
    assert sum(q["lang"] == "en" for q in qs) >= 35 and sum(q["lang"] == "zh" for q in qs) >= 35
    assert len({q["id"] for q in qs}) == len(qs)
    pages = {p.path for p in manual.pages}
    ids = {c.id for c in constructs}
    assert [(q["id"], p) for q in qs for p in q["expected_pages"] if p not in pages] == []
    assert [(q["id"], c) for q in qs for c in q.get("expected_constructs", []) if c not in ids] == []


def test_task_questions_name_real_apis(real_cfg) -> None:
    from cjkb_graph.graph.kb import KnowledgeBase

    G = KnowledgeBase.load(real_cfg.data_dir, real_cfg).G
    qualnames = {d.get("qualname") for _, d in G.nodes(data=True)}
    qs = _jsonl("questions_task.jsonl")
    assert len(qs) >= 100 and {q["group"] for q in qs} == {"en", "zh", "java"}
    assert [(q["id"], e) for q in qs for e in q["expected"] if e not in qualnames] == []
