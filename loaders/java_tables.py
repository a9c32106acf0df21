"""Loader for the Java-to-Cangjie mapping tables.

Plain records only (no networkx): the graph builder turns them into ``java_type`` /
``java_member`` nodes and ``maps_to`` edges.

Inputs:

* the curated tables, ``graph_data/java/*.yaml`` (format documented in
  ``graph_data/java/README.md``), read by :func:`load_curated`;
* tables users already have, ranked below the curated ones (``origin="imported"``):
  flat JSON ``{"java.fqn": "Cangjie"}`` (:func:`load_flat_json`), categorised JSON
  ``{"java.fqn": {"category": 1|2|3, "mapping": "...", "reasoning": "..."}}``
  (:func:`load_categorised_json`) and term glossaries ``{JavaTerm: [cangjie terms]}``
  (:func:`load_glossary_yaml`).

Problems never raise: they are collected in :attr:`TablesResult.errors` (the entry or file
was skipped) and :attr:`TablesResult.warnings` (the entry was kept), each prefixed with
``file:line``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import yaml

__all__ = [
    "CONFIDENCES",
    "IMPORT_FORMATS",
    "GlossaryRecord",
    "JavaMemberRecord",
    "JavaTypeRecord",
    "TablesResult",
    "is_member_fqn",
    "java_package_of",
    "load_all",
    "load_categorised_json",
    "load_curated",
    "load_flat_json",
    "load_glossary_yaml",
    "load_imported",
    "split_member_fqn",
]

CONFIDENCES: Final = ("exact", "approximate", "none")
IMPORT_FORMATS: Final = ("flat", "categorised", "glossary")
_CATEGORY_CONFIDENCE: Final = {1: "exact", 2: "approximate", 3: "none"}

_FILE_KEYS: Final = frozenset({"package", "types"})
_TYPE_KEYS: Final = frozenset({"java", "aliases", "supertypes", "target", "confidence", "note", "members"})
_MEMBER_KEYS: Final = frozenset(
    {"java", "arity", "params", "returns", "target", "also", "confidence", "note"}
)
_LINE_KEY: Final = "__line__"
_DUP_KEY: Final = "__duplicate_keys__"
_QUALNAME_RE: Final = re.compile(r"^\S+$")


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class JavaTypeRecord:
    """One Java type and the Cangjie type/module/function it maps to."""

    fqn: str
    simple_name: str
    aliases: list[str]
    supertypes: list[str]
    package: str
    target: str | None
    confidence: str
    note: str | None
    source: str
    origin: str = "curated"


@dataclass(frozen=True)
class JavaMemberRecord:
    """One Java member (``<init>`` for constructors) and its ranked Cangjie targets."""

    owner_fqn: str
    name: str
    arity: int | None
    params: list[str] | None
    returns: str | None
    targets: list[str]
    confidence: str
    note: str | None
    source: str
    origin: str = "curated"

    @property
    def fqn(self) -> str:
        return f"{self.owner_fqn}.{self.name}"

    @property
    def target(self) -> str | None:
        return self.targets[0] if self.targets else None


@dataclass(frozen=True)
class GlossaryRecord:
    """A Java term and the Cangjie terms to expand a search query with."""

    java_term: str
    cangjie_terms: list[str]
    source: str


@dataclass
class TablesResult:
    types: list[JavaTypeRecord] = field(default_factory=list)
    members: list[JavaMemberRecord] = field(default_factory=list)
    glossary: list[GlossaryRecord] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def extend(self, other: TablesResult) -> None:
        self.types.extend(other.types)
        self.members.extend(other.members)
        self.glossary.extend(other.glossary)
        self.errors.extend(other.errors)
        self.warnings.extend(other.warnings)

    def type_by_fqn(self, fqn: str) -> JavaTypeRecord | None:
        return next((t for t in self.types if t.fqn == fqn), None)

    def members_of(self, owner_fqn: str, name: str | None = None) -> list[JavaMemberRecord]:
        return [m for m in self.members if m.owner_fqn == owner_fqn and (name is None or m.name == name)]


# --------------------------------------------------------------------------- helpers


def java_package_of(fqn: str) -> str:
    """``java.util.Map.Entry`` -> ``java.util`` (the leading lower-case segments)."""
    parts = fqn.split(".")
    pkg: list[str] = []
    for part in parts[:-1]:
        if part[:1].isupper():
            break
        pkg.append(part)
    return ".".join(pkg)


def is_member_fqn(fqn: str) -> bool:
    """Whether a dotted Java name denotes a member rather than a type.

    Decided by the last segment: lower-case (``put``), ``<init>`` or an ALL_CAPS constant
    right after a type segment (``java.lang.Math.PI``) is a member; a capitalised segment
    (``HashMap``, ``Map.Entry``) is a type.
    """
    parts = fqn.split(".")
    last = parts[-1]
    if not last:
        return False
    if last.startswith("<") or not last[0].isupper():
        return len(parts) > 1
    is_constant = len(last) > 1 and last.upper() == last and any(c.isalpha() for c in last)
    return is_constant and len(parts) > 1 and parts[-2][:1].isupper()


def split_member_fqn(fqn: str) -> tuple[str, str]:
    """``java.util.HashMap.put`` -> (``java.util.HashMap``, ``put``)."""
    owner, _, name = fqn.rpartition(".")
    return owner, name


def _find_base(path: Path) -> Path:
    """The repository root above ``path`` (pyproject.toml / .git), else its parent."""
    start = path.resolve()
    for cand in [start, *start.parents]:
        if (cand / "pyproject.toml").is_file() or (cand / ".git").exists():
            return cand
    return start.parent


def _rel(path: Path, base: Path | None) -> str:
    root = base if base is not None else _find_base(path.parent if path.is_file() else path)
    try:
        return Path(os.path.relpath(path.resolve(), root.resolve())).as_posix()
    except ValueError:
        return path.as_posix()


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that records each mapping's line and its duplicate keys."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        dups: list[str] = []
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                if key_node.value in seen:
                    dups.append(str(key_node.value))
                seen.add(key_node.value)
        mapping = super().construct_mapping(node, deep=deep)
        mapping[_LINE_KEY] = node.start_mark.line + 1
        if dups:
            mapping[_DUP_KEY] = dups
        return mapping


def _load_yaml(path: Path, rel: str, result: TablesResult) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        result.errors.append(f"{rel}: cannot read: {exc}")
        return None
    try:
        return yaml.load(text, Loader=_LineLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        result.errors.append(f"{rel}{line}: malformed YAML: {problem}")
        return None


def _str_list(value: Any, what: str, where: str, result: TablesResult) -> list[str] | None:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return [str(v) for v in value]
    result.errors.append(f"{where}: `{what}` must be a list of strings")
    return None


def _opt_str(value: Any, what: str, where: str, result: TablesResult) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        result.errors.append(
            f"{where}: `{what}` was read as the boolean {value}; quote it (YAML reads TRUE/yes/on as booleans)"
        )
        return None
    if isinstance(value, str | int | float):
        text = str(value).strip()
        return text or None
    result.errors.append(f"{where}: `{what}` must be a string")
    return None


def _check_target(target: str, where: str, result: TablesResult) -> None:
    if not _QUALNAME_RE.match(target):
        result.warnings.append(f"{where}: target {target!r} contains whitespace")


def _check_keys(entry: dict[Any, Any], allowed: frozenset[str], where: str, result: TablesResult) -> None:
    for dup in entry.get(_DUP_KEY, []):
        result.warnings.append(f"{where}: duplicate key `{dup}` (the last one wins)")
    for key in entry:
        if key in (_LINE_KEY, _DUP_KEY):
            continue
        if key not in allowed:
            result.warnings.append(f"{where}: unknown key `{key}` (ignored)")


def _confidence(entry: Mapping[str, Any], where: str, result: TablesResult, has_target: bool) -> str | None:
    conf = entry.get("confidence")
    if conf is None:
        result.errors.append(f"{where}: missing `confidence` (exact | approximate | none)")
        return None
    if not isinstance(conf, str) or conf not in CONFIDENCES:
        result.errors.append(f"{where}: bad confidence {conf!r} (exact | approximate | none)")
        return None
    if conf != "none" and not has_target:
        result.errors.append(f"{where}: `target` is required unless confidence is none")
        return None
    note = entry.get("note")
    if conf != "exact" and not (isinstance(note, str) and note.strip()):
        result.warnings.append(f"{where}: confidence {conf} needs a `note` saying what to do")
    return conf


# --------------------------------------------------------------------------- curated


def load_curated(dir: Path, base: Path | None = None) -> TablesResult:
    """Read every ``*.yaml`` in ``dir`` (sorted) into records.

    ``base`` is the folder the ``source`` paths are relative to (default: the repository root
    above ``dir``, so sources read ``graph_data/java/java_util.yaml:123``).
    """
    result = TablesResult()
    root = base if base is not None else _find_base(dir)
    if not dir.is_dir():
        result.errors.append(f"{_rel(dir, root)}: not a folder")
        return result
    seen_types: dict[str, str] = {}
    seen_members: dict[tuple[str, str, int | None], str] = {}
    alias_owner: dict[str, str] = {}
    for path in sorted(dir.glob("*.yaml")):
        _load_curated_file(path, _rel(path, root), result, seen_types, seen_members, alias_owner)
    return result


def _load_curated_file(
    path: Path,
    rel: str,
    result: TablesResult,
    seen_types: dict[str, str],
    seen_members: dict[tuple[str, str, int | None], str],
    alias_owner: dict[str, str],
) -> None:
    doc = _load_yaml(path, rel, result)
    if doc is None:
        if not any(e.startswith(rel) for e in result.errors):
            result.warnings.append(f"{rel}: empty file")
        return
    if not isinstance(doc, dict):
        result.errors.append(f"{rel}:1: top level must be a mapping with `package` and `types`")
        return
    _check_keys(doc, _FILE_KEYS, f"{rel}:{doc.get(_LINE_KEY, 1)}", result)
    package = doc.get("package")
    if not isinstance(package, str) or not package:
        result.warnings.append(f"{rel}:{doc.get(_LINE_KEY, 1)}: missing `package`")
        package = ""
    types = doc.get("types")
    if not isinstance(types, list):
        result.errors.append(f"{rel}:{doc.get(_LINE_KEY, 1)}: `types` must be a list")
        return
    for entry in types:
        if not isinstance(entry, dict):
            result.errors.append(f"{rel}: every item of `types` must be a mapping, got {entry!r}")
            continue
        _load_type_entry(entry, rel, package, result, seen_types, seen_members, alias_owner)


def _load_type_entry(
    entry: dict[Any, Any],
    rel: str,
    package: str,
    result: TablesResult,
    seen_types: dict[str, str],
    seen_members: dict[tuple[str, str, int | None], str],
    alias_owner: dict[str, str],
) -> None:
    where = f"{rel}:{entry.get(_LINE_KEY, '?')}"
    _check_keys(entry, _TYPE_KEYS, where, result)
    fqn = _opt_str(entry.get("java"), "java", where, result)
    if fqn is None:
        result.errors.append(f"{where}: type entry without `java` (skipped)")
        return
    if is_member_fqn(fqn):
        result.warnings.append(f"{where}: `{fqn}` looks like a member name, not a type")
    pkg = java_package_of(fqn)
    if package and not (pkg == package or pkg.startswith(package + ".")):
        result.warnings.append(f"{where}: `{fqn}` is not in the file's package `{package}`")
    if fqn in seen_types:
        result.errors.append(f"{where}: duplicate type `{fqn}` (first at {seen_types[fqn]}; skipped)")
        return
    target = _opt_str(entry.get("target"), "target", where, result)
    note = _opt_str(entry.get("note"), "note", where, result)
    aliases = _str_list(entry.get("aliases"), "aliases", where, result)
    supertypes = _str_list(entry.get("supertypes"), "supertypes", where, result)
    conf = _confidence(entry, where, result, target is not None)
    if conf is None or aliases is None or supertypes is None:
        result.errors.append(f"{where}: type `{fqn}` skipped")
        return
    if target is not None:
        _check_target(target, where, result)
    seen_types[fqn] = where
    simple = fqn[len(pkg) + 1 :] if pkg else fqn
    simple_name = simple.rsplit(".", 1)[-1]
    for alias in aliases:
        other = alias_owner.setdefault(alias, fqn)
        if other != fqn:
            result.warnings.append(f"{where}: alias `{alias}` is also used by `{other}`")
    result.types.append(
        JavaTypeRecord(
            fqn=fqn,
            simple_name=simple_name,
            aliases=aliases,
            supertypes=supertypes,
            package=pkg or package,
            target=target,
            confidence=conf,
            note=note,
            source=where,
        )
    )
    members = entry.get("members")
    if members is None:
        return
    if not isinstance(members, list):
        result.errors.append(f"{where}: `members` of `{fqn}` must be a list")
        return
    for m in members:
        if not isinstance(m, dict):
            result.errors.append(f"{where}: every member of `{fqn}` must be a mapping, got {m!r}")
            continue
        _load_member_entry(m, fqn, rel, result, seen_members)


def _load_member_entry(
    entry: dict[Any, Any],
    owner: str,
    rel: str,
    result: TablesResult,
    seen_members: dict[tuple[str, str, int | None], str],
) -> None:
    where = f"{rel}:{entry.get(_LINE_KEY, '?')}"
    _check_keys(entry, _MEMBER_KEYS, where, result)
    name = _opt_str(entry.get("java"), "java", where, result)
    if name is None:
        result.errors.append(f"{where}: member of `{owner}` without `java` (skipped)")
        return
    arity_raw = entry.get("arity")
    arity: int | None = None
    if arity_raw is not None:
        if isinstance(arity_raw, bool) or not isinstance(arity_raw, int) or arity_raw < 0:
            result.errors.append(f"{where}: `arity` must be a non-negative integer (skipped)")
            return
        arity = arity_raw
    params: list[str] | None = None
    if "params" in entry:
        params = _str_list(entry.get("params"), "params", where, result)
        if params is None:
            return
        if arity is not None and len(params) != arity:
            result.warnings.append(f"{where}: {len(params)} params but arity {arity}")
        if arity is None:
            arity = len(params)
    returns = _opt_str(entry.get("returns"), "returns", where, result)
    target = _opt_str(entry.get("target"), "target", where, result)
    also = _str_list(entry.get("also"), "also", where, result)
    note = _opt_str(entry.get("note"), "note", where, result)
    conf = _confidence(entry, where, result, target is not None)
    if conf is None or also is None:
        result.errors.append(f"{where}: member `{owner}.{name}` skipped")
        return
    key = (owner, name, arity)
    if key in seen_members:
        result.errors.append(
            f"{where}: duplicate member `{owner}.{name}`"
            + (f"/{arity}" if arity is not None else "")
            + f" (first at {seen_members[key]}; skipped)"
        )
        return
    seen_members[key] = where
    targets: list[str] = []
    for t in [target, *also]:
        if t and t not in targets:
            _check_target(t, where, result)
            targets.append(t)
    result.members.append(
        JavaMemberRecord(
            owner_fqn=owner,
            name=name,
            arity=arity,
            params=params,
            returns=returns,
            targets=targets,
            confidence=conf,
            note=note,
            source=where,
        )
    )


# --------------------------------------------------------------------------- imported


_JSON_KEY: Final = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:')


def _json_key_lines(text: str, keys: Iterable[str]) -> dict[str, int]:
    """Line of each key's first occurrence as an object key (best effort, for `source`).

    One pass over the text: a table of 100,000 entries takes well under a second.
    """
    wanted = set(keys)
    found: dict[str, int] = {}
    for i, line in enumerate(text.splitlines(), 1):
        for m in _JSON_KEY.finditer(line):
            try:
                key = json.loads(f'"{m.group(1)}"')
            except json.JSONDecodeError:
                continue
            if key in wanted and key not in found:
                found[key] = i
        if len(found) == len(wanted):
            break
    return found


def _load_json_object(path: Path, rel: str, result: TablesResult) -> tuple[dict[str, Any], str] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        result.errors.append(f"{rel}: cannot read: {exc}")
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        result.errors.append(f"{rel}:{exc.lineno}: malformed JSON: {exc.msg}")
        return None
    if not isinstance(data, dict):
        result.errors.append(f"{rel}:1: top level must be a JSON object")
        return None
    return data, text


def _imported_record(
    fqn: str,
    mapping: str | None,
    confidence: str,
    note: str | None,
    source: str,
    result: TablesResult,
) -> None:
    if not fqn or any(c.isspace() for c in fqn):
        result.errors.append(f"{source}: bad Java name {fqn!r} (skipped)")
        return
    if is_member_fqn(fqn):
        owner, name = split_member_fqn(fqn)
        result.members.append(
            JavaMemberRecord(
                owner_fqn=owner,
                name=name,
                arity=None,
                params=None,
                returns=None,
                targets=[mapping] if mapping else [],
                confidence=confidence,
                note=note,
                source=source,
                origin="imported",
            )
        )
        return
    pkg = java_package_of(fqn)
    result.types.append(
        JavaTypeRecord(
            fqn=fqn,
            simple_name=fqn.rsplit(".", 1)[-1],
            aliases=[],
            supertypes=[],
            package=pkg,
            target=mapping or None,
            confidence=confidence,
            note=note,
            source=source,
            origin="imported",
        )
    )


def _json_entries(path: Path, base: Path | None, result: TablesResult) -> Iterator[tuple[str, Any, str]]:
    """(key, value, "file:line") of a JSON object table; read errors go to ``result``."""
    rel = _rel(path, base)
    loaded = _load_json_object(path, rel, result)
    if loaded is None:
        return
    data, text = loaded
    lines = _json_key_lines(text, data)
    for fqn, value in data.items():
        yield fqn, value, f"{rel}:{lines.get(fqn, 1)}"


def load_flat_json(path: Path, base: Path | None = None) -> TablesResult:
    """``{"java.fqn": "CangjieName"}``; every entry is ``exact``; names are kept as written."""
    result = TablesResult()
    for fqn, value, source in _json_entries(path, base, result):
        if not isinstance(value, str):
            result.errors.append(f"{source}: value of {fqn!r} must be a string (skipped)")
            continue
        mapping = value.strip() or None
        conf = "exact" if mapping else "none"
        _imported_record(fqn, mapping, conf, None, source, result)
    return result


def load_categorised_json(path: Path, base: Path | None = None) -> TablesResult:
    """``{"java.fqn": {"category": 1|2|3, "mapping": "...", "reasoning": "..."}}``.

    Category 1 is exact, 2 approximate, 3 none; ``reasoning`` becomes the note.
    """
    result = TablesResult()
    for fqn, value, source in _json_entries(path, base, result):
        if not isinstance(value, dict):
            result.errors.append(f"{source}: value of {fqn!r} must be an object (skipped)")
            continue
        extra = sorted(set(value) - {"category", "mapping", "reasoning"})
        if extra:
            result.warnings.append(f"{source}: unknown keys {extra} in {fqn!r} (ignored)")
        cat_raw = value.get("category")
        category = -1
        if isinstance(cat_raw, int) and not isinstance(cat_raw, bool):
            category = cat_raw
        elif isinstance(cat_raw, str) and cat_raw.strip().isdigit():
            category = int(cat_raw.strip())
        conf = _CATEGORY_CONFIDENCE.get(category)
        if conf is None:
            result.errors.append(f"{source}: bad category {cat_raw!r} for {fqn!r} (1, 2 or 3; skipped)")
            continue
        mapping_raw = value.get("mapping")
        mapping = mapping_raw.strip() if isinstance(mapping_raw, str) else None
        reasoning = value.get("reasoning")
        note = reasoning.strip() if isinstance(reasoning, str) and reasoning.strip() else None
        if not mapping and conf != "none":
            result.warnings.append(f"{source}: {fqn!r} has category {category} but no mapping")
        _imported_record(fqn, mapping or None, conf, note, source, result)
    return result


def load_glossary_yaml(path: Path, base: Path | None = None) -> TablesResult:
    """``{JavaTerm: [cangjie terms]}`` (a single string is one term) -> glossary records.

    Terms are taken as written, so ``null:`` or ``yes:`` stay the strings "null" / "yes".
    """
    result = TablesResult()
    rel = _rel(path, base)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        result.errors.append(f"{rel}: cannot read: {exc}")
        return result
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        result.errors.append(f"{rel}{line}: malformed YAML: {getattr(exc, 'problem', None) or exc}")
        return result
    if node is None:
        result.warnings.append(f"{rel}: empty glossary")
        return result
    if not isinstance(node, yaml.MappingNode):
        result.errors.append(f"{rel}:1: a glossary must be a mapping {{JavaTerm: [terms]}}")
        return result
    seen: set[str] = set()
    for key_node, value_node in node.value:
        where = f"{rel}:{key_node.start_mark.line + 1}"
        if not isinstance(key_node, yaml.ScalarNode) or not key_node.value:
            result.errors.append(f"{where}: glossary keys must be plain terms (skipped)")
            continue
        term = str(key_node.value)
        if term in seen:
            result.warnings.append(f"{where}: duplicate term `{term}`")
        seen.add(term)
        try:
            value = yaml.safe_load(yaml.serialize(value_node))
        except yaml.YAMLError:
            value = None
        terms: list[str]
        if isinstance(value, str):
            terms = [value]
        elif (
            isinstance(value, list)
            and value
            and all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in value)
        ):
            terms = [str(v) for v in value]
        else:
            result.errors.append(f"{where}: terms of {term!r} must be a list of strings (skipped)")
            continue
        result.glossary.append(GlossaryRecord(java_term=term, cangjie_terms=terms, source=where))
    return result


def load_imported(path: Path, fmt: str, base: Path | None = None) -> TablesResult:
    """Dispatch on ``fmt`` (flat | categorised | glossary)."""
    if fmt == "flat":
        return load_flat_json(path, base)
    if fmt in ("categorised", "categorized"):
        return load_categorised_json(path, base)
    if fmt == "glossary":
        return load_glossary_yaml(path, base)
    result = TablesResult()
    result.errors.append(f"{_rel(path, base)}: unknown table format {fmt!r} ({', '.join(IMPORT_FORMATS)})")
    return result


def load_all(
    tables_dir: Path,
    imported: Sequence[tuple[Path, str]] = (),
    base: Path | None = None,
) -> TablesResult:
    """Curated tables first, then the imported ones in the given order (their ranking)."""
    result = load_curated(tables_dir, base)
    for path, fmt in imported:
        result.extend(load_imported(path, fmt, base))
    return result
