"""Issue 12, round 51 (what the development sets and, for the receiver rules, samples 355-362 showed):
a project class that shares a JDK name is the project's in every call of the snippet; an element of a
project-typed array is the project's; arithmetic on a project value stays the project's; a
StringJoiner is a String.join to be."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import instead_only
from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_file_with_members_java_io_file_lacks_is_the_projects_everywhere(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "ResponseEntity serve(String id) {\n"
        "  File file = fileService.getFileById(id);\n"
        '  String header = "attachment; fileName=" + file.getName();\n'
        "  return ok(header, file.getSize(), file.getContent());\n"
        "}\n"
    )
    for text in ("file.getName()", "file.getSize()", "file.getContent()"):
        s = _sugg(r, text)
        assert s.receiver_source == "user" and s.candidates == [], text
    # the neighbour: a java.io.File whose calls all exist keeps its answer
    r = real_engine.resolver.resolve(
        "String name(File file) {\n  if (file.isDirectory()) return null;\n  return file.getName();\n}\n"
    )
    assert _top(r, "file.getName()") == "std.fs.Path.fileName"


def test_a_name_shared_by_two_jdk_packages_or_declared_twice_stays_the_jdks(real_engine: Engine) -> None:
    # java.sql.Date has toLocalDate; java.util.Date does not: the Date is no project class
    r = real_engine.resolver.resolve(
        "void main() {\n"
        "  Date sqlDate = new Date(System.currentTimeMillis());\n"
        "  sqlDate.setTime(356373000000L);\n"
        "  LocalDate d = sqlDate.toLocalDate();\n"
        "}\n"
    )
    assert _sugg(r, "sqlDate.setTime(356373000000L)").receiver_source == "declared"
    # `dialect` is a project object in one inner method and a Map parameter in another
    r = real_engine.resolver.resolve(
        "void build() {\n"
        "  run(new Callback() {\n"
        "    public Object call(Connection c) {\n"
        "      DbDialect dialect = generator.generate(c);\n"
        "      return dialect.getDefaultSchema();\n"
        "    }\n"
        "  }, new Listener() {\n"
        "    public void onRemoval(Long id, Map<String, DbDialect> dialect) {\n"
        "      for (DbDialect d : dialect.values()) { d.destroy(); }\n"
        "    }\n"
        "  });\n"
        "}\n"
    )
    assert _top(r, "dialect.values()") == "std.collection.HashMap.values"


def test_an_element_of_a_project_typed_array_is_the_projects(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "<T> T[] solve(T[] y, Fraction[][] grid, BigDecimal[] amounts, String[] words) {\n"
        "  y[0] = y[0].multiply(y[1]);\n"
        "  Fraction f = grid[0][1].multiply(grid[1][0]);\n"
        "  BigDecimal total = amounts[0].multiply(amounts[1]);\n"
        "  int n = words[0].length();\n"
        "  return y;\n"
        "}\n"
    )
    for text in ("y[0].multiply(y[1])", "grid[0][1].multiply(grid[1][0])"):
        s = _sugg(r, text)
        assert s.receiver_source == "user" and s.candidates == [], text
    assert _top(r, "amounts[0].multiply(amounts[1])") == "std.math.numeric.Decimal.*"
    assert _top(r, "words[0].length()") == "std.core.String.size"


def test_arithmetic_on_a_project_value_gives_a_project_value(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "boolean piercing(Num open, Num close, Order order) {\n"
        "  Num gap = close.minus(open).dividedBy(close);\n"
        "  String price = order.getTotal().toPlainString();\n"
        "  return gap.isPositive();\n"
        "}\n"
    )
    s = _sugg(r, "close.minus(open).dividedBy(close)")
    assert s.receiver_source == "user" and s.candidates == []
    # a getter's value may still be a library value (a BigDecimal)
    assert _top(r, "order.getTotal().toPlainString()") == "std.math.numeric.Decimal.toString"


def test_a_string_joiner_is_a_string_join_to_be(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String names() {\n"
        '  StringJoiner joiner = new StringJoiner(", ");\n'
        '  joiner.add("Rahul");\n'
        '  joiner.add("Raju");\n'
        "  return joiner.toString();\n"
        "}\n"
    )
    assert _top(r, 'new StringJoiner(", ")') == "std.core.String.join"
    assert instead_only(_sugg(r, 'joiner.add("Rahul")')) == "std.collection.ArrayList.add"
    assert _top(r, "joiner.toString()") == "std.core.String.join"


def test_rows_for_json_p_android_uri_commons_codec_and_guava_helpers(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "JsonObject ping(String path, String q, String salt, List<String> args) {\n"
        '  JsonObject o = Json.createObjectBuilder().add("status", "UP").build();\n'
        "  Uri uri = Uri.parse(BASE_URL).buildUpon().appendQueryParameter(QUERY, q).build();\n"
        "  String h = DigestUtils.md5Hex(path + q);\n"
        "  byte[] raw = Base64.decodeBase64(salt);\n"
        "  String enc = Base64.getEncoder().encodeToString(raw);\n"
        "  Map<String, Object> m = Maps.newHashMapWithExpectedSize(4);\n"
        "  Integer n = Ints.tryParse(args.get(1));\n"
        "  return o;\n"
        "}\n"
    )
    assert _top(r, "Json.createObjectBuilder()") == "stdx.encoding.json.JsonObject.init"
    assert _top(r, 'Json.createObjectBuilder().add("status", "UP")') == "stdx.encoding.json.JsonObject.put"
    assert _sugg(r, 'Json.createObjectBuilder().add("status", "UP").build()').candidates == []
    assert _top(r, "Uri.parse(BASE_URL)") == "stdx.encoding.url.URL.parse"
    assert instead_only(_sugg(r, "Uri.parse(BASE_URL).buildUpon()")) is not None
    assert (
        _top(r, "Uri.parse(BASE_URL).buildUpon().appendQueryParameter(QUERY, q)")
        == "stdx.encoding.url.Form.add"
    )
    assert _top(r, "DigestUtils.md5Hex(path + q)") == "stdx.crypto.digest.MD5"
    # commons-codec's Base64 beside the JDK's: the member tells which
    assert _top(r, "Base64.decodeBase64(salt)") == "stdx.encoding.base64.fromBase64String"
    assert _sugg(r, "Base64.getEncoder()").receiver_type == "java.util.Base64"
    assert _top(r, "Maps.newHashMapWithExpectedSize(4)") == "std.collection.HashMap.init"
    assert _top(r, "Ints.tryParse(args.get(1))") == "std.convert.Int64.tryParse"
