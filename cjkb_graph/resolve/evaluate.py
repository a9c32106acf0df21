"""Evaluation of the resolver on sets of Java snippets with the expected Cangjie APIs."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

import orjson

from ..errors import InputError
from ..kinds import EdgeKind, NodeKind
from ..models import ApiRef, Candidate, ResolveResult
from .resolver import Resolver

__all__ = [
    "baseline_ranks",
    "compare_baseline",
    "entry_matches",
    "evaluate",
    "load_cases",
    "score_calls",
    "score_case",
]


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


class _MappedTargets:
    """Cangjie targets of the curated Java tables, by Java method name (any owner type).

    Used only to attribute a case's expected APIs to its calls for the per-call metric: a call
    ``x.put(..)`` is scored against the expected APIs that *some* Java ``put`` maps to, whatever
    receiver type the resolver inferred (a wrong type then shows up as a miss, not as "not scored").
    """

    def __init__(self, resolver: Resolver):
        G = resolver.kb.G
        self.by_method: dict[str, list[ApiRef]] = {}
        self.by_type: dict[str, list[ApiRef]] = {}  # simple Java type name -> its type and <init> targets
        for n, d in G.nodes(data=True):
            kind = d.get("kind")
            if kind not in (NodeKind.JAVA_MEMBER, NodeKind.JAVA_TYPE):
                continue
            targets = [
                ApiRef(id=v, qualname=G.nodes[v].get("qualname"))
                for _, v, k in G.out_edges(n, keys=True)
                if k == EdgeKind.MAPS_TO
            ]
            if kind == NodeKind.JAVA_TYPE:
                self.by_type.setdefault(str(d.get("name") or n.rsplit(".", 1)[-1]), []).extend(targets)
            elif d.get("name") == "<init>":
                owner = str(d.get("owner") or n.rsplit(".", 1)[0])
                self.by_type.setdefault(owner.rsplit(".", 1)[-1], []).extend(targets)
            else:
                self.by_method.setdefault(str(d.get("name")), []).extend(targets)

    def targets(self, method: str | None, java_type: str | None, constructor: bool) -> list[ApiRef]:
        if constructor:
            return self.by_type.get((java_type or "").rsplit(".", 1)[-1], []) if java_type else []
        return self.by_method.get(method or "", [])


def score_calls(
    case: dict[str, Any], result: ResolveResult, ks: list[int], mapped: _MappedTargets
) -> list[dict[str, Any]]:
    """Per call: the expected APIs the call's Java method maps to, and their best rank in *its own* list.

    A call is scored only when a curated mapping of its Java method name (or, for ``new T(..)``, of
    the type T) names one of the case's expected APIs; its rank is the best rank of those APIs among
    the candidates of that call's own suggestion (``None``: not in its list, or no suggestion).
    """
    expected: list[str] = case["expected"]
    own: dict[tuple[str, int | None], list[Candidate]] = {}
    for sug in result.suggestions:
        if sug.call is not None:
            own.setdefault((sug.call.text, sug.call.line), sug.candidates)
    out: list[dict[str, Any]] = []
    for call in result.calls:
        targets = mapped.targets(call.method, call.java_type, call.kind == "constructor")
        right = [
            e
            for e in expected
            if any(entry_matches(e, Candidate(id=t.id, qualname=t.qualname)) for t in targets)
        ]
        if not right:
            continue
        rank: int | None = None
        for i, c in enumerate(own.get((call.text, call.line), []), 1):
            if any(entry_matches(e, c) for e in right):
                rank = i
                break
        row: dict[str, Any] = {"call": call.text, "line": call.line, "expected": right, "rank": rank}
        for k in ks:
            row[f"hit@{k}"] = rank is not None and rank <= k
        out.append(row)
    return out


def evaluate(
    resolver: Resolver, cases: list[dict[str, Any]], ks: list[int], top_k: int = 10
) -> dict[str, Any]:
    """Per-snippet recall@k / MRR (pooled candidates of all the snippet's calls) and per-call hit@k.

    ``summary["recall@k"]``: mean over cases of the share of expected APIs found in the top k of
    *any* call's suggestion (tests/eval/README.md, "Scoring"). ``summary["call_recall@k"]``: over
    all scored calls of all cases (``score_calls``), the share whose own top k holds its API.
    """
    mapped = _MappedTargets(resolver)
    per_case: list[dict[str, Any]] = []
    times: list[float] = []
    calls: list[dict[str, Any]] = []
    for case in cases:
        t0 = time.perf_counter()
        result = resolver.resolve(case["java"], top_k=max(top_k, max(ks)))
        times.append((time.perf_counter() - t0) * 1000)
        sc = score_case(case, result, ks)
        sc["ms"] = round(times[-1], 3)
        sc["calls"] = score_calls(case, result, ks, mapped)
        calls.extend(sc["calls"])
        per_case.append(sc)
    summary: dict[str, Any] = {"cases": len(cases)}
    for k in ks:
        summary[f"recall@{k}"] = (
            round(statistics.fmean(c[f"recall@{k}"] for c in per_case), 4) if per_case else 0.0
        )
    summary["mrr"] = round(statistics.fmean(c["rr"] for c in per_case), 4) if per_case else 0.0
    summary["calls_scored"] = len(calls)
    for k in ks:
        summary[f"call_recall@{k}"] = (
            round(sum(1 for c in calls if c[f"hit@{k}"]) / len(calls), 4) if calls else 0.0
        )
    if times:
        st = sorted(times)
        summary["median_ms"] = round(statistics.median(st), 3)
        summary["p95_ms"] = round(st[min(len(st) - 1, int(0.95 * len(st)))], 3)
    return {"summary": summary, "cases": per_case}


def baseline_ranks(report: dict[str, Any]) -> dict[str, dict[str, int | None]]:
    """Each case's best pooled rank per expected API (``None``: not in the top ``top_k``)."""
    return {c["id"]: dict(c["ranks"]) for c in sorted(report["cases"], key=lambda c: c["id"])}


def compare_baseline(
    report: dict[str, Any], baseline: dict[str, dict[str, int | None]]
) -> tuple[list[str], list[str]]:
    """(worse, better): one line per expected API whose rank rose or dropped out / fell or appeared.

    Cases or APIs missing from the baseline are neither (a new case has nothing to regress from);
    a baseline case missing from the report is worse: dropping a case must be an explicit update.
    """
    worse: list[str] = []
    better: list[str] = []
    now = baseline_ranks(report)
    for cid, ranks in sorted(baseline.items()):
        if cid not in now:
            worse.append(f"{cid}: case missing from the evaluated files")
            continue
        for api, old in ranks.items():
            if api not in now[cid]:
                worse.append(f"{cid}: {api} no longer expected (update the baseline)")
                continue
            new = now[cid][api]
            if old is not None and (new is None or new > old):
                worse.append(f"{cid}: {api} rank {old} -> {new if new is not None else 'missing'}")
            elif new is not None and (old is None or new < old):
                better.append(f"{cid}: {api} rank {old if old is not None else 'missing'} -> {new}")
    return worse, better
