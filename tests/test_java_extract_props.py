"""Property tests for cjkb_graph.java: never raises, bounded time, output honours the contract."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cjkb_graph.java import CALL_KINDS, PARSE_MODES, Extraction, JavaCall, Statement, extract

SNIPPETS = [
    """public static Map<String, Integer> wordCount(String text) {
    Map<String, Integer> counts = new HashMap<>();
    for (String word : text.toLowerCase().split("\\\\s+")) {
        counts.put(word, counts.getOrDefault(word, 0) + 1);
    }
    return counts;
}""",
    """try (BufferedReader br = new BufferedReader(new FileReader(path))) {
    String line;
    while ((line = br.readLine()) != null) out.add(line.trim());
} catch (IOException e) { System.err.println(e.getMessage()); }""",
    """ExecutorService pool = Executors.newFixedThreadPool(4);
Future<Integer> f = pool.submit(() -> 42);
int v = f.get();
pool.shutdown();""",
    """List<String> names = people.stream().filter(p -> p.age() > 18)
    .map(Person::name).sorted(Comparator.reverseOrder()).collect(Collectors.toList());""",
    """class A extends Thread {
    private final List<int[]> xs = new ArrayList<>();
    @Override public void run() { xs.add(new int[]{1, 2}); System.out.println(xs.size()); }
}""",
    """String r = switch (k) { case 1 -> "a".repeat(2); default -> String.valueOf(k); };""",
    'String s = """\n  text block\n  """;\ns.strip().lines().count();',
    "new Thread(new Runnable() { public void run() { Math.max(1, 2); } }).start();",
]

FAST = settings(
    max_examples=40,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FEW = settings(
    max_examples=6,
    deadline=timedelta(seconds=8),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check_contract(ex: Extraction, code: str, max_chars: int = 100_000) -> None:
    assert isinstance(ex, Extraction)
    assert ex.parse_mode in PARSE_MODES
    assert isinstance(ex.notes, list) and all(isinstance(n, str) for n in ex.notes)
    assert not any(n.startswith("internal error") for n in ex.notes), ex.notes
    assert isinstance(ex.imports, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in ex.imports.items()
    )
    assert isinstance(ex.variables, dict)
    nlines = code[:max_chars].count("\n") + 1
    seen = set()
    for i, c in enumerate(ex.calls):
        assert isinstance(c, JavaCall)
        assert c.kind in CALL_KINDS
        assert isinstance(c.text, str) and c.text
        assert c.receiver is None or isinstance(c.receiver, str)
        assert c.java_type is None or (isinstance(c.java_type, str) and c.java_type)
        assert isinstance(c.type_args, list) and all(isinstance(a, str) for a in c.type_args)
        assert isinstance(c.method, str) and c.method
        assert isinstance(c.arg_count, int) and c.arg_count >= -1
        assert isinstance(c.arg_types, list)
        if c.kind in ("method", "static", "constructor"):
            assert len(c.arg_types) == c.arg_count
        assert all(a is None or isinstance(a, str) for a in c.arg_types)
        assert 1 <= c.line <= nlines, (c, nlines)
        assert c.chain_parent is None or 0 <= c.chain_parent < i
        assert c.result_type is None or isinstance(c.result_type, str)
        assert isinstance(c.local, bool)
        key = (c.line, c.column, c.kind, c.method, c.text)
        assert key not in seen, key
        seen.add(key)
        assert set(c.to_dict()) >= {"text", "kind", "receiver", "java_type", "method", "arg_count", "line"}
    owned: set[int] = set()
    for s in ex.statements:
        assert isinstance(s, Statement)
        assert isinstance(s.text, str)
        assert 1 <= s.line <= nlines
        for idx in s.calls:
            assert 0 <= idx < len(ex.calls)
            assert idx not in owned
            owned.add(idx)
        assert s.parent is None or 0 <= s.parent < len(ex.statements)
    ex.to_dict()


@FAST
@given(st.text(max_size=400))
def test_random_text(code: str) -> None:
    check_contract(extract(code), code)


JAVA_ALPHABET = st.sampled_from(
    [
        *list("abcxyzABC_$019 \n\t.,;:(){}[]<>=+-*/%!&|^?~@'\"\\"),
        "->",
        "::",
        "new ",
        "class ",
        "var ",
        "é",
        "变量",
    ]
)


@FAST
@given(st.lists(JAVA_ALPHABET, max_size=300).map("".join))
def test_java_flavoured_noise(code: str) -> None:
    check_contract(extract(code), code)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    code = draw(st.sampled_from(SNIPPETS))
    for _ in range(draw(st.integers(1, 8))):
        if not code:
            break
        op = draw(st.sampled_from(["delete", "insert", "swap", "cut"]))
        i = draw(st.integers(0, len(code) - 1))
        if op == "delete":
            code = code[:i] + code[i + 1 :]
        elif op == "insert":
            ch = draw(st.sampled_from([*list("(){}[];.,<>\"'/*\n"), "x", "é"]))
            code = code[:i] + ch + code[i:]
        elif op == "swap":
            j = draw(st.integers(0, len(code) - 1))
            a, b = sorted((i, j))
            if a != b:
                code = code[:a] + code[b] + code[a + 1 : b] + code[a] + code[b + 1 :]
        else:
            code = code[:i]
    return code


@FAST
@given(mutated())
def test_mutated_real_snippets(code: str) -> None:
    check_contract(extract(code), code)


@settings(max_examples=len(SNIPPETS), deadline=timedelta(seconds=5))
@given(st.sampled_from(SNIPPETS))
def test_real_snippets_find_calls(code: str) -> None:
    ex = extract(code)
    check_contract(ex, code)
    assert ex.calls


@FEW
@given(st.integers(500, 2500))
def test_deeply_nested_parens(depth: int) -> None:
    code = "int x = " + "(" * depth + "s.length()" + ")" * depth + ";"
    ex = extract(code)
    check_contract(ex, code)
    assert any(c.method == "length" for c in ex.calls)


@FEW
@given(st.integers(100, 600))
def test_long_call_chains(n: int) -> None:
    code = "StringBuilder sb = new StringBuilder();\nsb" + ".append(1)" * n + ".toString();"
    ex = extract(code)
    check_contract(ex, code)
    appends = [c for c in ex.calls if c.method == "append"]
    assert len(appends) == n
    assert all(c.java_type == "java.lang.StringBuilder" for c in appends)


@FEW
@given(st.integers(200, 1500))
def test_deeply_nested_calls_and_blocks(n: int) -> None:
    calls = "f(" * n + "1" + ")" * n + ";"
    blocks = "{" * n + "x.y();" + "}" * n
    lambdas = "g(" + "a -> " * n + "a.b());"
    generics = "List<" * n + "String" + ">" * n + " x = null; x.size();"
    binop = "int s = " + " + ".join(["a.b()"] * n) + ";"
    for code in (calls, blocks, lambdas, generics, binop):
        check_contract(extract(code), code)


@FEW
@given(st.sampled_from(SNIPPETS), st.integers(0, 3))
def test_100kb_inputs(snippet: str, salt: int) -> None:
    code = ("\n" * salt + snippet + "\n") * (100_000 // (len(snippet) + 1 + salt) + 1)
    ex = extract(code)
    check_contract(ex, code)
    assert ex.calls


@FEW
@given(st.text(min_size=1, max_size=50))
def test_oversized_input_is_truncated(filler: str) -> None:
    code = (filler * (120_000 // len(filler) + 1))[:120_000]
    ex = extract(code)
    check_contract(ex, code)
    assert any("truncated" in n for n in ex.notes)


IDENT = st.text(
    alphabet=st.characters(categories=["Lu", "Ll", "Lo"], exclude_characters="\u0130"), min_size=1, max_size=8
)


@FAST
@given(IDENT, IDENT)
def test_non_ascii_identifiers(a: str, b: str) -> None:
    code = f"String {a} = {b}.trim();\n{a}.length();\nMap<String, Integer> 计数 = new HashMap<>();\n计数.put({a}, 1);"
    ex = extract(code)
    check_contract(ex, code)
    put = [c for c in ex.calls if c.method == "put"]
    assert put and put[0].java_type == "java.util.Map"


@FAST
@given(
    st.lists(
        st.sampled_from(["x.f();", "new A();", "B.g(1, 2);", "int[] a = new int[3];", "a.length;"]),
        max_size=30,
    )
)
def test_statement_call_ownership(parts: list[str]) -> None:
    code = "\n".join(parts)
    ex = extract(code)
    check_contract(ex, code)


# a 100 KB class of 1,200 small methods: javalang parses it in about 0.4 s on an idle machine
_BUDGET_CODE = (
    "class A {\n"
    + "".join(
        f"  void m{i}() {{ int a = foo(1, 2) + bar.baz(x[{i}], y); list.add(a * {i}); }}\n"
        for i in range(1200)
    )
    + "}\n"
)


def _step_clock(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    """Every clock read advances ``step`` seconds: the budget logic runs the same on any machine.

    The extractor reads the clock only at its checkpoints (every 2,048 parser tokens, 256 walker
    ticks, 1,024 scanner items), so how far it gets before a deadline is deterministic.
    """
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)


def test_time_budget_interrupts_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parser is cut off at 70% of the budget and the token scan still answers."""
    _step_clock(monkeypatch, 0.25)
    ex = extract(_BUDGET_CODE, time_budget_s=2.0)  # parser deadline 1.4 s: its 5th checkpoint
    check_contract(ex, _BUDGET_CODE)
    assert ex.parse_mode == "token_scan"
    assert "compilation_unit: parser interrupted by the time budget" in ex.notes
    assert any(c.method == "baz" for c in ex.calls)


def test_time_budget_spent_before_parsing_skips_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    _step_clock(monkeypatch, 10.0)  # the first read is already past any deadline
    ex = extract(_BUDGET_CODE, time_budget_s=2.0)
    check_contract(ex, _BUDGET_CODE)
    assert ex.parse_mode == "token_scan"
    assert "time budget exhausted before parsing succeeded" in ex.notes


def test_without_budget_pressure_the_parser_finishes(monkeypatch: pytest.MonkeyPatch) -> None:
    # the control for the two tests above: the same input and clock with a budget that lasts
    _step_clock(monkeypatch, 0.25)
    ex = extract(_BUDGET_CODE, time_budget_s=1000.0)
    assert ex.parse_mode == "compilation_unit"
    assert sum(c.method == "baz" for c in ex.calls) == 1200
