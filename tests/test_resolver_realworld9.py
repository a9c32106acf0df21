"""Issue 12, round 9: answers read off the receiver's and the arguments' own types.

* ``timeout.equals(Duration.ZERO)`` on a Duration and ``type.equals(String.class)`` on a Class fall
  back to ``Object.equals`` (the type ``Equatable``): the receiver's own ``==`` is the answer
  (``Duration.==``, ``TypeInfo.==``).
* ``new String(bytes)`` on a declared ``byte[]`` is ``String.fromUtf8``, on a ``char[]`` the
  ``String(Array<Rune>)`` constructor: an array argument fits ``Array<E>`` only for its element type.
* A ``Lock`` is a ``Mutex`` (``std.sync.Lock`` for a ReadWriteLock's read or write lock); a
  ``Collection``'s size/isEmpty/iterator answer ``ArrayList``'s first (``std.core.Collection`` second).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


def test_equals_on_a_known_type_is_its_own_operator(real_engine: Engine) -> None:
    code = (
        "class A { boolean f(java.time.Duration timeout, Class<?> type, Object o) {\n"
        " return timeout.equals(Duration.ZERO) && type.equals(String.class) && o.equals(type); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "timeout.equals(Duration.ZERO)")) == "std.core.Duration.=="
    assert _top(_sugg(r, "type.equals(String.class)")) == "std.reflect.TypeInfo.=="
    # Object has no operator of its own: the language's ==, no API (round 60), Equatable named instead
    o = _sugg(r, "o.equals(type)")
    assert _top(o) is None and [c.qualname for c in o.instead] == ["std.core.Equatable"]


def test_an_array_argument_picks_the_overload_of_its_element_type(real_engine: Engine) -> None:
    code = "class A { void f(byte[] b, char[] c) { String x = new String(b); String y = new String(c); } }"
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "new String(b)")) == "std.core.String.fromUtf8"
    assert _top(_sugg(r, "new String(c)")) == "std.core.String.init"


def test_a_lock_is_a_mutex_unless_it_is_a_read_or_write_lock(real_engine: Engine) -> None:
    code = (
        "class A { private final Lock lock = new ReentrantLock();\n"
        " private final ReadWriteLock rw = new ReentrantReadWriteLock();\n"
        " void f() { lock.lock(); Lock readLock = rw.readLock(); readLock.lock(); } }"
    )
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "lock.lock()")) == "std.sync.Mutex.lock"
    assert _top(_sugg(r, "readLock.lock()")) == "std.sync.Lock.lock"


def test_a_collection_answers_the_array_list_first(real_engine: Engine) -> None:
    code = "class A { int f(java.util.Collection<String> c) { c.iterator(); c.isEmpty(); return c.size(); } }"
    r = real_engine.resolve(code)
    assert _top(_sugg(r, "c.size()")) == "std.collection.ArrayList.size"
    assert _top(_sugg(r, "c.isEmpty()")) == "std.collection.ArrayList.isEmpty"
    assert _top(_sugg(r, "c.iterator()")) == "std.collection.ArrayList.iterator"
