"""The Java facts live in cjkb_graph.java.jdk only: not in the curated mapping tables."""

from __future__ import annotations

from pathlib import Path

from cjkb_graph.java import jdk
from loaders.java_tables import load_curated

TABLES = Path(__file__).resolve().parent.parent / "graph_data" / "java"


def test_curated_tables_carry_no_java_facts() -> None:
    tables = load_curated(TABLES)
    with_returns = [f"{m.owner_fqn}.{m.name} ({m.source})" for m in tables.members if m.returns]
    with_supers = [f"{t.fqn} ({t.source})" for t in tables.types if t.supertypes]
    hint = "run scripts/migrate_jdk_facts.py to move them into cjkb_graph/java/jdk_facts.json"
    assert not with_returns, f"returns: in curated tables ({hint}): {with_returns[:5]}"
    assert not with_supers, f"supertypes: in curated tables ({hint}): {with_supers[:5]}"


def test_curated_facts_are_merged_into_the_builtin_tables() -> None:
    assert jdk.member_returns("java.util.Map", "remove", 2) == "boolean"
    assert jdk.RETURNS["java.util.Map"]["remove/2"] == "boolean"
    assert jdk.RETURNS["java.util.concurrent.locks.Condition"]["await/2"] == "boolean"
    assert jdk.SUPERS["java.io.FileReader"][0] == "java.io.InputStreamReader"
    for fqn, sups in jdk.CURATED_SUPERTYPES.items():
        assert set(sups) <= set(jdk.SUPERS[fqn])
    for owner, members in jdk.CURATED_RETURNS.items():
        for key in members:
            assert jdk._builtin_has(owner, key)  # on the owner or inherited


def test_migration_is_idempotent(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    ydir = tmp_path / "java"
    ydir.mkdir()
    (ydir / "t.yaml").write_text(
        "package: java.util\ntypes:\n  - java: java.util.Foo\n    supertypes: [java.util.List]\n"
        "    target: std.collection.ArrayList\n    confidence: exact\n    members:\n"
        "      - {java: size, returns: int, target: std.collection.ArrayList.size, confidence: exact}\n"
        "      - java: get\n        returns: E\n        target: std.collection.ArrayList.get\n"
        "        confidence: exact\n"
    )
    out = tmp_path / "facts.json"
    script = Path(__file__).resolve().parent.parent / "scripts" / "migrate_jdk_facts.py"
    for _ in range(2):
        subprocess.run([sys.executable, str(script), str(ydir), str(out)], check=True, capture_output=True)
    data = json.loads(out.read_text())
    assert data["returns"] == {"java.util.Foo": {"get": "E", "size": "int"}}
    assert data["supertypes"] == {"java.util.Foo": ["java.util.List"]}
    assert "returns" not in (ydir / "t.yaml").read_text()
    assert "supertypes" not in (ydir / "t.yaml").read_text()
