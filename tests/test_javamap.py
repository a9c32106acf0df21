"""java2cj lookups in every accepted form, coverage report and dangling-target check."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError
from cjkb_graph.models import JavaMapping


def _targets(result: JavaMapping) -> list[str]:
    return [m.target.qualname for m in result.mappings if m.target]


@pytest.mark.parametrize(
    ("symbol", "expected"),
    [
        ("java.util.HashMap", "std.collection.HashMap"),
        ("HashMap", "std.collection.HashMap"),
        ("HashMap.put", "std.collection.HashMap.add"),
        ("java.util.HashMap.put", "std.collection.HashMap.add"),
        ("HashMap#put(K,V)", "std.collection.HashMap.add"),
        ("Integer.parseInt", "std.convert.Int64.parse"),
        ("System.out.println", "std.core.println"),
        ("Math.max", "std.core.max"),
        ("Collections.sort", "std.sort.sort"),
        ("Arrays.sort", "std.sort.sort"),
        ("Thread.sleep", "std.core.sleep"),
        ("String.length", "std.core.String.size"),
        ("ArrayList.get", "std.collection.ArrayList.[]"),
    ],
)
def test_forms(real_engine: Engine, symbol: str, expected: str) -> None:
    r = real_engine.java_to_cangjie(symbol)
    assert r.query == symbol
    assert _targets(r)[0] == expected
    m = r.mappings[0]
    assert set(m.target.model_dump()) >= {"id", "qualname", "kind", "signature", "module", "import"}
    assert m.confidence in ("exact", "approximate", "none")


def test_notes_and_none(real_engine: Engine) -> None:
    put = real_engine.java_to_cangjie("java.util.HashMap.put").mappings[0]
    assert "Option" in put.note
    char_at = real_engine.java_to_cangjie("String.charAt").mappings[0]
    assert char_at.confidence == "approximate" and "toRuneArray" in char_at.note
    assert char_at.target is not None and char_at.target.qualname == "std.core.String.toRuneArray"
    insert = real_engine.java_to_cangjie("StringBuilder.insert").mappings[0]
    assert insert.confidence == "none" and insert.target is None and "slices" in insert.note


def test_inherited_member_and_package(real_engine: Engine) -> None:
    # ArrayList inherits size from List/Collection in Java: still found
    assert _targets(real_engine.java_to_cangjie("LinkedList.isEmpty")) == [
        "std.collection.LinkedList.isEmpty"
    ]
    pkg = real_engine.java_to_cangjie("java.util.concurrent")
    ids = {m.java_id for m in pkg.mappings}
    assert (
        len(ids) == 28  # SynchronousQueue since 0.7.8, ScheduledFuture (a Timer) since 0.7.22
        and {
            "java.util.concurrent.SynchronousQueue",
            "java.util.concurrent.ScheduledFuture",
            "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentSkipListMap",
            "java.util.concurrent.Callable",
            "java.util.concurrent.ThreadFactory",
        }
        <= ids
    )


def test_unknown_gets_suggestions(real_engine: Engine) -> None:
    r = real_engine.java_to_cangjie("HashMapp")
    assert r.mappings == [] and "HashMap" in r.suggestions
    with pytest.raises(InputError):
        real_engine.java_to_cangjie("  ")


def test_coverage(real_engine: Engine) -> None:
    rep = real_engine.mapping_coverage()
    assert rep["totals"]["types"] >= 150 and rep["totals"]["members"] >= 800
    assert "java.util" in rep["packages"] and "java.lang" in rep["packages"]
