"""The Java extractor: the API calls of a Java snippet with the Java types of their receivers.

A bottom layer of cjkb_graph: it imports nothing from the rest of the package.  Modules:

* ``extract`` -- the entry point ``extract(code, ...)`` and the parse-mode selection;
* ``model`` -- the public data model (``JavaCall``, ``Statement``, ``Extraction``) and ``JType``;
* ``jdk`` -- every Java fact (class FQNs, type parameters, supertypes, return types, static
  fields); ``jdk_returns`` and ``jdk_facts.json`` are its data;
* ``types`` -- name resolution and return-spec parsing; ``engine`` -- the type inference shared by
  the AST walker and the token scan;
* ``parser`` -- tokens and the instrumented javalang parser; ``walker_base`` / ``walker_stmt`` /
  ``walker`` -- the AST walker; ``recovery`` -- chunk-wise parsing; ``scanner`` -- the token scan.
"""

from .extract import extract
from .jdk import (
    BOXES,
    CLASS_FQN,
    JAVA_LANG_NAMES,
    JDK_MEMBERS,
    PRIMITIVES,
    RETURNS,
    SUPERS,
    TYPE_PARAMS,
    UNBOXES,
    jdk_field_only,
    jdk_generic,
    jdk_has_member,
    jdk_nested,
    jdk_static_only,
    jdk_takes,
)
from .model import CALL_KINDS, PARSE_MODES, Construct, Extraction, JavaCall, JType, ReturnTypeHook, Statement
from .parser import JAVA_KEYWORDS

__all__ = [
    "BOXES",
    "CALL_KINDS",
    "CLASS_FQN",
    "JAVA_KEYWORDS",
    "JAVA_LANG_NAMES",
    "JDK_MEMBERS",
    "PARSE_MODES",
    "PRIMITIVES",
    "RETURNS",
    "SUPERS",
    "TYPE_PARAMS",
    "UNBOXES",
    "Construct",
    "Extraction",
    "JType",
    "JavaCall",
    "ReturnTypeHook",
    "Statement",
    "extract",
    "jdk_field_only",
    "jdk_generic",
    "jdk_has_member",
    "jdk_nested",
    "jdk_static_only",
    "jdk_takes",
]
