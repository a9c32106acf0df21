"""Validate the evaluation sets in tests/eval (format, and, with the docs corpus, that every API exists)."""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EVAL_DIR = REPO / "tests" / "eval"
SETS = {"devset": 110, "holdout": 40, "realistic": 80, "fresh": 40}  # file stem -> minimum number of cases

REQUIRED_KEYS = {"id", "java", "expected", "tags"}
OPTIONAL_KEYS = {"notes", "source"}  # source: where copied code comes from (fresh.jsonl)
ID_RE = re.compile(r"^[a-z]+-\d{3}$")
# package segments (lowercase), then at most a type/function name and a member name (identifier or operator)
QUALNAME_RE = re.compile(
    r"^stdx?(\.[a-z][a-z0-9_]*)+"
    r"(\.[A-Za-z_][A-Za-z0-9_]*)?"
    r"(\.([A-Za-z_][A-Za-z0-9_]*|\[\]|[-+*/%<>=!&|^]+))?$"
)


def load_cases(stem: str) -> list[dict]:
    path = EVAL_DIR / f"{stem}.jsonl"
    cases = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            pytest.fail(f"{path.name}:{lineno}: invalid JSON: {exc}")
        assert isinstance(obj, dict), f"{path.name}:{lineno}: not a JSON object"
        cases.append(obj)
    return cases


def all_entries() -> list[tuple[str, str]]:
    return [(c["id"], e) for stem in SETS for c in load_cases(stem) for e in c["expected"]]


@pytest.mark.parametrize("stem", sorted(SETS))
def test_case_format(stem: str) -> None:
    cases = load_cases(stem)
    assert len(cases) >= SETS[stem], f"{stem}: {len(cases)} cases, need >= {SETS[stem]}"
    ids = [c.get("id") for c in cases]
    assert len(ids) == len(set(ids)), f"{stem}: duplicate ids"
    for c in cases:
        cid = c.get("id")
        missing = REQUIRED_KEYS - c.keys()
        assert not missing, f"{cid}: missing keys {missing}"
        extra = c.keys() - REQUIRED_KEYS - OPTIONAL_KEYS
        assert not extra, f"{cid}: unknown keys {extra}"
        assert isinstance(cid, str) and ID_RE.match(cid), f"bad id {cid!r}"
        assert isinstance(c["java"], str) and c["java"].strip(), f"{cid}: empty java snippet"
        tags = c["tags"]
        assert isinstance(tags, list) and tags, f"{cid}: tags must be a non-empty list"
        assert all(isinstance(t, str) and t for t in tags), f"{cid}: bad tag"
        exp = c["expected"]
        assert isinstance(exp, list) and exp, f"{cid}: expected must be a non-empty list"
        assert len(exp) == len(set(exp)), f"{cid}: duplicate expected entries"
        for e in exp:
            assert isinstance(e, str) and QUALNAME_RE.match(e), f"{cid}: not a std/stdx qualname: {e!r}"
        if "notes" in c:
            assert isinstance(c["notes"], str) and c["notes"].strip(), f"{cid}: empty notes"


def test_sets_are_disjoint() -> None:
    """No id and no snippet (whitespace-normalised) is shared by any two sets."""
    norm = lambda s: re.sub(r"\s+", " ", s).strip()  # noqa: E731
    cases = {stem: load_cases(stem) for stem in SETS}
    stems = sorted(SETS)
    for i, a in enumerate(stems):
        for b in stems[i + 1 :]:
            shared_ids = {c["id"] for c in cases[a]} & {c["id"] for c in cases[b]}
            assert not shared_ids, f"ids shared between {a} and {b}: {sorted(shared_ids)[:3]}"
            shared = {norm(c["java"]) for c in cases[a]} & {norm(c["java"]) for c in cases[b]}
            assert not shared, f"snippets shared between {a} and {b}: {sorted(shared)[:3]}"


# ----------------------------------------------------------------------------------------------
# Corpus check: every expected entry names a documented package, type and member.


def corpus_roots() -> list[Path]:
    env = os.environ.get("CJKB_CORPUS")
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p and Path(p).is_dir()]
    default = REPO.parent / "shared" / "corpus" / "cangjie-docs-v1.2.0"
    return [default] if default.is_dir() else []


HEADING_RE = re.compile(r"^(#{1,4})\s+(.*)$")
NAME_RES = [
    re.compile(r"\bfunc\s+(\[\]|[A-Za-z_@][\w]*|[^\w\s(]+)"),
    re.compile(r"\b(?:prop|let|var|const|type|macro)\s+(@?[A-Za-z_]\w*)"),
    re.compile(r"^(?:[a-z]+\s+)*(init)\b"),
    re.compile(r"^(@?[A-Za-z_]\w*)"),  # enum constructors, intrinsic types, bare names
]


def _clean(text: str) -> str:
    text = re.sub(r"<sup>.*?</sup>", "", text)
    return text.replace("\\", "").strip()


@cache
def doc_index(roots: tuple[Path, ...]) -> dict[str, list[tuple[set[str], set[str]]]]:
    """package -> one (words in headings, declared names) pair per API file of that package."""
    index: dict[str, list[tuple[set[str], set[str]]]] = {}
    for root in roots:
        for overview in root.rglob("*_package_overview.md"):
            title = re.search(r"^#\s+(\S+)", overview.read_text(encoding="utf-8"), re.M)
            if not title:
                continue
            pkg = _clean(title.group(1))
            files = index.setdefault(pkg, [])
            for md in overview.parent.glob("*_package_api/*.md"):
                words: set[str] = set()
                names: set[str] = set()
                for line in md.read_text(encoding="utf-8").splitlines():
                    m = HEADING_RE.match(line)
                    if not m:
                        continue
                    text = _clean(m.group(2))
                    words.update(re.findall(r"[A-Za-z_]\w*", text))
                    for rx in NAME_RES:
                        hit = rx.search(text)
                        if hit:
                            names.add(hit.group(1))
                            break
                files.append((words, names))
    return index


def split_entry(entry: str, packages: set[str]) -> tuple[str, list[str]] | None:
    parts = entry.split(".")
    for i in range(len(parts) - 1, 0, -1):
        pkg = ".".join(parts[:i])
        if pkg in packages:
            return pkg, parts[i:]
    return None


def entry_documented(entry: str, index: dict[str, list[tuple[set[str], set[str]]]]) -> str | None:
    """None if documented, else the reason."""
    split = split_entry(entry, set(index))
    if split is None:
        return "unknown package"
    pkg, rest = split
    files = index[pkg]
    if len(rest) == 1:
        name = rest[0]
        if name[0].isupper():
            ok = any(name in words for words, _ in files)
        else:
            ok = any(name in names for _, names in files)
        return None if ok else f"no heading for {name!r} in {pkg}"
    if len(rest) == 2:
        typ, member = rest
        ok = any(typ in words and member in names for words, names in files)
        return None if ok else f"no file of {pkg} with headings for {typ!r} and {member!r}"
    return "too many segments after the package"


@pytest.mark.corpus
def test_expected_apis_exist_in_docs() -> None:
    roots = corpus_roots()
    if not roots:
        pytest.skip("Cangjie docs corpus not found (set CJKB_CORPUS)")
    index = doc_index(tuple(roots))
    assert index, "no *_package_overview.md found under the corpus roots"
    problems = []
    for cid, entry in all_entries():
        reason = entry_documented(entry, index)
        if reason:
            problems.append(f"{cid}: {entry}: {reason}")
    assert not problems, "\n".join(problems)
