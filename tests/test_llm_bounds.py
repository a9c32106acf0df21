"""Bounded LLM calls: a deadline for the whole call, a bounded pool, and no call when disabled."""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

from cjkb_graph.config import LLMConfig
from cjkb_graph.engine import Engine
from cjkb_graph.mcp_server import build_server
from cjkb_graph.resolve.llm import set_workers

from .llm_server import FakeLLMServer

CODE = "Map<String, Integer> m = new HashMap<>();\nm.put(k, 1);\nString t = s.trim();"

pytestmark = pytest.mark.corpus


@pytest.fixture()
def server() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as srv:
        yield srv


def _engine(real_engine: Engine, server: FakeLLMServer, **llm: Any) -> Engine:
    kb = copy.copy(real_engine.kb)
    kb.cfg = copy.deepcopy(real_engine.kb.cfg)
    kb.cfg.llm = LLMConfig(base_url=server.base_url, rerank_candidates=4, **llm)
    return Engine(kb, index=real_engine.index)


def test_timeout_s_is_a_deadline_for_the_whole_call(real_engine: Engine, server: FakeLLMServer) -> None:
    # the trickling endpoint sends a byte every 0.3 s: a per-read timeout would wait ~40 s
    engine = _engine(real_engine, server, enabled=True, model="trickle", timeout_s=1.5)
    import openai  # noqa: F401 - imported before the clock starts, as in a running server

    engine.resolve(CODE, rerank=False)  # warm
    t0 = time.perf_counter()
    result = engine.resolve(CODE)
    elapsed = time.perf_counter() - t0
    assert result.rerank is not None and result.rerank.status == "failed"
    assert "within timeout_s = 1.5 s" in (result.rerank.reason or "")
    assert elapsed < 1.5 + 1.0, f"held {elapsed:.1f} s"
    assert result.suggestions[0].candidates  # the deterministic answer stands


def test_rerank_when_the_llm_is_disabled_does_not_call_it(real_engine: Engine, server: FakeLLMServer) -> None:
    engine = _engine(real_engine, server, enabled=False, model="good")
    result = engine.resolve(CODE, rerank=True)
    assert result.rerank is not None and result.rerank.status == "skipped"
    assert "llm.enabled is false" in (result.rerank.reason or "")
    assert server.requests == []


def test_slow_llm_calls_do_not_starve_other_tools(real_engine: Engine, server: FakeLLMServer) -> None:
    engine = _engine(real_engine, server, enabled=True, model="trickle", timeout_s=4.0)
    engine.cfg.serve = engine.cfg.serve.model_copy(update={"llm_workers": 2})
    set_workers(2)
    mcp = build_server(lambda: engine)
    statuses: list[str] = []
    node_ms: list[float] = []

    async def rerank() -> None:
        r: Any = await mcp.call_tool("resolve_java_code", {"java_code": CODE, "rerank": True})
        statuses.append(r.structured_content["rerank"]["reason"])

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            for _ in range(45):
                tg.start_soon(rerank)
            await anyio.sleep(0.5)
            t0 = time.perf_counter()
            await mcp.call_tool("get_node", {"node_id": "std.collection.HashMap"})
            node_ms.append((time.perf_counter() - t0) * 1000)

    try:
        anyio.run(main)
    finally:
        set_workers(4)
    assert node_ms[0] < 1000, f"get_node waited {node_ms[0]:.0f} ms behind the LLM calls"
    busy = [s for s in statuses if "LLM workers are busy" in s]
    assert len(statuses) == 45 and len(busy) >= 45 - 2
    assert threading.active_count() < 60
