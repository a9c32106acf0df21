"""Writes valid.jsonl (this project's own valid Cangjie snippets) and planted.jsonl (one planted
Java-ism or API mistake per case, each on a known line) for the draft checker.

    python tests/eval/cangjie/make_sets.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

BASES: dict[str, str] = {
    "wordcount": """import std.collection.*

main(): Int64 {
    let text = "the quick brown fox jumps over the lazy dog the end"
    let counts = HashMap<String, Int64>()
    for (w in text.split(" ")) {
        let prev = counts.get(w) ?? 0
        counts.add(w, prev + 1)
    }
    if (counts.contains("the")) {
        println("the: ${counts.get("the") ?? 0}")
    }
    println(counts.size)
    return 0
}""",
    "listops": """import std.collection.*

main() {
    let list = ArrayList<Int64>()
    list.add(3)
    list.add(1)
    list.add(2)
    var total = 0
    for (x in list) {
        total += x
    }
    println("size ${list.size}, total ${total}")
    let first = list.get(0) ?? -1
    println(first)
    list.remove(at: 0)
    println(list.isEmpty())
}""",
    "parse": """import std.convert.*

func parseAll(items: Array<String>): Int64 {
    var sum = 0
    for (s in items) {
        let n = Int64.parse(s)
        sum += n
    }
    return sum
}

main() {
    let values = ["1", "22", "333"]
    println(parseAll(values))
    let f = Float64.parse("2.5")
    println(f)
}""",
    "strings": """main() {
    let s = "Hello, Cangjie"
    let upper = s.toAsciiUpper()
    let lower = s.toAsciiLower()
    println(upper)
    println(lower)
    println(s.size)
    println(s.contains("Cang"))
    println(s.startsWith("Hello"))
    let parts = s.split(", ")
    println(parts.size)
    let trimmed = "  padded  ".trimAscii()
    println(trimmed == "padded")
    let idx = s.indexOf("C")
    println(idx)
}""",
    "classes": """open class Shape {
    public open func area(): Float64 {
        return 0.0
    }
}

class Circle <: Shape {
    let r: Float64
    public init(r: Float64) {
        this.r = r
    }
    public override func area(): Float64 {
        return 3.14159 * r * r
    }
}

main() {
    let shapes: Array<Shape> = [Circle(1.0), Shape()]
    for (sh in shapes) {
        if (sh is Circle) {
            println("circle ${sh.area()}")
        }
    }
}""",
    "option": """import std.collection.*

func find(xs: ArrayList<String>, key: String): Option<Int64> {
    var i = 0
    for (x in xs) {
        if (x == key) {
            return Some(i)
        }
        i += 1
    }
    return None
}

main() {
    let names = ArrayList<String>()
    names.add("ann")
    names.add("bob")
    let r = find(names, "bob")
    match (r) {
        case Some(v) => println("found at ${v}")
        case None => println("missing")
    }
    let d = r.getOrDefault({=> -1})
    println(d)
}""",
    "exceptions": """import std.convert.*

func safeParse(s: String): Int64 {
    try {
        return Int64.parse(s)
    } catch (e: IllegalArgumentException) {
        println("bad input: ${e.message}")
        return 0
    } finally {
        println("done")
    }
}

main() {
    println(safeParse("12"))
    println(safeParse("x"))
}""",
    "struct": """struct Point {
    let x: Int64
    let y: Int64
    public init(x: Int64, y: Int64) {
        this.x = x
        this.y = y
    }
    public func dist2(): Int64 {
        return x * x + y * y
    }
}

main() {
    let p = Point(3, 4)
    println(p.dist2())
    let q = Point(1, 2)
    println(q.x + q.y)
}""",
    "builder": """main() {
    let sb = StringBuilder()
    for (i in 0..5) {
        sb.append(i)
        sb.append(",")
    }
    let s = sb.toString()
    println(s)
    println(sb.size)
    let runes = s.toRuneArray()
    println(runes.size)
}""",
    "sets": """import std.collection.*

main() {
    let seen = HashSet<String>()
    let words = ["a", "b", "a", "c"]
    var dups = 0
    for (w in words) {
        if (seen.contains(w)) {
            dups += 1
        } else {
            seen.add(w)
        }
    }
    println("unique ${seen.size}, duplicates ${dups}")
    let arr = seen.toArray()
    println(arr.size)
}""",
    "lambdas": """import std.collection.*

main() {
    let nums = ArrayList<Int64>()
    nums.add(5)
    nums.add(8)
    let doubled = ArrayList<Int64>()
    nums.forEach({ n => doubled.add(n * 2) })
    let add = { a: Int64, b: Int64 => a + b }
    println(add(2, 3))
    let big = nums.filter({ n => n > 6 })
    println(doubled.size)
}""",
    "mathy": """import std.math.*

func hyp(a: Float64, b: Float64): Float64 {
    return sqrt(a * a + b * b)
}

main() {
    println(hyp(3.0, 4.0))
    let m = max(3, 9)
    println(m)
    let x = abs(-5)
    println(x)
}""",
    "interfaces": """interface Greeter {
    func greet(name: String): String
}

class English <: Greeter {
    public func greet(name: String): String {
        return "Hello, ${name}"
    }
}

main() {
    let g: Greeter = English()
    println(g.greet("Ann"))
    let flag = true
    if (flag && g is English) {
        println("english")
    }
}""",
    "queue": """import std.collection.*

class Stack<T> {
    private let items = ArrayList<T>()
    public func push(x: T): Unit {
        items.add(x)
    }
    public func count(): Int64 {
        return items.size
    }
}

main() {
    let st = Stack<String>()
    st.push("a")
    st.push("b")
    println(st.count())
}""",
    "enums": """enum Color {
    | Red | Green | Blue(Int64)
}

func name(c: Color): String {
    match (c) {
        case Red => "red"
        case Green => "green"
        case Blue(n) => "blue ${n}"
    }
}

main() {
    let c = Blue(3)
    println(name(c))
    let letter = r'a'
    println(letter)
}""",
    "maploop": """import std.collection.*

main() {
    let ages = HashMap<String, Int64>()
    ages.add("ann", 31)
    ages.add("bob", 42)
    for ((k, v) in ages) {
        println("${k} is ${v}")
    }
    let ks = ages.keys()
    println(ages.isEmpty())
    ages.remove("ann")
    println(ages.size)
}""",
}

# (base, old text on one line, new text, kind, expected fixes)
PLANTS: list[tuple[str, str, str, str, list[str]]] = []


def plant(base: str, old: str, new: str, kind: str, *fix: str) -> None:
    PLANTS.append((base, old, new, kind, list(fix)))


# Java-isms
plant(
    "listops",
    "let list = ArrayList<Int64>()",
    "let list = new ArrayList<Int64>()",
    "java-new",
    "ArrayList<Int64>(",
)
plant(
    "wordcount",
    "let counts = HashMap<String, Int64>()",
    "let counts = new HashMap<String, Int64>()",
    "java-new",
    "HashMap<String, Int64>(",
)
plant(
    "sets",
    "let seen = HashSet<String>()",
    "let seen = new HashSet<>()",
    "java-new",
    "HashSet(",
    "remove `new`",
)
plant("builder", "let sb = StringBuilder()", "let sb = new StringBuilder()", "java-new", "StringBuilder(")
plant("struct", "let p = Point(3, 4)", "let p = new Point(3, 4)", "java-new", "Point(")
plant("classes", "[Circle(1.0), Shape()]", "[new Circle(1.0), Shape()]", "java-new", "Circle(")
plant("queue", "let st = Stack<String>()", "let st = new Stack<String>()", "java-new", "Stack<String>(")
plant("strings", "println(upper)", "System.out.println(upper)", "java-println", "println")
plant("listops", "println(first)", "System.out.println(first)", "java-println", "println")
plant("parse", "println(f)", "System.out.print(f)", "java-println", "print")
plant("exceptions", 'println("done")', 'System.err.println("done")', "java-println", "eprintln")
plant("struct", "println(p.dist2())", "System.out.println(p.dist2())", "java-println", "println")
plant("mathy", "println(m)", 'System.out.printf("%d", m)', "java-println", "println")
plant("strings", 'let s = "Hello, Cangjie"', 'final String s = "Hello, Cangjie"', "java-final", "let")
plant("builder", "let s = sb.toString()", "final var s = sb.toString()", "java-final", "let")
plant("struct", "let x: Int64", "final let x: Int64", "java-final", "let")
plant("listops", "var total = 0", "int total = 0", "java-primitive", "Int64", "var total: Int64")
plant("parse", "var sum = 0", "long sum = 0", "java-primitive", "Int64", "var sum: Int64")
plant("struct", "let y: Int64", "let y: int", "java-primitive", "Int64")
plant(
    "mathy",
    "func hyp(a: Float64, b: Float64): Float64 {",
    "func hyp(a: double, b: Float64): Float64 {",
    "java-primitive",
    "Float64",
)
plant("interfaces", "let flag = true", "boolean flag = true", "java-primitive", "Bool")
plant(
    "classes",
    "public open func area(): Float64 {",
    "public open func area(): double {",
    "java-primitive",
    "Float64",
)
plant("queue", "public func count(): Int64 {", "public func count(): long {", "java-primitive", "Int64")
plant("enums", "let letter = r'a'", "char letter = r'a'", "java-primitive", "Rune")
plant("queue", "public func push(x: T): Unit {", "public func push(x: T): void {", "java-void", "Unit")
plant(
    "classes",
    "func area(): Float64 {\n        return 0.0",
    "func area(): void {\n        return 0.0",
    "java-void",
    "Unit",
)
plant(
    "parse",
    'let values = ["1", "22", "333"]',
    'String[] values = ["1", "22", "333"]',
    "java-array",
    "Array<String>",
)
plant(
    "parse",
    "func parseAll(items: Array<String>): Int64 {",
    "func parseAll(items: String[]): Int64 {",
    "java-array",
    "Array<String>",
)
plant(
    "sets",
    'let words = ["a", "b", "a", "c"]',
    'let words: String[] = ["a", "b", "a", "c"]',
    "java-array",
    "Array<String>",
)
plant("option", "return None", "return null", "java-null", "None")
plant("listops", "let first = list.get(0) ?? -1", "let first = list.get(0) ?? null", "java-null", "None")
plant("option", 'let r = find(names, "bob")', "let r: ?Int64 = null", "java-null", "None")
plant("classes", "if (sh is Circle) {", "if (sh instanceof Circle) {", "java-instanceof", " is ")
plant(
    "interfaces",
    "if (flag && g is English) {",
    "if (flag && g instanceof English) {",
    "java-instanceof",
    " is ",
)
plant(
    "exceptions",
    "func safeParse(s: String): Int64 {",
    "func safeParse(s: String): Int64 throws IOException {",
    "java-throws",
    "throws",
)
plant(
    "parse",
    "func parseAll(items: Array<String>): Int64 {",
    "func parseAll(items: Array<String>): Int64 throws Exception {",
    "java-throws",
    "throws",
)
plant("classes", "class Circle <: Shape {", "class Circle extends Shape {", "java-extends", "<:")
plant("interfaces", "class English <: Greeter {", "class English implements Greeter {", "java-extends", "<:")
plant(
    "classes",
    "public override func area(): Float64 {",
    "@Override public func area(): Float64 {",
    "java-override",
    "override",
)
plant(
    "interfaces",
    "public func greet(name: String): String {",
    "@Override public func greet(name: String): String {",
    "java-override",
    "override",
)
plant("option", "if (x == key) {", "if (x.equals(key)) {", "java-equals", "==")
plant("strings", 'println(trimmed == "padded")', 'println(trimmed.equals("padded"))', "java-equals", "==")
plant(
    "exceptions",
    "} catch (e: IllegalArgumentException) {",
    "} catch (IllegalArgumentException e) {",
    "java-catch",
    "catch (e: IllegalArgumentException)",
)
plant("listops", "for (x in list) {", "for (Int64 x : list) {", "java-for", "for (x in list)")
plant("sets", "for (w in words) {", "for (String w : words) {", "java-for", "for (w in words)")
plant("builder", "for (i in 0..5) {", "for (var i = 0; i < 5; i++) {", "java-for", "for (i in 0..n)", "..")
plant(
    "lambdas",
    "nums.forEach({ n => doubled.add(n * 2) })",
    "nums.forEach((n) -> doubled.add(n * 2))",
    "java-lambda",
    "=>",
)
plant(
    "lambdas",
    "let big = nums.filter({ n => n > 6 })",
    "let big = nums.filter(n -> n > 6)",
    "java-lambda",
    "=>",
)
plant("mathy", "let x = abs(-5)", "let x = m > 5 ? 1 : 0", "java-ternary", "if (c) { a } else { b }")
plant("struct", "let q = Point(1, 2)", "Point q = Point(1, 2)", "java-decl", "let q: Point")
plant("wordcount", "let text = ", "String text = ", "java-decl", "let text: String")
plant("listops", "var total = 0", "Integer total = 0", "java-type", "Int64")
plant(
    "queue",
    "private let items = ArrayList<T>()",
    "private let items: List<T> = ArrayList<T>()",
    "none-valid",
    "",
)
plant(
    "option",
    "func find(xs: ArrayList<String>, key: String): Option<Int64> {",
    "public static Option<Int64> find(ArrayList<String> xs, String key) {",
    "java-method",
    "func find",
)
# Java API names on known receivers (maps_to backwards)
plant(
    "listops",
    'println("size ${list.size}, total ${total}")',
    'println("size ${list.size()}, total ${total}")',
    "prop-call",
    "list.size",
)
plant("wordcount", "println(counts.size)", "println(counts.size())", "prop-call", "counts.size")
plant("sets", "println(arr.size)", "println(arr.length)", "java-member", "size")
plant("strings", "println(s.size)", "println(s.length())", "java-member", "size")
plant(
    "strings",
    "let upper = s.toAsciiUpper()",
    "let upper = s.toUpperCase()",
    "java-member",
    "toAsciiUpper",
    "toUpper",
)
plant(
    "strings",
    "let lower = s.toAsciiLower()",
    "let lower = s.toLowerCase()",
    "java-member",
    "toAsciiLower",
    "toLower",
)
plant("wordcount", "counts.add(w, prev + 1)", "counts.put(w, prev + 1)", "java-member", "add")
plant(
    "wordcount",
    'if (counts.contains("the")) {',
    'if (counts.containsKey("the")) {',
    "java-member",
    "contains",
)
plant("maploop", 'ages.add("bob", 42)', 'ages.put("bob", 42)', "java-member", "add")
plant("maploop", "let ks = ages.keys()", "let ks = ages.keySet()", "java-member", "keys")
plant("maploop", 'ages.remove("ann")', 'ages.containsValue("ann")', "java-member", "values", "contains")
plant(
    "strings",
    'println(s.startsWith("Hello"))',
    "println(s.charAt(0))",
    "java-member",
    "[",
    "get",
    "toRuneArray",
)
plant(
    "strings",
    'let trimmed = "  padded  ".trimAscii()',
    'let trimmed = "  padded  ".trim()',
    "java-member",
    "trimAscii",
    "import std.unicode",
)
plant("listops", "println(list.isEmpty())", "println(list.length)", "java-member", "size")
plant("sets", "seen.add(w)", "seen.put(w)", "java-member", "add")
plant("parse", "let n = Int64.parse(s)", "let n = Integer.parseInt(s)", "java-api", "Int64.parse")
plant(
    "parse", 'let f = Float64.parse("2.5")', 'let f = Double.parseDouble("2.5")', "java-api", "Float64.parse"
)
plant("exceptions", "return Int64.parse(s)", "return Integer.parseInt(s)", "java-api", "Int64.parse")
plant("mathy", "let m = max(3, 9)", "let m = Math.max(3, 9)", "java-api", "max")
plant("mathy", "return sqrt(a * a + b * b)", "return Math.sqrt(a * a + b * b)", "java-api", "sqrt")
plant("mathy", "let x = abs(-5)", "let x = Math.abs(-5)", "java-api", "abs")
plant("builder", "println(runes.size)", "println(String.valueOf(runes.size))", "java-member", "toString")
# unknown members / members on the wrong type
plant("listops", "list.add(2)", "list.append(2)", "unknown-member", "add")
plant("wordcount", "println(counts.size)", "println(counts.length())", "java-member", "size")
plant("sets", "let arr = seen.toArray()", "let arr = seen.toList()", "unknown-member", "toArray", "toString")
plant("builder", 'sb.append(",")', 'sb.appendString(",")', "unknown-member", "append")
plant("strings", 'let parts = s.split(", ")', 'let parts = s.splitAll(", ")', "unknown-member", "split")
plant("strings", 'let idx = s.indexOf("C")', 'let idx = s.indexOfChar("C")', "unknown-member", "indexOf")
plant(
    "option", "let d = r.getOrDefault({=> -1})", "let d = r.orElse(-1)", "java-member", "getOrDefault", "??"
)
plant("option", 'names.add("bob")', 'names.push("bob")', "unknown-member", "add")
plant("struct", "println(q.x + q.y)", "println(q.x + q.z)", "unknown-member", "x", "y")
plant("struct", "println(p.dist2())", "println(p.distance())", "unknown-member", "dist2")
plant("interfaces", 'println(g.greet("Ann"))', 'println(g.hello("Ann"))', "unknown-member", "greet")
plant("listops", "println(first)", "println(first.size)", "wrong-type", "`Int64`")
plant("parse", "println(f)", "println(f.isEmpty())", "wrong-type", "`Float64`")
plant(
    "strings", 'println(s.contains("Cang"))', 'println(s.containsAll("Cang"))', "unknown-member", "contains"
)
plant("builder", "println(sb.size)", "println(sb.count)", "unknown-member", "size")
plant(
    "sets",
    'println("unique ${seen.size}, duplicates ${dups}")',
    'println("unique ${seen.sizeOf()}, duplicates ${dups}")',
    "unknown-member",
    "size",
)
# arity
plant("listops", "list.add(3)", "list.add()", "arity", "add(")
plant("wordcount", "counts.add(w, prev + 1)", "counts.add(w, prev, 1)", "arity", "add(")
plant(
    "strings", 'println(s.startsWith("Hello"))', 'println(s.startsWith("Hello", 0))', "arity", "startsWith("
)
plant("strings", 'let parts = s.split(", ")', "let parts = s.split()", "arity", "split(")
plant("builder", "sb.append(i)", "sb.reset(i)", "arity", "reset(")
plant("sets", "seen.add(w)", "seen.add(w, w)", "arity", "add(")
plant("mathy", "return sqrt(a * a + b * b)", "return sqrt(a, b)", "arity", "sqrt(")
plant("maploop", 'ages.remove("ann")', "ages.remove()", "arity", "remove(")
plant(
    "strings",
    'let trimmed = "  padded  ".trimAscii()',
    'let trimmed = "  padded  ".trimAscii(" ")',
    "arity",
    "trimAscii(",
)
plant("listops", "let first = list.get(0) ?? -1", "let first = list.get() ?? -1", "arity", "get(")
plant("parse", 'let f = Float64.parse("2.5")', "let f = Float64.parse()", "arity", "parse(")
plant("builder", "let s = sb.toString()", "let s = sb.toString(16)", "arity", "toString(")
# imports
plant(
    "listops",
    "import std.collection.*",
    "import std.collections.*",
    "unknown-import",
    "import std.collection.*",
)
plant("parse", "import std.convert.*", "import std.conv.*", "unknown-import", "import std.convert.*")
plant("mathy", "import std.math.*", "import std.maths.*", "unknown-import", "import std.math.*")
plant("sets", "import std.collection.*", "import java.util.*", "unknown-import", "import std.collection.*")
plant(
    "wordcount",
    "import std.collection.*",
    "import java.util.HashMap",
    "unknown-import",
    "import std.collection.*",
)
plant(
    "option",
    "import std.collection.*",
    "import std.collection.ArrayLists",
    "unknown-import",
    "import std.collection.ArrayList",
)
plant(
    "listops",
    "import std.collection.*",
    "import std.collection.Vector",
    "unknown-import",
    "ArrayList",
    "does not exist",
    "has no",
)
plant(
    "strings",
    'let trimmed = "  padded  ".trimAscii()',
    'let trimmed = "  padded  ".trimAscii().toUpper()',
    "missing-import",
    "import std.unicode.*",
)
plant(
    "builder",
    "let runes = s.toRuneArray()",
    "let runes = Int64.parse(s)",
    "missing-import",
    "import std.convert.*",
)
plant(
    "struct",
    "let q = Point(1, 2)",
    "let q = ArrayList<Point>()",
    "missing-import",
    "import std.collection.*",
    "import std.collection.ArrayList",
)
plant(
    "strings",
    'let s = "Hello, Cangjie"',
    "let s = HashMap<String, Int64>()",
    "missing-import",
    "import std.collection.*",
)
plant("enums", "let c = Blue(3)", "let c = HashSet<Int64>()", "missing-import", "import std.collection.*")
plant("interfaces", "let flag = true", "let flag = sqrt(4.0) > 1.0", "missing-import", "import std.math.*")
plant(
    "classes", "return 3.14159 * r * r", "return 3.14159 * pow(r, 2.0)", "missing-import", "import std.math.*"
)
plant(
    "struct", "println(p.dist2())", 'println(Float64.parse("1.5"))', "missing-import", "import std.convert.*"
)
plant(
    "builder", "println(s)", "println(LinkedList<String>().size)", "missing-import", "import std.collection.*"
)


def main() -> None:
    valid = [
        {"id": f"own:{k}", "source": "cjkb-graph (this project)", "license": "Apache-2.0", "cangjie": v}
        for k, v in BASES.items()
    ]
    (HERE / "valid.jsonl").write_text(
        "".join(json.dumps(v, ensure_ascii=False) + "\n" for v in valid), encoding="utf-8"
    )
    rows = []
    counts: dict[str, int] = {}
    for base, old, new, kind, fix in PLANTS:
        if kind == "none-valid":
            continue
        code = BASES[base]
        assert code.count(old) == 1, (base, old)
        start = code.index(old)
        line = code[:start].count("\n") + 1
        counts[base] = counts.get(base, 0) + 1
        rows.append(
            {
                "id": f"{base}#{counts[base]}",
                "cangjie": code.replace(old, new),
                "line": line,
                "kind": kind,
                "expected_fix": fix,
            }
        )
    rows = [r for r in rows if r["expected_fix"] and r["expected_fix"] != [""]]
    (HERE / "planted.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    print(f"{len(valid)} valid, {len(rows)} planted")


if __name__ == "__main__":
    main()
