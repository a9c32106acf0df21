"""Optional LLM hooks (any OpenAI-compatible endpoint): rerank, describe, error hints.

Every hook degrades gracefully: on a timeout, an HTTP error or output that cannot be parsed, the
deterministic result stands and the result says what happened.
"""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any

import orjson

from ..config import LLMConfig
from ..models import CallSuggestion, Candidate, RerankStatus, ResolveResult

__all__ = ["LLMError", "chat", "llm_describe", "llm_hint", "rerank_result", "set_workers"]


class LLMError(Exception):
    """The endpoint failed, timed out or answered something unusable."""


_GATE_LOCK = threading.Lock()
_gate = threading.BoundedSemaphore(4)
_gate_size = 4


def set_workers(n: int) -> None:
    """At most ``n`` LLM calls at once (``serve.llm_workers``); beyond them a call fails at once."""
    global _gate, _gate_size
    with _GATE_LOCK:
        if n != _gate_size:
            _gate, _gate_size = threading.BoundedSemaphore(n), n


async def _complete(cfg: LLMConfig, system: str, user: str, max_tokens: int) -> Any:
    import openai

    async with openai.AsyncOpenAI(
        base_url=cfg.base_url, api_key=cfg.api_key, timeout=cfg.timeout_s, max_retries=0
    ) as client:
        return await client.chat.completions.create(
            model=cfg.model,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
            temperature=0,
            max_tokens=max_tokens,
        )


def chat(cfg: LLMConfig, system: str, user: str, max_tokens: int = 512) -> str:
    """One chat completion within ``cfg.timeout_s`` for the whole call; raises LLMError on any failure.

    The deadline covers connecting, the headers and every byte of the body: an endpoint that
    trickles its answer is cut off (the per-read timeout of an HTTP client is no such bound).
    At most ``serve.llm_workers`` calls run at once; beyond them a call fails at once, so slow
    LLM calls cannot take every worker thread of a server.
    """
    try:
        import openai
    except ImportError as err:  # pragma: no cover - a declared dependency
        raise LLMError("the openai package is not installed") from err
    gate = _gate
    if not gate.acquire(blocking=False):
        raise LLMError(f"all {_gate_size} LLM workers are busy (serve.llm_workers)")
    try:
        resp = asyncio.run(asyncio.wait_for(_complete(cfg, system, user, max_tokens), cfg.timeout_s))
    except (TimeoutError, openai.APITimeoutError) as err:
        raise LLMError(f"no complete answer within timeout_s = {cfg.timeout_s:g} s") from err
    except openai.APIStatusError as err:
        raise LLMError(f"HTTP {err.status_code} from {cfg.base_url}") from err
    except openai.APIError as err:
        cause = f" ({type(err.__cause__).__name__}: {err.__cause__})" if err.__cause__ else ""
        raise LLMError(f"request failed: {type(err).__name__}: {err}{cause}") from err
    except Exception as err:  # the client can raise parsing errors on malformed bodies
        raise LLMError(f"unusable response: {type(err).__name__}: {err}") from err
    finally:
        gate.release()
    try:
        content = resp.choices[0].message.content
    except (AttributeError, IndexError, TypeError) as err:
        raise LLMError("response has no message content") from err
    if not isinstance(content, str) or not content.strip():
        raise LLMError("response has empty message content")
    return content


def _json_in(text: str) -> Any:
    """The first JSON object in a model's answer (code fences and chatter tolerated)."""
    m = re.search(r"\{.*\}", text, re.S)
    if not m:
        raise LLMError("no JSON object in the answer")
    try:
        return orjson.loads(m.group(0))
    except orjson.JSONDecodeError as err:
        raise LLMError(f"answer is not valid JSON: {err}") from err


_RERANK_SYSTEM = (
    "You help translate Java to the Cangjie language. For each numbered Java call you get candidate "
    "Cangjie APIs. Reorder each candidate list, best translation first. Answer only with JSON: "
    '{"order": {"<call number>": ["<candidate id>", ...]}} using only the ids given.'
)


def rerank_result(cfg: LLMConfig, result: ResolveResult, java_code: str) -> None:
    """Rerank the top candidates of each suggestion in place; record the outcome in ``result.rerank``."""
    n = max(1, cfg.rerank_candidates)
    lines: list[str] = [f"Java code:\n{java_code[:4000]}\n"]
    todo: dict[str, CallSuggestion] = {}
    for i, s in enumerate(result.suggestions):
        cands = s.candidates[:n]
        if len(cands) < 2:
            continue
        todo[str(i)] = s
        lines.append(f"Call {i}: {(s.call.text if s.call else '')[:200]}")
        for c in cands:
            sig = c.signature.splitlines()[0][:160] if c.signature else ""
            lines.append(f"  - {c.id} :: {sig}")
    if not todo:
        result.rerank = RerankStatus(status="skipped", reason="no call has two or more candidates")
        return
    try:
        answer = _json_in(chat(cfg, _RERANK_SYSTEM, "\n".join(lines), max_tokens=1024))
        order = answer.get("order") if isinstance(answer, dict) else None
        if not isinstance(order, dict):
            raise LLMError("answer has no 'order' object")
    except LLMError as err:
        result.rerank = RerankStatus(status="failed", reason=str(err), kept="deterministic order")
        return
    changed = 0
    for key, s in todo.items():
        ids = order.get(key)
        if not isinstance(ids, list):
            continue
        head = s.candidates[:n]
        by_id = {c.id: c for c in head}
        new_head: list[Candidate] = [
            by_id[i] for i in dict.fromkeys(x for x in ids if isinstance(x, str)) if i in by_id
        ]
        new_head += [c for c in head if c not in new_head]
        if [c.id for c in new_head] != [c.id for c in head]:
            changed += 1
            for c in new_head:
                c.why = [*c.why, "reranked by LLM"]
        s.candidates = new_head + s.candidates[n:]
    result.rerank = RerankStatus(status="ok", model=cfg.model, suggestions_reordered=changed)


_DESCRIBE_SYSTEM = (
    "Describe what the given Java code does and how it maps to Cangjie APIs. Answer only with JSON: "
    '{"en": "<English description>", "zh": "<Chinese description>"}. Two to four sentences each.'
)


def llm_describe(cfg: LLMConfig, java_code: str, hints: list[str]) -> dict[str, str]:
    answer = _json_in(
        chat(cfg, _DESCRIBE_SYSTEM, java_code[:6000] + "\n\nCangjie APIs found:\n" + "\n".join(hints[:30]))
    )
    if (
        not isinstance(answer, dict)
        or not isinstance(answer.get("en"), str)
        or not isinstance(answer.get("zh"), str)
    ):
        raise LLMError("answer lacks 'en' and 'zh' strings")
    return {"en": answer["en"], "zh": answer["zh"]}


_HINT_SYSTEM = (
    "You help fix Cangjie compiler errors, often in code translated from Java. Given the error and "
    "facts from the Cangjie API graph, say in two or three sentences what to change. Answer only "
    'with JSON: {"hint": "<text>"}.'
)


def llm_hint(cfg: LLMConfig, error_text: str, facts: list[str]) -> str:
    answer = _json_in(chat(cfg, _HINT_SYSTEM, error_text[:4000] + "\n\nFacts:\n" + "\n".join(facts[:30])))
    if not isinstance(answer, dict) or not isinstance(answer.get("hint"), str) or not answer["hint"].strip():
        raise LLMError("answer lacks a 'hint' string")
    return str(answer["hint"])
