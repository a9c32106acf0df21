"""LLM rerank and describe against a real HTTP server on 127.0.0.1 (no mocked client)."""

from __future__ import annotations

import copy
import time
from collections.abc import Iterator

import pytest

from cjkb_graph.config import LLMConfig
from cjkb_graph.engine import Engine
from cjkb_graph.models import ResolveResult

from .llm_server import FakeLLMServer

CODE = "Map<String, Integer> m = new HashMap<>();\nm.put(k, 1);\nString t = s.trim();"


@pytest.fixture()
def server() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as srv:
        yield srv


@pytest.fixture()
def llm_engine(real_engine: Engine, server: FakeLLMServer) -> Iterator[Engine]:
    kb = copy.copy(real_engine.kb)
    kb.cfg = copy.deepcopy(real_engine.kb.cfg)
    kb.cfg.llm = LLMConfig(
        enabled=True, base_url=server.base_url, model="good", timeout_s=20.0, rerank_candidates=4
    )
    yield Engine(kb, index=real_engine.index)


def _orders(result: ResolveResult) -> list[list[str]]:
    return [[c.id for c in s.candidates] for s in result.suggestions]


def test_good_answer_reorders_top_candidates(llm_engine: Engine, server: FakeLLMServer) -> None:
    base = llm_engine.resolve(CODE, top_k=5, rerank=False)
    ranked = llm_engine.resolve(CODE, top_k=5, rerank=True)
    assert ranked.rerank.status == "ok", ranked.rerank
    assert server.requests and server.requests[0]["model"] == "good"
    for before, after in zip(_orders(base), _orders(ranked), strict=True):
        if len(before) >= 2:
            assert after[:4] == before[:4][::-1]
            assert after[4:] == before[4:]


@pytest.mark.parametrize("model", ["garbage", "error", "slow"])
def test_failures_keep_the_deterministic_order(llm_engine: Engine, model: str) -> None:
    llm_engine.cfg.llm.model = model
    llm_engine.cfg.llm.timeout_s = 1.0
    base = llm_engine.resolve(CODE, top_k=5, rerank=False)
    t0 = time.perf_counter()
    ranked = llm_engine.resolve(CODE, top_k=5, rerank=True)
    assert time.perf_counter() - t0 < 5.5, "the timeout, not the slow server, must bound the wait"
    assert ranked.rerank.status == "failed"
    assert ranked.rerank.reason
    assert _orders(ranked) == _orders(base)


def test_closed_port(llm_engine: Engine) -> None:
    llm_engine.cfg.llm.base_url = "http://127.0.0.1:9/v1"
    ranked = llm_engine.resolve(CODE, top_k=5, rerank=True)
    assert ranked.rerank.status == "failed"


def test_describe_uses_llm_then_falls_back(llm_engine: Engine) -> None:
    llm_engine.cfg.llm.model = "describe"
    out = llm_engine.describe(CODE)
    assert out.block.source == "llm" and out.block.zh == "统计单词。"
    llm_engine.cfg.llm.model = "garbage"
    out = llm_engine.describe(CODE)
    assert out.block.source == "heuristic" and out.llm.status == "failed"
    assert any("HashMap.add" in c.en for c in out.calls)
    assert any("对应仓颉" in c.zh for c in out.calls)


def test_error_hint_uses_llm_then_falls_back(llm_engine: Engine) -> None:
    err = "error: 'put' is not a member of class 'HashMap<String, Int64>'"
    llm_engine.cfg.llm.model = "hint"
    out = llm_engine.error_fix_hint(err)
    assert out.llm_hint == "Use add instead of put." and out.apis[0].qualname == "std.collection.HashMap.add"
    llm_engine.cfg.llm.model = "error"
    out = llm_engine.error_fix_hint(err)
    assert out.llm_hint is None and out.llm.status == "failed" and out.hints
