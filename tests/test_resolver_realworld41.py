"""Issue 12, round 41: what the labels of samples 275-282 showed.

* ``java.lang.Appendable`` has a row: ``append`` writes to a ``std.io.StringWriter`` (a
  StringBuilder's ``append`` second), and returns the Appendable, so a chain stays answered.
* A flag passed to ``set`` (``userCaptureActive.set(true)``) makes an unknown receiver an
  ``AtomicBoolean``, before the other owners of ``set(x)`` (ThreadLocal, BitSet).
* Of the owners of a method, a type comes before its subtypes when nothing else tells them apart:
  ``pool.elementAt(i)`` is a Vector's (``ArrayList.[]``), not a Stack's (which has no index access).
* ``commit()``/``rollback()`` are names projects give their own methods (JPA's and Hibernate's
  transactions, Android's ``SharedPreferences.Editor``): alone they make no JDBC Connection; a
  receiver named ``conn`` or ``connection`` still is one.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_appendable_append_writes_to_a_string_writer(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void w(Appendable out, String s) throws IOException {\n"
        '  out.append("x").append(s);\n  out.append(s, 0, 2);\n}\n'
    )
    s = _sugg(r, 'out.append("x")')
    assert [c.qualname for c in s.candidates[:2]] == [
        "std.io.StringWriter.write",
        "std.core.StringBuilder.append",
    ]
    assert _top(r, 'out.append("x").append(s)') == "std.io.StringWriter.write"
    assert _top(r, "out.append(s, 0, 2)") == "std.io.StringWriter.write"


def test_a_flag_set_makes_an_atomic_boolean(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n  running.set(true);\n  while (running.get()) { }\n  bits.set(5);\n}\n"
    )
    s = _sugg(r, "running.set(true)")
    assert (s.receiver_source, s.candidates[0].qualname) == ("guessed", "std.sync.AtomicBool.store")
    assert _top(r, "running.get()") == "std.sync.AtomicBool.load"
    assert _sugg(r, "bits.set(5)").candidates == []  # an index or an int: nothing tells which


def test_commit_alone_makes_no_jdbc_connection(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void save(Person p) {\n  EntityManager em = emf.createEntityManager();\n"
        "  em.getTransaction().commit();\n  editor.commit();\n  conn.commit();\n}\n"
    )
    assert _sugg(r, "em.getTransaction().commit()").candidates == []
    assert _sugg(r, "editor.commit()").candidates == []
    assert _top(r, "conn.commit()") == "std.database.sql.Transaction.commit"  # the name says a Connection


def test_a_guess_takes_the_wider_type_before_its_subtype(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n  Object a = pool.elementAt(i);\n  Object b = stack.lastElement();\n}\n"
    )
    s = _sugg(r, "pool.elementAt(i)")
    assert (s.receiver_type, s.candidates[0].qualname) == ("java.util.Vector", "std.collection.ArrayList.[]")
    assert _top(r, "stack.lastElement()") == "std.collection.ArrayStack.peek"  # the name says a Stack
