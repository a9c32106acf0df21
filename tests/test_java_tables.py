"""Tests for loaders/java_tables.py and the curated tables in graph_data/java."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.java_tables import (
    TablesResult,
    is_member_fqn,
    java_package_of,
    load_all,
    load_categorised_json,
    load_curated,
    load_flat_json,
    load_glossary_yaml,
    load_imported,
)

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "java_tables"
TABLES = ROOT / "graph_data" / "java"


def _has(messages: list[str], *parts: str) -> bool:
    return any(all(p in m for p in parts) for m in messages)


# ----------------------------------------------------------------------------- helpers


def test_member_or_type_by_last_segment() -> None:
    assert not is_member_fqn("java.util.HashMap")
    assert not is_member_fqn("java.util.Map.Entry")
    assert is_member_fqn("java.util.HashMap.put")
    assert is_member_fqn("java.util.HashMap.<init>")
    assert is_member_fqn("java.lang.Math.PI")
    assert is_member_fqn("java.lang.Integer.MAX_VALUE")
    assert java_package_of("java.util.Map.Entry") == "java.util"
    assert java_package_of("java.util.concurrent.atomic.AtomicLong") == "java.util.concurrent.atomic"


# ----------------------------------------------------------------------------- curated fixtures


@pytest.fixture(scope="module")
def curated() -> TablesResult:
    return load_curated(FIX / "curated")


def test_curated_records_and_sources(curated: TablesResult) -> None:
    hashmap = curated.type_by_fqn("java.util.HashMap")
    assert hashmap is not None
    assert hashmap.simple_name == "HashMap"
    assert hashmap.package == "java.util"
    assert hashmap.supertypes == ["java.util.Map"]
    assert hashmap.source == "tests/fixtures/java_tables/curated/a_good.yaml:3"
    assert hashmap.origin == "curated"
    (put,) = curated.members_of("java.util.HashMap", "put")
    assert put.arity == 2 and put.params == ["K", "V"] and put.returns == "V"
    assert put.targets == ["std.collection.HashMap.add(K,V)", "std.collection.HashMap.[](K,V)"]
    assert put.source.endswith("a_good.yaml:9")
    assert curated.members_of("java.util.HashMap", "<init>")
    entry = curated.type_by_fqn("java.util.Map.Entry")
    assert entry is not None and entry.simple_name == "Entry" and entry.package == "java.util"


def test_curated_errors_are_collected_with_file_and_line(curated: TablesResult) -> None:
    errs = curated.errors
    src = "tests/fixtures/java_tables/curated/b_errors.yaml"
    assert _has(errs, f"{src}:8", "bad confidence 'perfect'")
    assert _has(errs, f"{src}:9", "without `java`")
    assert _has(errs, f"{src}:11", "duplicate member `java.util.ArrayList.get`")
    assert _has(errs, f"{src}:13", "boolean", "quote")
    assert _has(errs, f"{src}:14", "`target` is required")
    assert _has(errs, f"{src}:15", "duplicate type `java.util.HashMap`")
    assert _has(errs, f"{src}:18", "type entry without `java`")
    assert _has(curated.warnings, f"{src}:3", "unknown key `colour`")
    assert _has(curated.warnings, f"{src}:20", "needs a `note`")
    # the good parts of the broken file still load; skipped entries are not records
    assert curated.type_by_fqn("java.util.ArrayList") is not None
    names = {m.name for m in curated.members_of("java.util.ArrayList")}
    assert names == {"get", "TRUE"}
    (get,) = curated.members_of("java.util.ArrayList", "get")
    assert get.targets == ["std.collection.ArrayList.get"]
    assert [t.fqn for t in curated.types].count("java.util.HashMap") == 1


def test_malformed_file_reports_line_and_others_load() -> None:
    res = load_curated(FIX / "broken")
    assert len(res.errors) == 1
    assert res.errors[0].startswith("tests/fixtures/java_tables/broken/b_malformed.yaml:")
    assert "malformed YAML" in res.errors[0]
    assert [t.fqn for t in res.types] == ["java.lang.String"]


def test_missing_folder_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    res = load_curated(tmp_path / "nope")
    assert res.errors and not res.types


# ----------------------------------------------------------------------------- imported


def test_flat_json() -> None:
    res = load_flat_json(FIX / "flat.json")
    hm = res.type_by_fqn("java.util.HashMap")
    assert hm is not None and hm.target == "HashMap" and hm.confidence == "exact"
    assert hm.origin == "imported" and hm.source == "tests/fixtures/java_tables/flat.json:2"
    (put,) = res.members_of("java.util.HashMap", "put")
    assert put.targets == ["std.collection.HashMap.add"] and put.origin == "imported"
    assert res.members_of("java.lang.Math", "PI")
    assert res.type_by_fqn("java.util.Map.Entry") is not None
    uuid = res.type_by_fqn("java.util.UUID")
    assert uuid is not None and uuid.target is None and uuid.confidence == "none"
    assert _has(res.errors, "flat.json:7", "java.util.Bad")


def test_categorised_json() -> None:
    res = load_categorised_json(FIX / "categorised.json")
    (length,) = res.members_of("java.lang.String", "length")
    assert length.confidence == "approximate"
    assert length.targets == ["String.size"]
    assert length.note == "UTF-8 bytes, not chars"
    al = res.type_by_fqn("java.util.ArrayList")
    assert al is not None and al.confidence == "exact" and al.target == "std.collection.ArrayList"
    runnable = res.type_by_fqn("java.lang.Runnable")
    assert runnable is not None and runnable.confidence == "none" and runnable.target is None
    assert _has(res.errors, "categorised.json:5", "bad category 7")
    assert _has(res.errors, "categorised.json:6", "must be an object")


def test_glossary_yaml() -> None:
    res = load_glossary_yaml(FIX / "glossary.yaml")
    by_term = {g.java_term: g for g in res.glossary}
    assert by_term["HashMap"].cangjie_terms == ["HashMap", "Map"]
    assert by_term["null"].cangjie_terms == ["Option", "None"]  # `null:` stays a term
    assert by_term["thread"].cangjie_terms == ["spawn", "Future"]
    assert by_term["println"].cangjie_terms == ["println"]
    assert by_term["thread"].source == "tests/fixtures/java_tables/glossary.yaml:3"
    assert _has(res.errors, "glossary.yaml:7", "broken")


def test_load_imported_dispatch_and_load_all() -> None:
    assert load_imported(FIX / "flat.json", "nope").errors
    res = load_all(
        FIX / "curated",
        [(FIX / "flat.json", "flat"), (FIX / "glossary.yaml", "glossary")],
    )
    origins = [t.origin for t in res.types]
    # curated first, imported after (their ranking)
    assert origins.index("imported") > origins.index("curated")
    assert "imported" not in origins[: origins.index("imported")]
    assert res.glossary


# ----------------------------------------------------------------------------- real tables


@pytest.fixture(scope="module")
def real() -> TablesResult:
    return load_curated(TABLES)


def test_real_tables_load_cleanly(real: TablesResult) -> None:
    assert real.errors == []
    assert real.warnings == []
    assert len(real.types) >= 150
    assert len(real.members) >= 800
    assert all(t.source.startswith("graph_data/java/") for t in real.types)


def test_real_tables_key_facts(real: TablesResult) -> None:
    (put,) = real.members_of("java.util.HashMap", "put")
    assert put.targets[0].startswith("std.collection.HashMap.add")
    assert put.note is not None and "Option" in put.note

    (length,) = real.members_of("java.lang.String", "length")
    assert length.targets[0] == "std.core.String.size"

    parse = real.members_of("java.lang.Integer", "parseInt")
    assert any(m.targets[0] == "std.convert.Int64.parse" for m in parse)

    (char_at,) = real.members_of("java.lang.String", "charAt")
    assert char_at.confidence == "approximate" and char_at.targets == ["std.core.String.toRuneArray"]
    assert char_at.note
    (insert,) = real.members_of("java.lang.StringBuilder", "insert")
    assert insert.confidence == "none" and insert.targets == [] and insert.note

    (println,) = real.members_of("java.lang.System", "out.println")
    assert println.targets[0] == "std.core.println"
    (sleep,) = real.members_of("java.lang.Thread", "sleep")
    assert sleep.targets[0] == "std.core.sleep"
    (mx,) = real.members_of("java.lang.Math", "max")
    assert mx.targets[0] == "std.core.max"
    (sort,) = real.members_of("java.util.Collections", "sort")
    assert sort.targets[0] == "std.sort.sort"


def test_real_tables_every_none_or_approximate_has_a_note(real: TablesResult) -> None:
    for rec in [*real.types, *real.members]:
        if rec.confidence != "exact":
            assert rec.note, rec.source


# Curated targets missing from the built graph: tests/test_mapping_quality.py (dangling targets).


def test_imported_sources_name_the_key_line_and_big_tables_load_fast(tmp_path: Path) -> None:
    import json
    import time

    path = tmp_path / "flat.json"
    path.write_text(
        '{\n  "java.util.A\\"q": "x",\n  "java.util.B": "java.util.A\\"q",\n  "java.util.C\\u00e9": "y"\n}\n'
    )
    res = load_flat_json(path, base=tmp_path)
    assert [(t.fqn, t.source) for t in res.types] == [
        ('java.util.A"q', "flat.json:2"),
        ("java.util.B", "flat.json:3"),
        ("java.util.Cé", "flat.json:4"),
    ]
    big = tmp_path / "big.json"
    big.write_text(json.dumps({f"java.util.T{i}.m{i}": f"T{i}.m" for i in range(30_000)}, indent=1))
    t0 = time.perf_counter()
    res = load_flat_json(big, base=tmp_path)
    # one pass over the text (the old per-key scan took about 20 s here)
    assert time.perf_counter() - t0 < 5
    assert len(res.members) == 30_000 and res.members[-1].source == "big.json:30001"
