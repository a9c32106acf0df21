"""Closed vocabularies of the graph: node kinds, type kinds, member kinds and edge kinds."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Confidence", "EdgeKind", "MemberKind", "NodeKind", "TypeKind"]


class NodeKind(StrEnum):
    MODULE = "module"
    TYPE = "type"
    MEMBER = "member"
    FUNCTION = "function"
    EXAMPLE = "example"
    JAVA_TYPE = "java_type"
    JAVA_MEMBER = "java_member"
    # the language layer (issue 11): manual pages/sections and Java language constructs
    MANUAL_PAGE = "manual_page"
    MANUAL_SECTION = "manual_section"
    JAVA_CONSTRUCT = "java_construct"


class TypeKind(StrEnum):
    CLASS = "class"
    STRUCT = "struct"
    INTERFACE = "interface"
    ENUM = "enum"
    EXCEPTION = "exception"
    BUILTIN = "builtin"


class MemberKind(StrEnum):
    FUNC = "func"
    PROP = "prop"
    INIT = "init"
    OPERATOR = "operator"
    ENUM_CONSTRUCTOR = "enum_constructor"
    LET = "let"
    VAR = "var"
    # top-level declarations of a package (node kind FUNCTION)
    MACRO = "macro"
    CONST = "const"
    TYPE_ALIAS = "type_alias"


class EdgeKind(StrEnum):
    MEMBER_OF = "member_of"
    OVERLOADS = "overloads"
    EXAMPLE_FOR = "example_for"
    INHERITS = "inherits"
    RETURNS = "returns"
    HAS_TYPE = "has_type"
    THROWS = "throws"
    MAPS_TO = "maps_to"
    USES = "uses"  # example -> every API its code calls (found by the Cangjie checker)
    # the language layer: manual sections and Java constructs
    SECTION_OF = "section_of"  # section -> its parent section or page
    NEXT = "next"  # section -> the next one in reading order
    MENTIONS = "mentions"  # section -> an API its text or code names


class Confidence(StrEnum):
    EXACT = "exact"
    APPROXIMATE = "approximate"
    NONE = "none"
