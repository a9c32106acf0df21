"""CLI subcommands over search, the resolver, evaluation and the Java mapping layer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import orjson

from ..config import Config
from ..engine import Engine
from ..errors import InputError
from ..graph.files import atomic_write
from ..models import ApiRef, SearchHit
from .output import Handler, check_output, emit_json, engine_for, read_input, run_batch

__all__ = ["COMMANDS", "add_parsers"]


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    s = sub.add_parser("search", parents=[common], help="BM25 search for Cangjie APIs")
    s.add_argument("--wide", action="store_true", help="do not cut long lines (cut ones end with …)")
    s.add_argument(
        "query",
        nargs="?",
        help="words (English or Chinese), a Java symbol or a Cangjie name; <= 1,000 characters",
    )
    s.add_argument("--module", help="only this package, e.g. std.collection")
    s.add_argument(
        "--kind",
        help="only this node kind: type, member, function, module, example, "
        "section, page or construct (the language manual and the Java constructs)",
    )
    s.add_argument(
        "--docs",
        action="store_true",
        help="language questions: manual sections, pages and Java constructs (search_docs)",
    )
    s.add_argument("--lang", choices=["en", "zh"], help="with --docs: language of titles and excerpts")
    s.add_argument("--top-k", type=int, default=None, help="hits to show, 1..50 (default: search.top_k, 10)")
    s.add_argument("--json", action="store_true", help="print the hits as JSON")
    s.add_argument("--batch", metavar="IN.jsonl", help='lines {"id", "query"}; writes --out')
    s.add_argument("--out", metavar="OUT.jsonl", help='with --batch: lines {"id", "ms", "hits": [...]}')
    r = sub.add_parser(
        "resolve", parents=[common], help="ranked Cangjie APIs for each call of a Java snippet"
    )
    r.add_argument(
        "--wide", action="store_true", help="do not cut notes and signatures (cut ones end with …)"
    )
    r.add_argument(
        "file", nargs="?", default="-", metavar="FILE|-", help="Java source file, - for stdin (default)"
    )
    r.add_argument(
        "--top-k", type=int, default=None, help="candidates per call, 1..50 (default: resolve.top_k, 5)"
    )
    r.add_argument("--json", action="store_true", help="print the resolver's JSON output contract")
    r.add_argument("--batch", metavar="IN.jsonl", help='lines {"id", "java"}; writes --out')
    r.add_argument("--out", metavar="OUT.jsonl", help='with --batch: lines {"id", "ms", ...result}')
    r.add_argument("--rerank", action="store_true", help="rerank with the configured LLM")
    e = sub.add_parser("eval", parents=[common], help="recall@k / MRR of the resolver on cases files")
    e.add_argument(
        "cases",
        nargs="+",
        metavar="CASES.jsonl",
        help='one or more files of lines {"id", "java", "expected": [API names]}; ids unique across them',
    )
    e.add_argument(
        "--k", default="1,3,5", help="cut-offs for recall@k, comma-separated, 1..50 (default 1,3,5)"
    )
    e.add_argument(
        "--json", action="store_true", help="print the summary (with --failures: every case) as JSON"
    )
    e.add_argument("--failures", action="store_true", help="list expected APIs missed at the largest k")
    e.add_argument(
        "--baseline",
        metavar="FILE",
        help="compare each case's best rank per expected API with FILE; exit 1 when any got worse",
    )
    e.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="write each case's best rank per expected API to FILE (review the diff before committing)",
    )
    j = sub.add_parser("java2cj", parents=[common], help="Cangjie mappings of Java symbols")
    j.add_argument(
        "symbols",
        nargs="+",
        metavar="SYMBOL",
        help="java.util.HashMap, HashMap.put, Integer#parseInt(String), System.out.println or a package",
    )
    j.add_argument("--json", action="store_true", help="one JSON object (several symbols: an array)")
    m = sub.add_parser("mappings", parents=[common], help="check or report the Java mapping tables")
    m.add_argument("--check", action="store_true", help="list mapping targets missing from the graph")
    m.add_argument("--report", action="store_true", help="mapped Java types and members per package")
    m.add_argument("--json", action="store_true", help="print the result as JSON")


def _search(engine: Engine, args: argparse.Namespace, query: str, top_k: int) -> list[SearchHit]:
    if args.docs:
        if args.module or args.kind:
            raise InputError("--docs searches the manual and the constructs; drop --module/--kind")
        return engine.search_docs(query, lang=args.lang, top_k=top_k)
    if args.lang:
        raise InputError("--lang goes with --docs")
    return engine.search(query, module=args.module, kind=args.kind, top_k=top_k)


def cmd_search(args: argparse.Namespace, cfg: Config) -> int:
    engine = engine_for(cfg)
    top_k = args.top_k or cfg.search_top_k
    if args.batch:
        if not args.out:
            raise InputError("--batch needs --out OUT.jsonl")
        if args.query:
            raise InputError("give a query or --batch IN.jsonl, not both")
        return _search_batch(engine, args, Path(args.batch), check_output(args.out, "--out"), top_k)
    if args.query is None:
        raise InputError("give a query (or --batch IN.jsonl --out OUT.jsonl)")
    hits = _search(engine, args, args.query, top_k)
    if args.json:
        emit_json(hits)
        return 0
    if not hits:
        print("no match; try other words, a Java name, or drop --module/--kind")
    for i, h in enumerate(hits, 1):
        more = f"  (+{h.overloads} more overload{'s' if h.overloads > 1 else ''})" if h.overloads else ""
        print(f"{i:>2}. {h.id}  [{h.kind}]{more}")
        if h.kind in ("manual_section", "manual_page", "java_construct"):
            print(f"      {_cut(h.name, 120, args.wide)}")
        _print_api(h, "      ", 120, args.wide)
        if h.description:
            print(f"      {_cut(h.description, 120, args.wide)}")
        if h.source:
            print(f"      source: {h.source}")
        print(f"      why: {'; '.join(h.why)}")
    return 0


def _search_batch(engine: Engine, args: argparse.Namespace, inp: Path, out: Path, top_k: int) -> int:
    """One output line per input line: {"id", "ms", "hits"} (or {"id", "ms", "error"}); atomic write."""

    def answer(query: Any) -> dict[str, Any]:
        return {
            "hits": [h.model_dump(mode="json", by_alias=True) for h in _search(engine, args, query, top_k)]
        }

    return run_batch(inp, out, "query", answer)


def _head(signature: str) -> str:
    """A signature's first line without the ``{`` that opens a type's body in the docs."""
    return signature.splitlines()[0].removesuffix("{").rstrip()


def _cut(text: str | None, width: int, wide: bool = False) -> str:
    """``text`` cut to ``width`` characters with a visible ``…``, unless ``--wide``."""
    text = text or ""
    return text if wide or len(text) <= width else text[: width - 1] + "…"


def _print_api(api: ApiRef | SearchHit, indent: str, width: int, wide: bool = False) -> None:
    """An API's first signature line and its import, under its heading line."""
    if api.signature:
        print(f"{indent}{_cut(_head(api.signature), width, wide)}")
    if api.import_:
        print(f"{indent}{api.import_}")


def _read_source(path: str) -> str:
    if path == "-":  # bytes, decoded like a file: undecodable bytes replaced
        return sys.stdin.buffer.read().decode("utf-8", errors="replace")
    if not Path(path).exists():
        raise InputError(f"file '{path}' does not exist; pass a Java file or - for standard input")
    return read_input(path, "Java file")


def cmd_resolve(args: argparse.Namespace, cfg: Config) -> int:
    engine = engine_for(cfg)
    top_k = args.top_k or cfg.resolve_top_k
    if args.batch:
        if not args.out:
            raise InputError("--batch needs --out OUT.jsonl")
        return _resolve_batch(engine, Path(args.batch), check_output(args.out, "--out"), top_k, args.rerank)
    code = _read_source(args.file)
    result = engine.resolve(code, top_k=top_k, rerank=args.rerank or None)
    if args.json:
        emit_json(result)
        return 0
    for s in result.suggestions:
        c = s.call
        head = f"line {c.line}: {_cut(c.text, 80, args.wide)}" if c else "block"
        source = ""
        if s.receiver_source:
            rtype = f" {s.receiver_type}" if s.receiver_type else ""
            source = f"  receiver: {s.receiver_source}{rtype}, confidence {s.confidence or '?'}"
        print(f"{head}  [{s.level}{' -> ' + s.cangjie_type if s.cangjie_type else ''}]{source}")
        for n in s.notes:
            print(f"    note: {_cut(n, 200, args.wide)}")
        if s.instead:
            print(f"    instead: {', '.join(api.qualname for api in s.instead)}")
        for i, cand in enumerate(s.candidates, 1):
            sig = _cut(_head(cand.signature), 100, args.wide) if cand.signature else cand.qualname
            print(f"    {i}. {cand.qualname}: {sig}")
    if result.imports:
        print("imports:")
        for imp in result.imports:
            print(f"    {imp}")
    if result.constructs:
        print("Java constructs (how to write them in Cangjie):")
        for use in result.constructs:
            where = f"line {use.line}: " if use.line else ""
            print(f"    {where}{use.name} ({use.id})")
            print(f"        {_cut(use.note, 300, args.wide)}")
            for ln in use.cangjie.strip().splitlines()[:4]:
                print(f"        | {_cut(ln, 110, args.wide)}")
            if use.manual:
                print(f"        manual: {', '.join(use.manual[:3])}")
    for n in result.notes:
        if n.startswith("parsed as"):
            continue
        print(f"note: {n}")
    return 0


def _resolve_batch(engine: Engine, inp: Path, out: Path, top_k: int, rerank: bool) -> int:
    def answer(java: Any) -> dict[str, Any]:
        return engine.resolve(java, top_k=top_k, rerank=rerank or None).model_dump(mode="json", by_alias=True)

    return run_batch(inp, out, "java", answer)


def cmd_eval(args: argparse.Namespace, cfg: Config) -> int:
    # imported here, as in every subcommand module: `cjkb-graph search` must not pay for the resolver
    from ..resolve.evaluate import baseline_ranks, compare_baseline, load_cases

    try:
        ks = sorted({int(k) for k in args.k.split(",") if k.strip()})
    except ValueError as e:
        raise InputError(f"--k '{args.k}' must be numbers separated by commas, e.g. 1,3,5") from e
    if not ks or ks[0] < 1 or ks[-1] > 50:
        raise InputError(f"--k values must be in 1..50; got '{args.k}'")
    engine = engine_for(cfg)  # loaded before timing
    cases: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for name in args.cases:
        for case in load_cases(Path(name)):
            cid = str(case["id"])
            if cid in seen:
                raise InputError(f"case id '{cid}' is in both {seen[cid]} and {name}; ids must be unique")
            seen[cid] = name
            cases.append(case)
    report = engine.evaluate(cases, ks)
    worse: list[str] = []
    better: list[str] = []
    if args.baseline:
        baseline = orjson.loads(read_input(args.baseline, "baseline file"))
        worse, better = compare_baseline(report, baseline)
    if args.write_baseline:
        atomic_write(
            Path(args.write_baseline),
            orjson.dumps(baseline_ranks(report), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n",
        )
    if args.json:
        out = report if args.failures else report["summary"]
        if args.baseline:
            out = {**out, "worse": worse, "better": better}
        emit_json(out)
        return 1 if worse else 0
    s = report["summary"]
    print(f"cases: {s['cases']}")
    for k in ks:
        print(f"recall@{k}: {s[f'recall@{k}']:.3f}  (per snippet, pooled candidates)")
    print(f"MRR: {s['mrr']:.3f}")
    for k in ks:
        print(
            f"call recall@{k}: {s[f'call_recall@{k}']:.3f}  (per call, own list; {s['calls_scored']} calls)"
        )
    print(f"resolve ms: median {s.get('median_ms', 0):.2f}, p95 {s.get('p95_ms', 0):.2f}")
    if args.failures:
        kmax = ks[-1]
        for c in report["cases"]:
            missed = [e for e, r in c["ranks"].items() if r is None or r > kmax]
            if missed:
                print(f"  {c['id']}: missed {', '.join(missed)}")
    if args.write_baseline:
        print(f"baseline written to {args.write_baseline} ({len(report['cases'])} cases)")
    if args.baseline:
        for line in better:
            print(f"  better: {line}")
        for line in worse:
            print(f"  WORSE: {line}")
        print(f"baseline {args.baseline}: {len(worse)} worse, {len(better)} better")
    return 1 if worse else 0


def cmd_java2cj(args: argparse.Namespace, cfg: Config) -> int:
    engine = engine_for(cfg)
    results = [engine.java_to_cangjie(s) for s in args.symbols]
    status = 2 if any(not r.mappings for r in results) else 0  # an unknown symbol, as `show` does
    if args.json:
        emit_json(results[0] if len(results) == 1 else results)
        return status
    for r in results:
        print(r.query)
        if not r.mappings:
            print("    no mapping" + (f"; did you mean: {', '.join(r.suggestions)}" if r.suggestions else ""))
        for m in r.mappings:
            t = m.target
            if t is None:
                print(f"    {m.java_symbol} -> (no equivalent) [none]")
            else:
                print(f"    {m.java_symbol} -> {t.qualname}  [{m.confidence}]")
                _print_api(t, "        ", 110)
            if m.note:
                print(f"        note: {m.note}")
    return status


def cmd_mappings(args: argparse.Namespace, cfg: Config) -> int:
    if not args.check and not args.report:
        raise InputError("say what to do: --check (dangling targets) and/or --report (coverage)")
    engine = engine_for(cfg)
    rc = 0
    out: dict[str, Any] = {}
    if args.check:
        dangling = engine.dangling_targets()
        out["dangling"] = dangling
        if not args.json:
            for d in dangling:
                print(f"{d['source']}: {d['java']} -> {d['target']} not in the graph")
            print(f"{len(dangling)} dangling mapping target(s)")
        rc = 1 if dangling else 0
    if args.report:
        rep = engine.mapping_coverage()
        out["report"] = rep
        if not args.json:
            print(
                f"{'Java package':<32}{'types':>7}{'exact':>7}{'approx':>7}{'none':>6} {'members':>8}{'exact':>7}{'approx':>7}{'none':>6}"
            )
            for pkg, v in rep["packages"].items():
                t, m = v["types"], v["members"]
                print(
                    f"{pkg:<32}{t['total']:>7}{t.get('exact', 0):>7}{t.get('approximate', 0):>7}{t.get('none', 0):>6} "
                    f"{m['total']:>8}{m.get('exact', 0):>7}{m.get('approximate', 0):>7}{m.get('none', 0):>6}"
                )
            print(f"total: {rep['totals']['types']} Java types, {rep['totals']['members']} Java members")
    if args.json:
        emit_json(out)
    return rc


COMMANDS: dict[str, Handler] = {
    "search": cmd_search,
    "resolve": cmd_resolve,
    "eval": cmd_eval,
    "java2cj": cmd_java2cj,
    "mappings": cmd_mappings,
}
