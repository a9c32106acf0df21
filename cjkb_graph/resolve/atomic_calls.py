"""``java.util.concurrent.atomic.AtomicReference`` calls on a reference the snippet creates empty.

``ref = new AtomicReference<>()`` (or ``new AtomicReference<>(null)``) starts null, which a Cangjie
``AtomicReference<T>`` cannot hold: the table answers its constructor with ``AtomicOptionReference<T>()``,
and the calls on that reference (``ref.set(x)``, ``ref.get()``) are then that class's members
(``store(Some(x))``, ``load()`` returning ``?T``), not ``AtomicReference``'s.
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = ["option_member"]

_ATOMIC_REFERENCE = "java.util.concurrent.atomic.AtomicReference"
_OPTION = "std.sync.AtomicOptionReference"
_MEMBERS = {
    "get": "load",
    "set": "store",
    "lazySet": "store",
    "getAndSet": "swap",
    "compareAndSet": "compareAndSwap",
}
_WHY = "the snippet creates the reference empty (null): AtomicOptionReference's member, on ?T"


def option_member(call: JavaCall, code: str) -> tuple[str, str] | None:
    """``ref.set(x)`` on a ``ref = new AtomicReference<>()`` of the snippet: ``AtomicOptionReference.store``."""
    member = _MEMBERS.get(call.method)
    if call.java_type != _ATOMIC_REFERENCE or member is None or not call.receiver:
        return None
    name = re.escape(call.receiver.strip().removeprefix("this."))
    created_empty = re.search(
        rf"\b{name}\s*=\s*new\s+(?:java\.util\.concurrent\.atomic\.)?AtomicReference\s*(?:<[^()]*>)?\s*\(\s*(?:null\s*)?\)",
        code,
    )
    return (f"{_OPTION}.{member}", _WHY) if created_empty else None
