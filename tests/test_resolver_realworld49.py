"""Issue 12, round 49: what the labels of samples 339-346 showed.

* A Java number given where an overload takes another primitive converts (``signum`` is BigInt's
  ``sign: Bool``), while an int is never a String: ``new BigInteger(1, bytes)`` with ``bytes`` of
  unknown type is ``BigInt(sign, magnitude)``, not ``BigInt.parse``.
* ``substring(..)`` and ``toLowerCase(locale)``/``toUpperCase(locale)`` say a String by their name and
  arity: a receiver of unknown type called so is guessed a String.
* New rows for the helpers real code calls most that the tables lacked: commons-io's ``IOUtils``,
  ``FileUtils`` and ``FilenameUtils``, commons-lang3's ``ExceptionUtils`` and ``ArrayUtils``, and
  fastjson's ``JSON``, ``JSONObject`` and ``JSONArray``. ``JSON``, written in capitals, is the class
  when the tables map the call on it (the extractor reads such names as constants); of two tables'
  types of one simple name, the one whose own row takes the arguments answers (``new
  JSONObject(text)`` is org.json's, fastjson's constructor takes none).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_an_int_signum_picks_the_sign_and_magnitude_constructor(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "byte[] encode(String hex) {\n"
        "  BigInteger d = new BigInteger(1, this.difficulty);\n"
        '  BigInteger n = new BigInteger("170");\n'
        "  BigInteger h = new BigInteger(hex, 16);\n"
        "  return RLP.encode(d, n, h);\n"
        "}\n"
    )
    d = _sugg(r, "new BigInteger(1, this.difficulty)")
    assert d.candidates[0].qualname == "std.math.numeric.BigInt.init"
    assert d.candidates[0].id == "std.math.numeric.BigInt.init(Bool,Array<Byte>)"
    # a String argument, and a String with a radix, keep the table's parse
    assert _top(r, 'new BigInteger("170")') == "std.math.numeric.BigInt.parse"
    assert _top(r, "new BigInteger(hex, 16)") == "std.math.numeric.BigInt.parse"


def test_substring_and_a_locale_case_change_say_a_string(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void show() {\n"
        '  setTitle(date.substring(0, 4) + "-" + date.substring(4, 6));\n'
        "  String d = this.domain.toLowerCase(Locale.US);\n"
        "  Object v = holder.get(key);\n"
        "}\n"
    )
    s = _sugg(r, "date.substring(0, 4)")
    assert s.candidates[0].qualname == "std.core.String.[]"
    assert (s.receiver_source, s.confidence) == ("guessed", "low")
    assert _top(r, "this.domain.toLowerCase(Locale.US)") == "std.core.String.toAsciiLower"
    # a lone get on an unknown receiver still says nothing
    assert _top(r, "holder.get(key)") is None


def test_commons_io_and_lang_helpers(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void save(InputStream is, File dir, Exception e, int[] values) throws IOException {\n"
        "  String body = IOUtils.toString(is, StandardCharsets.UTF_8);\n"
        "  FileUtils.deleteDirectory(dir);\n"
        "  String ext = FilenameUtils.getExtension(dir.getName());\n"
        "  log(ExceptionUtils.getStackTrace(e));\n"
        "  values = ArrayUtils.add(values, 0);\n"
        "  FileUtils.initProperties(config, dir);\n"
        "}\n"
    )
    assert _top(r, "IOUtils.toString(is, StandardCharsets.UTF_8)") == "std.io.StringReader.readToEnd"
    assert _top(r, "FileUtils.deleteDirectory(dir)") == "std.fs.remove"
    assert _top(r, "FilenameUtils.getExtension(dir.getName())") == "std.fs.Path.extensionName"
    assert _top(r, "ExceptionUtils.getStackTrace(e)") == "std.core.Exception.getStackTrace"
    assert _top(r, "ArrayUtils.add(values, 0)") == "std.core.Array.concat"
    # a project's own FileUtils method is no commons-io helper
    own = _sugg(r, "FileUtils.initProperties(config, dir)")
    assert own.candidates == [] and own.receiver_source == "user"


def test_fastjson_entry_points(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void load(String s) {\n"
        '  String name = JSON.parseObject(s).getString("name");\n'
        "  Order order = JSON.parseObject(s, Order.class);\n"
        "  send(JSON.toJSONString(order));\n"
        "  JSONObject tree = new JSONObject(s);\n"
        "  JSONObject empty = new JSONObject();\n"
        "}\n"
    )
    parse = _sugg(r, "JSON.parseObject(s)")
    assert parse.candidates[0].qualname == "stdx.encoding.json.JsonValue.fromStr"
    assert parse.receiver_source == "static"
    assert _top(r, 'JSON.parseObject(s).getString("name")') == "stdx.encoding.json.JsonObject.[]"
    # binding to a class, and serialising one, have no Cangjie API: a note says what to write
    bind = _sugg(r, "JSON.parseObject(s, Order.class)")
    assert bind.candidates == [] and any("No binding to a class" in n for n in bind.notes)
    assert _top(r, "JSON.toJSONString(order)") is None
    # a constructor taking the text is org.json's; fastjson's takes nothing
    assert _top(r, "new JSONObject(s)") == "stdx.encoding.json.JsonValue.fromStr"
    assert _top(r, "new JSONObject()") == "stdx.encoding.json.JsonObject.init"


def test_a_capitalised_variable_is_no_fastjson_class(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Order read(String s) throws IOException {\n"
        "  ObjectMapper JSON = new ObjectMapper();\n"
        "  return JSON.readValue(s, Order.class);\n"
        "}\n"
    )
    s = _sugg(r, "JSON.readValue(s, Order.class)")
    assert s.receiver_source != "static"
