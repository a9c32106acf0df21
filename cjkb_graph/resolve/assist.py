"""Bilingual descriptions of Java code and hints for Cangjie compiler errors."""

from __future__ import annotations

import difflib
import re

from ..config import LLMConfig
from ..errors import InputError
from ..graph.kb import KnowledgeBase
from ..kinds import EdgeKind, NodeKind
from ..models import (
    BlockDescription,
    Described,
    DescribeResult,
    DocRef,
    ErrorHints,
    RelatedApi,
    RerankStatus,
    StatementDescription,
)
from ..search.index import SearchIndex
from ..search.query import search, search_docs, short_description
from .javamap import JavaLookup, java_to_cangjie
from .llm import LLMError, llm_describe, llm_hint
from .resolver import Resolver

__all__ = ["Assistant"]


class Assistant:
    """Descriptions of Java code and hints for Cangjie compiler errors, over one graph."""

    def __init__(
        self,
        resolver: Resolver,
        index: SearchIndex,
        java: JavaLookup,
        llm: LLMConfig,
    ):
        self.kb: KnowledgeBase = resolver.kb
        self.resolver = resolver
        self.index = index
        self.java = java
        self.llm = llm

    def describe(self, java_code: str, use_llm: bool | None = None) -> DescribeResult:
        """Per call, per statement and for the block: what the Java does and the Cangjie to use, en + zh."""
        return _describe(self, java_code, use_llm)

    def error_fix_hint(self, error_text: str, top_k: int = 5, use_llm: bool | None = None) -> ErrorHints:
        """Hints, related APIs and imports for Cangjie compiler output."""
        return _error_fix_hint(self, error_text, top_k, use_llm)


def _describe(a: Assistant, java_code: str, use_llm: bool | None) -> DescribeResult:
    result = a.resolver.resolve(java_code, top_k=3)
    calls: list[Described] = []
    hints: list[str] = []
    for s in result.suggestions:
        c = s.call
        if c is None:
            continue
        top = s.candidates[0] if s.candidates else None
        what = c.text[:120]
        if top:
            qual = top.qualname or top.id
            sig = (top.signature or qual).splitlines()[0][:140]
            imp = f" ({top.import_})" if top.import_ else ""
            en = f"Line {c.line}: `{what}` -> Cangjie `{qual}`{imp}: {sig}."
            zh = f"第 {c.line} 行：`{what}` 对应仓颉 `{qual}`{imp}：{sig}。"
            desc_en = top.description if top.description and top.description.isascii() else ""
            if desc_en:
                en += f" {desc_en}"
            hints.append(f"{what} -> {qual}")
        else:
            en = f"Line {c.line}: `{what}` has no matching Cangjie API in the graph."
            zh = f"第 {c.line} 行：`{what}` 在图中没有找到对应的仓颉 API。"
        if s.notes:
            en += " Note: " + " ".join(s.notes)[:300]
            zh += " 注意：" + " ".join(s.notes)[:300]
        calls.append(Described(call=c, level=s.level, en=en, zh=zh))
    statements: list[StatementDescription] = []
    seen_lines: set[int | None] = set()
    for d in calls:
        line = d.call.line if d.call else None
        if line in seen_lines:
            continue
        seen_lines.add(line)
        same = [x for x in calls if x.call and x.call.line == line]
        apis = ", ".join(
            dict.fromkeys(x.en.split("Cangjie `")[1].split("`")[0] for x in same if "Cangjie `" in x.en)
        )
        statements.append(
            StatementDescription(
                line=line,
                en=f"Line {line} uses {len(same)} API call(s)" + (f"; in Cangjie: {apis}." if apis else "."),
                zh=f"第 {line} 行有 {len(same)} 个 API 调用" + (f"；仓颉中使用：{apis}。" if apis else "。"),
            )
        )
    mapped = [h.split(" -> ")[1] for h in hints]
    imports = result.imports
    block = BlockDescription(
        en=f"The code makes {len(calls)} library call(s); {len(mapped)} map to Cangjie APIs"
        + (f" ({', '.join(dict.fromkeys(mapped))})" if mapped else "")
        + (f". Imports: {'; '.join(imports)}." if imports else "."),
        zh=f"这段代码有 {len(calls)} 个库调用，其中 {len(mapped)} 个对应仓颉 API"
        + (f"（{'、'.join(dict.fromkeys(mapped))}）" if mapped else "")
        + (f"。需要导入：{'；'.join(imports)}。" if imports else "。"),
        source="heuristic",
    )
    out = DescribeResult(calls=calls, statements=statements, block=block, imports=imports)
    if use_llm or (use_llm is None and a.llm.enabled):
        try:
            text = llm_describe(a.llm, java_code, hints)
            out.block = BlockDescription(
                en=text["en"], zh=text["zh"], source="llm", heuristic={"en": block.en, "zh": block.zh}
            )
        except LLMError as err:
            out.llm = RerankStatus(status="failed", reason=str(err), kept="heuristic description")
    return out


# --------------------------------------------------------------------------- error hints


_NOT_MEMBER = re.compile(r"'([^']+)'\s+is not a member of (?:class|struct|interface|enum|type)?\s*'([^']+)'")
_UNDECLARED = re.compile(r"undeclared (?:identifier|type name|type)\s+'([^']+)'")
_NO_PACKAGE = re.compile(r"(?:cannot find package|can not find package|package)\s+'([^']+)'(?:\s+not found)?")
_MISMATCH = re.compile(r"mismatched types|expected '([^']+)',\s*found '([^']+)'")
_EXPECTED_FOUND = re.compile(r"expected\s+(?:type\s+)?'([^']+)',?\s*(?:but\s+)?found\s+(?:type\s+)?'([^']+)'")


def _type_named(kb: KnowledgeBase, text: str) -> str | None:
    name = text.split("<")[0].strip().rsplit(".", 1)[-1]
    types = [n for n in kb.by_name.get(name, []) if kb.G.nodes[n].get("kind") == NodeKind.TYPE.value]
    types.sort(key=lambda n: (not n.startswith("std."), n))
    return types[0] if types else None


def _error_fix_hint(a: Assistant, error_text: str, top_k: int, use_llm: bool | None) -> ErrorHints:
    kb = a.kb
    hints: list[str] = []
    apis: list[RelatedApi] = []
    imports: list[str] = []
    kinds: list[str] = []

    def add_api(node: str, why: str) -> None:
        d = kb.node(node)  # with the description a read-only graph keeps on disk
        if any(x.id == node for x in apis):
            return
        apis.append(
            RelatedApi(
                **kb.api_ref_fields(node),
                description=short_description(d),
                why=why,
            )
        )
        imp = kb.import_for(node)
        if imp and imp not in imports:
            imports.append(imp)

    for m in _NOT_MEMBER.finditer(error_text):
        kinds.append("not_a_member")
        member, tname = m.group(1), m.group(2)
        tid = _type_named(kb, tname)
        if tid is None:
            hints.append(f"type '{tname}' is not in the std/stdx graph; check its import and spelling")
            continue
        names: dict[str, list[str]] = {}
        for mem in [*kb.members_of(tid), *(x for s in kb.supertypes(tid) for x in kb.members_of(s))]:
            dm = kb.G.nodes[mem]
            if dm.get("kind") == NodeKind.MEMBER.value:
                names.setdefault(dm["name"], []).append(mem)
        # the Java mapping: a Java member of this name whose target is a member of this type
        mapped: list[tuple[str, str, str]] = []
        for jm in kb.by_name.get(member, []):
            if kb.G.nodes[jm].get("kind") != NodeKind.JAVA_MEMBER.value:
                continue
            for _, v, k, ed in kb.G.out_edges(jm, keys=True, data=True):
                if k == EdgeKind.MAPS_TO.value and kb.G.nodes[v].get("owner") in (tid, *kb.supertypes(tid)):
                    mapped.append((jm, v, ed.get("note", "")))
        for jm, v, note in mapped[:3]:
            q = kb.G.nodes[v]["qualname"]
            hints.append(f"'{member}' is the Java name ({jm}); in Cangjie use {q}. {note}".strip())
            add_api(v, f"Java {jm} maps to it")
        close = difflib.get_close_matches(member, list(names), n=top_k, cutoff=0.5)
        lower = member.lower()
        close += [n for n in names if (lower in n.lower() or n.lower() in lower) and n not in close]
        for name in close[:top_k]:
            add_api(sorted(names[name])[0], f"member of {tid} with a close name")
        if not mapped and close:
            hints.append(f"{tid} has no member '{member}'; closest: {', '.join(close[:top_k])}")
        if member in names:
            owner_mod = kb.G.nodes[names[member][0]].get("module")
            imp = f"import {owner_mod}.*"
            hints.append(f"'{member}' exists on {tid} as an extension from {owner_mod}: add `{imp}`")
    for m in _UNDECLARED.finditer(error_text):
        kinds.append("undeclared")
        ident = m.group(1)
        found = [
            n
            for n in kb.by_name.get(ident, [])
            if kb.G.nodes[n].get("kind") in ("type", "function", "member")
        ]
        found.sort(key=lambda n: (kb.G.nodes[n].get("kind") == "member", not n.startswith("std."), n))
        for n in found[:top_k]:
            add_api(n, f"API named '{ident}'")
        if found:
            mods = sorted({kb.G.nodes[n]["module"] for n in found[:top_k]})
            hints.append(
                f"'{ident}' is declared in {', '.join(mods)}: import it"
                + "".join(f" (`import {m}.*`)" for m in mods if m != "std.core")
            )
        java = [
            n for n in kb.by_name.get(ident, []) if kb.G.nodes[n].get("kind") in ("java_type", "java_member")
        ]
        for jn in java[:2]:
            for mp in java_to_cangjie(a.java, jn).mappings[:2]:
                if mp.target:
                    hints.append(
                        f"'{ident}' is a Java name ({jn}); in Cangjie use {mp.target.qualname}. {mp.note or ''}".strip()
                    )
                    add_api(mp.target.id, f"Java {jn} maps to it")
        if not found and not java:
            for h in search(a.index, ident, top_k=top_k):
                add_api(h.id, "search for the identifier")
            hints.append(f"no API is named '{ident}'; check the spelling or declare it")
    for m in _NO_PACKAGE.finditer(error_text):
        pkg = m.group(1)
        if pkg in kb.G and kb.G.nodes[pkg].get("kind") == NodeKind.MODULE.value:
            continue
        kinds.append("package")
        modules = [n for n, d in kb.G.nodes(data=True) if d.get("kind") == NodeKind.MODULE.value]
        close = difflib.get_close_matches(pkg, modules, n=3, cutoff=0.5)
        hints.append(
            f"no package '{pkg}'"
            + (f"; did you mean {', '.join(close)}?" if close else "; call list_modules")
        )
    mm = _MISMATCH.search(error_text)
    if mm:
        kinds.append("mismatched_types")
        ef = _EXPECTED_FOUND.search(error_text)
        exp, found_t = (ef.group(1), ef.group(2)) if ef else ("", "")
        if found_t.startswith("Option") or found_t.startswith("?"):
            hints.append(
                "the value is an Option: unwrap it with `??` (default), `getOrThrow()`, or `match`/`if-let`"
            )
        if exp and found_t and re.match(r"^U?Int|^Float", exp) and re.match(r"^U?Int|^Float", found_t):
            hints.append(f"numeric types never convert implicitly: write {exp}(value)")
        if exp == "String" and found_t:
            hints.append('build strings with interpolation "${value}" or value.toString()')
        if found_t == "String" and re.match(r"^U?Int|^Float|^Bool", exp):
            hints.append(f"parse text with {exp}.parse(s) from std.convert (`import std.convert.*`)")
            for n in kb.resolve_all(f"std.convert.{exp}.parse")[:1]:
                add_api(n, "parse a String into a number")
        if not hints:
            hints.append(
                "mismatched types: check the expected and found types in the message; Cangjie has no implicit conversions"
            )
    docs = _manual_passages(a.index, error_text[:500], 3)
    if not apis and not kinds:
        for h in search(a.index, error_text[:900], top_k=top_k):
            add_api(h.id, "search for the error text")
        hints.append("no known error pattern; related APIs and manual sections below")
    result = ErrorHints(
        error_kinds=kinds or ["other"], hints=hints, apis=apis[:top_k], imports=imports, docs=docs
    )
    if use_llm or (use_llm is None and a.llm.enabled):
        context = [
            f"{x.qualname}: {x.signature.splitlines()[0][:160] if x.signature else ''}" for x in apis[:top_k]
        ]
        try:
            result.llm_hint = llm_hint(a.llm, error_text, hints + context)
        except LLMError as err:
            result.llm = RerankStatus(status="failed", reason=str(err), kept="heuristic hints")
    return result


def _manual_passages(index: SearchIndex, text: str, limit: int) -> list[DocRef]:
    """The manual sections (and pages) of the graph that best match an error message."""
    manual = (NodeKind.MANUAL_SECTION.value, NodeKind.MANUAL_PAGE.value)
    try:
        hits = search_docs(index, text, lang="en", top_k=limit * 3)
    except InputError:
        return []
    return [
        DocRef(file=h.source, title=h.name, excerpt=h.description or None) for h in hits if h.kind in manual
    ][:limit]
