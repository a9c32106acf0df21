"""Issue 12, round 46: what the labels of samples 315-322 showed.

* A method reference cast to a functional interface (``(Function<Integer, Boolean>)
  Character::isLowerCase``) is the reference's own class's method: javalang reads the cast as the
  qualifier's.
* A field the method assigns a new object (``histogram = new HashMap<>()``) is of that class in
  every call on it.
* ``orElseThrow``/``orElseGet`` name an Optional, also on the result of a call of unknown type
  (``repository.findById(id).orElseThrow()``).
* A lambda parameter of unknown type is guessed from the calls on it, as any unknown name.
* ``File.separatorChar`` is ``Path.Separator``; ``SecurityException`` is an ``Exception``; a
  ``SILENCABLE_LOG`` is a logger.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_a_cast_method_reference_is_its_own_class_method(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Comparator<Integer> order() {\n"
        "  return comparing((Function<Integer, Boolean>) Character::isLowerCase)\n"
        "      .thenComparing((Function<Integer, Boolean>) Character::isDigit);\n"
        "}\n"
    )
    lower = _sugg(r, "(Function<Integer, Boolean>) Character::isLowerCase")
    assert lower.call.java_type == "java.lang.Character"
    assert lower.candidates[0].qualname == "std.unicode.Rune.isLowerCase"
    assert _top(r, "(Function<Integer, Boolean>) Character::isDigit") == "std.core.Rune.isAsciiNumber"


def test_a_field_assigned_a_new_object_is_of_its_class(real_engine: Engine) -> None:
    code = (
        "public Map<BigDecimal, List<Date>> getHistogram() {\n"
        "  if (histogram != null) { return histogram; }\n"
        "  histogram = new HashMap<>();\n"
        "  for (Date d : days()) {\n"
        "    List<Date> al = histogram.get(price(d));\n"
        "    if (al == null) { al = new ArrayList<>(); histogram.put(price(d), al); }\n"
        "  }\n"
        "  this.pending = new ConcurrentLinkedQueue<>();\n"
        "  this.pending.offer(1);\n"
        "  other = new Widget();\n"
        "  other.paint();\n"
        "  return histogram;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    get = _sugg(r, "histogram.get(price(d))")
    assert get.call.java_type == "java.util.HashMap"
    assert get.receiver_source == "inferred"  # not declared: the field's own type is not seen
    assert get.candidates[0].qualname == "std.collection.HashMap.get"
    assert _top(r, "histogram.put(price(d), al)") == "std.collection.HashMap.add"
    assert _sugg(r, "this.pending.offer(1)").call.java_type == "java.util.concurrent.ConcurrentLinkedQueue"
    assert _sugg(r, "other.paint()").candidates == []  # a project class: nothing to infer


def test_a_name_declared_or_assigned_two_classes_is_not_inferred(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(boolean sorted) {\n"
        "  if (sorted) { index = new TreeMap<>(); } else { index = new HashMap<>(); }\n"
        "  index.put(1, 2);\n"
        "  Runnable r = () -> { Object buf = null; };\n"
        "  buf = new StringBuilder();\n"
        "  buf.append(1);\n"
        "}\n"
    )
    assert _sugg(r, "index.put(1, 2)").call.java_type is None
    assert _sugg(r, "buf.append(1)").call.java_type is None  # a lambda declares its own buf


def test_or_else_throw_on_an_unknown_call_is_an_optional(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "Owner update(int id) {\n"
        "  Owner o = ownerRepository.findById(id).orElseThrow();\n"
        "  Cart c = this.carts.read(id).orElseThrow(() -> new NotFoundException(id));\n"
        "  Cart d = this.carts.read(id).orElseGet(Cart::new);\n"
        "  return this.carts.read(id).merge(o);\n"
        "}\n"
    )
    plain = _sugg(r, "ownerRepository.findById(id).orElseThrow()")
    assert plain.receiver_source == "guessed"
    assert plain.candidates[0].qualname == "std.core.Option.getOrThrow"
    assert _top(r, "this.carts.read(id).orElseThrow(() -> new NotFoundException(id))") == (
        "std.core.Option.getOrThrow"
    )
    assert _top(r, "this.carts.read(id).orElseGet(Cart::new)") == "std.core.Option.getOrDefault"
    assert _sugg(r, "this.carts.read(id).merge(o)").candidates == []  # merge names no type


def test_a_lambda_parameter_is_guessed_from_its_calls(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void build(Stage lines) {\n"
        "  lines.flatMap(e -> split(e.toLowerCase()));\n"
        "  lines.forEach(e -> e.process());\n"
        "}\n"
    )
    lower = _sugg(r, "e.toLowerCase()")
    assert lower.receiver_source == "guessed"
    assert lower.candidates[0].qualname == "std.core.String.toAsciiLower"
    assert _sugg(r, "e.process()").candidates == []  # process names no library type


def test_table_rows_of_round_46(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "String f(String name, File source) {\n"
        '  if (bad(source)) throw new SecurityException(source + " is outside");\n'
        '  SILENCABLE_LOG.warn("{} is slow", name);\n'
        "  return name.replace('/', File.separatorChar);\n"
        "}\n"
    )
    assert _top(r, 'new SecurityException(source + " is outside")') == "std.core.Exception.init"
    assert _top(r, "File.separatorChar") == "std.fs.Path.Separator"
    assert _top(r, 'SILENCABLE_LOG.warn("{} is slow", name)') == "stdx.log.Logger.warn"


def test_a_receiver_read_by_index_is_a_list(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "public void onNext(V value) {\n"
        "  if (idx >= keys.size()) { return; }\n"
        "  K key = keys.get(idx);\n"
        "  Object last = files.get(files.size() - 1);\n"
        "  Object row = locationTable.get(index);\n"
        "  Object user = repo.get(id);\n"
        "}\n"
    )
    get = _sugg(r, "keys.get(idx)")
    assert get.receiver_source == "guessed"
    assert get.candidates[0].qualname == "std.collection.ArrayList.[]"
    # the other calls on an indexed receiver are a List's too
    assert _top(r, "keys.size()") == "std.collection.ArrayList.size"
    assert _top(r, "files.get(files.size() - 1)") == "std.collection.ArrayList.[]"
    # a name that says map keeps its Map; an id is no index
    assert _top(r, "locationTable.get(index)") == "std.collection.HashMap.get"
    assert _sugg(r, "repo.get(id)").candidates == []


def test_round_47_a_guessed_matcher_whose_groups_are_read_is_a_find(real_engine: Engine) -> None:
    # round 47 (samples 323-330): the context rules see a guessed receiver's type too
    r = real_engine.resolver.resolve(
        "String f(String path) {\n"
        "  if (matcher.matches()) { return matcher.group(1); }\n"
        "  return flag.matches() ? path : null;\n"
        "}\n"
    )
    assert _top(r, "matcher.matches()") == "std.regex.Regex.find"


def test_round_47_table_rows(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "int f(HttpURLConnection c, String s, String t) {\n"
        "  if (TextUtils.isEmpty(s) || TextUtils.equals(s, t)) return 0;\n"
        "  return c.getResponseCode() == HttpURLConnection.HTTP_MOVED_TEMP ? 1 : 2;\n"
        "}\n"
    )
    assert _top(r, "TextUtils.isEmpty(s)") == "std.core.String.isEmpty"
    assert _top(r, "TextUtils.equals(s, t)") == "std.core.String.=="
