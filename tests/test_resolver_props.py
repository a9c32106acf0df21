"""Property tests of the resolver on the real graph: any input gives the output contract, no exception."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cjkb_graph.engine import Engine
from cjkb_graph.models import ResolveResult

SNIPPETS = [
    json.loads(x)["java"]
    for x in (Path(__file__).parent / "eval" / "devset.jsonl").read_text().splitlines()[:40]
]
SETTINGS = settings(
    max_examples=40,
    deadline=timedelta(seconds=10),
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)


def check(result: ResolveResult) -> None:
    assert {"calls", "suggestions", "imports", "unresolved"} <= set(result.model_dump())
    for s in result.suggestions:
        assert s.level in ("api", "statement", "function")
        assert {"text", "kind", "receiver", "java_type", "method", "arg_count", "line"} == set(
            s.call.model_dump()
        )
        for c in s.candidates:
            assert isinstance(c.id, str) and isinstance(c.score, float)
            assert c.import_ is None or c.import_.startswith("import ")
    assert all(i.startswith("import ") for i in result.imports)
    json.dumps(result.model_dump())


@pytest.fixture(scope="module")
def engine(real_engine: Engine) -> Engine:
    return real_engine


@SETTINGS
@given(text=st.text(max_size=400))
def test_random_text(engine: Engine, text: str) -> None:
    check(engine.resolve(text))


@SETTINGS
@given(
    idx=st.integers(0, len(SNIPPETS) - 1),
    edits=st.lists(
        st.tuples(st.integers(0, 10_000), st.sampled_from(["del", "ins", "dup"]), st.characters()), max_size=8
    ),
)
def test_mutated_snippets(engine: Engine, idx: int, edits: list[tuple[int, str, str]]) -> None:
    code = SNIPPETS[idx]
    for pos, op, ch in edits:
        p = pos % (len(code) + 1)
        if op == "del":
            code = code[:p] + code[p + 1 :]
        elif op == "ins":
            code = code[:p] + ch + code[p:]
        else:
            code = code[:p] + code[p : p + 20] + code[p:]
    check(engine.resolve(code))


@settings(max_examples=5, deadline=timedelta(seconds=30), suppress_health_check=list(HealthCheck))
@given(depth=st.integers(50, 800), name=st.sampled_from(["变量", "naïve", "x"]))
def test_deep_nesting_and_non_ascii(engine: Engine, depth: int, name: str) -> None:
    chain = f"{name}" + ".trim()" * depth
    nested = "Math.max(" * depth + "1" + ", 2)" * depth
    check(engine.resolve(f"String {name} = s; String t = {chain}; int m = {nested};"))


def test_100kb_input(engine: Engine) -> None:
    code = ("map.put(k, v); s.trim(); list.add(x);\n" * 3000)[:99_000]
    check(engine.resolve(code))
