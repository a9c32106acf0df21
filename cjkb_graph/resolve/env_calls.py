"""Reads of one environment variable through the whole environment's map.

``System.getenv().get("HOME")``, ``System.getenv().containsKey(name)`` and ``System.getenv()
.getOrDefault(name, d)`` read one variable: ``std.env.getVariable(name)`` (a ``?String``: ``isSome()``
for ``containsKey``, ``?? d`` for ``getOrDefault``). ``getVariables()``, the answer for a bare
``System.getenv()``, is an array of pairs with no lookup by name, so the ``System.getenv()`` under such
a read goes with it.
"""

from __future__ import annotations

import re

__all__ = ["ENV_GOES_WITH", "env_read"]

_ENV_READS = frozenset({"get", "containsKey", "getOrDefault"})
_WHOLE_ENV = re.compile(r"(?:java\.lang\.)?System\s*\.\s*getenv\s*\(\s*\)\s*\.\s*(\w+)\s*\(")
_WHY = (
    "one variable of the environment: getVariable(name), a ?String (isSome() for containsKey, ?? d for "
    "getOrDefault)"
)
# (parent methods, the only methods called on the parent's result, why the parent has no API)
ENV_GOES_WITH = (
    frozenset({"getenv"}),
    _ENV_READS,
    "the whole environment, only read for one variable: it goes with that read, getVariable(name)",
)


def env_read(method: str, text: str, java_type: str | None) -> tuple[str, str] | None:
    """``System.getenv().get(name)`` (or ``containsKey``, ``getOrDefault``) on the environment's map:
    ``std.env.getVariable``, with why."""
    if method not in _ENV_READS or java_type != "java.util.Map":
        return None
    m = _WHOLE_ENV.match(text.strip())
    return ("std.env.getVariable", _WHY) if m is not None and m.group(1) == method else None
