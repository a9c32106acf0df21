"""The text of the API docs: Markdown unescaping, plain text, and parsing an API heading into its parts."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "Heading",
    "ParsedHead",
    "clean_heading",
    "parse_heading",
    "plain_text",
    "split_top_level",
    "strip_generics",
    "unescape",
]


_ESCAPES = re.compile(r"\\([<>\[\]*_`|#!{}()+\-.\/%~^&=])")
_SUP = re.compile(r"<sup>.*?</sup>", re.IGNORECASE)
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
_CODE_SPAN = re.compile(r"`([^`]*)`")


def unescape(text: str) -> str:
    return _ESCAPES.sub(r"\1", text)


def clean_heading(text: str) -> tuple[str, bool]:
    """Heading text without Markdown escapes and the deprecated marker."""
    deprecated = bool(re.search(r"deprecated|已废弃|废弃", text, re.IGNORECASE)) and "<sup>" in text
    text = _SUP.sub("", text)
    return unescape(text).strip(), deprecated


def plain_text(text: str) -> str:
    """Markdown paragraph -> plain text (links to their text, escapes removed)."""
    text = _LINK.sub(r"\1", text)
    text = unescape(text)
    return re.sub(r"[ \t]+", " ", text).strip()


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split on ``sep`` outside (), <>, [] nesting."""
    parts: list[str] = []
    depth = 0
    cur: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "(<[":
            depth += 1
        elif ch in ")]" or (ch == ">" and not (i > 0 and text[i - 1] == "-")):
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def _matching_paren(text: str, start: int) -> int:
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def strip_generics(name: str) -> str:
    """``HashMap<K, V>`` -> ``HashMap``; ``?T`` -> ``Option``; ``Array<T>`` -> ``Array``."""
    name = name.strip()
    if name.startswith("?"):
        return "Option"
    i = name.find("<")
    return (name[:i] if i >= 0 else name).strip()


# --------------------------------------------------------------------------- heading grammar

_TYPE_KW = {"class", "struct", "interface", "enum"}
_MODIFIERS = {
    "public",
    "open",
    "abstract",
    "sealed",
    "mut",
    "static",
    "override",
    "redef",
    "unsafe",
    "foreign",
}
_MACRO_HEAD = re.compile(r"^`?(@[A-Za-z_][A-Za-z0-9_]*)`?\s*(宏|macro)?", re.IGNORECASE)
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass
class Heading:
    level: int
    text: str  # cleaned
    line: int
    deprecated: bool


@dataclass
class ParsedHead:
    """What an API heading declares."""

    category: str  # type | func | prop | init | operator | let | var | const | type_alias | macro | extend | enum_ctor
    name: str
    static: bool = False
    param_types: str = ""
    type_kind: str | None = None
    extend_target: str | None = None
    extend_iface: str | None = None


def _param_list_after(text: str, idx: int) -> str:
    """Normalised parameter type list from the parenthesis starting at text[idx]."""
    end = _matching_paren(text, idx)
    inner = text[idx + 1 : end] if end > idx else text[idx + 1 :]
    return ",".join(p.replace(" ", "") for p in split_top_level(inner))


def parse_heading(text: str, in_enum: bool) -> ParsedHead | None:
    """Classify one heading's text; None when it is not an API heading."""
    words = text.split()
    if not words:
        return None
    m = _MACRO_HEAD.match(text)
    if m and text.startswith(("`@", "@")):
        return ParsedHead("macro", m.group(1))
    if words[0].startswith("macro") and len(words) > 1 and words[1].startswith("@"):
        return ParsedHead(
            "macro", (_IDENT.search(words[1]) and "@" + words[1].lstrip("@").split("(")[0]) or words[1]
        )
    if words[0].startswith("extend"):
        body = re.sub(r"^extend\s*(<[^>]*>)?\s*", "", text)
        body = body.split(" where ")[0]
        target, _, iface = body.partition("<:")
        return ParsedHead(
            "extend",
            strip_generics(target),
            extend_target=strip_generics(target),
            extend_iface=strip_generics(iface.split("&")[0]) if iface.strip() else None,
        )
    static = False
    i = 0
    while i < len(words) and (
        words[i] in _MODIFIERS
        or (words[i] == "const" and i + 1 < len(words) and words[i + 1].startswith(("func", "init")))
    ):
        static = static or words[i] == "static"
        i += 1
    if i >= len(words):
        return None
    words = [w.replace("`", "") for w in words]
    kw = words[i]
    rest = " ".join(words[i + 1 :])
    if kw == "func" and rest[:1] and not (rest[0].isalpha() or rest[0] == "_"):
        kw = "operator"  # some English headings omit the `operator` keyword
    if kw in _TYPE_KW:
        tname = _IDENT.match(rest)
        if not tname:
            return None
        return ParsedHead("type", tname.group(0), type_kind=kw)
    if kw.startswith("init") and (kw == "init" or kw.startswith("init(")):
        rest_all = " ".join(words[i:])
        p = rest_all.find("(")
        return ParsedHead(
            "init", "init", static=static, param_types=_param_list_after(rest_all, p) if p >= 0 else ""
        )
    if kw == "func" or kw == "operator":
        if kw == "operator":
            if len(words) > i + 1 and words[i + 1] == "func":
                rest = " ".join(words[i + 2 :])
            sym = rest.split("(")[0].strip()
            if sym.startswith("[") and rest.startswith("[]"):
                sym = "[]"
            p = rest.find("(", len(sym))
            return ParsedHead(
                "operator", sym, static=static, param_types=_param_list_after(rest, p) if p >= 0 else ""
            )
        m2 = _IDENT.match(rest)
        if not m2:
            return None
        name = m2.group(0)
        # skip generic parameter list <...> before the parameter list
        j = m2.end()
        if j < len(rest) and rest[j] == "<":
            depth = 0
            while j < len(rest):
                if rest[j] == "<":
                    depth += 1
                elif rest[j] == ">" and rest[j - 1] != "-":
                    depth -= 1
                    if depth == 0:
                        j += 1
                        break
                j += 1
        p = rest.find("(", j)
        return ParsedHead(
            "func", name, static=static, param_types=_param_list_after(rest, p) if p >= 0 else ""
        )
    if kw == "prop":
        m2 = _IDENT.match(rest)
        return ParsedHead("prop", m2.group(0), static=static) if m2 else None
    if kw in ("let", "var", "const"):
        m2 = _IDENT.match(rest)
        return ParsedHead(kw, m2.group(0), static=static) if m2 else None
    if kw == "type":
        m2 = _IDENT.match(rest)
        return ParsedHead("type_alias", m2.group(0)) if m2 else None
    if in_enum and i == 0:
        m2 = _IDENT.match(words[0])
        if m2 and m2.group(0)[0].isalpha():
            p = text.find("(")
            return ParsedHead(
                "enum_ctor", m2.group(0), param_types=_param_list_after(text, p) if p >= 0 else ""
            )
    return None


# --------------------------------------------------------------------------- labels
