"""JDBC calls whose answer the way they are written decides.

``Class.forName("org.postgresql.Driver")`` (or ``Class.forName(driverClass)``, ``Class.forName(
props.getProperty("DB_DRIVER"))``) loads a JDBC driver before ``DriverManager.getConnection``: a Cangjie
driver registers itself and is found by its name, ``DriverManager.getDriver(name)``, whose ``open(url,
options)`` gives the ``Datasource``. Any other ``Class.forName`` stays the reflective ``TypeInfo.get``.
"""

from __future__ import annotations

import re

__all__ = ["driver_lookup"]

_CLASS = "java.lang.Class"
# the argument names a driver: a class name or a variable, constant or property key about one
_DRIVER_ARG = re.compile(r"\bforName\s*\((?=[^;]*(?:[Dd]river|DRIVER|[Jj]dbc|JDBC))")
_WHY = (
    "the class loaded is a JDBC driver: a Cangjie driver registers itself and is found by its name, "
    "DriverManager.getDriver(name)"
)


def driver_lookup(method: str, text: str, java_type: str | None) -> tuple[str, str] | None:
    """``Class.forName(..)`` of a JDBC driver: ``DriverManager.getDriver``, with why."""
    if method != "forName" or java_type != _CLASS or not _DRIVER_ARG.search(text):
        return None
    return "std.database.sql.DriverManager.getDriver", _WHY
