"""Derive task keywords for the JDK members of the mapping tables from the JDK's own API docs.

    python scripts/jdk_keywords.py [--src-zip PATH]   # default: the first JDK src.zip found

For every Java member of the built graph (by qualname, overloads together) whose type is a JDK class, reads the first sentence
of the member's Javadoc in the JDK sources (the class itself, then its supertypes from
the JDK facts, ``cjkb_graph.java.jdk.supertypes``), and keeps the content words that its name does not already
say ("getenv": environment, variable, value). Only these single words are written, sorted, to
``cjkb_graph/java/jdk_keywords.json``: facts about what a member is for, not the docs' text. The
search index puts them in the member's vocabulary, so a task in plain words ("get an environment
variable") reaches the Java member, and through ``maps_to`` the Cangjie API.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "cjkb_graph" / "java" / "jdk_keywords.json"
ZIPS = sorted(Path("/usr/lib/jvm").glob("*/lib/src.zip"))
MAX_WORDS = 8

_STOP = frozenset(
    re.findall(
        r"\w+",
        """a an the of to in on for from by with as at or and is are be been being it its this that these
    those which who whom whose what when where why how if then else than such any all each every no not
    only also into onto over under up down out via per within without between among both either neither
    specified given returns return returned returning method methods object objects instance instances
    value values true false null new one two first second this class classes type types java lang util
    argument arguments parameter parameters param element elements default provided called call calls
    used use uses using may might can could should would will shall must does do done
    contains containing contain whether otherwise result results number numbers note equivalent
    """,
    )
)
_WORD = re.compile(r"[A-Za-z][a-z]+")
_TAG = re.compile(r"\{@\w+\s+([^}]*)\}")
_HTML = re.compile(r"<[^>]+>")


def _split_camel(name: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def _first_sentence(doc: str) -> str:
    text = re.sub(r"^\s*\*+ ?", "", doc, flags=re.M)
    text = text.split("\n@", 1)[0]
    text = _TAG.sub(lambda m: m.group(1).split("#")[-1].split("(")[0], text)
    text = _HTML.sub(" ", text)
    text = " ".join(text.split())
    end = re.search(r"\.(\s|$)", text)
    return text[: end.start()] if end else text


_DECL_NAME = re.compile(r"(\w+)\s*\($")


def _documented(source: str) -> dict[str, list[str]]:
    """Method or constructor name -> first sentences of the Javadoc comments right before its
    declarations (a comment followed by a class, field or anything else is skipped)."""
    out: dict[str, list[str]] = {}
    pos = 0
    while (start := source.find("/**", pos)) >= 0:
        end = source.find("*/", start)
        if end < 0:
            break
        pos = end + 2
        header_end = min((k for k in (source.find("{", pos), source.find(";", pos)) if k >= 0), default=-1)
        if header_end < 0:
            continue
        header = source[pos:header_end]
        if "/**" in header or re.search(r"\b(class|interface|enum|record|private)\b", header):
            continue
        paren = header.find("(")
        if paren < 0:
            continue
        m = _DECL_NAME.search(header[: paren + 1])
        if m:
            out.setdefault(m.group(1), []).append(_first_sentence(source[start + 3 : end]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src-zip", default=next((str(z) for z in ZIPS if z.exists()), None))
    ap.add_argument("--data-dir", default=None)
    a = ap.parse_args()
    if not a.src_zip or not Path(a.src_zip).is_file():
        print("no JDK src.zip found: install a JDK with its sources or pass --src-zip", file=sys.stderr)
        return 2
    sys.path.insert(0, str(REPO))
    from cjkb_graph.engine import Engine
    from cjkb_graph.java import jdk

    G = Engine.load(a.data_dir).G
    zf = zipfile.ZipFile(a.src_zip)
    by_path = {n.split("/", 1)[1]: n for n in zf.namelist() if n.endswith(".java") and "/" in n}
    cache: dict[str, dict[str, list[str]] | None] = {}

    def docs_of(fqn: str) -> dict[str, list[str]] | None:
        if fqn not in cache:
            name = by_path.get(fqn.replace(".", "/") + ".java")
            cache[fqn] = _documented(zf.read(name).decode("utf-8", "replace")) if name else None
        return cache[fqn]

    def chain(fqn: str) -> list[str]:
        seen, todo = [fqn], [fqn]
        while todo:
            for s in jdk.supertypes(todo.pop(0)):
                if s not in seen:
                    seen.append(s)
                    todo.append(s)
        return seen

    out: dict[str, list[str]] = {}
    members = {d["qualname"]: d for _, d in G.nodes(data=True) if d.get("kind") == "java_member"}
    for qualname, d in sorted(members.items()):
        owner, name = d.get("owner", ""), d.get("name", "")
        if not owner.startswith(("java.", "javax.")):
            continue
        sentences: list[str] = []
        for t in chain(owner):
            docs = docs_of(t)
            if docs is None:
                continue
            sentences = docs.get(t.rsplit(".", 1)[-1] if name == "<init>" else name, [])
            if sentences or name == "<init>":
                break
        if not sentences:
            continue
        own = _split_camel(name if name != "<init>" else owner.rsplit(".", 1)[-1])
        counts: dict[str, int] = {}
        for s in sentences:
            for w in _WORD.findall(s):
                lw = w.lower()
                if len(lw) > 2 and lw not in _STOP and lw not in own:
                    counts[lw] = counts.get(lw, 0) + 1
        words = sorted(counts, key=lambda w: (-counts[w], w))[:MAX_WORDS]
        if words:
            out[qualname] = sorted(words)
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(OUT)
    print(f"{len(out)} of {len(members)} Java members got keywords -> {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
