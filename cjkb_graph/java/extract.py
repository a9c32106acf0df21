"""Extract the API calls of a Java snippet, with the Java types of their receivers.

``extract(code)`` parses any fragment of Java (a whole file, class members, statements or a single
expression) with javalang and walks the tree, tracking the declared types of locals, parameters,
fields, ``var`` initialisers, for-each variables, casts, lambda and catch parameters, so that each
call carries the fully-qualified Java type of its receiver (``java.util.HashMap``), the generic
arguments as written, argument types and -- via a small built-in table or the resolver's
``return_type_hook`` -- the type it returns, which flows into chained calls.

Parsing strategy: the likely mode is picked from the token shape (type declarations ->
``compilation_unit``; modifiers or ``Type name(...) {`` -> ``class_body``; no top-level ``;`` ->
``expression``; else ``method_body``), the others are tried after it.  Wrapping happens at token
level, so every position refers to the caller's input.  When no mode parses the whole snippet
(Java 14+ syntax, half-written code), the snippet is split into top-level chunks (statements /
members, recursively into ``{ bodies }``), each chunk is parsed on its own and the chunks javalang
rejects are token-scanned with the variables known so far; ``parse_mode`` is then the mode of the
parsed chunks and a note lists the scanned lines.  When nothing parses (or nesting is too deep
for javalang's recursion), a linear token scan over a regex tokenizer (which also understands
text blocks) finds ``recv.method(``, ``Type.method(``, ``new Type(``, ``a.b.c(``, ``x::m`` and
``arr.length`` with argument counts by bracket matching and a lighter version of the same type
inference (declarations ``Type name =``, for-each, ``var``, chained results).

Never raises and bounded in time: inputs are truncated to ``max_chars`` (at a line break), the
javalang parser is interrupted through its token iterator once 70% of ``time_budget_s`` is
spent, tree walks are ticked, recursion errors fall back to chunk recovery / the token scan; the
token scan gets the rest of the budget (at least 0.2 s) for declarations and 1 s more to emit calls.

Output conventions:

* calls are listed in evaluation order (post-order): the receiver chain and the arguments of a call
  come before the call itself, so ``chain_parent`` always points to an earlier index; the calls of
  an anonymous class body follow its constructor;
* ``java_type`` is a raw FQN (``java.util.Map``), a primitive (``int``) or an array (``int[]``,
  ``java.lang.String[]``); ``None`` for user classes, type variables and unknown receivers;
* ``type_args`` are the receiver's generic arguments as written (``["String", "List<Integer>"]``),
  for a diamond constructor those of the declared target type, or explicit method type arguments;
* ``arg_count`` is ``-1`` for method references; for array constructors the number of sizes given
  (``new int[3][4]`` -> 2) or of initializer elements;
* ``result_type`` comes from ``return_type_hook(owner_fqn, method, arg_count)`` when it returns
  something (type variables such as ``E``/``V`` are bound from the receiver's generics; a hook
  answer with the same raw type as the built-in table keeps the table's generic arguments), else
  from the built-in table; ``void`` when known to return nothing;
* ``imports``: single-type imports as ``simple -> FQN``, static imports as ``member -> FQN``,
  wildcards as ``"java.util.*" -> "java.util"``;
* ``local`` is True for calls of methods declared in the snippet, unqualified or on ``this``;
  unqualified calls in a class that extends a known JDK type get that type as ``java_type``.
"""

from __future__ import annotations

import time
from typing import Any

import javalang
from javalang.parser import JavaSyntaxError
from javalang.tokenizer import EndOfInput

from .constructs import find_constructs
from .engine import _Engine, _Source
from .model import _STMT_CAP, _VOID, Extraction, ReturnTypeHook, Statement
from .parser import (
    _STMT_KEYWORDS,
    _WRAP_CLASS,
    _WRAP_METHOD,
    _flatten_text_blocks,
    _Parser,
    _regex_tokens,
    _synthetic,
    _Timeout,
)
from .recovery import _Recovery
from .scanner import _Scanner
from .walker import _Walker
from .walker_base import _Frame


def _strip_header(toks: list[Any], engine: _Engine, imports: dict[str, str]) -> int:
    """Consume leading ``package``/``import`` declarations; returns the index of the first other token."""
    i = 0
    n = len(toks)
    while i < n:
        v = toks[i].value
        if v not in ("package", "import"):
            break
        j = i + 1
        static = False
        if v == "import" and j < n and toks[j].value == "static":
            static = True
            j += 1
        parts: list[str] = []
        wildcard = False
        while j < n and toks[j].value != ";":
            tv = toks[j].value
            if tv == "*":
                wildcard = True
            elif tv != ".":
                parts.append(str(tv))
            j += 1
        if v == "import" and parts:
            engine.names.add_import(".".join(parts), static, wildcard, imports)
        i = j + 1
    return i


def _guess_modes(toks: list[Any]) -> list[str]:
    depth = 0
    type_decl = member = method_shape = False
    semis = 0
    braces0 = 0
    n = len(toks)
    first = toks[0].value if toks else ""
    for i, tk in enumerate(toks):
        v = tk.value
        if v in ("(", "[", "{"):
            if v == "{" and depth == 0:
                braces0 += 1
            depth += 1
            continue
        if v in (")", "]", "}"):
            depth = max(0, depth - 1)
            continue
        if depth:
            continue
        if v == ";":
            semis += 1
        elif v in ("class", "interface", "enum") and (i == 0 or toks[i - 1].value != "."):
            type_decl = True
        elif v in ("public", "private", "protected", "static", "abstract") and not (
            v == "static" and i + 1 < n and toks[i + 1].value == "{"
        ):
            member = True
        elif (
            isinstance(tk, javalang.tokenizer.Identifier)
            and i + 1 < n
            and toks[i + 1].value == "("
            and i > 0
            and (
                isinstance(toks[i - 1], (javalang.tokenizer.Identifier, javalang.tokenizer.BasicType))
                or toks[i - 1].value in ("void", ">", "]")
            )
        ):
            # ``Type name(...) {`` or ``... throws``
            d = 0
            k = i + 1
            while k < n:
                kv = toks[k].value
                if kv == "(":
                    d += 1
                elif kv == ")":
                    d -= 1
                    if d == 0:
                        break
                k += 1
            if k + 1 < n and toks[k + 1].value in ("{", "throws"):
                method_shape = True
    if type_decl:
        return ["compilation_unit", "class_body", "method_body"]
    if member or method_shape:
        return ["class_body", "method_body"]
    if semis == 0 and braces0 == 0 and first not in _STMT_KEYWORDS:
        return ["expression", "method_body"]
    return ["method_body", "class_body"]


def _parse(mode: str, toks: list[Any], deadline: float) -> tuple[Any, _Parser, list[Any]]:
    if mode == "compilation_unit":
        full = toks
    elif mode == "class_body":
        full = _synthetic(_WRAP_CLASS[0]) + toks + _synthetic(_WRAP_CLASS[1])
    elif mode == "method_body":
        tail = list(toks)
        if tail and tail[-1].value not in (";", "}"):
            tail += _synthetic(";")
        full = _synthetic(_WRAP_METHOD[0]) + tail + _synthetic(_WRAP_METHOD[1])
    else:
        # javalang's expression parser trips over EndOfInput (``None in "[."``): end with ``;``
        full = list(toks)
        if not full or full[-1].value != ";":
            full += _synthetic(";")
    p = _Parser(full, deadline)
    try:
        return _run_parser(p, mode, full)
    except JavaSyntaxError as exc:
        exc.progress = p.tokens.marker / max(1, len(full))
        raise


def _run_parser(p: _Parser, mode: str, full: list[Any]) -> tuple[Any, _Parser, list[Any]]:
    if mode == "expression":
        node = p.parse_expression()
        p.try_accept(";")
        if not isinstance(p.tokens.look(), EndOfInput):
            raise JavaSyntaxError("trailing tokens after expression")
        return node, p, full
    node = p.parse_compilation_unit()
    return node, p, full


def _budget_left(deadline: float) -> bool:
    return time.perf_counter() < deadline


def extract(
    code: str,
    *,
    return_type_hook: ReturnTypeHook | None = None,
    max_chars: int = 100_000,
    time_budget_s: float = 2.0,
) -> Extraction:
    """Extract the API calls of a Java fragment (file, class members, statements or expression).

    ``return_type_hook(receiver_fqn, method, arg_count)`` returns the Java type a call returns
    (FQN, primitive, array or type variable) or None; it is called at most once per distinct key
    and an exception from it disables it for the rest of the extraction (with a note).
    Never raises; see the module docstring for the time-budget and output conventions.
    """
    res = Extraction()
    try:
        _extract(code, res, return_type_hook, max_chars, time_budget_s)
    except Exception as exc:  # last resort: the contract is "never raise"
        res.notes.append(f"internal error: {type(exc).__name__}: {exc}")
    try:
        find_constructs(code[:max_chars] if isinstance(code, str) else "", res)
    except Exception as exc:
        res.notes.append(f"internal error (constructs): {type(exc).__name__}: {exc}")
    return res


def _extract(
    code: str,
    res: Extraction,
    hook: ReturnTypeHook | None,
    max_chars: int,
    budget: float,
) -> None:
    t0 = time.perf_counter()
    budget = max(0.0, budget)
    # parsing may use 70% of the budget; the (linear) token scan gets the rest, at least 0.2 s
    deadline = t0 + 0.7 * budget
    scan_allowance = max(0.3 * budget, 0.2)
    if not isinstance(code, str):
        code = str(code)
    if len(code) > max_chars:
        cut = code.rfind("\n", 0, max_chars)
        if cut < max_chars * 0.8:
            cut = max_chars
        res.notes.append(f"input truncated from {len(code)} to {cut} characters")
        code = code[:cut]
    if '"""' in code:
        flat = _flatten_text_blocks(code)
        if flat != code:
            res.notes.append("text blocks rewritten as string literals for parsing")
            code = flat
    src = _Source(code)

    engine = _Engine(hook, res.notes)
    jtoks: list[Any] | None
    try:
        jtoks = list(javalang.tokenizer.tokenize(code))
        if any(isinstance(t, javalang.tokenizer.String) and "\n" in t.value for t in jtoks):
            # an unterminated literal swallowed line breaks: javalang's positions are off from here
            raise ValueError("unterminated string literal")
    except Exception as exc:
        jtoks = None
        res.notes.append(f"javalang tokenizer failed: {type(exc).__name__}: {str(exc)[:120]}")

    if jtoks is not None:
        header_imports: dict[str, str] = {}
        start = _strip_header(jtoks, engine, header_imports)
        body = jtoks[start:]
        modes = _guess_modes(body)
        tried: list[str] = []
        aborted = False  # time budget spent or tree walk failed: go straight to the token scan
        for mode in modes:
            if not _budget_left(deadline):
                res.notes.append("time budget exhausted before parsing succeeded")
                aborted = True
                break
            tried.append(mode)
            try:
                node, parser, full = _parse(mode, body, deadline)
            except JavaSyntaxError as exc:
                at = getattr(exc, "at", None)
                pos = getattr(at, "position", None)
                where = f" at line {pos[0]}" if pos else ""
                res.notes.append(f"{mode}: syntax error{where}: {exc.description}")
                if len(body) > 2000 and getattr(exc, "progress", 0.0) > 0.5:
                    break  # failed late in a big input: chunk-wise recovery beats re-parsing it all
                continue
            except RecursionError:
                res.notes.append(f"{mode}: nesting too deep for the parser (RecursionError)")
                break
            except _Timeout:
                res.notes.append(f"{mode}: parser interrupted by the time budget")
                aborted = True
                break
            except Exception as exc:  # javalang has a few non-JavaSyntaxError failure modes
                res.notes.append(f"{mode}: parser error {type(exc).__name__}: {str(exc)[:120]}")
                continue
            res.imports.update(header_imports)
            ok = _walk(node, mode, parser, full, engine, src, res, deadline)
            if ok:
                res.tree = node
                res.parse_mode = mode
                res.notes.append(f"parsed as {mode}")
                return
            aborted = True
            break
        res.imports.update(header_imports)
        if not aborted and body and _budget_left(deadline):
            _reset(res, engine)
            ctx = "class" if modes[0] in ("compilation_unit", "class_body") else "method"
            rec = _Recovery(engine, src, res, deadline)
            rec.scan_allowance = scan_allowance
            rec.hard_extra_s = min(1.0, budget / 2)
            try:
                rec.run(body, ctx)
            except (RecursionError, _Timeout):
                rec.parsed = 0
            if rec.parsed:
                res.parse_mode = "class_body" if ctx == "class" else "method_body"
                lines = ", ".join(f"{x}-{y}" if x != y else str(x) for x, y in rec.scanned[:12])
                res.notes.append(
                    f"partial parse as {res.parse_mode}: {rec.parsed} chunk(s) parsed"
                    + (f"; token scan for lines {lines}" if lines else "")
                )
                return
    # token scan fallback
    _reset(res, engine)
    res.parse_mode = "token_scan"
    toks = _regex_tokens(code)
    res.notes.append("token scan (regex tokenizer)")
    if not res.imports:
        _strip_header(toks, engine, res.imports)
    try:
        scanner = _Scanner(engine, src, toks, res, max(deadline, time.perf_counter()) + scan_allowance)
        scanner.hard_extra_s = min(1.0, budget / 2)  # a caller with a short budget gets a short scan
        scanner.run()
    except RecursionError:
        res.notes.append("token scan: RecursionError")


def _reset(res: Extraction, engine: _Engine) -> None:
    res.calls.clear()
    res.statements.clear()
    res.variables.clear()
    engine.local_methods.clear()
    engine.super_types.clear()
    engine.scanned_keys.clear()


def _walk(
    node: Any,
    mode: str,
    parser: _Parser,
    full: list[Any],
    engine: _Engine,
    src: _Source,
    res: Extraction,
    deadline: float,
) -> bool:
    names = engine.names
    names.local_types.update(n for n in parser.type_names if n != "__W")
    names.type_vars.update(parser.type_params)
    for m in parser.methods:
        if m.name == "__m":
            continue
        if m.name not in engine.local_methods:
            w0 = _Walker(engine, src, full, res, deadline)
            engine.local_methods[m.name] = w0.type_of(m.return_type) if m.return_type is not None else _VOID
    w = _Walker(engine, src, full, res, deadline)
    try:
        if mode == "expression":
            sidx = len(res.statements)
            s = 0
            e = len(full) - 1
            line = full[0].position[0] if full and full[0].position else 1
            res.statements.append(Statement(w.span_text(s, e, _STMT_CAP), line, [], "Expression", line, None))
            w.stmt_stack.append(sidx)
            w.expr(node)
        elif mode == "compilation_unit":
            w.walk_types(node.types)
        elif mode == "class_body":
            wrapper = node.types[0]
            w.frames.append(_Frame("__W", []))
            w.walk_body(wrapper.body or [])
        else:
            wrapper = node.types[0]
            meth = wrapper.body[0]
            w.frames.append(_Frame("__W", []))
            w.walk_block(meth.body or [])
        return True
    except RecursionError:
        res.notes.append(f"{mode}: nesting too deep while walking the tree; falling back to token scan")
    except _Timeout:
        res.notes.append(f"{mode}: time budget exhausted while walking the tree; falling back to token scan")
    return False
