"""Parse the Cangjie language manual (the ``dev-guide``, English and Chinese) into plain records.

The manual is ``<root>/source_en/<chapter>/<page>.md`` and ``<root>/source_zh_cn/<same path>``,
Markdown with ``#``/``##``/``###`` headings and ```` ```cangjie ```` code blocks; the reading order
is in ``summary_cjnative_EN.md`` / ``summary_cjnative.md``. The English and Chinese page of one
relative path become one :class:`ManualPage`; their ``##``/``###`` sections are paired by position
(when the heading levels of the two pages differ, by an alignment of the level sequences: the
sections that stay unpaired are kept single-language). Deeper headings stay in their ``###``
section's text. This module never imports networkx: :mod:`cjkb_graph.manual_layer` turns the
records into graph nodes.
"""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .cangjie_docs import read_doc

__all__ = [
    "LANG_DIRS",
    "CodeBlock",
    "ManualError",
    "ManualPage",
    "ManualParse",
    "ManualSection",
    "extract_identifiers",
    "find_manual_root",
    "page_id",
    "parse_manual",
    "slugify",
]

LANG_DIRS = {"en": "source_en", "zh": "source_zh_cn"}
SUMMARY_FILES = {"en": "summary_cjnative_EN.md", "zh": "summary_cjnative.md"}
ID_PREFIX = "manual:"
MAX_TEXT = 1500  # characters of plain text kept per section (and per page intro)
MAX_CODE = 3000  # characters kept per code block
MAX_BLOCKS = 8  # code blocks kept per section
MAX_IDENTIFIERS = 40


class ManualError(Exception):
    """The manual root is missing or holds neither language folder."""


@dataclass
class CodeBlock:
    lang: str  # fence info string, lower case ("cangjie", "text", "shell", "")
    code: str
    source: str  # file#Lline of the opening fence


@dataclass
class ManualSection:
    id: str  # manual:<page>#<slug>
    page: str  # page id
    parent: str  # page id or the id of the enclosing ## section
    level: int  # 2 or 3 (a repeated # heading counts as 2)
    order: int  # position among the page's sections, from 0
    title_en: str = ""
    title_zh: str = ""
    text_en: str = ""
    text_zh: str = ""
    source: str = ""  # English file#Lline (the Chinese one when the section is Chinese-only)
    source_zh: str = ""
    code: list[CodeBlock] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)

    @property
    def langs(self) -> tuple[str, ...]:
        return tuple(lang for lang, t in (("en", self.title_en), ("zh", self.title_zh)) if t)


@dataclass
class ManualPage:
    id: str  # manual:<chapter>/<page>
    path: str  # <chapter>/<page> (relative path without the language folder and .md)
    order: int  # reading order (the summary's, then the remaining pages by path)
    title_en: str = ""
    title_zh: str = ""
    text_en: str = ""  # the introduction before the first section
    text_zh: str = ""
    source: str = ""
    source_zh: str = ""
    chapter_en: str = ""
    chapter_zh: str = ""
    code: list[CodeBlock] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)
    sections: list[ManualSection] = field(default_factory=list)


@dataclass
class ManualParse:
    pages: list[ManualPage] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unpaired_sections: int = 0

    @property
    def sections(self) -> list[ManualSection]:
        return [s for p in self.pages for s in p.sections]


# --------------------------------------------------------------------------- ids


def slugify(text: str) -> str:
    """Readable anchor: lower case, word characters (any script) joined by ``-``."""
    text = re.sub(r"`|\*|\\", "", text).lower()
    slug = "-".join(re.findall(r"[^\W_]+(?:[_.+][^\W_]+)*", text))
    return slug.replace(".", "-").replace("+", "-") or "section"


def page_id(path: str) -> str:
    return ID_PREFIX + path


# --------------------------------------------------------------------------- reading files

_FENCE_RE = re.compile(r"^(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)")
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


@dataclass
class _Head:
    level: int
    title: str
    line: int


@dataclass
class _Block:
    """A heading and its body (until the next heading of level <= 3)."""

    head: _Head | None  # None: text before the first heading
    lines: list[tuple[int, str]] = field(default_factory=list)


def _blocks(text: str, label: str, warnings: list[str]) -> list[_Block]:
    """Split a page at headings of level 1-3 outside code fences."""
    blocks = [_Block(None)]
    fence: str | None = None
    fence_line = 0
    for no, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        if fence is None:
            m = _FENCE_RE.match(stripped)
            if m:
                fence, fence_line = m.group(1), no
            elif line.startswith("#"):
                hm = _HEADING_RE.match(line)
                if hm and len(hm.group(1)) <= 3:
                    blocks.append(_Block(_Head(len(hm.group(1)), _clean_title(hm.group(2)), no)))
                    continue
                if not hm and re.match(r"^#{1,3}[^\s#]", line):
                    warnings.append(f"{label}:{no}: malformed heading (no space after #): {line[:60]!r}")
        elif stripped.startswith(fence) and stripped.strip(fence[0] + " \t") == "":
            fence = None
        blocks[-1].lines.append((no, line))
    if fence is not None:
        warnings.append(f"{label}:{fence_line}: unclosed code fence; the rest of the page is treated as code")
    return blocks


_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<!--.*?-->|</?[A-Za-z][^>]*>", re.DOTALL)
_ESCAPES = re.compile(r"\\([<>\[\]*_`|#!{}()+\-.\/%~^&=])")


def _clean_title(text: str) -> str:
    text = _TAG.sub("", text)
    text = _LINK.sub(r"\1", text)
    return _ESCAPES.sub(r"\1", text).replace("`", "").strip()


def _split_body(lines: list[tuple[int, str]], label: str) -> tuple[str, list[CodeBlock], str]:
    """Body lines -> (plain prose text, code blocks, raw prose with inline code kept)."""
    prose: list[str] = []
    code: list[CodeBlock] = []
    i = 0
    while i < len(lines):
        no, line = lines[i]
        m = _FENCE_RE.match(line.lstrip())
        if m:
            fence, lang = m.group(1), m.group(2).lower()
            indent = len(line) - len(line.lstrip())
            body: list[str] = []
            i += 1
            while i < len(lines):
                s = lines[i][1].strip()
                if s.startswith(fence) and s.strip(fence[0]) == "":
                    break
                raw = lines[i][1]
                body.append(raw[indent:] if raw[:indent].strip() == "" else raw)
                i += 1
            code.append(CodeBlock(lang, "\n".join(body).strip("\n")[:MAX_CODE], f"{label}#L{no}"))
            i += 1
            continue
        prose.append(line)
        i += 1
    raw = "\n".join(prose)
    return _plain(raw), code, raw


def _plain(md: str) -> str:
    text = _TAG.sub(" ", md)
    text = _LINK.sub(r"\1", text)
    text = _ESCAPES.sub(r"\1", text)
    out: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        if re.fullmatch(r"\|?[\s:|-]+\|?", s) and "-" in s:
            continue  # table rule
        s = re.sub(r"^(>\s*)+", "", s)
        s = re.sub(r"^([-*+]|\d+\.)\s+", "", s)
        s = re.sub(r"^#{4,6}\s+", "", s)
        s = s.replace("**", "").replace("`", "").strip(" |")
        s = re.sub(r"\s*\|\s*", " | ", s)
        out.append(s)
    text = "\n".join(out)
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r"\n{2,}", "\n", text).strip()
    return _trim(text, MAX_TEXT)


def _trim(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit]
    stop = max(cut.rfind(". "), cut.rfind("。"), cut.rfind("\n"))
    return (cut[: stop + 1] if stop > limit // 2 else cut).rstrip() + " …"


# --------------------------------------------------------------------------- identifiers

_KEYWORDS = frozenset(
    """as abstract break Bool case catch class const continue do else enum extend false finally for foreign
    from func if import in init inout interface is let macro main match mut Nothing open operator override
    package private prop protected public quote redef return sealed spawn static struct super synchronized
    this This throw true try type unsafe var where while Unit Some None Option""".split()  # noqa: SIM905
)
_PKG_RE = re.compile(r"\b(?:std|stdx)(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
_QUAL_RE = re.compile(r"\b([A-Z][A-Za-z0-9_]*)\.([a-z_][A-Za-z0-9_]*)\b")
_TYPE_RE = re.compile(r"\b([A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)\b")
_CALL_RE = re.compile(r"(?<![.\w])([a-z_][A-Za-z0-9_]*)\s*(?:<[^<>()]*>)?\(")
_DECL_RE = re.compile(
    r"\b(?:class|struct|enum|interface|func|type|let|var|const|macro)\s+([A-Za-z_][A-Za-z0-9_]*)"
)
_INLINE_RE = re.compile(r"`([^`\n]+)`")
_COMMENT_RE = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_STRING_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"' + r"|'(?:[^'\\\n]|\\.)*'")


def extract_identifiers(code: str, prose: str = "") -> list[str]:
    """Names a text may refer to in the API graph, most frequent first.

    From code blocks (comments and string literals removed) and inline code spans of the prose:
    package paths (``std.collection``), ``Type.member`` pairs (``ArrayList.add``), type-like names
    (``ArrayList``) and called lower-case functions (``println``). Language keywords are dropped.
    """
    sources = [_STRING_RE.sub('""', _COMMENT_RE.sub(" ", code))]
    sources += [m.group(1) for m in _INLINE_RE.finditer(prose)]
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for src in sources:
        found: list[str] = []
        for m in _PKG_RE.finditer(src):
            found.append(m.group(0).rstrip("."))
        src_wo_pkg = _PKG_RE.sub(" ", src)
        for m in _QUAL_RE.finditer(src_wo_pkg):
            if m.group(1) not in _KEYWORDS:
                found.append(f"{m.group(1)}.{m.group(2)}")
        for m in _TYPE_RE.finditer(src_wo_pkg):
            if m.group(1) not in _KEYWORDS:
                found.append(m.group(1))
        for m in _CALL_RE.finditer(src_wo_pkg):
            if m.group(1) not in _KEYWORDS:
                found.append(m.group(1))
        for name in found:
            counts[name] += 1
            first.setdefault(name, len(first))
    declared = set(_DECL_RE.findall(code))  # names the example itself defines are not API names
    ranked = sorted((n for n in counts if n not in declared), key=lambda n: (-counts[n], first[n]))
    return ranked[:MAX_IDENTIFIERS]


# --------------------------------------------------------------------------- pages


@dataclass
class _LangPage:
    label: str
    title: str = ""
    title_line: int = 1
    intro: list[tuple[int, str]] = field(default_factory=list)
    sections: list[_Block] = field(default_factory=list)


def _parse_lang_page(path: Path, label: str, warnings: list[str]) -> _LangPage | None:
    text = read_doc(path, label, warnings)
    if text is None:
        return None
    page = _LangPage(label)
    blocks = _blocks(text, label, warnings)
    page.intro = list(blocks[0].lines)
    rest = blocks[1:]
    if rest and rest[0].head is not None and rest[0].head.level == 1:
        page.title, page.title_line = rest[0].head.title, rest[0].head.line
        page.intro += rest[0].lines
        rest = rest[1:]
    else:
        warnings.append(f"{label}:1: no '# title' heading; the file name is used as the title")
        page.title = path.stem.replace("_", " ")
    page.sections = rest
    return page


def _signature(block: _Block, label: str) -> tuple[int, int]:
    """What two language versions of a section share: heading level and number of code blocks."""
    assert block.head is not None
    return (max(block.head.level, 2), len(_split_body(block.lines, label)[1]))


def _pair(
    en: list[_Block], zh: list[_Block], en_label: str, zh_label: str
) -> list[tuple[int | None, int | None]]:
    """Pair sections of the two languages: by position when the level sequences agree, else aligned."""
    lv_en = [max(b.head.level, 2) for b in en if b.head]
    lv_zh = [max(b.head.level, 2) for b in zh if b.head]
    if lv_en == lv_zh:
        return [(i, i) for i in range(len(en))]
    sig_en = [_signature(b, en_label) for b in en]
    sig_zh = [_signature(b, zh_label) for b in zh]
    pairs: list[tuple[int | None, int | None]] = []
    sm = difflib.SequenceMatcher(None, sig_en, sig_zh, autojunk=False)
    for _tag, a0, a1, b0, b1 in sm.get_opcodes():
        # inside a differing stretch, pair the leading sections whose levels agree
        k = 0
        while a0 + k < a1 and b0 + k < b1 and sig_en[a0 + k][0] == sig_zh[b0 + k][0]:
            k += 1
        pairs += [(a0 + j, b0 + j) for j in range(k)]
        pairs += [(a, None) for a in range(a0 + k, a1)]
        pairs += [(None, b) for b in range(b0 + k, b1)]
    return pairs  # opcodes come in reading order


def _summary_order(root: Path, warnings: list[str]) -> tuple[dict[str, int], dict[str, dict[str, str]]]:
    """Reading order of the pages and their chapter titles per language, from the summary files."""
    order: dict[str, int] = {}
    chapters: dict[str, dict[str, str]] = {}
    for lang, name in SUMMARY_FILES.items():
        f = root / name
        if not f.is_file():
            continue
        text = read_doc(f, f.name, warnings) or ""
        chapter = ""
        for line in text.splitlines():
            m = re.match(r"^(\s*)[-*]\s+\[([^\]]*)\]\(([^)]*)\)", line)
            if not m:
                continue
            _indent, title, target = m.groups()
            if not target:
                chapter = title.strip()
                continue
            rel = re.sub(r"^source_[a-z_]+/", "", target).removesuffix(".md")
            if lang == "en" or rel not in order:
                order.setdefault(rel, len(order))
            if chapter:
                chapters.setdefault(rel, {})[lang] = chapter
    return order, chapters


def find_manual_root(root: str | os.PathLike[str]) -> Path:
    """The dev-guide folder: ``root`` itself or ``root/dev-guide``; ManualError when neither holds one."""
    base = Path(root).expanduser()
    if not base.exists():
        raise ManualError(
            f"manual path '{base}' does not exist (expected the dev-guide folder of the Cangjie docs)"
        )
    for cand in (base, base / "dev-guide"):
        if any((cand / d).is_dir() for d in LANG_DIRS.values()):
            return cand
    raise ManualError(
        f"manual path '{base}' holds neither source_en/ nor source_zh_cn/ "
        "(point it at the dev-guide folder of the Cangjie docs, e.g. cangjie-docs-v1.2.0/dev-guide)"
    )


def parse_manual(root: str | os.PathLike[str]) -> ManualParse:
    """Parse both languages of the manual under ``root`` (the dev-guide folder or its parent)."""
    base = find_manual_root(root)
    result = ManualParse()
    top = base.name  # label prefix, e.g. "dev-guide"
    files: dict[str, dict[str, Path]] = {}
    for lang, d in LANG_DIRS.items():
        folder = base / d
        if not folder.is_dir():
            result.warnings.append(
                f"{top}/{d}: missing; the manual is {'Chinese' if lang == 'en' else 'English'}-only"
            )
            continue
        for f in sorted(folder.rglob("*.md")):
            rel = f.relative_to(folder).with_suffix("").as_posix()
            files.setdefault(rel, {})[lang] = f
    order, chapters = _summary_order(base, result.warnings)
    rels = sorted(files, key=lambda r: (order.get(r, len(order)), r))
    for n, rel in enumerate(rels):
        page = _build_page(rel, n, files[rel], top, result)
        if page is not None:
            page.chapter_en = chapters.get(rel, {}).get("en", "")
            page.chapter_zh = chapters.get(rel, {}).get("zh", "")
            result.pages.append(page)
    return result


def _build_page(rel: str, n: int, paths: dict[str, Path], top: str, result: ManualParse) -> ManualPage | None:
    langs: dict[str, _LangPage] = {}
    for lang, f in paths.items():
        label = f"{top}/{LANG_DIRS[lang]}/{rel}.md"
        lp = _parse_lang_page(f, label, result.warnings)
        if lp is not None:
            langs[lang] = lp
    if not langs:
        return None
    pid = page_id(rel)
    page = ManualPage(pid, rel, n)
    prose_all: list[str] = []
    for lang, lp in langs.items():
        text, code, raw = _split_body(lp.intro, lp.label)
        setattr(page, f"title_{lang}", lp.title)
        setattr(page, f"text_{lang}", text)
        src = f"{lp.label}#L{lp.title_line}"
        if lang == "en":
            page.source = src
            page.code = code[:MAX_BLOCKS]
        else:
            page.source_zh = src
            if not page.code:
                page.code = code[:MAX_BLOCKS]
        prose_all.append(raw)
    if not page.source:
        page.source = page.source_zh
    all_code = [c.code for c in page.code if c.lang in ("cangjie", "")]
    page.identifiers = extract_identifiers("\n".join(all_code), "\n".join(prose_all))

    en = langs.get("en")
    zh = langs.get("zh")
    en_secs = en.sections if en else []
    zh_secs = zh.sections if zh else []
    if en and zh:
        pairs = _pair(en_secs, zh_secs, en.label, zh.label)
        unpaired = sum(1 for a, b in pairs if a is None or b is None)
        if unpaired:
            result.unpaired_sections += unpaired
            result.warnings.append(
                f"{en.label}: heading levels differ from {zh.label}; "
                f"{unpaired} section(s) kept single-language"
            )
    else:
        pairs = [(i, None) for i in range(len(en_secs))] + [(None, i) for i in range(len(zh_secs))]

    used: set[str] = set()
    parent_at: dict[int, str] = {1: pid}
    for order, (a, b) in enumerate(pairs):
        be = en_secs[a] if a is not None else None
        bz = zh_secs[b] if b is not None else None
        head = (be or bz).head  # type: ignore[union-attr]
        assert head is not None
        level = max(head.level, 2)
        slug_from = be.head.title if be and be.head else head.title
        sid = f"{pid}#{slugify(slug_from)}"
        k = 2
        while sid in used:
            sid = f"{pid}#{slugify(slug_from)}-{k}"
            k += 1
        used.add(sid)
        parent = parent_at[1] if level == 2 else parent_at.get(2, pid)
        sec = ManualSection(sid, pid, parent, level, order)
        code_en: list[CodeBlock] = []
        code_zh: list[CodeBlock] = []
        prose: list[str] = []
        if be and be.head and en:
            sec.title_en = be.head.title
            sec.text_en, code_en, raw = _split_body(be.lines, en.label)
            sec.source = f"{en.label}#L{be.head.line}"
            prose.append(raw)
        if bz and bz.head and zh:
            sec.title_zh = bz.head.title
            sec.text_zh, code_zh, raw = _split_body(bz.lines, zh.label)
            sec.source_zh = f"{zh.label}#L{bz.head.line}"
            prose.append(raw)
        if not sec.source:
            sec.source = sec.source_zh
        sec.code = (code_en or code_zh)[:MAX_BLOCKS]
        code_text = "\n".join(c.code for c in sec.code if c.lang in ("cangjie", ""))
        sec.identifiers = extract_identifiers(code_text, "\n".join(prose))
        if level == 2:
            parent_at[2] = sid
        page.sections.append(sec)
    return page
