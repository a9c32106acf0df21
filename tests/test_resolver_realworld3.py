"""Issue 12, round 3: the tables follow the labelling rules of tests/eval/realworld/README.md.

Iterating a Cangjie map yields (K, V) tuples, so `entrySet()` and `Map.Entry.getKey/getValue` have no
Cangjie API (`MapEntryView`, from `map.entryView(k)`, is another thing); `Objects.requireNonNull` is a
null check Cangjie does not need. They are curated `none` entries: no candidate, the note says what
to write.
"""

from __future__ import annotations

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

ENTRIES = """
static int total(Map<String, Integer> counts, TreeMap<String, Long> sorted) {
  Objects.requireNonNull(counts, "counts");
  int t = 0;
  for (Map.Entry<String, Integer> e : counts.entrySet()) {
    t += e.getValue();
    System.out.println(e.getKey());
  }
  for (Map.Entry<String, Long> s : sorted.entrySet()) {
    t += s.getValue().intValue();
  }
  return t;
}
"""


def test_map_entries_are_tuples_not_an_api(real_engine: Engine) -> None:
    r = real_engine.resolve(ENTRIES)
    for text in ("counts.entrySet()", "sorted.entrySet()", "e.getKey()", "e.getValue()"):
        s = _sugg(r, text)
        assert s.candidates == [], (text, [c.qualname for c in s.candidates])
        assert any("(k, v) in map" in n for n in s.notes), (text, s.notes)
    # the imports do not pull in std.collection for MapEntryView
    assert all("MapEntryView" not in c.qualname for s in r.suggestions for c in s.candidates)


def test_require_non_null_is_dropped(real_engine: Engine) -> None:
    s = _sugg(real_engine.resolve(ENTRIES), 'Objects.requireNonNull(counts, "counts")')
    assert s.candidates == [], [c.qualname for c in s.candidates]
    assert any("drop the check" in n for n in s.notes), s.notes


HUTOOL = """
void check(String subjectName, List<Long> orderList) {
  if (StrUtil.isEmpty(subjectName) || CollUtil.isNotEmpty(orderList)) {
    throw new IllegalArgumentException(subjectName);
  }
  OrderUtil.isNotEmpty(orderList);
}
"""


def test_hutool_null_or_empty_helpers_are_the_values_members(real_engine: Engine) -> None:
    r = real_engine.resolve(HUTOOL)
    s = _sugg(r, "StrUtil.isEmpty(subjectName)")
    assert s.receiver_source == "static" and s.candidates[0].qualname == "std.core.String.isEmpty"
    s = _sugg(r, "CollUtil.isNotEmpty(orderList)")
    assert s.candidates[0].qualname == "std.collection.ArrayList.isEmpty"
    # a project helper with the same member name is still the project's
    s = _sugg(r, "OrderUtil.isNotEmpty(orderList)")
    assert s.receiver_source == "user" and s.candidates == []


NESTED = """
double dist(double x, double y) {
  Point2D p = new Point2D.Double(x, y);
  HttpClient.Builder b = HttpClient.newBuilder();
  b.followRedirects(HttpClient.Redirect.NORMAL);
  return p.getX();
}
"""


def test_nested_type_is_not_a_top_level_type_of_the_same_name(real_engine: Engine) -> None:
    r = real_engine.resolve(NESTED)
    s = _sugg(r, "new Point2D.Double(x, y)")  # java.awt.geom, not java.lang.Double
    assert s.receiver_type is None and s.candidates == [], (s.receiver_type, s.candidates)
    # a nested type the tables do have keeps its entry
    s = _sugg(r, "b.followRedirects(HttpClient.Redirect.NORMAL)")
    assert s.receiver_type == "java.net.http.HttpClient.Builder"
    assert s.candidates and s.candidates[0].qualname.startswith("stdx.net.http.ClientBuilder.")
