#!/usr/bin/env python3
"""Write cjkb_graph/java/jdk_members.json: public member names of the JDK classes the tools know.

Facts from the installed JDK's ``javap -public`` (JDK 17 here), for every class of
``CLASS_FQN`` and every ``java.*`` / ``javax.*`` type of the curated tables (graph_data/java),
with inherited members folded in, the methods each class declares only as static, each method's
parameter counts (``-n`` for a varargs one taking ``n - 1`` or more), and the public top-level
class names of ``java.lang``; and the classes that declare type parameters (``ArrayList<E>``).
The resolver uses them to tell a project class that shadows a JDK name (``Character``,
``Process``) from the JDK class, and to assume ``java.lang`` only for names that exist there.

    .venv/bin/python scripts/gen_jdk_members.py          # rewrite the file (JDK 17 facts)
    .venv/bin/python scripts/gen_jdk_members.py --javap javap \
        --javap /usr/lib/jvm/temurin-25-jdk-amd64/bin/javap   # 17 and 25: what the file holds now
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "cjkb_graph" / "java" / "jdk_members.json"


def _realworld():  # the benchmark's javap readers (declared + inherited public members)
    spec = importlib.util.spec_from_file_location("realworld", ROOT / "benchmarks" / "realworld.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def java_lang_names() -> list[str]:
    home = Path(
        subprocess.run(["readlink", "-f", "/usr/bin/javap"], capture_output=True, text=True).stdout.strip()
    )
    jimage = home.parent / "jimage"
    listing = subprocess.run(
        [str(jimage), "list", str(home.parent.parent / "lib" / "modules")], capture_output=True, text=True
    ).stdout
    names = sorted({m for m in re.findall(r"^\s+java/lang/([A-Za-z0-9_]+)\.class$", listing, re.M)})
    out = subprocess.run(
        ["javap", "-public", *[f"java.lang.{n}" for n in names]], capture_output=True, text=True
    )
    public = set(
        re.findall(
            r"^public .*?(?:class|interface|enum|record|@interface) java\.lang\.(\w+)", out.stdout, re.M
        )
    )
    return sorted(public)


_METHOD = re.compile(r"^\s+public (.*?)([A-Za-z_$][\w$]*)\(")


def static_only_methods(name: str, binary_names, javap: str = "javap") -> list[str]:
    """Methods that the class declares only as ``static`` (``File.createTempFile``): an instance
    receiver (``this.tempFileManager``) calling that name is no such class."""
    for cand in binary_names(name):
        p = subprocess.run([javap, "-public", cand], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            break
    else:
        return []
    kinds: dict[str, set[bool]] = {}
    for line in p.stdout.splitlines():
        m = _METHOD.match(line)
        if m:
            kinds.setdefault(m.group(2), set()).add(bool(re.search(r"\bstatic\b", m.group(1))))
    return sorted(n for n, k in kinds.items() if k == {True})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write cjkb_graph/java/jdk_members.json from javap.")
    ap.add_argument(
        "--javap",
        action="append",
        help="javap executable(s): members and arities are the union over them (a newer JDK's "
        "List.getLast is a real member); java.lang names and static-only methods come from the first "
        "(default: javap on PATH)",
    )
    a = ap.parse_args(argv)
    paths = a.javap or ["javap"]
    sys.path.insert(0, str(ROOT))
    from cjkb_graph.java import CLASS_FQN

    types = set(CLASS_FQN.values())
    for f in sorted((ROOT / "graph_data" / "java").glob("*.yaml")):
        types |= set(re.findall(r"java: ((?:java|javax)\.[\w.]+)", f.read_text(encoding="utf-8")))
    lang = java_lang_names()
    types |= {f"java.lang.{n}" for n in lang}
    rw = _realworld()
    javap = rw.make_javap(paths)
    members: dict[str, list[str]] = {}
    static_only: dict[str, list[str]] = {}
    arities: dict[str, dict[str, list[int]]] = {}
    generic: list[str] = []
    for t in sorted(types):
        if not t.startswith(("java.", "javax.")) or (t[-1:].islower() and t.count(".") < 2):
            continue
        names = javap.members(t)
        if names is not None:
            members[t] = sorted(names)
            simple = t.rsplit(".", 1)[-1]
            arities[t] = {
                ("<init>" if n == simple else n): sorted(a)
                for n, a in sorted((javap.arities(t) or {}).items())
            }
            if javap.generic(t):
                generic.append(t)
            statics = static_only_methods(t, rw.Javap._binary_names, paths[0])
            if statics:
                static_only[t] = statics
    javap.save()
    data = {
        "java_lang": lang,
        "members": members,
        "static_only": static_only,
        "arities": arities,
        "generic": generic,
    }
    tmp = OUT.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    tmp.replace(OUT)
    print(f"{OUT}: {len(lang)} java.lang names, {len(members)} classes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
