"""Issue 12, round 6: weak evidence abstains, strong evidence answers.

* Type-only calls (a JDK type the tables map, a member they do not curate) answer only with a member
  of the same name or one the Java name is curated to elsewhere; otherwise no candidate, a note
  ("no curated mapping for X.m; see type Y") and the receiver source unchanged
  (``Field.isAccessible`` answered ``InstanceVariableInfo.isMutable`` from a shared word).
* Statement-level search answers only a call whose receiver has no type: a named type the tables do
  not know (Spring Security's ``SecurityConfig``, ``NoClassDefFoundError``) gets no search hits.
* A guess needs more than a name many project classes define (``add``, ``get``, ``set``,
  ``increment``): ``order.getTotalAmount().add(x)`` (a BigDecimal) was a List's ``add``,
  ``database.get`` + ``database.add`` a List, ``cacheStore.set(k, v)`` a List's ``[]``. The
  receiver's own name (``list``) or another telling call on it (``removeLast``) still guesses.
* ``new T(..)`` of a JDK class mapped to ``std.core.Error`` or a subtype (``Error``,
  ``StackOverflowError``, ``AssertionError``): Cangjie code cannot create an Error, so the answer is
  ``std.core.Exception``; ``new File(parent, child)`` is a path join (an arity-specific constructor).
* Tables: Guava basics, ``FileChannel``, ``ByteBuffer.slice``, ``Path.toRealPath``, POSIX
  permissions (``none``), ``Socket``/``ServerSocket`` getters, ``Level.FINER/CONFIG``,
  ``ResultSet.getBlob``, ``LocalDateTime.ofInstant``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.guess import COMMON_NAMES, evidence_ok

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


WEAK = """
void f(java.lang.reflect.Field modifiersField, java.lang.reflect.Method mt) throws Exception {
  modifiersField.isAccessible();
  modifiersField.getName();
  mt.isDefault();
  new org.springframework.security.access.SecurityConfig(name);
  try { run(); } catch (NoClassDefFoundError e) { }
}
"""


def test_a_type_only_call_answers_only_with_a_matching_name(real_engine: Engine) -> None:
    r = real_engine.resolve(WEAK)
    for text, java, cangjie in [
        (
            "modifiersField.isAccessible()",
            "java.lang.reflect.Field.isAccessible",
            "std.reflect.InstanceVariableInfo",
        ),
        ("mt.isDefault()", "java.lang.reflect.Method.isDefault", "std.reflect.InstanceFunctionInfo"),
    ]:
        s = _sugg(r, text)
        assert s.candidates == [], (text, [c.qualname for c in s.candidates])
        assert s.receiver_source == "declared" and s.confidence
        assert f"no curated mapping for {java}; see type {cangjie}" in s.notes, s.notes
    # a curated member still answers
    assert _top(_sugg(r, "modifiersField.getName()")) == "std.reflect.InstanceVariableInfo.name"


def test_no_statement_search_for_a_named_type_the_tables_do_not_know(real_engine: Engine) -> None:
    r = real_engine.resolve(WEAK)
    s = _sugg(r, "new org.springframework.security.access.SecurityConfig(name)")
    assert s.candidates == [], [c.qualname for c in s.candidates]
    assert any("no mapping for the type org.springframework" in n for n in s.notes), s.notes
    s = _sugg(r, "catch (NoClassDefFoundError ...)")
    assert s.candidates == [], [c.qualname for c in s.candidates]


GUESSES = """
void f() {
  BigDecimal pay = order.getTotalAmount().add(order.getFreightAmount());
  a.getFooCounter().increment();
  if (database.get(req.id) == null) { database.add(req); }
  cacheStore.set(userId, account);
  list.add(1);
  maxHeap.set(i - 1, maxHeap.getLast());
  maxHeap.removeLast();
  Message m = mailbox.take();
  String[] arr = tags.toArray(new String[0]);
  Config c = builder.build();
  AMP_JOINER.join(sb, bounds);
  String r = ALL_ROMAN_NUMBERS[i].repeat(times);
  resultBuilder.append("x");
}
"""


def test_a_common_method_name_alone_is_no_evidence_for_a_guess(real_engine: Engine) -> None:
    r = real_engine.resolve(GUESSES)
    for text in (
        "order.getTotalAmount().add(order.getFreightAmount())",
        "a.getFooCounter().increment()",
        "database.get(req.id)",
        "database.add(req)",
        "cacheStore.set(userId, account)",
        "builder.build()",  # a nested type is named with its outer one: no HttpClient.Builder
        "AMP_JOINER.join(sb, bounds)",  # a guess is a JDK type (or a logger), not Guava's Joiner
    ):
        s = _sugg(r, text)
        assert s.candidates == [] and s.receiver_source != "guessed", (text, s.receiver_source, _top(s))


def test_a_name_or_a_telling_call_still_guesses(real_engine: Engine) -> None:
    r = real_engine.resolve(GUESSES)
    for text, top in [
        ("list.add(1)", "std.collection.ArrayList.add"),  # the receiver's name
        ("maxHeap.set(i - 1, maxHeap.getLast())", "std.collection.ArrayList.[]"),  # removeLast on it
        # one family's name; its interface, BlockingQueue (LinkedBlockingQueue), first (round 36)
        ("mailbox.take()", "std.collection.concurrent.LinkedBlockingQueue.remove"),
        ("tags.toArray(new String[0])", "std.collection.ArrayList.toArray"),
        ('resultBuilder.append("x")', "std.core.StringBuilder.append"),
        ("ALL_ROMAN_NUMBERS[i].repeat(times)", "std.core.String.*"),  # Guava's Strings.repeat is no owner
    ]:
        s = _sugg(r, text)
        assert s.receiver_source == "guessed" and _top(s) == top, (text, s.receiver_source, _top(s))


def test_evidence_ok_common_names() -> None:
    assert {"add", "get", "set", "create", "increment", "position", "write"} <= COMMON_NAMES
    assert not evidence_ok("add", "order.getTotalAmount()", "java.util.List", [], sole_owner=True)
    # round 53: subtract alone is a vector's or an amount's as often; a BigDecimal argument says it
    assert not evidence_ok("subtract", "order.getPrice()", "java.math.BigDecimal", [], sole_owner=True)
    big = ["java.math.BigDecimal"]
    assert evidence_ok(
        "subtract", "order.getPrice()", "java.math.BigDecimal", [], sole_owner=True, arg_types=big
    )
    assert not evidence_ok("add", "database", "java.util.List", ["get", "add"])
    assert evidence_ok("set", "maxHeap", "java.util.List", ["set", "removeLast"])
    assert evidence_ok("add", "list", "java.util.List", [], sole_owner=True)


CONSTRUCTORS = """
void f(File dir, String name, Throwable cause) {
  File a = new File(dir, name);
  File b = new File(name);
  if (a == null) throw new Error(cause);
  if (b == null) throw new StackOverflowError();
  throw new AssertionError("broken");
}
"""


@pytest.mark.parametrize(
    ("text", "top"),
    [
        ("new File(dir, name)", "std.fs.Path.join"),
        ("new File(name)", "std.fs.Path.init"),
        ("new Error(cause)", "std.core.Exception.init"),
        ("new StackOverflowError()", "std.core.Exception.init"),  # the rule: no table entry
        ('new AssertionError("broken")', "std.core.Exception.init"),
    ],
)
def test_constructors_by_arity_and_no_user_made_errors(real_engine: Engine, text: str, top: str) -> None:
    s = _sugg(real_engine.resolve(CONSTRUCTORS), text)
    assert _top(s) == top, (text, [c.qualname for c in s.candidates])


TABLES = """
import java.util.logging.Level;
void g(Socket socket, ServerSocket server, Path p, ByteBuffer buf, FileChannel ch, String name, ResultSet rs)
    throws Exception {
  if (Strings.isNullOrEmpty(name)) { return; }
  List<String> parts = Splitter.on(",").omitEmptyStrings().trimResults().splitToList(name);
  String joined = Joiner.on(",").join(parts);
  List<String> xs = Lists.newArrayList();
  Map<String, String> m = Maps.newHashMap();
  socket.getInetAddress();
  boolean closed = server.isClosed();
  p.toRealPath();
  Files.setPosixFilePermissions(p, perms);
  buf.slice();
  ch.write(buf);
  byte[] blob = rs.getBlob("country");
  LOG.log(Level.FINER, "x");
  LocalDateTime t = LocalDateTime.ofInstant(Instant.ofEpochMilli(5), ZoneId.of("Asia/Tokyo"));
}
"""


@pytest.mark.parametrize(
    ("text", "top"),
    [
        ("Strings.isNullOrEmpty(name)", "std.core.String.isEmpty"),
        ('Splitter.on(",").omitEmptyStrings().trimResults().splitToList(name)', "std.core.String.split"),
        ('Joiner.on(",").join(parts)', "std.core.String.join"),
        ("Lists.newArrayList()", "std.collection.ArrayList.init"),
        ("Maps.newHashMap()", "std.collection.HashMap.init"),
        ("socket.getInetAddress()", "std.net.TcpSocket.remoteAddress"),
        ("server.isClosed()", "std.net.TcpServerSocket.isClosed"),
        ("p.toRealPath()", "std.fs.canonicalize"),
        ("Files.setPosixFilePermissions(p, perms)", None),
        ("buf.slice()", "std.core.Array.slice"),
        ("ch.write(buf)", "std.fs.File.write"),
        ('rs.getBlob("country")', "std.database.sql.QueryResult.get"),
        ("Level.FINER", "stdx.log.LogLevel.TRACE"),
        (
            'LocalDateTime.ofInstant(Instant.ofEpochMilli(5), ZoneId.of("Asia/Tokyo"))',
            "std.time.DateTime.inTimeZone",
        ),
    ],
)
def test_round6_table_entries(real_engine: Engine, text: str, top: str | None) -> None:
    s = _sugg(real_engine.resolve(TABLES), text)
    assert _top(s) == top, (text, [c.qualname for c in s.candidates], s.notes)


BUILDERS = """
void f(Order order, BigDecimal off) {
  MongoClientOptions options = MongoClientOptions.builder().build();
  Docket d = SwaggerProperties.builder().apiBasePackage("com.x").title("t").version("1.0").build();
  BigDecimal net = order.getPrice().subtract(off);
  long r = random().nextLong();
}
"""


def test_a_project_builder_chain_is_not_guessed(real_engine: Engine) -> None:
    r = real_engine.resolve(BUILDERS)
    for text in (
        "MongoClientOptions.builder().build()",  # `builder` names no HttpClient.Builder
        'SwaggerProperties.builder().apiBasePackage("com.x").title("t").version("1.0")',  # no HttpResponse
    ):
        s = _sugg(r, text)
        assert s.candidates == [] and s.receiver_source == "user", (text, s.receiver_source, _top(s))
    # a getter's value or an accessor's may still be a library type
    s = _sugg(r, "order.getPrice().subtract(off)")
    assert s.receiver_source == "guessed" and (_top(s) or "").startswith("std.math.numeric."), _top(s)
    s = _sugg(r, "random().nextLong()")
    assert s.receiver_source == "guessed" and _top(s) == "std.random.Random.nextInt64", _top(s)


def test_reads_a_value() -> None:
    from cjkb_graph.resolve.weak import reads_a_value

    assert reads_a_value("order.getTotalAmount()") and reads_a_value("random()")
    assert reads_a_value("a.getTotal().add(b)") and reads_a_value('doc.getString("n")')
    assert not reads_a_value('SwaggerProperties.builder().title("t")')
    assert not reads_a_value("MongoClientOptions.builder()")


def test_a_target_that_fits_the_arguments_comes_before_one_that_contradicts_them(real_engine: Engine) -> None:
    code = "void f(String s, double d) { BigDecimal a = new BigDecimal(0); BigDecimal b = new BigDecimal(s); BigDecimal c = new BigDecimal(d); }"
    r = real_engine.resolve(code)
    assert r.suggestions[0].candidates[0].id == "std.math.numeric.Decimal.init(Int64)"
    assert _top(_sugg(r, "new BigDecimal(s)")) == "std.math.numeric.Decimal.parse"  # the table's first
    assert _sugg(r, "new BigDecimal(d)").candidates[0].id == "std.math.numeric.Decimal.init(Float64)"


def test_restoring_the_interrupt_flag_has_no_counterpart(real_engine: Engine) -> None:
    code = (
        "void f(Thread t) { try { Thread.sleep(5); } catch (InterruptedException e) {"
        " Thread.currentThread().interrupt(); } t.interrupt(); }"
    )
    r = real_engine.resolve(code)
    s = _sugg(r, "Thread.currentThread().interrupt()")
    assert s.candidates == [] and any("interrupt flag" in n for n in s.notes), s.notes
    assert s.receiver_source and s.confidence
    assert _top(_sugg(r, "t.interrupt()")) == "std.core.Future.cancel"  # another thread: cancel
