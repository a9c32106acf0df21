"""Integration tests on the real v1.2.0 corpus: completeness, key facts, GraphML round trip."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx

from cjkb_graph.graph.export import flatten_for_graphml, neighbourhood, write_graphml
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.graph.store import load_manifest

KEYWORD = re.compile(
    r"^(class|struct|interface|enum|func|prop|init|operator|static|let|var|const|type|mut|public|open|abstract|sealed)\b|^`?@\w"
)


def _independent_api_headings(tree: Path) -> set[str]:
    """Every API heading of a tree as 'label/file#Lline', counted without the loader."""
    found: set[str] = set()
    for path in sorted(tree.rglob("*.md")):
        if not path.parent.name.endswith("_api"):
            continue
        in_fence = False
        in_enum = False
        for no, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence or not line.startswith("##"):
                continue
            level = len(line) - len(line.lstrip("#"))
            text = line[level:].strip().replace("\\", "")
            if level == 2:
                in_enum = text.startswith("enum ")
            if text.startswith("extend"):
                continue
            is_api = bool(KEYWORD.match(text))
            if (
                level == 2
                and not is_api
                and "intrinsics" in path.name
                and re.match(r"^[A-Z]\w*(<.*>)?$", text)
            ):
                is_api = True  # built-in types: ## Int64
            if level == 3 and in_enum and not is_api and re.match(r"^[A-Za-z_]\w*(\(.*\))?$", text):
                is_api = True  # enum constructors
            if is_api and level <= 4:
                found.add(f"{tree.name}/{path.relative_to(tree).as_posix()}#L{no}")
    return found


def test_every_api_heading_is_exactly_one_node(real_kb: KnowledgeBase, corpus_root: Path) -> None:
    G = real_kb.G
    api = [real_kb.node(n) for n, d in G.nodes(data=True) if d["kind"] in ("type", "member", "function")]
    zh_sources = [d["source"] for d in api if d["source"].startswith(("std/", "stdx/"))]
    assert len(zh_sources) == len(set(zh_sources)), "two nodes claim the same heading"
    expected = _independent_api_headings(corpus_root / "std") | _independent_api_headings(
        corpus_root / "stdx"
    )
    missing = expected - set(zh_sources)
    extra = set(zh_sources) - expected
    assert not missing, f"{len(missing)} headings without a node, e.g. {sorted(missing)[:5]}"
    assert not extra, f"{len(extra)} nodes not from an API heading, e.g. {sorted(extra)[:5]}"
    # English-only entries (the English docs differ a little) are nodes too, never duplicated
    en_sources = [
        d.get("source_en") or d["source"] for d in api if "_en/" in (d.get("source_en") or d["source"])
    ]
    assert len(en_sources) == len(set(en_sources))


def test_counts_and_zero_unparsed(real_kb: KnowledgeBase, real_cfg) -> None:
    manifest = load_manifest(real_cfg.data_dir)
    assert manifest is not None and manifest["unparsed"] == 0
    nodes = manifest["counts"]["nodes"]
    assert 900 <= nodes["type"] <= 1500
    assert 7000 <= nodes["member"] <= 11000
    assert nodes["example"] >= 6000
    assert nodes["module"] >= 60


def test_key_facts(real_kb: KnowledgeBase) -> None:
    G = real_kb.G
    add = "std.collection.HashMap.add(K,V)"
    assert G.nodes[add]["signature"].startswith("public func add(key: K, value: V): Option<V>")
    assert "std.collection.HashMap.add(Collection<(K,V)>)" in {
        v for _, v, k in G.out_edges(add, keys=True) if k == "overloads"
    }
    assert real_kb.resolve_all("std.core.String.size")
    parse = real_kb.resolve_node("std.convert.Int64.parse")
    assert G.nodes[parse]["extension"]["interface"] == "Parsable"
    assert G.nodes[parse]["owner"] == "std.core.Int64"
    assert G.nodes["stdx.encoding.json.JsonValue"]["kind"] == "type"
    assert G.nodes["std.unittest.common"]["kind"] == "module"
    hm_examples = [u for u, _, k in G.in_edges("std.collection.HashMap", keys=True) if k == "example_for"]
    assert hm_examples
    assert ("std.collection.ArrayList", "std.collection.List") in {
        (u, v) for u, v, k in G.edges(keys=True) if k == "inherits"
    }
    assert real_kb.attr(add, "description_en") and real_kb.attr(add, "description_zh")


def test_graphml_round_trip(real_kb: KnowledgeBase, tmp_path: Path) -> None:
    nodes = neighbourhood(real_kb.G, "std.collection.HashMap", 1)
    H = flatten_for_graphml(real_kb.G, nodes)
    out = tmp_path / "hm.graphml"
    write_graphml(H, out)
    R = nx.read_graphml(out, force_multigraph=True)
    assert R.number_of_nodes() == H.number_of_nodes() > 50
    assert R.number_of_edges() == H.number_of_edges()
    assert R.nodes["std.collection.HashMap"]["kind"] == "type"
    assert all("kind" in d for _, _, d in R.edges(data=True))


def test_older_cangjie_corpus_layout_loads(corpus_root: Path) -> None:
    from cjkb_graph.graph.build import build_api_graph
    from loaders.cangjie_docs import parse_corpus

    old = corpus_root.parent / "CangjieCorpus"
    if not (old / "libs" / "std").is_dir():
        import pytest

        pytest.skip("CangjieCorpus (1.0.0) not available")
    parsed = parse_corpus([old])
    G = build_api_graph(parsed)
    assert parsed.heading_counts == {"libs/std": len(parsed.apis)}
    assert not [w for w in parsed.warnings if "unparsable" in w]
    assert "std.collection.HashMap.add(K,V)" in G
    assert G.nodes["std.collection.HashMap"]["source"].startswith("libs/std/collection/")
