"""Issue 12, round 7: calls whose answer depends on how they are written.

* ``System.err.println(x)`` is ``eprintln`` (the receiver's text tells the stream; its type,
  ``PrintStream``, cannot); ``System.out.println`` stays ``println``.
* A printf format's conversions need Cangjie format calls: ``String.format("0x%02x", b)`` ->
  ``Int64.format``, ``%.2f`` -> ``Float64.format``, ``%-8s`` -> ``padEnd``; plain ``%s``/``%d``
  are interpolation (no candidate).
* ``Preconditions.checkArgument(x != null)`` is a null check: no candidate, a note; a real
  condition still maps to ``IllegalArgumentException``.
* An instance receiver (``this.tempFileManager``) calling a name the JDK class declares only as
  static (``File.createTempFile``) is not guessed to be that class.
* A constant of a CamelCase class the snippet does not import (``Level.SEVERE``) is read as that
  class of the tables, like a static method call; an unknown class's constant gets no answer.
* Tables: ``Integer.rotateRight``, ``String.getChars``, ``File.toPath`` (none: no conversion),
  ``Socket.getOutputStream`` (none, the socket itself is written), ``ByteBuffer.hasArray``,
  ``ServerSocket.setReceiveBufferSize``, ``new OutputStreamWriter(out)``.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.java import jdk_static_only
from cjkb_graph.resolve.special import format_apis, null_check, system_stream

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_the_stream_is_read_from_the_receiver_text() -> None:
    assert system_stream("System.err") == "err"
    assert system_stream(" java.lang.System.out ") == "out"
    assert system_stream("log.err") is None and system_stream(None) is None


def test_system_err_println_is_eprintln(real_engine: Engine) -> None:
    code = 'void f(int n) {\n System.err.println("bad " +\n n);\n System.out.println("ok");\n System.err.print(n);\n}'
    r = real_engine.resolve(code)
    assert _top(_sugg(r, 'System.err.println("bad " + n)')) == "std.core.eprintln"
    assert _top(_sugg(r, "System.err.print(n)")) == "std.core.eprint"
    assert _top(_sugg(r, 'System.out.println("ok")')) == "std.core.println"


@pytest.mark.parametrize(
    ("method", "text", "expected"),
    [
        ("format", 'String.format("id=0x%02x", b)', ["std.convert.Int64.format"]),
        (
            "format",
            'String.format("%5d|%.2f", n, x)',
            ["std.convert.Int64.format", "std.convert.Float64.format"],
        ),
        ("format", 'String.format("%-8s|%8s", a, b)', ["std.core.String.padEnd", "std.core.String.padStart"]),
        ("format", 'String.format("%s has %d items%n", a, n)', []),
        ("formatted", '"%o".formatted(n)', ["std.convert.Int64.format"]),
        ("printf", 'out.printf("%e", x)', ["std.convert.Float64.format"]),
        ("append", 'sb.append("%02x")', []),
    ],
)
def test_format_conversions_that_need_a_format_call(method: str, text: str, expected: list[str]) -> None:
    assert [q for q, _ in format_apis(method, text)] == expected


def test_string_format_with_a_width_answers_the_format_function(real_engine: Engine) -> None:
    code = (
        'void f(int b, double x, String s) {\n String a = String.format("0x%02x", b);\n'
        ' String c = String.format("%s=%d", s, b);\n System.out.printf("%.3f%n", x);\n}'
    )
    r = real_engine.resolve(code)
    hex_ = _sugg(r, 'String.format("0x%02x", b)')
    assert _top(hex_) == "std.convert.Int64.format"
    assert any("%02x" in w for w in hex_.candidates[0].why), hex_.candidates[0].why
    plain = _sugg(r, 'String.format("%s=%d", s, b)')
    assert plain.candidates == [] and any("interpolation" in n for n in plain.notes), plain.notes
    printf = [c.qualname for c in _sugg(r, 'System.out.printf("%.3f%n", x)').candidates]
    assert printf[0] == "std.core.println" and "std.convert.Float64.format" in printf[1:3], (
        printf
    )  # one line ended by %n: println


def test_a_null_check_precondition_disappears(real_engine: Engine) -> None:
    assert null_check("checkArgument", "Preconditions", 'Preconditions.checkArgument(a.b() != null, "x")')
    assert not null_check("checkArgument", "Preconditions", "Preconditions.checkArgument(n > 0)")
    assert not null_check("checkArgument", "Checks", "Checks.checkArgument(x != null)")
    assert not null_check("checkState", "Preconditions", "Preconditions.checkState(null == x.get())")
    code = (
        "import com.google.common.base.Preconditions;\n"
        'void f(Object o, int n) {\n Preconditions.checkArgument(o != null, "o");\n'
        ' Preconditions.checkArgument(n > 0, "n");\n}'
    )
    r = real_engine.resolve(code)
    s = _sugg(r, 'Preconditions.checkArgument(o != null, "o")')
    assert s.candidates == [] and any("null check" in n for n in s.notes), s.notes
    assert (
        _top(_sugg(r, 'Preconditions.checkArgument(n > 0, "n")')) == "std.core.IllegalArgumentException.init"
    )


def test_static_only_jdk_facts() -> None:
    assert jdk_static_only("java.io.File", "createTempFile")
    assert not jdk_static_only("java.io.File", "exists")
    assert jdk_static_only("java.lang.Integer", "parseInt")
    assert not jdk_static_only("java.lang.Integer", "intValue")


def test_an_instance_calling_a_static_only_name_is_not_that_class(real_engine: Engine) -> None:
    code = 'void f(String hint) throws Exception {\n this.tempFileManager.createTempFile(hint);\n File.createTempFile("a", ".tmp");\n}'
    r = real_engine.resolve(code)
    s = _sugg(r, "this.tempFileManager.createTempFile(hint)")
    assert s.candidates == [] and s.receiver_source == "unknown", (s.receiver_source, _top(s))
    assert _top(_sugg(r, 'File.createTempFile("a", ".tmp")')) == "std.fs.File.createTemp"


def test_a_constant_of_an_unimported_table_class(real_engine: Engine) -> None:
    code = 'void f() {\n LOG.log(Level.SEVERE, "x");\n int t = Config.TIMEOUT;\n int m = MAX.value;\n}'
    r = real_engine.resolve(code)
    s = _sugg(r, "Level.SEVERE")
    assert _top(s) == "stdx.log.LogLevel.ERROR" and s.receiver_source == "static", (
        _top(s),
        s.receiver_source,
    )
    assert _sugg(r, "Config.TIMEOUT").candidates == []
    assert _sugg(r, "MAX.value").candidates == []  # (MAX.length is an array's: round 8)


def test_round7_tables(real_engine: Engine) -> None:
    code = (
        "import java.io.*; import java.net.*; import java.nio.ByteBuffer;\n"
        "void f(int x, String text, char[] dst, File file, Socket socket, ByteBuffer buf, ServerSocket ss) throws Exception {\n"
        " int r = Integer.rotateRight(x, 7);\n text.getChars(0, 3, dst, 0);\n java.nio.file.Path p = file.toPath();\n"
        " OutputStream out = socket.getOutputStream();\n boolean h = buf.hasArray();\n ss.setReceiveBufferSize(1024);\n"
        " Writer w = new OutputStreamWriter(out);\n}"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "Integer.rotateRight(x, 7)")) == "std.math.rotate"
    assert _top(_sugg(r, "text.getChars(0, 3, dst, 0)")) == "std.core.String.toRuneArray"
    to_path = _sugg(r, "file.toPath()")
    assert to_path.candidates == [] and any("no direct Cangjie equivalent" in n for n in to_path.notes)
    stream = _sugg(r, "socket.getOutputStream()")
    assert stream.candidates == [] and [i.qualname for i in stream.instead][:1] == ["std.net.TcpSocket.write"]
    assert _sugg(r, "buf.hasArray()").candidates == []
    assert _top(_sugg(r, "ss.setReceiveBufferSize(1024)")) == "std.net.TcpServerSocket.receiveBufferSize"
    assert _top(_sugg(r, "new OutputStreamWriter(out)")) == "std.io.StringWriter.init"


def test_or_else_null_disappears_and_org_json_maps_to_the_json_dom(real_engine: Engine) -> None:
    code = (
        "import org.json.*;\n"
        "void f(JSONObject json, Optional<String> o) {\n"
        ' JSONArray a = json.getJSONArray("r");\n JSONObject x = a.getJSONObject(0);\n'
        ' String s = json.optString("q");\n String v = o.map(String::trim).orElse(null);\n'
        ' String w = o.orElse("x");\n}'
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, 'json.getJSONArray("r")')) == "stdx.encoding.json.JsonObject.[]"
    assert _top(_sugg(r, "a.getJSONObject(0)")) == "stdx.encoding.json.JsonArray.[]"
    assert _top(_sugg(r, 'json.optString("q")')) == "stdx.encoding.json.JsonObject.get"
    or_null = _sugg(r, "o.map(String::trim).orElse(null)")
    assert or_null.candidates == [] and any("Optional-to-null" in n for n in or_null.notes), or_null.notes
    assert _top(_sugg(r, 'o.orElse("x")')) == "std.core.Option.getOrDefault"


def test_jsse_maps_to_stdx_tls(real_engine: Engine) -> None:
    code = (
        "import javax.net.ssl.*;\n"
        'void f() throws Exception {\n SSLContext ctx = SSLContext.getInstance("TLS");\n'
        " ctx.init(null, null, null);\n SSLSocket s = (SSLSocket) factory.createSocket();\n s.startHandshake();\n}"
    )
    r = real_engine.resolve(code)
    get = _sugg(r, 'SSLContext.getInstance("TLS")')
    assert [c.qualname for c in get.candidates][:2] == [
        "stdx.net.tls.TlsClientConfig.init",
        "stdx.net.tls.TlsServerConfig.init",
    ]
    assert _sugg(r, "ctx.init(null, null, null)").candidates == []
    assert _top(_sugg(r, "s.startHandshake()")) == "stdx.net.tls.TlsSocket.handshake"


def test_jdk_http_server_gzip_and_ascii_case(real_engine: Engine) -> None:
    code = (
        "import com.sun.net.httpserver.*; import java.util.zip.*; import java.io.*;\n"
        "void handle(HttpExchange exchange, String s, OutputStream baos) throws IOException {\n"
        ' String enc = exchange.getRequestHeaders().getFirst("Accept-Encoding");\n'
        " GZIPOutputStream gz = new GZIPOutputStream(baos);\n"
        ' exchange.getResponseHeaders().set("Content-Type", "text/html");\n'
        " exchange.sendResponseHeaders(200, 5);\n OutputStream os = exchange.getResponseBody();\n"
        " String l = s.toLowerCase();\n ZipEntry e = new ZipEntry(s);\n}"
    )
    r = real_engine.resolve(code)
    first = _sugg(r, 'exchange.getRequestHeaders().getFirst("Accept-Encoding")')
    assert first.receiver_source == "inferred" and _top(first) == "stdx.net.http.HttpHeaders.getFirst"
    assert _top(_sugg(r, "new GZIPOutputStream(baos)")) == "stdx.compress.zlib.CompressOutputStream.init"
    set_ = _sugg(r, 'exchange.getResponseHeaders().set("Content-Type", "text/html")')
    # the receiver's own type (HttpHeaders.set) comes first; the response-side call is offered too
    assert "stdx.net.http.HttpResponseBuilder.header" in [c.qualname for c in set_.candidates][:2]
    assert (
        _top(_sugg(r, "exchange.sendResponseHeaders(200, 5)")) == "stdx.net.http.HttpResponseBuilder.status"
    )
    assert _sugg(r, "exchange.getResponseBody()").candidates == []
    lower = [c.qualname for c in _sugg(r, "s.toLowerCase()").candidates]
    assert lower[:2] == ["std.core.String.toAsciiLower", "std.unicode.String.toLower"], lower
    assert _sugg(r, "new ZipEntry(s)").candidates == []


def test_round7_rules_from_sample_8(real_engine: Engine) -> None:
    code = (
        "import java.util.*;\n"
        "void f(Builder builder, StringBuilder buffer, String a, String b) {\n"
        " Foo x = builder.build();\n buffer.delete(0, buffer.length());\n buffer.delete(0, 3);\n"
        " java.nio.file.Path p = Paths.get(a, b);\n java.nio.file.Path q = Paths.get(a);\n"
        " byte[] d = Base64.getDecoder().decode(a);\n Optional<String> o = Optional.ofNullable(a);\n"
        " Comparator<String> c = Comparator.comparing(String::length);\n}"
    )
    r = real_engine.resolve(code)
    # a bare Builder is the enclosing class's nested builder, not HttpClient.Builder
    built = _sugg(r, "builder.build()")
    assert built.candidates == [] and built.receiver_source == "user", (built.receiver_source, _top(built))
    assert _top(_sugg(r, "buffer.delete(0, buffer.length())")) == "std.core.StringBuilder.reset"
    assert _sugg(r, "buffer.delete(0, 3)").candidates == []
    assert _top(_sugg(r, "Paths.get(a, b)")) == "std.fs.Path.join"
    assert _top(_sugg(r, "Paths.get(a)")) == "std.fs.Path.init"
    decode = _sugg(r, "Base64.getDecoder().decode(a)")
    assert decode.receiver_source == "inferred" and _top(decode) == "stdx.encoding.base64.fromBase64String"
    assert _sugg(r, "Optional.ofNullable(a)").candidates == []
    comparing = _sugg(r, "Comparator.comparing(String::length)")
    assert comparing.candidates == [] and [i.qualname for i in comparing.instead][:1] == ["std.sort.sort"]


def test_a_factory_call_of_the_project_returns_the_projects_object(real_engine: Engine) -> None:
    code = (
        "void f(Repo repository, Provider provider, Order order) {\n"
        " provider.createUpdateTask(repository.get()).thenComposeAsync(x -> y);\n"
        " java.math.BigDecimal p = order.getPrice().subtract(java.math.BigDecimal.ONE);\n}"
    )
    r = real_engine.resolve(code)
    task = _sugg(r, "provider.createUpdateTask(repository.get()).thenComposeAsync(x -> y)")
    assert task.candidates == [], _top(task)
    price = _sugg(r, "order.getPrice().subtract(java.math.BigDecimal.ONE)")
    assert _top(price) == "std.math.numeric.Decimal.-", (price.receiver_source, _top(price))


def test_round7_rules_from_sample_9(real_engine: Engine) -> None:
    code = (
        "import java.util.Formatter;\n"
        "void f(Formatter formatter, Log log, String s, int n) {\n"
        ' Log.i("tag", "hello " + n);\n log.info("x");\n formatter.format("%s", s);\n'
        " new TextStringBuilder(n).append(s, 0, n);\n new StringBuilder(s).append(n);\n}"
    )
    r = real_engine.resolve(code)
    # two table types named Log: the one that maps the called member is taken
    android = _sugg(r, 'Log.i("tag", "hello " + n)')
    assert android.receiver_type == "android.util.Log" and _top(android) == "stdx.log.Logger.info"
    commons = _sugg(r, 'log.info("x")')
    assert commons.receiver_type == "org.slf4j.Logger" and _top(commons) == "stdx.log.Logger.info"
    # a declared JDK type the tables map as `none` is not guessed to be DateTimeFormatter
    fmt = _sugg(r, 'formatter.format("%s", s)')
    assert fmt.candidates == [] and fmt.receiver_type == "java.util.Formatter", (_top(fmt), fmt.receiver_type)
    # the result of a project constructor is the project's object; a JDK constructor's is known
    assert _sugg(r, "new TextStringBuilder(n).append(s, 0, n)").candidates == []
    assert _top(_sugg(r, "new StringBuilder(s).append(n)")) == "std.core.StringBuilder.append"


def test_a_declared_type_without_a_table_is_not_guessed(real_engine: Engine) -> None:
    # DataInputStream has no table: its readLine is not BufferedReader's by a guess from the name
    code = "import java.io.*;\nvoid f(DataInputStream din) throws IOException {\n din.readLine();\n}"
    s = _sugg(real_engine.resolve(code), "din.readLine()")
    assert s.candidates == [] and not any("guessed" in n for n in s.notes), (_top(s), s.notes)


def test_round7_rules_from_sample_10(real_engine: Engine) -> None:
    code = (
        "import java.lang.reflect.Field; import java.util.Timer; import com.google.common.base.Preconditions;\n"
        "void f(Field f, Class<?> type, Object o, char[] chars) throws Exception {\n"
        " Object v = f.get(null);\n Object w = f.get(o);\n type.getAnnotations();\n Timer t = new Timer();\n"
        " String s = new String(Files.readAllBytes(p));\n String s2 = new String(chars);\n"
        ' Preconditions.checkState(null == current.get(), "begun");\n mutex.wait();\n mutex.notifyAll();\n}'
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "f.get(null)")) == "std.reflect.StaticVariableInfo.getValue"
    assert _top(_sugg(r, "f.get(o)")) == "std.reflect.InstanceVariableInfo.getValue"
    assert _top(_sugg(r, "type.getAnnotations()")) == "std.reflect.TypeInfo.getAllAnnotations"
    timer = _sugg(r, "new Timer()")
    assert timer.candidates == [] and "std.sync.Timer.repeat" in [i.qualname for i in timer.instead]
    assert _top(_sugg(r, "new String(Files.readAllBytes(p))")) == "std.core.String.fromUtf8"
    assert _top(_sugg(r, "new String(chars)")) == "std.core.String.init"
    # `x == null` asserts a state (work not begun yet): it stays a check
    state = _sugg(r, 'Preconditions.checkState(null == current.get(), "begun")')
    assert _top(state) == "std.core.IllegalStateException.init"
    # wait/notifyAll are final in java.lang.Object: answered on any receiver
    for text, api in [
        ("mutex.wait()", "std.sync.Condition.wait"),
        ("mutex.notifyAll()", "std.sync.Condition.notifyAll"),
    ]:
        s = _sugg(r, text)
        assert s.receiver_source == "inferred" and _top(s) == api, (text, s.receiver_source, _top(s))


def test_a_comparison_with_a_string_literal_makes_the_receiver_a_string(real_engine: Engine) -> None:
    code = (
        'void f() {\n if (name.equals("x")) {}\n if (a.b().equalsIgnoreCase("y")) {}\n'
        " if (order.equals(other)) {}\n}"
    )
    r = real_engine.resolve(code)
    for text, api in [
        ('name.equals("x")', "std.core.String.=="),
        ('a.b().equalsIgnoreCase("y")', "std.core.String.equalsIgnoreAsciiCase"),
    ]:
        s = _sugg(r, text)
        assert s.receiver_source == "guessed" and _top(s) == api, (text, s.receiver_source, _top(s))
    assert _sugg(r, "order.equals(other)").candidates == []


def test_round7_rules_from_sample_11(real_engine: Engine) -> None:
    code = (
        "import org.apache.commons.lang3.StringUtils;\n"
        "void f(String s, java.util.List<String> cmd) {\n StringUtils.isBlank(s);\n String e = StringUtils.EMPTY;\n"
        " xxlJobGroupMapper.remove(3);\n new ProcessBuilder(cmd).start();\n}"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "StringUtils.isBlank(s)")) == "std.core.String.isAsciiBlank"
    assert _sugg(r, "StringUtils.EMPTY").candidates == []
    # a receiver named for a project role (…Mapper, …Service) is no Map because of the role's letters
    assert _sugg(r, "xxlJobGroupMapper.remove(3)").candidates == []
    builder = _sugg(r, "new ProcessBuilder(cmd)")
    assert builder.candidates == [] and [i.qualname for i in builder.instead][:1] == ["std.process.launch"]
    assert _top(_sugg(r, "new ProcessBuilder(cmd).start()")) == "std.process.launch"


def test_round7_rules_from_samples_12_and_13(real_engine: Engine) -> None:
    code = (
        "import io.netty.buffer.ByteBuf;\n"
        "void f(ByteBuf buf, java.util.List<String> xs, String s) {\n int a = buf.readUnsignedShort();\n"
        ' int i = buf.readerIndex();\n String j = Strings.join(xs, ", ");\n boolean e = Strings.isNullOrEmpty(s);\n'
        " item.textProperty().bind(x);\n}"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "buf.readUnsignedShort()")) == "std.binary.UInt16.readBigEndian"
    assert _top(_sugg(r, "buf.readerIndex()")) == "std.io.Seekable.position"
    # a third-party table class called with a member its table does not know is the project's own
    join = _sugg(r, 'Strings.join(xs, ", ")')
    assert join.candidates == [] and join.receiver_source == "user", (join.receiver_source, _top(join))
    assert _top(_sugg(r, "Strings.isNullOrEmpty(s)")) == "std.core.String.isEmpty"
    # bind is a name every framework gives its own classes (JavaFX properties, Guice modules)
    assert _sugg(r, "item.textProperty().bind(x)").candidates == []
