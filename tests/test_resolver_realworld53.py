"""Issue 12, round 53 (what samples 379-386 showed after their blind scoring): a class literal's
``isInstance`` is the ``is`` operator; a variable given a ``new`` object in one branch of a ternary is
of that class (when it is a subtype of the declared type)."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_class_literals_isinstance_is_the_is_operator(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean f(Object op1, Class<?> cls) {\n"
        "  if (Byte.class.isInstance(op1)) return true;\n"
        "  if (java.lang.reflect.ParameterizedType.class.isInstance(op1)) return true;\n"
        "  return cls.isInstance(op1);\n"
        "}\n"
    )
    for text, name in (
        ("Byte.class.isInstance(op1)", "Byte"),
        ("java.lang.reflect.ParameterizedType.class.isInstance(op1)", "ParameterizedType"),
    ):
        s = sugg(r, text)
        assert not s.candidates, [c.qualname for c in s.candidates]
        assert any(f"`x is {name}`" in n for n in s.notes), s.notes
    # a Class known only at run time stays reflection
    assert _top(r, "cls.isInstance(op1)") == "std.reflect.TypeInfo.isSubtypeOf"


def test_a_new_object_in_a_ternary_branch_types_the_variable(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(InputStream stm, boolean flag) {\n"
        "  final InputStream buffered = (stm instanceof BufferedInputStream) ? stm : new BufferedInputStream(stm);\n"
        "  int a = buffered.read();\n"
        "  InputStream other = flag ? new BufferedInputStream(stm) : stm;\n"
        "  int b = other.read();\n"
        "  InputStream plain = stm;\n"
        "  int c = plain.read();\n"
        "  Object o = flag ? stm : null;\n"
        "  InputStream last = flag ? stm : stm, next = new BufferedInputStream(stm);\n"
        "  int d = last.read();\n"
        "}\n"
    )
    assert _top(r, "buffered.read()") == "std.io.BufferedInputStream.readByte"
    assert _top(r, "other.read()") == "std.io.BufferedInputStream.readByte"
    assert _top(r, "plain.read()") == "std.io.InputStream.read"
    # a declarator list's comma ends the ternary: `next` is the one constructed, not `last`
    assert _top(r, "last.read()") == "std.io.InputStream.read"


def test_arithmetic_and_next_token_alone_are_no_guess(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n"
        "  JsonToken t = parser.nextToken();\n"
        "  Vector3D d = origin.subtract(center);\n"
        "  Money m = amount.multiply(rate);\n"
        "  while (tokenizer.hasMoreTokens()) { String x = tokenizer.nextToken(); }\n"
        "}\n"
    )
    # a JSON parser's or a lexer's nextToken, a vector's or an amount's arithmetic: no JDK type guessed
    for text in ("parser.nextToken()", "origin.subtract(center)", "amount.multiply(rate)"):
        s = sugg(r, text)
        assert s.receiver_source == "unknown" and not s.candidates, (text, s.receiver_source)
    # a receiver named for a tokenizer still is one
    s = sugg(r, "tokenizer.nextToken()")
    assert (s.receiver_source, s.receiver_type) == ("guessed", "java.util.StringTokenizer")


def test_a_constant_system_property_is_written_not_read(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n"
        '  String nl = System.getProperty("line.separator");\n'
        '  String enc = System.getProperty("file.encoding");\n'
        '  String os = System.getProperty("os.name");\n'
        '  String home = System.getProperty("user.home");\n'
        "}\n"
    )
    nl = sugg(r, 'System.getProperty("line.separator")')
    assert not nl.candidates and any('"\\n"' in n for n in nl.notes), nl.notes
    enc = sugg(r, 'System.getProperty("file.encoding")')
    assert not enc.candidates and any("UTF-8" in n for n in enc.notes), enc.notes
    # other keys stay a setting read from the environment, or std.env's own function
    assert _top(r, 'System.getProperty("os.name")') == "std.env.getVariable"
    assert _top(r, 'System.getProperty("user.home")') == "std.env.getHomeDirectory"


def test_bigdecimal_of_a_decimal_literal_parses_its_digits(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(double d) {\n"
        "  BigDecimal a = BigDecimal.valueOf(123.456);\n"
        "  BigDecimal b = BigDecimal.valueOf(d);\n"
        "  BigDecimal c = BigDecimal.valueOf(1000);\n"
        "}\n"
    )
    assert _top(r, "BigDecimal.valueOf(123.456)") == "std.math.numeric.Decimal.parse"
    assert _top(r, "BigDecimal.valueOf(d)") == "std.math.numeric.Decimal.init"
    assert _top(r, "BigDecimal.valueOf(1000)") == "std.math.numeric.Decimal.init"


def test_new_double_of_an_int_is_widening_not_a_parse(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        'void f() { int i = 30; Double d2 = new Double(i); Double d4 = new Double("3.5"); }\n'
    )
    s = sugg(r, "new Double(i)")
    assert not s.candidates and any("widened" in n for n in s.notes), s.notes
    assert _top(r, 'new Double("3.5")') == "std.convert.Float64.parse"


def test_stream_mark_and_reset_are_no_buffered_stream_reset(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(InputStream stm) {\n"
        "  BufferedInputStream b = new BufferedInputStream(stm);\n"
        "  b.mark(4); int x = b.read(); b.reset();\n"
        "}\n"
    )
    # Cangjie's BufferedInputStream.reset(stream) binds another stream: a false friend of Java's reset()
    for text in ("b.mark(4)", "b.reset()"):
        s = sugg(r, text)
        assert not s.candidates, [c.qualname for c in s.candidates]
        assert "std.io.BufferedInputStream.reset" not in [i.qualname for i in s.instead]
    assert "std.io.ByteBuffer.seek" in [i.qualname for i in sugg(r, "b.reset()").instead]


def test_objects_null_tests_of_a_value_are_null_checks(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Task t, List<Item> xs) {\n"
        "  if (Objects.nonNull(t)) { run(t); }\n"
        "  if (Objects.isNull(t)) return;\n"
        "  List<Item> ys = xs.stream().filter(Objects::nonNull).collect(Collectors.toList());\n"
        "}\n"
    )
    for text in ("Objects.nonNull(t)", "Objects.isNull(t)"):
        s = sugg(r, text)
        assert not s.candidates and any("A null check" in n for n in s.notes), s.notes
    # as a filter over ?T elements the method reference stays the Option test
    assert _top(r, "Objects::nonNull") == "std.core.Option.isSome"


def test_a_float_in_hexadecimal_has_no_counterpart(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(double value) { String a = Double.toHexString(value); String b = Integer.toHexString(7); }\n"
    )
    s = sugg(r, "Double.toHexString(value)")
    assert not s.candidates, [c.qualname for c in s.candidates]
    assert s.instead and s.instead[0].qualname == "std.core.Float64.toBits"
    assert _top(r, "Integer.toHexString(7)") == "std.convert.Int64.toString"


def test_an_atomic_accumulator_of_an_operator_is_the_fetch_operation(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(AtomicInteger ops, AtomicLong total, long n) {\n"
        "  int a = ops.accumulateAndGet(1, (x, y) -> x | y);\n"
        "  int b = ops.getAndAccumulate(2, (p, q) -> q & p);\n"
        "  long t = total.getAndAccumulate(n, Long::sum);\n"
        "  int c = ops.accumulateAndGet(5, Math::max);\n"
        "}\n"
    )
    assert _top(r, "ops.accumulateAndGet(1, (x, y) -> x | y)") == "std.sync.AtomicInt64.fetchOr"
    assert _top(r, "ops.getAndAccumulate(2, (p, q) -> q & p)") == "std.sync.AtomicInt64.fetchAnd"
    assert _top(r, "total.getAndAccumulate(n, Long::sum)") == "std.sync.AtomicInt64.fetchAdd"
    # no fetch operation for max: the CAS loop stays
    assert _top(r, "ops.accumulateAndGet(5, Math::max)") == "std.sync.AtomicInt64.compareAndSwap"


def test_the_raw_empty_collections_are_the_empty_ones(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "List f() { Map m = Collections.EMPTY_MAP; return Collections.EMPTY_LIST; }\n"
    )
    assert _top(r, "Collections.EMPTY_LIST") == "std.collection.ArrayList.init"
    assert _top(r, "Collections.EMPTY_MAP") == "std.collection.HashMap.init"


def test_wrapping_a_byte_array_keeps_the_array(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(byte[] data, int off, int len) {\n"
        "  ByteBuffer b = ByteBuffer.wrap(data); ByteBuffer c = ByteBuffer.wrap(data, off, len);\n"
        "}\n"
    )
    s = sugg(r, "ByteBuffer.wrap(data)")
    assert not s.candidates and s.instead and s.instead[0].qualname == "std.io.ByteBuffer.init", s.instead
    assert _top(r, "ByteBuffer.wrap(data, off, len)") == "std.core.Array.slice"


def test_object_streams_close_the_file_and_available_has_no_count(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(File f, InputStream is) throws Exception {\n"
        "  ObjectOutputStream objectStream = new ObjectOutputStream(new FileOutputStream(f));\n"
        "  objectStream.writeObject(this); objectStream.close();\n"
        "  ObjectInputStream ois = new ObjectInputStream(new FileInputStream(f)); ois.close();\n"
        "  int n = is.available();\n"
        "}\n"
    )
    assert _top(r, "objectStream.close()") == "std.fs.File.close"
    assert _top(r, "ois.close()") == "std.fs.File.close"
    s = sugg(r, "is.available()")
    assert not s.candidates and "std.io.Seekable.remainLength" in [i.qualname for i in s.instead]


def test_a_bigdecimal_argument_tells_the_arithmetic(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(BigDecimal discount) {\n"
        "  Object a = price.subtract(discount);\n"
        "  Object b = origin.subtract(center);\n"
        "}\n"
    )
    s = sugg(r, "price.subtract(discount)")
    assert (s.receiver_source, _top(r, "price.subtract(discount)")) == (
        "guessed",
        "std.math.numeric.Decimal.-",
    )
    assert sugg(r, "origin.subtract(center)").receiver_source == "unknown"
