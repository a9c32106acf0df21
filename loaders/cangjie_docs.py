"""Parse the official Cangjie API docs (Markdown, Chinese and English) into plain records.

The docs are organised as ``<tree>/<module>/<module>_package_overview.md`` (whose ``# std.xxx``
title is the real package name) plus ``<module>_package_api/*.md`` files holding the API entries:
``## class X`` / ``### func m(...)`` / ``### extend X <: Y`` + ``#### func ...``. Each entry has a
```` ```cangjie ```` declaration block and labelled paragraphs (``功能：``/``Function:``,
``参数：``/``Parameters:`` ...). This module never imports networkx: it emits records that
:mod:`cjkb_graph.graph.build` turns into the graph. Headings are parsed by :mod:`loaders.doc_headings`.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .doc_headings import (
    _LINK,
    _SUP,
    _TYPE_KW,
    Heading,
    ParsedHead,
    clean_heading,
    parse_heading,
    plain_text,
    strip_generics,
    unescape,
)

__all__ = [
    "ApiRecord",
    "CorpusError",
    "DocTree",
    "ExampleRecord",
    "LinkRef",
    "ParseResult",
    "discover_trees",
    "parse_corpus",
    "read_doc",
]


class CorpusError(Exception):
    """The corpus path is missing, empty or not a Cangjie docs tree."""


DOCS_HINT = (
    "Point CJKB_CORPUS (or config.yaml corpus.roots, or `build --corpus DIR`) at the Cangjie API docs: "
    "the `doc` folders of the official Cangjie runtime repo (stdlib/doc/libs) and of cangjie_stdx "
    "(doc/libs_stdx), e.g. ../shared/corpus/cangjie-docs-v1.2.0"
)


@dataclass(frozen=True)
class DocTree:
    """One language tree of docs: e.g. ``<root>/std_en`` (lang ``en``) or ``<root>/libs/std``."""

    path: Path
    lang: str  # "zh" | "en"
    label: str  # path relative to the corpus root, used in ``source`` attributes


@dataclass
class LinkRef:
    """A Markdown link found in a labelled paragraph: the text and the target's package."""

    text: str
    package: str | None


@dataclass
class ExampleRecord:
    code: str
    title: str
    module: str
    source: str
    lang: str
    sample: bool = False
    # the same example on the English page (same API, same position), when it has one
    code_en: str = ""
    title_en: str = ""
    source_en: str = ""


@dataclass
class ApiRecord:
    """One API entry of the docs (a type, member, top-level function/const/macro/alias)."""

    key: tuple[str, ...]
    node_kind: str  # "type" | "member" | "function"
    name: str
    module: str  # package whose docs declare it
    heading: str
    signature: str = ""
    type_kind: str | None = None
    member_kind: str | None = None
    owner: str | None = None  # owner type name (for members)
    owner_module_hint: str | None = None  # package of a link naming the owner, if any
    static: bool = False
    deprecated: bool = False
    extension: dict[str, str] | None = None
    param_types: str = ""  # normalised parameter list from the heading, e.g. "K,V"
    description: dict[str, str] = field(default_factory=dict)  # lang -> text
    params: list[dict[str, str]] = field(default_factory=list)
    param_links: list[LinkRef] = field(default_factory=list)
    return_type: str | None = None
    return_links: list[LinkRef] = field(default_factory=list)
    value_type: str | None = None  # prop/let/var/const type
    value_links: list[LinkRef] = field(default_factory=list)
    throws: list[str] = field(default_factory=list)
    throws_links: list[LinkRef] = field(default_factory=list)
    supertypes: list[LinkRef] = field(default_factory=list)
    examples: list[ExampleRecord] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # lang -> "file#Lline"


@dataclass
class ParseResult:
    apis: list[ApiRecord] = field(default_factory=list)
    samples: list[ExampleRecord] = field(default_factory=list)
    modules: dict[str, dict[str, str]] = field(default_factory=dict)  # package -> {lang: summary}
    module_sources: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)  # label -> sha256
    heading_counts: dict[str, int] = field(default_factory=dict)  # tree label -> API headings parsed


# --------------------------------------------------------------------------- discovery

_TREE_NAMES = {"std": "zh", "stdx": "zh", "std_en": "en", "stdx_en": "en"}


def discover_trees(roots: Iterable[str | os.PathLike[str]]) -> list[DocTree]:
    """Find the language trees under each corpus root; raise CorpusError when there are none."""
    trees: list[DocTree] = []
    for raw in roots:
        root = Path(raw).expanduser()
        if not root.exists():
            raise CorpusError(f"corpus path '{root}' does not exist. {DOCS_HINT}")
        if not root.is_dir():
            raise CorpusError(f"corpus path '{root}' is not a folder. {DOCS_HINT}")
        found: list[DocTree] = []
        for base in (root, root / "libs"):
            for name, lang in _TREE_NAMES.items():
                cand = base / name
                if cand.is_dir() and any(cand.rglob("*_package_overview.md")):
                    found.append(DocTree(cand, lang, cand.relative_to(root).as_posix()))
        if not found and any(root.rglob("*_package_overview.md")):
            lang = "en" if root.name.endswith("_en") else "zh"
            found.append(DocTree(root, lang, root.name))
        if not found:
            raise CorpusError(
                f"corpus path '{root}' holds no Cangjie API docs (no *_package_overview.md found). {DOCS_HINT}"
            )
        trees.extend(found)
    if not trees:
        raise CorpusError(f"no corpus root configured. {DOCS_HINT}")
    return trees


# --------------------------------------------------------------------------- text helpers

_LABELS: dict[str, str] = {}
for _label, _names in {
    "description": ["功能", "Function", "Functionality", "Purpose", "Description"],
    "params": ["参数", "Parameters", "Parameter"],
    "returns": ["返回值", "Returns", "Return Value", "Return value", "Return"],
    "throws": ["异常", "Exceptions", "Exception", "Throws"],
    "parents": ["父类型", "Parent Types", "Parent Type", "Parent type", "Parent types"],
    "type": ["类型", "Type"],
    "example": ["示例", "Example", "Examples", "Example Code", "参考示例"],
    "output": [
        "运行结果",
        "Output",
        "Execution Result",
        "Execution result",
        "可能的运行结果",
        "Possible output",
    ],
}.items():
    for _n in _names:
        _LABELS[_n.lower()] = _label


_LABEL_RE = re.compile(r"^(?:\*\*)?([^\s：:*][^：:*]{0,24}?)(?:\*\*)?\s*[：:](?:\*\*)?\s*(.*)$")


def _label_of(line: str) -> tuple[str, str] | None:
    m = _LABEL_RE.match(line.strip())
    if not m:
        return None
    label = _LABELS.get(m.group(1).strip().lower())
    return (label, m.group(2)) if label else None


def _links(text: str, file_dir: Path, tree: DocTree, pkg_of_dir: dict[Path, str], pkg: str) -> list[LinkRef]:
    refs: list[LinkRef] = []
    for m in _LINK.finditer(text):
        target = m.group(2).split("#")[0]
        package: str | None = pkg
        if target:
            package = _link_package(str(file_dir), target, tree, pkg_of_dir)
        refs.append(LinkRef(unescape(m.group(1)).strip().strip("`"), package))
    return refs


_LINK_CACHE: dict[tuple[str, str, str], str | None] = {}


def _link_package(file_dir: str, target: str, tree: DocTree, pkg_of_dir: dict[Path, str]) -> str | None:
    """Package of a link target, by path arithmetic (no file system calls), cached."""
    key = (str(tree.path), file_dir, target)
    if key not in _LINK_CACHE:
        folder = os.path.dirname(os.path.normpath(os.path.join(os.path.abspath(file_dir), target)))
        _LINK_CACHE[key] = _package_for(Path(folder), tree, pkg_of_dir)
    return _LINK_CACHE[key]


def _package_for(folder: Path, tree: DocTree, pkg_of_dir: dict[Path, str]) -> str | None:
    cur = folder
    root = Path(os.path.abspath(tree.path))
    while True:
        if cur in pkg_of_dir:
            return pkg_of_dir[cur]
        if cur == root or cur.parent == cur:
            return None
        cur = cur.parent


# --------------------------------------------------------------------------- file parsing


def read_doc(path: Path, label: str, warnings: list[str]) -> str | None:
    """A doc file's text; undecodable bytes replaced and unreadable files reported in ``warnings``."""
    try:
        data = path.read_bytes()
    except OSError as err:
        warnings.append(f"{label}: cannot read ({err.strerror})")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        warnings.append(f"{label}:{line}: not valid UTF-8; undecodable bytes replaced")
        return data.decode("utf-8", errors="replace")


def _package_title(text: str) -> str | None:
    for line in text.splitlines():
        if line.startswith("# "):
            title = _SUP.sub("", line[2:]).strip()
            title = unescape(title)
            if re.fullmatch(r"(std|stdx)(\.[A-Za-z_][A-Za-z0-9_]*)+", title):
                return title
            return None
    return None


def _summary(text: str) -> str:
    """First prose paragraph after the ``功能介绍``/``Overview`` heading of an overview file."""
    lines = text.splitlines()
    started = False
    for line in lines[1:]:
        s = line.strip()
        if s.startswith("## "):
            if started:
                break
            started = True
            continue
        if started and s and not s.startswith(("#", "```", "|", "-", "<")):
            return plain_text(s)[:300]
    return ""


_FENCE_RE = re.compile(r"(`{3,}|~{3,})")
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE_LANG_RE = re.compile(r"(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)")


@dataclass
class _Section:
    head: Heading
    parsed: ParsedHead | None
    lines: list[tuple[int, str]]  # (line number, text) of the body, headings excluded


def _sections(text: str, label: str, warnings: list[str]) -> list[_Section]:
    """Split a file into heading sections, skipping headings inside code fences."""
    sections: list[_Section] = []
    cur: _Section | None = None
    fence: str | None = None
    fence_line = 0
    for no, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        if fence is None:
            m = _FENCE_RE.match(stripped)
            if m:
                fence = m.group(1)
                fence_line = no
            elif line.startswith("#"):
                hm = _HEADING_RE.match(line)
                if hm:
                    txt, dep = clean_heading(hm.group(2))
                    cur = _Section(Heading(len(hm.group(1)), txt, no, dep), None, [])
                    sections.append(cur)
                    continue
                if re.match(r"^#{1,6}\S", line):
                    warnings.append(f"{label}:{no}: malformed heading (no space after #): {line[:60]!r}")
        elif stripped.startswith(fence[0] * len(fence)) and stripped.strip(fence[0] + " \t") == "":
            fence = None
        if cur is not None:
            cur.lines.append((no, line))
    if fence is not None:
        warnings.append(f"{label}:{fence_line}: unclosed code fence; the rest of the file is treated as code")
    return sections


def _code_blocks(lines: list[tuple[int, str]]) -> Iterator[tuple[int, str, str, str | None]]:
    """Yield (line, lang, code, preceding label) for each fenced block of a section body."""
    label: str | None = None
    i = 0
    while i < len(lines):
        no, line = lines[i]
        s = line.strip()
        m = _FENCE_LANG_RE.match(s)
        if m:
            fence = m.group(1)
            lang = m.group(2).lower()
            body: list[str] = []
            indent = len(line) - len(line.lstrip())
            i += 1
            while i < len(lines):
                s2 = lines[i][1].strip()
                if s2.startswith(fence) and s2.strip(fence[0]) == "":
                    break
                raw = lines[i][1]
                body.append(raw[indent:] if raw[:indent].strip() == "" else raw)
                i += 1
            yield no, lang, "\n".join(body).rstrip(), label
            i += 1
            continue
        lab = _label_of(s)
        if lab:
            label = lab[0]
        i += 1


def _labelled(lines: list[tuple[int, str]]) -> dict[str, list[str]]:
    """Group a section body's prose lines (outside code fences) by the label above them."""
    out: dict[str, list[str]] = {}
    label = "preamble"
    fence: str | None = None
    for _, line in lines:
        s = line.strip()
        if fence is None:
            m = _FENCE_RE.match(s)
            if m:
                fence = m.group(1)
                continue
        else:
            if s.startswith(fence) and s.strip(fence[0]) == "":
                fence = None
            continue
        if s == "<!-- verify -->" or s.startswith("<!--"):
            continue
        lab = _label_of(s)
        if lab:
            label = lab[0]
            if lab[1].strip():
                out.setdefault(label, []).append(lab[1].strip())
            continue
        if s:
            out.setdefault(label, []).append(s)
    return out


def _signature(lines: list[tuple[int, str]]) -> str:
    for _, lang, code, label in _code_blocks(lines):
        if label is None and lang in ("cangjie", ""):
            return "\n".join(ln.rstrip() for ln in code.splitlines() if ln.strip())
    return ""


_RET_RE = re.compile(r"\)\s*:\s*(.+?)\s*(?:where\b.*)?$")


def _sig_return(sig: str) -> str | None:
    first = sig.splitlines()[0] if sig else ""
    if "{" in first:
        first = first.split("{")[0]
    m = _RET_RE.search(first)
    return m.group(1).strip() if m else None


def _sig_value_type(sig: str) -> str | None:
    first = sig.splitlines()[0] if sig else ""
    m = re.search(r"\b(?:prop|let|var|const)\s+[A-Za-z_][A-Za-z0-9_]*\s*:\s*([^=]+?)(?:\s*=.*)?$", first)
    if m:
        return m.group(1).strip()
    m = re.search(r"\btype\s+[A-Za-z_][A-Za-z0-9_]*(?:<[^=]*>)?\s*=\s*(.+)$", first)
    return m.group(1).strip() if m else None


def _bullets(items: list[str]) -> list[str]:
    return [s[1:].strip() for s in items if s.startswith(("-", "*"))]


def _param_entries(items: list[str]) -> list[dict[str, str]]:
    params: list[dict[str, str]] = []
    for b in _bullets(items):
        text = plain_text(b)
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*!?)\s*:\s*(.+?)(?:\s+-\s+(.*))?$", text)
        if m:
            params.append(
                {
                    "name": m.group(1).rstrip("!"),
                    "type": m.group(2).strip(),
                    "description": (m.group(3) or "").strip(),
                }
            )
        else:
            params.append({"name": "", "type": "", "description": text})
    return params


class _FileParser:
    """Parses one API file of one tree into ApiRecords (merged across languages by key)."""

    def __init__(
        self,
        tree: DocTree,
        pkg_of_dir: dict[Path, str],
        result: ParseResult,
        merged: dict[tuple[str, ...], ApiRecord],
    ):
        self.tree = tree
        self.pkg_of_dir = pkg_of_dir
        self.result = result
        self.merged = merged

    def parse(self, path: Path, package: str, text: str) -> None:
        rel = path.relative_to(self.tree.path).as_posix()
        label = f"{self.tree.label}/{rel}"
        sections = _sections(text, label, self.result.warnings)
        is_intrinsics = "intrinsic" in path.name or "builtin" in path.name
        is_exc_file = "exception" in path.name
        top: tuple[str, ParsedHead | None, _Section] | None = None  # the current level-2 entry
        extend: tuple[ParsedHead, _Section] | None = None
        seen: dict[tuple[str, ...], int] = {}
        for sec in sections:
            h = sec.head
            if h.level == 1:
                continue
            if h.level == 2:
                extend = None
                ph = parse_heading(h.text, in_enum=False)
                if ph is None and is_intrinsics and re.match(r"^[A-Z][A-Za-z0-9_]*(<.*>)?$", h.text):
                    ph = ParsedHead("type", strip_generics(h.text), type_kind="builtin")
                if ph is None:
                    top = ("other", None, sec)
                    if re.match(r"^[a-z]+\s", h.text) and h.text.split()[0] in _TYPE_KW | {
                        "func",
                        "prop",
                        "let",
                        "var",
                    }:
                        self.result.warnings.append(f"{label}:{h.line}: unparsable API heading {h.text!r}")
                    continue
                if ph.category == "type":
                    if ph.type_kind == "class" and (is_exc_file or ph.name.endswith(("Exception", "Error"))):
                        ph.type_kind = "exception"
                    rec = self._record(ph, sec, package, owner=None, seen=seen, label=label)
                    top = ("type", ph, sec)
                    if rec is not None:
                        rec.supertypes = self._supertypes(sec, path, package)
                else:
                    self._record(ph, sec, package, owner=None, seen=seen, label=label)
                    top = ("function", ph, sec)
                continue
            if top is None or top[0] == "other":
                continue
            if top[0] == "function":
                continue  # sub-sections of a macro/function doc (return value, usage notes)
            owner_head = top[1]
            assert owner_head is not None
            if h.level == 3:
                ph = parse_heading(h.text, in_enum=owner_head.type_kind == "enum")
                if ph is None:
                    if re.match(r"^(func|prop|init|operator|static|let|var|extend)\b", h.text):
                        self.result.warnings.append(f"{label}:{h.line}: unparsable API heading {h.text!r}")
                    extend = None
                    continue
                if ph.category == "extend":
                    extend = (ph, sec)
                    continue
                extend = None
                self._record(ph, sec, package, owner=owner_head.name, seen=seen, label=label)
                continue
            if h.level == 4 and extend is not None:
                ph = parse_heading(h.text, in_enum=False)
                if ph is None or ph.category in ("extend", "type"):
                    if re.match(r"^(func|prop|init|operator|static|let|var)\b", h.text):
                        self.result.warnings.append(f"{label}:{h.line}: unparsable API heading {h.text!r}")
                    continue
                ext_head, ext_sec = extend
                owner = ext_head.extend_target or owner_head.name
                block = _signature(ext_sec.lines) or ext_sec.head.text
                self._record(
                    ph,
                    sec,
                    package,
                    owner=owner,
                    seen=seen,
                    label=label,
                    extension={
                        "block": block.splitlines()[0].strip(),
                        "interface": ext_head.extend_iface or "",
                    },
                    owner_links=_links(
                        "\n".join(t for _, t in ext_sec.lines),
                        path.parent,
                        self.tree,
                        self.pkg_of_dir,
                        package,
                    ),
                )

    def _supertypes(self, sec: _Section, path: Path, package: str) -> list[LinkRef]:
        groups = _labelled(sec.lines)
        refs: list[LinkRef] = []
        for item in _bullets(groups.get("parents", [])):
            links = _links(item, path.parent, self.tree, self.pkg_of_dir, package)
            if links:
                refs.append(links[0])
            else:
                name = strip_generics(plain_text(item))
                if name:
                    refs.append(LinkRef(name, None))
        return refs

    def _record(
        self,
        ph: ParsedHead,
        sec: _Section,
        package: str,
        owner: str | None,
        seen: dict[tuple[str, ...], int],
        label: str,
        extension: dict[str, str] | None = None,
        owner_links: list[LinkRef] | None = None,
    ) -> ApiRecord | None:
        self.result.heading_counts[self.tree.label] = self.result.heading_counts.get(self.tree.label, 0) + 1
        lang = self.tree.lang
        if ph.category == "type":
            node_kind, member_kind = "type", None
        elif owner is None:
            node_kind = "function"
            member_kind = {
                "func": "func",
                "macro": "macro",
                "const": "const",
                "let": "const",
                "var": "const",
                "type_alias": "type_alias",
            }.get(ph.category, ph.category)
        else:
            node_kind = "member"
            member_kind = {"enum_ctor": "enum_constructor"}.get(ph.category, ph.category)
        base_key: tuple[str, ...] = (
            package,
            owner or "",
            (extension or {}).get("block", "").replace(" ", ""),
            node_kind,
            ph.category,
            ph.name,
            ph.param_types,
            "static" if ph.static else "",
        )
        n = seen.get(base_key, 0) + 1
        seen[base_key] = n
        key = (*base_key, str(n))
        path_dir = (self.tree.path / label.split("/", 1)[1]).parent if "/" in label else self.tree.path
        groups = _labelled(sec.lines)
        rec = self.merged.get(key)
        new = rec is None
        if rec is None:
            rec = ApiRecord(
                key=key,
                node_kind=node_kind,
                name=ph.name,
                module=package,
                heading=sec.head.text,
                type_kind=ph.type_kind,
                member_kind=member_kind,
                owner=owner,
                static=ph.static,
                deprecated=sec.head.deprecated,
                extension=extension,
                param_types=ph.param_types,
            )
            self.merged[key] = rec
            self.result.apis.append(rec)
        if not rec.signature:
            rec.signature = _signature(sec.lines)
            if rec.signature and node_kind in ("member", "function"):
                if ph.category in ("func", "operator", "macro"):
                    rec.return_type = _sig_return(rec.signature)
                if ph.category in ("prop", "let", "var", "const", "type_alias"):
                    rec.value_type = _sig_value_type(rec.signature)
        rec.sources.setdefault(lang, f"{label}#L{sec.head.line}")
        if not any(text.strip() for _, text in sec.lines):
            self.result.warnings.append(
                f"{label}:{sec.head.line}: API heading {sec.head.text!r} has no body (no declaration, no description)"
            )
        desc = " ".join(groups.get("description", []) or groups.get("preamble", []))
        if desc and lang not in rec.description:
            rec.description[lang] = plain_text(desc)[:2000]
        if (new or not rec.params) and groups.get("params"):
            rec.params = _param_entries(groups["params"])
            rec.param_links = _links(
                "\n".join(groups["params"]), path_dir, self.tree, self.pkg_of_dir, package
            )
        if not rec.return_links and groups.get("returns"):
            rec.return_links = _links(
                "\n".join(groups["returns"]), path_dir, self.tree, self.pkg_of_dir, package
            )
        if not rec.value_links and groups.get("type"):
            rec.value_links = _links("\n".join(groups["type"]), path_dir, self.tree, self.pkg_of_dir, package)
        if not rec.throws and groups.get("throws"):
            for b in _bullets(groups["throws"]):
                links = _links(b, path_dir, self.tree, self.pkg_of_dir, package)
                if links:
                    rec.throws.append(links[0].text)
                    rec.throws_links.append(links[0])
                else:
                    m = re.match(r"([A-Za-z_][A-Za-z0-9_]*(?:Exception|Error))", plain_text(b))
                    if m:
                        rec.throws.append(m.group(1))
                        rec.throws_links.append(LinkRef(m.group(1), None))
        if owner_links and rec.owner_module_hint is None:
            for lk in owner_links:
                if lk.text == owner and lk.package:
                    rec.owner_module_hint = lk.package
                    break
        # examples: every cangjie block after an Example label; zh wins, en fills gaps, and an
        # English block at the same position is kept beside its Chinese twin (English comments)
        zh_examples = [e for e in rec.examples if e.lang == "zh"]
        if lang == "zh" or not rec.examples or zh_examples:
            n_ex = 0
            for no, blang, code, blabel in _code_blocks(sec.lines):
                if blabel == "example" and blang in ("cangjie", "") and code.strip():
                    n_ex += 1
                    title = f"{rec.heading} ({'示例' if lang == 'zh' else 'example'} {n_ex})"
                    if lang == "en" and zh_examples:
                        if n_ex <= len(zh_examples):
                            twin = zh_examples[n_ex - 1]
                            twin.code_en, twin.title_en, twin.source_en = code, title, f"{label}#L{no}"
                        continue
                    rec.examples.append(ExampleRecord(code, title, package, f"{label}#L{no}", lang))
        return rec


# --------------------------------------------------------------------------- corpus


def _file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def parse_corpus(roots: Iterable[str | os.PathLike[str]], progress: object = None) -> ParseResult:
    """Parse every docs tree under ``roots``; zh and en entries are merged into one record."""
    trees = discover_trees(roots)
    # Chinese first so its examples and ordering lead; English fills descriptions.
    trees.sort(key=lambda t: (t.lang != "zh", t.label))
    result = ParseResult()
    merged: dict[tuple[str, ...], ApiRecord] = {}
    langs_present = {t.lang for t in trees}
    for tree in trees:
        pkg_of_dir: dict[Path, str] = {}
        overviews = sorted(tree.path.rglob("*_package_overview.md"))
        for ov in overviews:
            label = f"{tree.label}/{ov.relative_to(tree.path).as_posix()}"
            text = read_doc(ov, label, result.warnings)
            if text is None:
                continue
            result.files[label] = _file_hash(text.encode("utf-8"))
            pkg = _package_title(text)
            if pkg is None:
                result.warnings.append(f"{label}:1: overview title is not a package name; folder skipped")
                continue
            pkg_of_dir[Path(os.path.abspath(ov.parent))] = pkg
            result.modules.setdefault(pkg, {})
            summ = _summary(text)
            if summ and tree.lang not in result.modules[pkg]:
                result.modules[pkg][tree.lang] = summ
            result.module_sources.setdefault(pkg, f"{label}#L1")
        parser = _FileParser(tree, pkg_of_dir, result, merged)
        files = sorted(p for p in tree.path.rglob("*.md") if not p.name.endswith("_package_overview.md"))
        for path in files:
            rel = path.relative_to(tree.path).as_posix()
            label = f"{tree.label}/{rel}"
            package = _package_for(Path(os.path.abspath(path.parent)), tree, pkg_of_dir)
            is_api = "_api/" in rel or path.parent.name.endswith("_api")
            is_sample = "sample" in rel.lower()
            if package is None or not (is_api or is_sample):
                continue
            text = read_doc(path, label, result.warnings)
            if text is None:
                continue
            result.files[label] = _file_hash(text.encode("utf-8"))
            if callable(progress):
                progress(label)
            if is_api:
                parser.parse(path, package, text)
            elif tree.lang == "zh" or "zh" not in langs_present:
                _parse_sample(path, label, package, text, tree.lang, result)
    return result


def _parse_sample(path: Path, label: str, package: str, text: str, lang: str, result: ParseResult) -> None:
    sections = _sections(text, label, result.warnings)
    title = path.stem
    n = 0
    for sec in sections:
        if sec.head.level <= 3:
            title = sec.head.text
        for no, blang, code, _ in _code_blocks(sec.lines):
            if blang == "cangjie" and code.strip():
                n += 1
                result.samples.append(
                    ExampleRecord(code, title, package, f"{label}#L{no}", lang, sample=True)
                )
