"""Quality rules for the curated Java-to-Cangjie tables, checked on the built real-corpus graph.

Rule: the primary target of a curated mapping (the entry's `target` field, i.e. the `maps_to`
edges of rank 0-9: one per overload the qualname expands to) must not be a Cangjie API that the
v1.2.0 docs mark `(deprecated)`, nor a member of a deprecated type (the docs mark only the class
heading of `std.regex.Matcher`, not its members). Deprecated APIs may still appear in `also`
(rank >= 10). An entry that has no non-deprecated equivalent may keep a deprecated target if its
note says so (contains the word "deprecated").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from cjkb_graph.config import Config, load_config
from cjkb_graph.graph.java_layer import dangling_targets
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.pipeline import build_and_save

MAPS_TO = "maps_to"
TARGET_FIELD_RANKS = range(10)  # rank = 10 * (position in [target, *also]) + overload index


def deprecated_reason(G: nx.MultiDiGraph, node: str) -> str | None:
    """Why `node` counts as deprecated: "self", "owner <type>", or None."""
    data = G.nodes[node]
    if data.get("deprecated"):
        return "self"
    owner = data.get("owner")
    if owner and owner in G and G.nodes[owner].get("deprecated"):
        return f"owner {owner}"
    return None


def deprecated_primary_targets(G: nx.MultiDiGraph) -> list[str]:
    """Curated primary mappings onto deprecated APIs whose note does not say "deprecated"."""
    bad: list[str] = []
    for java, target, key, edge in G.edges(keys=True, data=True):
        if key != MAPS_TO or edge.get("origin") != "curated":
            continue
        if edge.get("rank", 0) not in TARGET_FIELD_RANKS:
            continue
        reason = deprecated_reason(G, target)
        if reason is None or "deprecated" in str(edge.get("note", "")).lower():
            continue
        bad.append(f"{edge.get('source', '?')}: {java} -> {target} (deprecated: {reason})")
    return sorted(bad)


# ----------------------------------------------------------------------------- dangling targets
# One place for the dangling-target check, through the library (java_layer.dangling_targets, as the
# doctor and the engine use it) and through `cjkb-graph mappings --check`: a table with a target the
# docs do not have is reported with file:line and fails the command; the real tables have none.

_DEMO_TABLE = (
    "package: java.demo\n"
    "types:\n"
    "  - java: java.demo.Box\n"
    "    target: std.demo.Box\n"
    "    confidence: exact\n"
    "    members:\n"
    "      - {java: put, arity: 1, target: std.demo.Box.put, confidence: exact, note: returns Option}\n"
    "      - {java: missing, target: std.demo.Box.nothing, confidence: exact}\n"
)


def _mini_cfg(mini_corpus: Path, tmp_path: Path) -> Config:
    tables = tmp_path / "java"
    tables.mkdir()
    (tables / "demo.yaml").write_text(_DEMO_TABLE, encoding="utf-8")
    cfg_file = tmp_path / "config.yaml"
    cfg_file.write_text(
        f"corpus:\n  roots: [{mini_corpus}]\ndata_dir: {tmp_path / 'd'}\njava:\n  tables: {tables}\n",
        encoding="utf-8",
    )
    cfg = load_config(cfg_file)
    cfg.corpus_roots = [mini_corpus]  # CJKB_CORPUS (set in CI) would override the file's roots
    build_and_save(cfg, force=True)
    return cfg


def _dangling(way: str, cfg: Config, config_file: Path) -> tuple[list[str], int]:
    if way == "library":
        found = dangling_targets(KnowledgeBase.load(cfg=cfg).G, cfg)
        rc = 1 if found else 0
    else:
        env = {**os.environ, "CJKB_DATA_DIR": str(cfg.data_dir)}
        env.pop("CJKB_CORPUS", None)
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "cjkb_graph.cli",
                "mappings",
                "--check",
                "--json",
                "--config",
                str(config_file),
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        found, rc = json.loads(r.stdout)["dangling"], r.returncode
    return [f"{Path(d['source']).name}: {d['java']} -> {d['target']}" for d in found], rc


@pytest.mark.parametrize("way", ["library", "cli"])
def test_a_dangling_target_is_reported_with_file_and_line(
    way: str, mini_corpus: Path, tmp_path: Path
) -> None:
    cfg = _mini_cfg(mini_corpus, tmp_path)
    assert _dangling(way, cfg, tmp_path / "config.yaml") == (
        ["demo.yaml:8: java.demo.Box.missing -> std.demo.Box.nothing"],
        1,
    )


@pytest.mark.corpus
@pytest.mark.parametrize("way", ["library", "cli"])
def test_real_tables_have_no_dangling_target(way: str, real_cfg: Config, tmp_path: Path) -> None:
    cfg_file = tmp_path / "config.yaml"
    roots = "".join(f"\n    - {r}" for r in real_cfg.corpus_roots)
    cfg_file.write_text(
        f"corpus:\n  roots:{roots}\ndata_dir: {real_cfg.data_dir}\njava:\n  tables: {real_cfg.java_tables}\n",
        encoding="utf-8",
    )
    assert _dangling(way, real_cfg, cfg_file) == ([], 0)


# ----------------------------------------------------------------------------- the real tables


@pytest.mark.corpus
def test_graph_has_what_the_rule_needs(real_kb: KnowledgeBase) -> None:
    G = real_kb.G
    assert G.nodes["std.regex.Matcher"].get("deprecated") is True
    assert G.nodes["std.regex.Regex.matcher(String)"].get("deprecated") is True
    assert deprecated_reason(G, "std.regex.Matcher.find()") == "owner std.regex.Matcher"
    curated = [
        e for _, _, k, e in G.edges(keys=True, data=True) if k == MAPS_TO and e.get("origin") == "curated"
    ]
    assert len(curated) > 1000


@pytest.mark.corpus
def test_no_curated_primary_target_is_deprecated(real_kb: KnowledgeBase) -> None:
    bad = deprecated_primary_targets(real_kb.G)
    assert not bad, (
        "primary mapping targets that are deprecated in the Cangjie v1.2.0 docs; map to the "
        "non-deprecated replacement (keep the old API in `also` if useful) or, if none exists, "
        "say so in the note:\n  " + "\n  ".join(bad)
    )


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("java", "expected"),
    [
        ("java.util.regex.Pattern.matcher", "std.regex.Regex.find(String,Bool)"),
        ("java.util.regex.Matcher.find/0", "std.regex.Regex.lazyFindAll(String,Bool)"),
        ("java.math.BigInteger.divide", "std.math.numeric.BigInt./(BigInt)"),
        ("java.math.BigInteger.remainder", "std.math.numeric.BigInt.%(BigInt)"),
        ("java.time.LocalDate.getMonthValue", "std.time.DateTime.month"),
        ("java.time.format.DateTimeFormatter.parse", "std.time.DateTime.parse(String,String)"),
        (
            "java.util.concurrent.ConcurrentHashMap.put",
            "std.collection.concurrent.ConcurrentHashMap.add(K,V)",
        ),
        ("java.util.concurrent.BlockingQueue.take", "std.collection.concurrent.LinkedBlockingQueue.remove()"),
    ],
)
def test_replacements_of_deprecated_apis(real_kb: KnowledgeBase, java: str, expected: str) -> None:
    G = real_kb.G
    primary = [
        v for _, v, k, e in G.out_edges(java, keys=True, data=True) if k == MAPS_TO and e.get("rank") == 0
    ]
    assert primary == [expected]
