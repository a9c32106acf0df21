"""Issue 12, round 60 (what the development sets and samples 691-698 showed): ``DriverManager``'s
one-argument ``getConnection(url)`` opens a database by its URL, so the String is no driver name;
``Class.forName`` of a JDBC driver is the driver's lookup by name; a conversion to the UTC zone is
``inUTC()``; a project class's static ``of`` factory makes the project's object; what is written to
an ``HttpExchange``'s response stream is the response body."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only, sugg, top, top_of

pytestmark = pytest.mark.corpus


def test_get_connection_with_a_url_ends_in_connect_not_in_looking_up_a_driver(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Connection open(String uri) throws SQLException {\n"
        "  Connection c = DriverManager.getConnection(uri);\n"
        '  Connection d = DriverManager.getConnection(uri, "sa", "secret");\n'
        "  return c;\n"
        "}\n"
    )
    one = sugg(r, "DriverManager.getConnection(uri)")
    assert [c.qualname for c in one.candidates[:2]] == [
        "std.database.sql.Datasource.connect",
        "std.database.sql.Driver.open",
    ]
    # the url is no driver's name: getDriver(String) is not offered for it although its parameter fits
    assert "std.database.sql.DriverManager.getDriver" not in [c.qualname for c in one.candidates[:2]]
    assert any("connection string of Driver.open" in n for n in one.notes), one.notes
    assert (
        top_of(r, 'DriverManager.getConnection(uri, "sa", "secret")') == "std.database.sql.Datasource.connect"
    )


def test_for_name_of_a_jdbc_driver_is_the_drivers_lookup_by_name(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Connection connect(String driverClass, String url) throws Exception {\n"
        '  Class.forName("oracle.jdbc.OracleDriver");\n'
        "  Class.forName(driverClass);\n"
        '  Class<?> plugin = Class.forName("com.example.ReportPlugin");\n'
        "  return DriverManager.getConnection(url);\n"
        "}\n"
    )
    for text in ('Class.forName("oracle.jdbc.OracleDriver")', "Class.forName(driverClass)"):
        s = sugg(r, text)
        assert top(s) == "std.database.sql.DriverManager.getDriver", (
            text,
            [c.qualname for c in s.candidates],
        )
        # the reflective lookup the table maps stays among the candidates
        assert "std.reflect.TypeInfo.get" in [c.qualname for c in s.candidates]
    assert top_of(r, 'Class.forName("com.example.ReportPlugin")') == "std.reflect.TypeInfo.get"


def test_a_conversion_to_the_utc_zone_is_in_utc_and_the_zone_goes_with_it(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String stamp(long millis, Instant at) {\n"
        "  LocalDateTime a = LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);\n"
        '  ZonedDateTime b = at.atZone(ZoneId.of("UTC"));\n'
        '  ZonedDateTime c = at.atZone(ZoneId.of("Europe/Paris"));\n'
        '  return a + " " + b + " " + c;\n'
        "}\n"
    )
    assert (
        top_of(r, "LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC)")
        == "std.time.DateTime.inUTC"
    )
    assert top_of(r, 'at.atZone(ZoneId.of("UTC"))') == "std.time.DateTime.inUTC"
    assert top_of(r, 'at.atZone(ZoneId.of("Europe/Paris"))') == "std.time.DateTime.inTimeZone"
    utc = sugg(r, "ZoneOffset.UTC")
    assert not utc.candidates, [c.qualname for c in utc.candidates]
    assert any("that call is inUTC()" in n for n in utc.notes), utc.notes
    # a LocalDateTime read at the UTC offset: atOffset / toInstant of it, and the offset goes with them
    local = real_engine.resolver.resolve(
        "Date stamp(String s, DateTimeFormatter f, LocalDateTime t) {\n"
        "  OffsetDateTime o = LocalDateTime.parse(s, f).atOffset(ZoneOffset.UTC);\n"
        "  return Date.from(t.toInstant(ZoneOffset.UTC));\n"
        "}\n"
    )
    assert top_of(local, "LocalDateTime.parse(s, f).atOffset(ZoneOffset.UTC)") == "std.time.DateTime.inUTC"
    assert top_of(local, "t.toInstant(ZoneOffset.UTC)") == "std.time.DateTime.inUTC"
    offsets = [s for s in local.suggestions if s.call and s.call.text == "ZoneOffset.UTC"]
    assert len(offsets) == 2 and all(not s.candidates for s in offsets)


def test_a_project_classs_static_of_factory_makes_the_projects_own_object(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void load(Entity entity) {\n"
        "  CollectionOptional.ofNullable(entity.getAttributes()).ifPresent(list -> list.forEach(this::add));\n"
        "  Optional.ofNullable(entity.getName()).ifPresent(this::rename);\n"
        "}\n"
    )
    own = sugg(r, "CollectionOptional.ofNullable(entity.getAttributes()).ifPresent(list", prefix=True)
    assert not own.candidates, [c.qualname for c in own.candidates]
    assert own.receiver_source == "user"
    # the JDK's Optional keeps its answer
    assert top_of(r, "Optional.ofNullable(entity.getName()).ifPresent(this::rename)") == "std.core.ifSome"


def test_a_write_to_an_exchanges_response_stream_is_the_response_body(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void handle(HttpExchange exchange, byte[] bytes) throws IOException {\n"
        "  exchange.sendResponseHeaders(200, bytes.length);\n"
        "  OutputStream responseBody = exchange.getResponseBody();\n"
        "  for (byte b : bytes) {\n"
        "    responseBody.write(b);\n"
        "  }\n"
        "  exchange.getResponseBody().write(bytes);\n"
        '  OutputStream log = new FileOutputStream("access.log");\n'
        "  log.write(bytes);\n"
        "}\n"
    )
    assert top_of(r, "responseBody.write(b)") == "stdx.net.http.HttpResponseBuilder.body"
    assert top_of(r, "exchange.getResponseBody().write(bytes)") == "stdx.net.http.HttpResponseBuilder.body"
    assert top_of(r, "log.write(bytes)") != "stdx.net.http.HttpResponseBuilder.body"


def test_equals_on_a_type_without_its_own_equality_is_the_operator_not_an_api(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean same(Object value, Object defaultValue, Duration d, String s, Class<?> t, Class<?> u) {\n"
        "  boolean a = value.equals(defaultValue) && t.getClassLoader().equals(u.getClassLoader());\n"
        "  boolean b = d.equals(Duration.ZERO);\n"
        '  return a && b && s.equals("x");\n'
        "}\n"
    )
    s = sugg(r, "value.equals(defaultValue)")
    assert instead_only(s) == "std.core.Equatable"
    assert any("write x == y" in n for n in s.notes), s.notes
    # a JDK type the tables map to no Cangjie type falls back to Object's equals too
    assert instead_only(sugg(r, "t.getClassLoader().equals(u.getClassLoader())")) == "std.core.Equatable"
    # a type with an == of its own keeps it
    assert top_of(r, "d.equals(Duration.ZERO)") == "std.core.Duration.=="
    assert top_of(r, 's.equals("x")') == "std.core.String.=="


def test_a_map_named_sorted_is_guessed_a_tree_map(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void expire(K key, Long expireTime) {\n"
        "  List<K> expireKeys = sortMap.get(expireTime);\n"
        "  expireKeys.remove(key);\n"
        "  sortMap.put(expireTime, expireKeys);\n"
        "  if (reconSortedMap.containsKey(expireTime)) { counts.put(key, 1); }\n"
        "}\n"
    )
    assert top_of(r, "sortMap.get(expireTime)") == "std.collection.TreeMap.get"
    assert top_of(r, "sortMap.put(expireTime, expireKeys)") == "std.collection.TreeMap.add"
    assert top_of(r, "reconSortedMap.containsKey(expireTime)") == "std.collection.TreeMap.contains"
    # a map named for nothing sorted stays the HashMap a Map's calls answer
    assert top_of(r, "counts.put(key, 1)") == "std.collection.HashMap.add"


def test_a_call_on_a_deeply_nested_project_constructor_is_user_code(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "byte[] encode(Object a, byte[] bytes) {\n"
        "  return new Tlv(0x30, Tlvs.encodeList(Arrays.asList(new Tlv(0x30, new Tlv(0x02, pack(a)).getBytes()),\n"
        "      new Tlv(0x03, ByteBuffer.allocate(1 + bytes.length).put((byte) 0).put(bytes).array()))))"
        ".getBytes();\n"
        "}\n"
    )
    outer = sugg(r, "new Tlv(0x30, Tlvs.encodeList(", prefix=True)
    calls = [s for s in r.suggestions if s.call and s.call.text.startswith("new Tlv(0x30, Tlvs.encodeList(")]
    assert len(calls) == 2 and outer.call is not None
    on_it = [s for s in calls if s.call and s.call.text.endswith(".getBytes()")]
    assert len(on_it) == 1 and not on_it[0].candidates, [c.qualname for c in on_it[0].candidates]
    assert on_it[0].receiver_source == "user"
    # the receiver is longer than the extractor keeps of it: its whole text is read from the call's
    assert on_it[0].call is not None and (on_it[0].call.receiver or "").endswith("...")
