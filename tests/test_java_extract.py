"""Tests for cjkb_graph.java (Java snippet -> API calls with receiver types)."""

from __future__ import annotations

import pytest

from cjkb_graph.java import Extraction, JavaCall, extract


def calls(ex: Extraction, method: str, kind: str | None = None) -> list[JavaCall]:
    return [c for c in ex.calls if c.method == method and (kind is None or c.kind == kind)]


def one(ex: Extraction, method: str, kind: str | None = None) -> JavaCall:
    found = calls(ex, method, kind)
    assert len(found) == 1, (method, [c.text for c in ex.calls])
    return found[0]


# ---------------------------------------------------------------------------------------------
# parse modes


def test_statements_parse_as_method_body() -> None:
    ex = extract('List<String> xs = new ArrayList<>();\nxs.add("a");')
    assert ex.parse_mode == "method_body"
    add = one(ex, "add")
    assert add.java_type == "java.util.List"
    assert add.type_args == ["String"]
    assert add.line == 2
    assert add.receiver == "xs"
    assert add.arg_types == ["java.lang.String"]


def test_single_expression_parses_as_expression() -> None:
    ex = extract('Integer.parseInt("42")')
    assert ex.parse_mode == "expression"
    c = one(ex, "parseInt")
    assert (c.kind, c.java_type, c.result_type, c.arg_count) == ("static", "java.lang.Integer", "int", 1)


def test_missing_trailing_semicolon_still_parses() -> None:
    ex = extract("String s = name.trim()\nint n = s.length()")
    # no parse mode accepts it: the token scan still finds both calls and types s from its declaration
    assert ex.parse_mode == "token_scan"
    assert [(c.method, c.java_type, c.line) for c in ex.calls] == [
        ("trim", None, 1),
        ("length", "java.lang.String", 2),
    ]


def test_class_members_parse_as_class_body() -> None:
    code = (
        "private final Map<String, Integer> cache = new HashMap<>();\n"
        "public int lookup(String k) {\n"
        "    return cache.getOrDefault(k, 0);\n"
        "}\n"
    )
    ex = extract(code)
    assert ex.parse_mode == "class_body"
    g = one(ex, "getOrDefault")
    assert g.java_type == "java.util.Map"
    assert g.type_args == ["String", "Integer"]
    assert g.line == 3  # line numbers refer to the input, not the wrapper
    assert g.result_type == "java.lang.Integer"


def test_compilation_unit_with_imports() -> None:
    code = (
        "package demo;\n"
        "import java.util.concurrent.ConcurrentHashMap;\n"
        "import java.util.*;\n"
        "public class A {\n"
        "  ConcurrentHashMap<String, Long> m = new ConcurrentHashMap<>();\n"
        '  void f() { m.merge("a", 1L, Long::sum); }\n'
        "}\n"
    )
    ex = extract(code)
    assert ex.parse_mode == "compilation_unit"
    assert ex.imports["ConcurrentHashMap"] == "java.util.concurrent.ConcurrentHashMap"
    assert ex.imports["java.util.*"] == "java.util"
    merge = one(ex, "merge")
    assert merge.java_type == "java.util.concurrent.ConcurrentHashMap"
    assert merge.line == 6
    ref = one(ex, "sum", "method_ref")
    assert ref.java_type == "java.lang.Long"


def test_explicit_import_beats_builtin_table() -> None:
    ex = extract('import java.awt.List;\nList l = new List();\nl.add("x");')
    assert one(ex, "<init>").java_type == "java.awt.List"
    assert one(ex, "add").java_type == "java.awt.List"


def test_wildcard_import_is_a_hint_for_unknown_names() -> None:
    ex = extract("import org.apache.commons.lang3.*;\nboolean b = StringUtils.isBlank(s);")
    assert one(ex, "isBlank").java_type == "org.apache.commons.lang3.StringUtils"


def test_static_import() -> None:
    ex = extract("import static java.lang.Math.max;\nint m = max(a, b);")
    c = one(ex, "max")
    assert (c.kind, c.java_type) == ("static", "java.lang.Math")


# ---------------------------------------------------------------------------------------------
# calls


def test_constructors_diamond_and_type_args() -> None:
    ex = extract("Map<String, List<Integer>> m = new HashMap<>();\nvar s = new TreeSet<String>();")
    ctors = calls(ex, "<init>", "constructor")
    assert [c.java_type for c in ctors] == ["java.util.HashMap", "java.util.TreeSet"]
    assert ctors[0].type_args == ["String", "List<Integer>"]
    assert ctors[1].type_args == ["String"]
    assert ctors[0].result_type == "java.util.HashMap"
    assert ctors[0].text == "new HashMap<>()"


def test_anonymous_class_and_calls_inside_it() -> None:
    code = (
        "Runnable r = new Runnable() {\n"
        "    @Override public void run() {\n"
        '        System.out.println("hi".toUpperCase());\n'
        "    }\n"
        "};\n"
        "new Thread(r).start();\n"
    )
    ex = extract(code)
    ctor = [c for c in ex.calls if c.kind == "constructor"]
    assert [c.java_type for c in ctor] == ["java.lang.Runnable", "java.lang.Thread"]
    up = one(ex, "toUpperCase")
    assert (up.java_type, up.line) == ("java.lang.String", 3)
    assert one(ex, "println").java_type == "java.io.PrintStream"
    start = one(ex, "start")
    assert start.java_type == "java.lang.Thread"
    assert start.chain_parent == ex.calls.index(ctor[1])


def test_calls_inside_lambdas() -> None:
    ex = extract("list.forEach(x -> System.out.println(x.trim()));")
    assert {c.method for c in ex.calls} == {"forEach", "trim", "println"}
    # evaluation order: the lambda body comes with the arguments, before forEach
    assert [c.method for c in ex.calls] == ["trim", "println", "forEach"]


def test_array_constructors() -> None:
    ex = extract('int[] a = new int[10];\nString[] s = new String[]{"a", "b"};\nint[][] g = new int[3][4];')
    arr = calls(ex, "<init>", "array_constructor")
    assert [c.java_type for c in arr] == ["int[]", "java.lang.String[]", "int[][]"]
    assert [c.arg_count for c in arr] == [1, 2, 2]


@pytest.mark.parametrize(
    ("code", "method", "fqn", "result"),
    [
        ("int m = Math.max(a, 3);", "max", "java.lang.Math", None),
        ("double d = Math.sqrt(2.0);", "sqrt", "java.lang.Math", "double"),
        ("int i = Integer.parseInt(s);", "parseInt", "java.lang.Integer", "int"),
        ("Arrays.sort(arr);", "sort", "java.util.Arrays", "void"),
        ("Collections.sort(list);", "sort", "java.util.Collections", "void"),
        ("String v = String.valueOf(3);", "valueOf", "java.lang.String", "java.lang.String"),
        ("var l = List.of(1, 2);", "of", "java.util.List", "java.util.List"),
        (
            'Pattern p = Pattern.compile("a+");',
            "compile",
            "java.util.regex.Pattern",
            "java.util.regex.Pattern",
        ),
        ("var lines = Files.readAllLines(path);", "readAllLines", "java.nio.file.Files", "java.util.List"),
        ("BigInteger b = BigInteger.valueOf(7);", "valueOf", "java.math.BigInteger", "java.math.BigInteger"),
        ("LocalDate d = LocalDate.now();", "now", "java.time.LocalDate", "java.time.LocalDate"),
        ("long t = System.currentTimeMillis();", "currentTimeMillis", "java.lang.System", "long"),
        ("java.util.Arrays.fill(a, 0);", "fill", "java.util.Arrays", "void"),
    ],
)
def test_static_calls(code: str, method: str, fqn: str, result: str | None) -> None:
    c = one(extract(code), method)
    assert c.kind == "static"
    assert c.java_type == fqn
    assert c.result_type == result


def test_math_max_result_follows_argument_types() -> None:
    ex = extract("int a = 1; long b = 2; double c = 3;\nMath.max(a, 1);\nMath.max(a, b);\nMath.max(b, c);")
    assert [c.result_type for c in calls(ex, "max")] == ["int", "long", "double"]


def test_system_out_println() -> None:
    ex = extract('System.out.println("x");\nSystem.err.print(1);')
    p = one(ex, "println")
    assert (p.kind, p.receiver, p.java_type, p.arg_types) == (
        "method",
        "System.out",
        "java.io.PrintStream",
        ["java.lang.String"],
    )
    e = one(ex, "print")
    assert (e.receiver, e.java_type, e.arg_types) == ("System.err", "java.io.PrintStream", ["int"])


def test_field_reads() -> None:
    ex = extract(
        "int[] arr = new int[3];\nfor (int i = 0; i < arr.length; i++) {}\nint m = Integer.MAX_VALUE;"
    )
    ln = one(ex, "length", "field")
    assert (ln.receiver, ln.java_type, ln.result_type, ln.line) == ("arr", "int[]", "int", 2)
    mx = one(ex, "MAX_VALUE", "field")
    assert (mx.java_type, mx.result_type) == ("java.lang.Integer", "int")


def test_method_references() -> None:
    ex = extract(
        "xs.stream().map(String::valueOf).forEach(System.out::println);\n"
        "Supplier<List<String>> s = ArrayList::new;\n"
        "ys.forEach(this::handle);\n"
        "String[] arr = xs.toArray(String[]::new);"
    )
    refs = [c for c in ex.calls if c.kind == "method_ref"]
    got = [(c.receiver, c.method, c.java_type) for c in refs]
    assert got == [
        ("String", "valueOf", "java.lang.String"),
        ("System.out", "println", "java.io.PrintStream"),
        ("ArrayList", "<init>", "java.util.ArrayList"),
        ("this", "handle", None),
        ("String[]", "<init>", "java.lang.String[]"),
    ]
    assert all(c.arg_count == -1 for c in refs)


def test_chained_string_builder() -> None:
    ex = extract("StringBuilder sb = new StringBuilder();\nString r = sb.append(a).append(b).toString();")
    a1, a2 = calls(ex, "append")
    ts = one(ex, "toString")
    assert a1.chain_parent is None and a1.receiver == "sb"
    assert a2.chain_parent == ex.calls.index(a1)
    assert ts.chain_parent == ex.calls.index(a2)
    assert a2.java_type == a1.result_type == "java.lang.StringBuilder"
    assert ts.java_type == "java.lang.StringBuilder"
    assert ts.result_type == "java.lang.String"
    assert a2.receiver == "sb.append(a)"
    assert ts.text == "sb.append(a).append(b).toString()"


def test_chain_through_array_index() -> None:
    ex = extract('String s = "a,b";\nint n = s.trim().split(",")[0].length();')
    trim, split, length = (one(ex, m) for m in ("trim", "split", "length"))
    assert split.chain_parent == ex.calls.index(trim)
    assert split.result_type == "java.lang.String[]"
    assert length.java_type == "java.lang.String"
    assert length.chain_parent == ex.calls.index(split)


def test_stream_pipeline_on_entry_set() -> None:
    code = (
        "Map<String, Integer> counts = new HashMap<>();\n"
        "List<String> top = counts.entrySet().stream()\n"
        "    .filter(e -> e.getValue() > 1)\n"
        "    .map(e -> e.getKey())\n"
        "    .collect(Collectors.toList());\n"
    )
    ex = extract(code)
    names = [c.method for c in ex.calls]
    assert names == [
        "<init>",
        "entrySet",
        "stream",
        "getValue",
        "filter",
        "getKey",
        "map",
        "toList",
        "collect",
    ]
    es, st, flt, mp, col = (one(ex, m) for m in ("entrySet", "stream", "filter", "map", "collect"))
    assert es.java_type == "java.util.Map" and es.result_type == "java.util.Set"
    assert st.java_type == "java.util.Set" and st.result_type == "java.util.stream.Stream"
    assert flt.java_type == "java.util.stream.Stream"
    assert flt.type_args == ["Map.Entry<String,Integer>"]
    assert flt.line == 3 and mp.line == 4 and col.line == 5
    gv = one(ex, "getValue")
    assert gv.java_type == "java.util.Map.Entry"
    assert gv.result_type == "java.lang.Integer"
    assert mp.type_args == ["Map.Entry<String,Integer>"]
    assert col.java_type == "java.util.stream.Stream"
    assert col.type_args == ["String"]  # map(e -> e.getKey()) -> Stream<String>
    assert col.result_type == "java.util.List"
    assert one(ex, "toList").java_type == "java.util.stream.Collectors"


# ---------------------------------------------------------------------------------------------
# types


def test_var_from_initializer() -> None:
    ex = extract('var m = new HashMap<String, Integer>();\nm.put("a", 1);')
    p = one(ex, "put")
    assert (p.java_type, p.type_args) == ("java.util.HashMap", ["String", "Integer"])
    assert ex.variables["m"] == "HashMap<String,Integer>"


def test_for_each_element_types() -> None:
    code = (
        "List<String> list = new ArrayList<>();\n"
        "for (String s : list) { s.length(); }\n"
        "for (var t : list) { t.isEmpty(); }\n"
        "int[] nums = {1, 2};\n"
        "for (var n : nums) { Integer.toString(n); }\n"
    )
    ex = extract(code)
    assert one(ex, "length").java_type == "java.lang.String"
    assert one(ex, "isEmpty").java_type == "java.lang.String"
    assert one(ex, "toString").arg_types == ["int"]


def test_entry_set_for_each_with_var() -> None:
    ex = extract(
        "Map<String, Integer> m = new TreeMap<>();\nfor (var e : m.entrySet()) { e.getKey().length(); }"
    )
    gk = one(ex, "getKey")
    assert gk.java_type == "java.util.Map.Entry"
    assert gk.type_args == ["String", "Integer"]
    assert one(ex, "length").java_type == "java.lang.String"


def test_casts() -> None:
    ex = extract("Object o = get();\nint n = ((String) o).length();\nString t = (String) o;\nt.trim();")
    assert one(ex, "length").java_type == "java.lang.String"
    assert one(ex, "trim").java_type == "java.lang.String"


def test_generic_value_types_flow() -> None:
    ex = extract("Map<String, List<Integer>> m = new HashMap<>();\nm.get(k).add(1);")
    add = one(ex, "add")
    assert add.java_type == "java.util.List"
    assert add.type_args == ["Integer"]
    assert add.chain_parent == ex.calls.index(one(ex, "get"))


def test_list_get_element_type() -> None:
    ex = extract("List<StringBuilder> xs = new ArrayList<>();\nxs.get(0).append('c');")
    ap = one(ex, "append")
    assert ap.java_type == "java.lang.StringBuilder"
    assert ap.arg_types == ["char"]


def test_lambda_params() -> None:
    ex = extract(
        "BiFunction<String, Integer, String> f = (String s, Integer n) -> s.repeat(n);\n"
        "List<String> xs = List.of();\n"
        "xs.forEach(x -> x.strip());\n"
        "Map<String, Integer> m = new HashMap<>();\n"
        "m.forEach((k, v) -> k.concat(v.toString()));\n"
    )
    assert one(ex, "repeat").java_type == "java.lang.String"
    assert one(ex, "strip").java_type == "java.lang.String"
    assert one(ex, "concat").java_type == "java.lang.String"
    assert one(ex, "toString").java_type == "java.lang.Integer"


def test_catch_parameters() -> None:
    ex = extract(
        "try { run(); } catch (IOException e) { log(e.getMessage()); }\n"
        "catch (IllegalStateException | IllegalArgumentException x) { x.printStackTrace(); }"
    )
    gm = one(ex, "getMessage")
    assert (gm.java_type, gm.result_type) == ("java.io.IOException", "java.lang.String")
    assert one(ex, "printStackTrace").java_type == "java.lang.Exception"


def test_this_field_and_fields_declared_later() -> None:
    code = (
        "class Repo {\n"
        "  void add(String s) { this.items.add(s); items.size(); }\n"
        "  private final List<String> items = new ArrayList<>();\n"
        "}\n"
    )
    ex = extract(code)
    add = one(ex, "add")
    assert (add.receiver, add.java_type) == ("this.items", "java.util.List")
    assert one(ex, "size").java_type == "java.util.List"


@pytest.mark.parametrize(
    ("decl", "fqn"),
    [
        ("HashMap<String, String> x = null;", "java.util.HashMap"),
        ("Pattern x = null;", "java.util.regex.Pattern"),
        ("Files x = null;", "java.nio.file.Files"),
        ("BigInteger x = null;", "java.math.BigInteger"),
        ("LocalDate x = null;", "java.time.LocalDate"),
        ("AtomicInteger x = null;", "java.util.concurrent.atomic.AtomicInteger"),
        ("ReentrantLock x = null;", "java.util.concurrent.locks.ReentrantLock"),
        ("Function<String, Integer> x = null;", "java.util.function.Function"),
        ("IntStream x = null;", "java.util.stream.IntStream"),
        ("BufferedReader x = null;", "java.io.BufferedReader"),
        ("Thread x = null;", "java.lang.Thread"),
        ("java.util.LinkedList<String> x = null;", "java.util.LinkedList"),
        ("Map.Entry<String, Integer> x = null;", "java.util.Map.Entry"),
        ("int[] x = null;", "int[]"),
        ("String[] x = null;", "java.lang.String[]"),
        ("long x = 0;", "long"),
    ],
)
def test_builtin_simple_names(decl: str, fqn: str) -> None:
    ex = extract(decl + "\nx.foo();")
    assert one(ex, "foo").java_type == fqn


def test_unknown_receivers_and_local_methods() -> None:
    code = (
        "class Svc {\n"
        "  private Helper helper;\n"
        "  int run(String s) {\n"
        "    helper.doIt(s);\n"
        "    this.log(s);\n"
        "    unknown.call();\n"
        "    return compute(s).length();\n"
        "  }\n"
        "  private String compute(String s) { return s; }\n"
        "  private void log(String s) {}\n"
        "}\n"
    )
    ex = extract(code)
    d = one(ex, "doIt")
    assert (d.java_type, d.local) == (None, False)
    lg = one(ex, "log")
    assert (lg.receiver, lg.local, lg.java_type) == ("this", True, None)
    assert one(ex, "call").java_type is None
    comp = one(ex, "compute")
    assert comp.local and comp.result_type == "java.lang.String"
    assert one(ex, "length").java_type == "java.lang.String"


def test_inherited_calls_use_the_superclass() -> None:
    code = (
        "public class LRU<K, V> extends LinkedHashMap<K, V> {\n"
        "  public V lookup(K key) { return get(key); }\n"
        "}\n"
    )
    ex = extract(code)
    g = one(ex, "get")
    assert g.java_type == "java.util.LinkedHashMap"
    assert not g.local


# ---------------------------------------------------------------------------------------------
# return type hook


def test_return_type_hook_is_used_and_cached() -> None:
    seen: list[tuple[str, str, int]] = []

    def hook(owner: str, method: str, n: int) -> str | None:
        seen.append((owner, method, n))
        if (owner, method) == ("com.acme.Client", "fetch"):
            return "java.lang.String"
        return None

    code = "import com.acme.Client;\nClient c = new Client();\nc.fetch(1).trim();\nc.fetch(2).strip();"
    ex = extract(code, return_type_hook=hook)
    assert one(ex, "trim").java_type == "java.lang.String"
    assert one(ex, "strip").java_type == "java.lang.String"
    assert seen.count(("com.acme.Client", "fetch", 1)) == 1


def test_hook_keeps_builtin_generics_when_consistent() -> None:
    def hook(owner: str, method: str, n: int) -> str | None:
        return "java.util.List" if method == "get" else None

    ex = extract("Map<String, List<Integer>> m = new HashMap<>();\nm.get(k).add(1);", return_type_hook=hook)
    assert one(ex, "add").type_args == ["Integer"]


def test_hook_type_variables_are_bound() -> None:
    def hook(owner: str, method: str, n: int) -> str | None:
        return "E" if method == "peekFirst" else None

    ex = extract("Deque<String> d = new ArrayDeque<>();\nd.peekFirst().trim();", return_type_hook=hook)
    assert one(ex, "trim").java_type == "java.lang.String"


def test_failing_hook_is_reported_not_raised() -> None:
    def hook(owner: str, method: str, n: int) -> str | None:
        raise RuntimeError("boom")

    ex = extract('String s = "a";\ns.trim().length();', return_type_hook=hook)
    assert one(ex, "length").java_type == "java.lang.String"
    assert any("return_type_hook failed" in n for n in ex.notes)


# ---------------------------------------------------------------------------------------------
# whole methods


WORD_COUNT = """\
public static Map<String, Integer> wordCount(String text) {
    Map<String, Integer> counts = new HashMap<>();
    for (String word : text.toLowerCase().split("\\\\s+")) {
        if (word.isEmpty()) continue;
        counts.put(word, counts.getOrDefault(word, 0) + 1);
    }
    return counts;
}
"""


def test_word_count_method() -> None:
    ex = extract(WORD_COUNT)
    assert ex.parse_mode == "class_body"
    got = [(c.method, c.java_type, c.line) for c in ex.calls]
    assert got == [
        ("<init>", "java.util.HashMap", 2),
        ("toLowerCase", "java.lang.String", 3),
        ("split", "java.lang.String", 3),
        ("isEmpty", "java.lang.String", 4),
        ("getOrDefault", "java.util.Map", 5),
        ("put", "java.util.Map", 5),
    ]
    put = one(ex, "put")
    assert put.arg_types == ["java.lang.String", "int"]
    split = one(ex, "split")
    assert split.chain_parent == ex.calls.index(one(ex, "toLowerCase"))
    # statements: the for header owns toLowerCase/split, the put statement owns getOrDefault/put
    by_text = {s.text: s for s in ex.statements}
    assert 'for (String word : text.toLowerCase().split("\\\\s+"))' in by_text
    put_stmt = next(s for s in ex.statements if s.text.startswith("counts.put"))
    assert [ex.calls[i].method for i in put_stmt.calls] == ["getOrDefault", "put"]
    assert put_stmt.line == 5


READ_FILE = """\
static List<String> readLines(String path) throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferedReader br = new BufferedReader(new FileReader(path))) {
        String line;
        while ((line = br.readLine()) != null) {
            out.add(line.trim());
        }
    } catch (FileNotFoundException e) {
        System.err.println("missing: " + e.getMessage());
    } finally {
        System.out.println("done");
    }
    return out;
}
"""


def test_file_reading_method() -> None:
    ex = extract(READ_FILE)
    ctors = [(c.java_type, c.arg_types) for c in ex.calls if c.kind == "constructor"]
    assert ctors == [
        ("java.util.ArrayList", []),
        ("java.io.FileReader", ["java.lang.String"]),
        ("java.io.BufferedReader", ["java.io.FileReader"]),
    ]
    rl = one(ex, "readLine")
    assert (rl.java_type, rl.result_type, rl.line) == ("java.io.BufferedReader", "java.lang.String", 5)
    assert one(ex, "trim").java_type == "java.lang.String"
    assert one(ex, "add").java_type == "java.util.List"
    assert one(ex, "getMessage").java_type == "java.io.FileNotFoundException"
    assert [c.receiver for c in calls(ex, "println")] == ["System.err", "System.out"]
    assert all(c.arg_types == ["java.lang.String"] for c in calls(ex, "println"))


EXECUTOR = """\
ExecutorService pool = Executors.newFixedThreadPool(4);
List<Future<Integer>> futures = new ArrayList<>();
for (int i = 0; i < 10; i++) {
    final int n = i;
    futures.add(pool.submit(() -> n * n));
}
int total = 0;
for (Future<Integer> f : futures) {
    total += f.get();
}
pool.shutdown();
pool.awaitTermination(1, TimeUnit.MINUTES);
AtomicInteger counter = new AtomicInteger();
counter.incrementAndGet();
"""


def test_executor_service_example() -> None:
    ex = extract(EXECUTOR)
    assert ex.parse_mode == "method_body"
    nf = one(ex, "newFixedThreadPool")
    assert (nf.kind, nf.java_type, nf.result_type) == (
        "static",
        "java.util.concurrent.Executors",
        "java.util.concurrent.ExecutorService",
    )
    sub = one(ex, "submit")
    assert sub.java_type == "java.util.concurrent.ExecutorService"
    get = one(ex, "get")
    assert (get.java_type, get.type_args, get.result_type) == (
        "java.util.concurrent.Future",
        ["Integer"],
        "java.lang.Integer",
    )
    aw = one(ex, "awaitTermination")
    assert aw.arg_types == ["int", "java.util.concurrent.TimeUnit"]
    assert one(ex, "MINUTES", "field").result_type == "java.util.concurrent.TimeUnit"
    assert one(ex, "incrementAndGet").java_type == "java.util.concurrent.atomic.AtomicInteger"


STREAMS = """\
List<Person> people = load();
Map<String, Long> byCity = people.stream()
        .filter(p -> p.getAge() > 18)
        .collect(Collectors.groupingBy(Person::getCity, Collectors.counting()));
List<String> names = Stream.of("b", "a").sorted().toList();
int sum = IntStream.rangeClosed(1, 10).map(x -> x * 2).sum();
String joined = names.stream().map(String::toUpperCase).collect(Collectors.joining(", "));
"""


def test_stream_pipelines() -> None:
    ex = extract(STREAMS)
    flt = one(ex, "filter")
    assert flt.java_type == "java.util.stream.Stream"
    assert flt.type_args == ["Person"]
    assert one(ex, "getAge").java_type is None  # user class
    assert one(ex, "groupingBy").java_type == "java.util.stream.Collectors"
    col = calls(ex, "collect")
    assert [c.result_type for c in col] == ["java.util.Map", "java.lang.String"]
    srt = one(ex, "sorted")
    assert srt.type_args == ["String"] and srt.java_type == "java.util.stream.Stream"
    assert one(ex, "toList").result_type == "java.util.List"
    sm = one(ex, "sum")
    assert (sm.java_type, sm.result_type) == ("java.util.stream.IntStream", "int")


# ---------------------------------------------------------------------------------------------
# fallbacks


def test_switch_expression_falls_back_to_token_scan() -> None:
    code = (
        "String label(int d, Map<String, String> names) {\n"
        "    return switch (d) {\n"
        '        case 1 -> names.get("one").trim();\n'
        "        default -> String.valueOf(d);\n"
        "    };\n"
        "}\n"
    )
    ex = extract(code)
    assert ex.parse_mode in ("token_scan", "class_body")
    assert any("syntax error" in n for n in ex.notes)
    assert any("token scan" in n for n in ex.notes)
    g = one(ex, "get")
    assert (g.java_type, g.type_args, g.line, g.arg_count) == ("java.util.Map", ["String", "String"], 3, 1)
    tr = one(ex, "trim")
    assert tr.chain_parent == ex.calls.index(g)
    assert tr.java_type == "java.lang.String"
    vo = one(ex, "valueOf")
    assert (vo.kind, vo.java_type, vo.arg_types) == ("static", "java.lang.String", ["int"])


def test_record_falls_back_to_token_scan() -> None:
    code = (
        "record Point(int x, int y) {\n"
        "    double dist() { return Math.sqrt(x * x + y * y); }\n"
        '    static Point of(String s) { String[] p = s.split(","); '
        "return new Point(Integer.parseInt(p[0]), Integer.parseInt(p[1])); }\n"
        "}\n"
    )
    ex = extract(code)
    assert ex.parse_mode == "class_body"  # members parsed one by one, the record header token-scanned
    assert any("token scan" in n for n in ex.notes)
    assert one(ex, "sqrt").java_type == "java.lang.Math"
    assert one(ex, "split").java_type == "java.lang.String"
    pi = calls(ex, "parseInt")
    assert len(pi) == 2 and all(c.arg_types == ["java.lang.String"] for c in pi)
    ctor = one(ex, "<init>")
    assert ctor.kind == "constructor" and ctor.arg_count == 2 and ctor.java_type is None
    assert ctor.arg_types == ["int", "int"]


def test_partial_parse_keeps_types_around_modern_syntax() -> None:
    code = (
        "void show(Object o, List<String> items) {\n"
        "    if (o instanceof String s) {\n"
        "        System.out.println(s.trim());\n"
        "    }\n"
        '    String label = switch (items.size()) { case 0 -> "none"; default -> items.get(0).strip(); };\n'
        "    for (String it : items) {\n"
        "        it.length();\n"
        "    }\n"
        "}\n"
    )
    ex = extract(code)
    assert ex.parse_mode == "class_body"
    assert any(n.startswith("partial parse") and "token scan for lines" in n for n in ex.notes)
    assert one(ex, "trim").java_type == "java.lang.String"  # pattern variable from the scanned header
    size, get, strip = (one(ex, m) for m in ("size", "get", "strip"))
    assert (size.java_type, size.line) == ("java.util.List", 5)  # parameter type known inside the scan
    assert get.type_args == ["String"]
    assert strip.chain_parent == ex.calls.index(get) and strip.java_type == "java.lang.String"
    assert one(ex, "length").java_type == "java.lang.String"
    fs = next(s for s in ex.statements if s.kind == "ForStatement")
    assert fs.text == "for (String it : items)"


def test_text_block_is_handled() -> None:
    code = 'String json = """\n    {"a": 1}\n    """;\nint n = json.strip().length();\n'
    ex = extract(code)
    assert any("text block" in n for n in ex.notes)
    st = one(ex, "strip")
    assert (st.java_type, st.line) == ("java.lang.String", 4)
    assert one(ex, "length").chain_parent == ex.calls.index(st)


def test_half_written_code() -> None:
    code = "List<String> xs = new ArrayList<>();\nxs.add(foo.bar(1, 2\nMath.abs(-3);\nxs.get("
    ex = extract(code)
    assert ex.parse_mode == "method_body"  # first statement parsed, the rest token-scanned
    assert any("token scan for lines 2-4" in n for n in ex.notes)
    assert one(ex, "add").java_type == "java.util.List"
    assert one(ex, "bar").receiver == "foo"
    assert one(ex, "abs").java_type == "java.lang.Math"
    assert one(ex, "get").java_type == "java.util.List"


def test_lexer_error_uses_regex_tokenizer() -> None:
    ex = extract("String s = `x`; s.trim(); # comment\nMath.abs(1);")
    assert ex.parse_mode == "token_scan"
    assert any("tokenizer failed" in n for n in ex.notes)
    assert one(ex, "trim").java_type == "java.lang.String"
    assert one(ex, "abs").java_type == "java.lang.Math"


def test_truncation_note() -> None:
    ex = extract("x.foo();" * 100, max_chars=80)
    assert any("truncated" in n for n in ex.notes)
    assert len(ex.calls) == 10


def test_deep_nesting_falls_back() -> None:
    code = "int x = " + "(" * 600 + "a.b()" + ")" * 600 + ";"
    ex = extract(code)
    assert one(ex, "b").receiver == "a"


def test_no_duplicates_and_source_lines() -> None:
    ex = extract(WORD_COUNT + READ_FILE)
    keys = [(c.line, c.column, c.kind, c.method) for c in ex.calls]
    assert len(keys) == len(set(keys))


def test_to_dict_round_trip() -> None:
    ex = extract('System.out.println("x");')
    d = ex.to_dict()
    assert d["calls"][0]["java_type"] == "java.io.PrintStream"
    assert ex.calls[0].to_dict()["method"] == "println"
    assert d["parse_mode"] == "method_body"


def test_deterministic() -> None:
    a = extract(READ_FILE + EXECUTOR).to_dict()
    b = extract(READ_FILE + EXECUTOR).to_dict()
    assert a == b


# Extraction timings: benchmarks/run.py (timings are measured there, not asserted here).


def test_constructed_and_constructs() -> None:
    code = """import java.util.*;
class A {
    void f() {
        Set<String> s = new TreeSet<>();
        List<Integer> xs;
        xs = new ArrayList<Integer>(10);
        Object o = cond ? new ArrayList<>() : null;
        List<String> q = wrap(new LinkedList<>());
        Map<String, Integer> m = new HashMap<>();
        m = new TreeMap<>();
        // x = new LinkedList<>(); in a comment
        try { g(); } catch (java.io.IOException | IllegalStateException e) { }
        catch (final MyError e) { }
        synchronized (this) { h(); }
    }
    synchronized void g() { }
}"""
    ex = extract(code)
    # a ternary's `new` branch is the class the variable holds when it holds an object (0.7.43); an
    # argument's `new` (wrap(new LinkedList<>())) is not, nor is a name assigned two classes (m)
    assert ex.constructed == {
        "s": "java.util.TreeSet",
        "xs": "java.util.ArrayList",
        "o": "java.util.ArrayList",
    }
    got = [(c.kind, c.name, c.java_type, c.line) for c in ex.constructs]
    assert got == [
        ("catch", "java.io.IOException", "java.io.IOException", 12),
        ("catch", "IllegalStateException", "java.lang.IllegalStateException", 12),
        ("catch", "MyError", None, 13),
        ("synchronized", "synchronized", None, 14),
    ]
