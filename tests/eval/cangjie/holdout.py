"""A holdout: snippets and planted mistakes written after the checker was tuned on make_sets.py,
measured without changing the checker for them. Writes valid_holdout.jsonl and planted_holdout.jsonl.

    python tests/eval/cangjie/holdout.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

BASES: dict[str, str] = {
    "inventory": """import std.collection.*

class Item {
    let name: String
    var qty: Int64
    public init(name: String, qty: Int64) {
        this.name = name
        this.qty = qty
    }
}

main() {
    let stock = ArrayList<Item>()
    stock.add(Item("apple", 3))
    stock.add(Item("pear", 0))
    var empty = 0
    for (it in stock) {
        if (it.qty == 0) {
            empty += 1
        }
    }
    println("${empty} of ${stock.size} empty")
    let names = HashMap<String, Int64>()
    names.add("apple", 3)
    println(names.get("apple") ?? 0)
}""",
    "textstats": """main() {
    let line = "one two  three"
    let words = line.split(" ", removeEmpty: true)
    var longest = ""
    for (w in words) {
        if (w.size > longest.size) {
            longest = w
        }
    }
    println(longest)
    println(line.replace("two", "2"))
    println(line.endsWith("three"))
    println(line.isEmpty())
}""",
    "fib": """func fib(n: Int64): Int64 {
    if (n < 2) {
        return n
    }
    return fib(n - 1) + fib(n - 2)
}

main() {
    let results = Array<Int64>(10, repeat: 0)
    for (i in 0..10) {
        results[i] = fib(i)
    }
    println(results.size)
    println(results[9])
}""",
    "bank": """class Account {
    private var balance: Int64 = 0
    public func deposit(amount: Int64): Unit {
        if (amount <= 0) {
            throw IllegalArgumentException("amount must be positive")
        }
        balance += amount
    }
    public func current(): Int64 {
        return balance
    }
}

main() {
    let acc = Account()
    acc.deposit(50)
    try {
        acc.deposit(-1)
    } catch (e: IllegalArgumentException) {
        println(e.message)
    }
    println(acc.current())
}""",
    "matrix": """import std.math.*

main() {
    let n = 3
    var sum = 0.0
    for (i in 0..n) {
        for (j in 0..n) {
            sum += Float64(i * j)
        }
    }
    println(sum)
    println(floor(2.7))
    println(pow(2.0, 3.0))
}""",
    "dedupe": """import std.collection.*

func dedupe(xs: Array<Int64>): ArrayList<Int64> {
    let seen = HashSet<Int64>()
    let out = ArrayList<Int64>()
    for (x in xs) {
        if (!seen.contains(x)) {
            seen.add(x)
            out.add(x)
        }
    }
    return out
}

main() {
    let r = dedupe([1, 2, 2, 3, 1])
    println(r.size)
    println(r.toArray().size)
}""",
}

PLANTS: list[tuple[str, str, str, str, list[str]]] = []


def plant(base: str, old: str, new: str, kind: str, *fix: str) -> None:
    PLANTS.append((base, old, new, kind, list(fix)))


plant(
    "inventory",
    "let stock = ArrayList<Item>()",
    "let stock = new ArrayList<Item>()",
    "java-new",
    "ArrayList<Item>(",
)
plant("inventory", 'stock.add(Item("apple", 3))', 'stock.add(new Item("apple", 3))', "java-new", "Item(")
plant(
    "inventory",
    'println("${empty} of ${stock.size} empty")',
    "System.out.println(empty)",
    "java-println",
    "println",
)
plant("inventory", "var empty = 0", "int empty = 0", "java-primitive", "Int64")
plant("inventory", "var qty: Int64", "var qty: int", "java-primitive", "Int64")
plant(
    "inventory",
    'println("${empty} of ${stock.size} empty")',
    'println("${empty} of ${stock.size()} empty")',
    "prop-call",
    "stock.size",
)
plant("inventory", 'names.add("apple", 3)', 'names.put("apple", 3)', "java-member", "add")
plant(
    "inventory",
    'println(names.get("apple") ?? 0)',
    'println(names.getOrDefault("apple", 0))',
    "java-member",
    "get",
)
plant("inventory", "for (it in stock) {", "for (Item it : stock) {", "java-for", "for (it in stock)")
plant(
    "inventory",
    "import std.collection.*",
    "import std.colection.*",
    "unknown-import",
    "import std.collection.*",
)
plant(
    "textstats",
    'let line = "one two  three"',
    'String line = "one two  three"',
    "java-decl",
    "let line: String",
)
plant("textstats", "if (w.size > longest.size) {", "if (w.length() > longest.size) {", "java-member", "size")
plant(
    "textstats",
    'println(line.replace("two", "2"))',
    'println(line.replaceAll("two", "2"))',
    "java-member",
    "replace",
)
plant("textstats", 'println(line.endsWith("three"))', "println(line.endsWith())", "arity", "endsWith(")
plant("textstats", "println(line.isEmpty())", "println(line.isEmpty)", "none", "")
plant(
    "textstats",
    'println(line.endsWith("three"))',
    "println(line.toUpperCase())",
    "java-member",
    "toAsciiUpper",
    "toUpper",
)
plant(
    "textstats",
    'let words = line.split(" ", removeEmpty: true)',
    'let words = line.split(" ", true, 3, 4)',
    "arity",
    "split(",
)
plant("fib", "func fib(n: Int64): Int64 {", "public static long fib(long n) {", "java-method", "func fib")
plant(
    "fib",
    "let results = Array<Int64>(10, repeat: 0)",
    "let results = new int[10]",
    "java-new",
    "Array<Int64>",
)
plant("fib", "println(results.size)", "println(results.length)", "java-member", "size")
plant("fib", "if (n < 2) {", "if (n < 2 && n != null) {", "java-null", "None")
plant("fib", "for (i in 0..10) {", "for (int i = 0; i < 10; i++) {", "java-for", "for (i in 0..n)", "..")
plant("bank", "class Account {", "public class Account extends Object {", "java-extends", "<:")
plant("bank", "private var balance: Int64 = 0", "private final long balance = 0", "java-final", "let")
plant("bank", "public func current(): Int64 {", "public long current() {", "java-method", "func current")
plant(
    "bank",
    "} catch (e: IllegalArgumentException) {",
    "} catch (IllegalArgumentException | Exception e) {",
    "java-catch",
    "catch (e: IllegalArgumentException | Exception)",
)
plant("bank", "acc.deposit(50)", "acc.deposit(50, 2)", "local-arity", "")
plant("bank", "println(acc.current())", "println(acc.getBalance())", "unknown-member", "current", "deposit")
plant(
    "bank",
    "public func deposit(amount: Int64): Unit {",
    "public void deposit(amount: Int64) {",
    "java-void",
    "Unit",
)
plant(
    "bank",
    'throw IllegalArgumentException("amount must be positive")',
    'throw new IllegalArgumentException("amount must be positive")',
    "java-new",
    "IllegalArgumentException(",
)
plant("matrix", "println(floor(2.7))", "println(Math.floor(2.7))", "java-api", "floor")
plant("matrix", "println(pow(2.0, 3.0))", "println(Math.pow(2.0, 3.0))", "java-api", "pow")
plant(
    "matrix",
    "import std.math.*",
    "import java.lang.Math",
    "unknown-import",
    "import std.math.*",
    "remove the Java import",
)
plant("matrix", "var sum = 0.0", "double sum = 0.0", "java-primitive", "Float64")
plant("matrix", "sum += Float64(i * j)", "sum += (double) (i * j)", "java-primitive", "Float64")
plant("matrix", "println(pow(2.0, 3.0))", "println(pow(2.0))", "arity", "pow(")
plant("dedupe", "if (!seen.contains(x)) {", "if (!seen.containsKey(x)) {", "java-member", "contains")
plant(
    "dedupe",
    "func dedupe(xs: Array<Int64>): ArrayList<Int64> {",
    "func dedupe(xs: int[]): ArrayList<Int64> {",
    "java-array",
    "Array<Int64>",
)
plant("dedupe", "println(r.toArray().size)", "println(r.toArray().length)", "java-member", "size")
plant("dedupe", "println(r.size)", "println(r.count())", "java-member", "size")
plant(
    "fib",
    "let results = Array<Int64>(10, repeat: 0)",
    "let results = ArrayList<Int64>(10)",
    "missing-import",
    "import std.collection.*",
)
plant(
    "dedupe",
    "let r = dedupe([1, 2, 2, 3, 1])",
    "let r = dedupe(Arrays.asList(1, 2, 2, 3, 1))",
    "java-api",
    "[",
)


def main() -> None:
    valid = [
        {"id": f"holdout:{k}", "source": "cjkb-graph (this project)", "license": "Apache-2.0", "cangjie": v}
        for k, v in BASES.items()
    ]
    (HERE / "valid_holdout.jsonl").write_text("".join(json.dumps(v) + "\n" for v in valid), encoding="utf-8")
    rows = []
    counts: dict[str, int] = {}
    for base, old, new, kind, fix in PLANTS:
        if not fix or fix == [""]:
            continue  # cases whose planted code is valid or needs more than this checker knows
        code = BASES[base]
        assert code.count(old) == 1, (base, old)
        line = code[: code.index(old)].count("\n") + 1
        counts[base] = counts.get(base, 0) + 1
        rows.append(
            {
                "id": f"holdout:{base}#{counts[base]}",
                "cangjie": code.replace(old, new),
                "line": line,
                "kind": kind,
                "expected_fix": fix,
            }
        )
    (HERE / "planted_holdout.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(valid)} valid, {len(rows)} planted")


if __name__ == "__main__":
    main()
