"""Evaluation of the resolver on sets of Java snippets with the expected Cangjie APIs."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

import orjson

from ..errors import InputError
from ..models import Candidate, ResolveResult
from .resolver import Resolver

__all__ = ["entry_matches", "evaluate", "load_cases", "score_case"]


def load_cases(path: Path) -> list[dict[str, Any]]:
    """Cases ``{"id", "java", "expected": [...]}``, one JSON object per line."""
    if not path.exists():
        raise InputError(f"cases file '{path}' does not exist")
    if path.is_dir():
        raise InputError(f"cases file '{path}' is a folder; pass a .jsonl file")
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"cases file '{path}' cannot be read ({err.strerror})") from err
    cases: list[dict[str, Any]] = []
    for no, raw in enumerate(data.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            case = orjson.loads(raw)
        except orjson.JSONDecodeError as err:
            raise InputError(f"{path}:{no}: not valid UTF-8 JSON ({err})") from err
        if not isinstance(case, dict) or not {"id", "java", "expected"} <= set(case):
            raise InputError(f"{path}:{no}: a case needs 'id', 'java' and 'expected'")
        expected = case["expected"]
        if not isinstance(case["java"], str):
            raise InputError(f"{path}:{no}: 'java' must be a string of Java source")
        if not isinstance(expected, list) or not all(isinstance(e, str) and e for e in expected):
            raise InputError(
                f'{path}:{no}: \'expected\' must be a list of API names, e.g. ["HashMap.add", "std.sort.sort"]'
            )
        cases.append(case)
    return cases


def entry_matches(entry: str, cand: Candidate) -> bool:
    """The scoring rule of tests/eval/README.md."""
    q = cand.qualname or ""
    cid = cand.id or ""
    if q == entry or cid.startswith(entry + "("):
        return True
    if entry.count(".") == 1 and q.endswith("." + entry):
        return True
    if q == entry + ".init" or cid.startswith(entry + ".init("):
        return True
    # a bare function name
    return "." not in entry and (q.rsplit(".", 1)[-1] == entry)


def score_case(case: dict[str, Any], result: ResolveResult, ks: list[int]) -> dict[str, Any]:
    expected: list[str] = case["expected"]
    best_rank: dict[str, int | None] = {}
    for e in expected:
        rank: int | None = None
        for s in result.suggestions:
            for i, c in enumerate(s.candidates, 1):
                if entry_matches(e, c):
                    rank = i if rank is None else min(rank, i)
                    break
        best_rank[e] = rank
    out: dict[str, Any] = {"id": case["id"], "ranks": best_rank}
    n = max(len(expected), 1)
    for k in ks:
        out[f"recall@{k}"] = sum(1 for r in best_rank.values() if r is not None and r <= k) / n
    out["rr"] = sum(1.0 / r for r in best_rank.values() if r is not None) / n
    return out


def evaluate(
    resolver: Resolver, cases: list[dict[str, Any]], ks: list[int], top_k: int = 10
) -> dict[str, Any]:
    per_case: list[dict[str, Any]] = []
    times: list[float] = []
    for case in cases:
        t0 = time.perf_counter()
        result = resolver.resolve(case["java"], top_k=max(top_k, max(ks)))
        times.append((time.perf_counter() - t0) * 1000)
        sc = score_case(case, result, ks)
        sc["ms"] = round(times[-1], 3)
        per_case.append(sc)
    summary: dict[str, Any] = {"cases": len(cases)}
    for k in ks:
        summary[f"recall@{k}"] = (
            round(statistics.fmean(c[f"recall@{k}"] for c in per_case), 4) if per_case else 0.0
        )
    summary["mrr"] = round(statistics.fmean(c["rr"] for c in per_case), 4) if per_case else 0.0
    if times:
        st = sorted(times)
        summary["median_ms"] = round(statistics.median(st), 3)
        summary["p95_ms"] = round(st[min(len(st) - 1, int(0.95 * len(st)))], 3)
    return {"summary": summary, "cases": per_case}
