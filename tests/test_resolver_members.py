"""Issue 12: a call is not answered on a JDK type that has no such member. A project class written
with the simple name of a nested JDK class (``Builder``) is the project's; a JDK type the tables fold
into another entry (``Timestamp`` into ``Date``) is not claimed for a member only it has."""

from __future__ import annotations

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

CACHE = """
class RRCache<K, V> {
  private RRCache(Builder<K, V> builder) {
    this.defaultTTL = builder.defaultTTL;
    this.random = builder.random != null ? builder.random : new Random();
    HttpClient.Builder http = HttpClient.newBuilder();
    http.followRedirects(HttpClient.Redirect.NORMAL);
  }
}
"""

REFLECT = """
class Types {
  static boolean same(Type a, Type b) {
    ParameterizedType pa = (ParameterizedType) a;
    Type[] args = pa.getActualTypeArguments();
    String n = a.getTypeName();
    return pa.getRawType() == b;
  }
}
"""

JDBC = """
class Rows {
  long nanos(ResultSet rs) throws SQLException {
    Timestamp ts = rs.getTimestamp(1);
    return ts.getNanos() + ts.getTime();
  }
}
"""


def test_project_builder_is_not_the_jdk_nested_builder(real_engine: Engine) -> None:
    r = real_engine.resolve(CACHE)
    for text in ("builder.defaultTTL", "builder.random"):
        s = _sugg(r, text)
        assert s.receiver_source == "user", (text, s.receiver_source, s.receiver_type)
        assert s.candidates == [], text
        assert s.receiver_type is None, text
    # the JDK builder, written as such, keeps its type and its mapping
    s = _sugg(r, "http.followRedirects(HttpClient.Redirect.NORMAL)")
    assert s.receiver_type == "java.net.http.HttpClient.Builder"
    assert s.candidates and s.candidates[0].qualname.startswith("stdx.net.http.ClientBuilder.")


def test_parameterized_type_is_its_own_type(real_engine: Engine) -> None:
    r = real_engine.resolve(REFLECT)
    for text in ("pa.getActualTypeArguments()", "pa.getRawType()"):
        s = _sugg(r, text)
        assert s.receiver_type == "java.lang.reflect.ParameterizedType", (text, s.receiver_type)
        assert s.candidates == [], (text, [c.qualname for c in s.candidates])
        assert any("pass" in n or "TypeInfo" in n for n in s.notes), (text, s.notes)
    s = _sugg(r, "a.getTypeName()")
    assert s.candidates and s.candidates[0].qualname == "std.reflect.TypeInfo.qualifiedName"


def test_member_of_a_folded_alias_is_not_claimed_for_the_entry(real_engine: Engine) -> None:
    r = real_engine.resolve(JDBC)
    s = _sugg(r, "ts.getNanos()")
    # Timestamp is tabled with java.util.Date, which has no getNanos: no Date answer for it
    assert s.receiver_source == "unknown", (s.receiver_source, s.receiver_type)
    assert s.candidates == []
    # a member java.util.Date does have is still answered through the entry
    s = _sugg(r, "ts.getTime()")
    assert s.receiver_type == "java.util.Date"
    assert s.candidates


def test_char_at_answers_to_rune_array(real_engine: Engine) -> None:
    # String.charAt maps to toRuneArray (approximate; the note says s.toRuneArray()[i])
    r = real_engine.resolve("class P { char f(String s, int i) { return s.charAt(i); } }")
    s = _sugg(r, "s.charAt(i)")
    assert s.candidates and s.candidates[0].qualname == "std.core.String.toRuneArray"


def test_byte_buffer_flip_is_curated_not_a_name_guess(real_engine: Engine) -> None:
    # ByteBuffer.flip is a curated none (round 28: a std.io.ByteBuffer reads what was written from its
    # own cursor), seek in `instead` for reading again; no name guess fills the empty answer
    r = real_engine.resolve("class P { void f(ByteBuffer b) { b.flip(); } }")
    s = _sugg(r, "b.flip()")
    assert s.candidates == [] and [i.qualname for i in s.instead] == ["std.io.ByteBuffer.seek"]
    assert s.level == "api"


def test_constructors_are_not_inherited(real_engine: Engine) -> None:
    # AssertionError has no Cangjie type (a curated none): not java.lang.Object's constructor
    r = real_engine.resolve('class P { void f() { throw new AssertionError("unreachable"); } }')
    s = _sugg(r, 'new AssertionError("unreachable")')
    assert "std.core.Object.init" not in [c.qualname for c in s.candidates]
    assert any("IllegalStateException" in n for n in s.notes), s.notes


def test_length_of_a_declared_object_array(real_engine: Engine) -> None:
    r = real_engine.resolve(
        "class P { int f(Method m, Object x) { Object[] rc = (Object[]) m.invoke(x); return rc.length; } }"
    )
    s = _sugg(r, "rc.length")
    assert s.receiver_source != "user"
    assert [c.qualname for c in s.candidates][:1] == ["std.core.Array.size"]


def test_get_class_on_any_receiver_is_the_library_call(real_engine: Engine) -> None:
    # getClass() is final in java.lang.Object: on a project object, `this` or a type variable alike
    code = "class P<T> { String f(T object, Account account) { Class<?> c = this.getClass(); return object.getClass() + account.getClass().getName(); } }"
    r = real_engine.resolve(code)
    for text in ("this.getClass()", "object.getClass()", "account.getClass()"):
        s = _sugg(r, text)
        # TypeInfo.of(x), the common interface, first; ClassTypeInfo.of for class-only members next
        assert [c.qualname for c in s.candidates[:2]] == [
            "std.reflect.TypeInfo.of",
            "std.reflect.ClassTypeInfo.of",
        ], (text, s.candidates)
    s = _sugg(r, "account.getClass().getName()")
    assert s.candidates and s.candidates[0].qualname == "std.reflect.TypeInfo.qualifiedName"
    # other Object methods on a project class stay the project's (they may be overridden)
    r = real_engine.resolve("class P { String f(Account account) { return account.toString(); } }")
    assert _sugg(r, "account.toString()").candidates == []


def test_constructor_of_a_project_class_named_like_java_lang(real_engine: Engine) -> None:
    # a call on a Character variable uses a member java.lang.Character lacks: the snippet's
    # Character is the project's, and so are its constructors
    code = "class App { void f(Prototype proto) { Character c = new Character(Type.MAGE, proto); c.setWeapon(null); } }"
    r = real_engine.resolve(code)
    s = _sugg(r, "new Character(Type.MAGE, proto)")
    assert s.receiver_source == "user" and s.candidates == []
    # without such evidence, new Character(ch) is still java.lang.Character (boxing a char)
    r = real_engine.resolve("class B { Object f(char ch) { return new Character(ch); } }")
    assert _sugg(r, "new Character(ch)").receiver_source != "user"


def test_unbound_type_variable_is_not_a_confident_type(real_engine: Engine) -> None:
    # List<Tag>.get(0) is a Tag, a project class: no library answer, not ArrayList.clone "inferred"
    r = real_engine.resolve(
        "class T { void f(List<Tag> l, List<String> s) { l.get(0).clone(); s.get(0).length(); } }"
    )
    s = _sugg(r, "l.get(0).clone()")
    assert s.receiver_source == "unknown" and s.candidates == []
    # a bound type variable keeps its library type
    s = _sugg(r, "s.get(0).length()")
    assert s.candidates and s.candidates[0].qualname == "std.core.String.size"
