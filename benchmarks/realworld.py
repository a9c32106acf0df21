#!/usr/bin/env python3
"""Run the resolver on the real-world method corpus and report what it found and what it missed.

Standalone on purpose: it talks to the tool only through its command line
(`cjkb-graph resolve --batch IN --out OUT`) and the JSON lines that command writes, so it keeps
working while the package's internals change.

The sets are materialised first (tests/eval/realworld/ holds references, not code):

    .venv/bin/python benchmarks/realworld_materialise.py --mirrors /work/.mirror  # -> .cjkb/realworld/

    .venv/bin/python benchmarks/realworld.py                      # run the resolver, print the report
    .venv/bin/python benchmarks/realworld.py --results OUT.jsonl  # report on an earlier run
    .venv/bin/python benchmarks/realworld.py --json summary.json  # also write the figures as JSON
    .venv/bin/python benchmarks/realworld.py --failures           # list wrong hand-checked answers
    .venv/bin/python benchmarks/realworld.py --fresh --failures   # the fresh gson/jsoup/petclinic sample
    .venv/bin/python benchmarks/realworld.py --javap javap --javap /usr/lib/jvm/temurin-25-jdk-amd64/bin/javap

Report:
  * calls per kind of receiver: `jdk` (inferred type is a java.*/javax.* class), `array` (a Java
    array: `.length`, `new T[n]`, `.clone()`), `other-lib` (a
    known non-JDK library type), `own` (a call on the snippet's own class: unqualified or this.),
    `unknown` (no type inferred); and for JDK calls whether the member hit a curated mapping
    (`curated`), only the type did (`type-only`: the member was ranked by name / search), or the
    type has no mapping at all (`no-type-map`);
  * median and p95 ms per method (the `ms` the resolver reports, plus wall time of the batch);
  * the most frequent JDK types and members without a curated mapping (table gaps);
  * `wrong-member`: resolved calls whose inferred type is a JDK class that has no public member of
    that name (checked with the installed JDK's `javap -public`, cached in .cjkb/javap_members.json);
    these are type-inference mistakes (a user object guessed as a JDK type, a wrong chain type);
  * top-1 precision on the hand-checked sample checked_calls.jsonl (.cjkb/realworld/).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from realworld_materialise import OUT_DIR, not_materialised  # noqa: E402

DEFAULT_METHODS = OUT_DIR / "methods.jsonl"  # materialised by benchmarks/realworld_materialise.py
DEFAULT_CLI = ROOT / ".venv" / "bin" / "cjkb-graph"
JAVAP_CACHE = ROOT / ".cjkb" / "javap_members.json"
JDK_PREFIXES = ("java.", "javax.")


# ---------------------------------------------------------------------------------------------
# javap: public members of JDK classes (declared and inherited), cached on disk
# ---------------------------------------------------------------------------------------------
def union_arities(tables) -> dict[str, set[int]]:
    """Method name -> parameter counts, over several classes' or JDKs' tables of them."""
    out: dict[str, set[int]] = {}
    for table in tables:
        for m, ar in table.items():
            out.setdefault(m, set()).update(ar)
    return out


class Javap:
    HEADER = re.compile(
        r"^(?:public |protected |abstract |final |sealed |non-sealed |static |strictfp )*"
        r"(class|interface|enum|record|@interface) (\S+?)(<.*?>)?"
        r"(?: extends (.*?))?(?: implements (.*?))?(?: permits .*?)? \{$"
    )
    MEMBER = re.compile(r"([A-Za-z_$][\w$]*)(?:\(|;)")

    def __init__(self, cache: Path = JAVAP_CACHE, javap: str = "javap"):
        self.cache_path = cache
        self.javap = javap
        self.declared: dict[str, dict | None] = {}
        if cache.exists():
            try:
                self.declared = json.loads(cache.read_text())
            except ValueError:
                self.declared = {}
        self.dirty = False

    def save(self) -> None:
        if self.dirty:
            self.cache_path.parent.mkdir(parents=True, exist_ok=True)
            self.cache_path.write_text(json.dumps(self.declared, sort_keys=True))

    @staticmethod
    def _split_types(s: str | None) -> list[str]:
        if not s:
            return []
        out, depth, cur = [], 0, ""
        for ch in s:
            if ch == "<":
                depth += 1
            elif ch == ">":
                depth -= 1
            elif ch == "," and depth == 0:
                out.append(cur.strip())
                cur = ""
                continue
            if depth == 0 and ch not in "<>":
                cur += ch
        if cur.strip():
            out.append(cur.strip())
        return out

    def _run(self, name: str) -> dict | None:
        """Declared public members and direct supertypes of one class (None: not a JDK class)."""
        for cand in self._binary_names(name):
            p = subprocess.run([self.javap, "-public", cand], capture_output=True, text=True)
            if p.returncode == 0 and p.stdout.strip():
                return self._parse(p.stdout)
        return None

    @staticmethod
    def _binary_names(name: str) -> list[str]:
        parts = name.split(".")
        out = [name]
        # java.util.Map.Entry -> java.util.Map$Entry
        for i in range(len(parts) - 1, 0, -1):
            if parts[i - 1][:1].isupper():
                out.append(".".join(parts[:i]) + "$" + "$".join(parts[i:]))
        return out

    @classmethod
    def _arity(cls, line: str) -> int:
        """The number of parameters of a javap method line; ``-(n)`` for a varargs one that takes
        at least ``n - 1`` (``format(String, Object...)``: -2, any count from 1)."""
        inner = line[line.index("(") + 1 : line.rindex(")")]
        params = cls._split_types(inner) if inner.strip() else []
        return -len(params) if params and params[-1].endswith("...") else len(params)

    def _parse(self, text: str) -> dict:
        members: set[str] = set()
        arities: dict[str, set[int]] = {}
        supers: list[str] = []
        kind = "class"
        generic = False
        for line in text.splitlines():
            line = line.strip()
            m = self.HEADER.match(line)
            if m:
                kind, generic = m.group(1), m.group(3) is not None
                supers = [
                    re.sub(r"<.*", "", t).replace("$", ".")
                    for t in self._split_types(m.group(4)) + self._split_types(m.group(5))
                ]
                continue
            if not line or line.startswith("Compiled from") or line == "}":
                continue
            head = line.split("(")[0] if "(" in line else line.rstrip(";")
            name = head.split()[-1] if head.split() else ""
            name = name.split(".")[-1].split("$")[-1]
            if "(" in line:
                members.add(name)  # method or constructor (constructor: the class's simple name)
                arities.setdefault(name, set()).add(self._arity(line))
            else:
                members.add(name)  # field / enum constant
        if kind == "enum":
            members |= {"values", "valueOf", "name", "ordinal", "compareTo"}
        if not supers or kind == "interface":
            supers = [*supers, "java.lang.Object"]
        return {
            "members": sorted(members),
            "arities": {n: sorted(a) for n, a in sorted(arities.items())},
            "supers": supers,
            "kind": kind,
            "generic": generic,
        }

    def info(self, name: str) -> dict | None:
        cached = self.declared.get(name)
        if name not in self.declared or (cached is not None and "generic" not in cached):  # older cache
            self.declared[name] = self._run(name)
            self.dirty = True
        return self.declared[name]

    def _lineage(self, name: str) -> list[dict] | None:
        """The facts of the class and of every JDK supertype above it (None: unknown class)."""
        if self.info(name) is None:
            return None
        seen, todo, out = set(), [name], []
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            inf = self.info(n)
            if inf is None:
                continue
            out.append(inf)
            todo += [s for s in inf["supers"] if s.startswith(JDK_PREFIXES)]
        return out

    def members(self, name: str) -> set[str] | None:
        """All public member names of a JDK class, inherited ones included (None: unknown class)."""
        lineage = self._lineage(name)
        if lineage is None:
            return None
        return set().union(*(inf["members"] for inf in lineage)) | {"<init>"}

    def arities(self, name: str) -> dict[str, set[int]] | None:
        """Each public method's parameter counts, inherited methods included (see ``_arity``)."""
        lineage = self._lineage(name)
        return None if lineage is None else union_arities(inf["arities"] for inf in lineage)

    def generic(self, name: str) -> bool | None:
        """Whether the JDK class declares type parameters (``ArrayList<E>``; None: unknown class)."""
        inf = self.info(name)
        return None if inf is None else bool(inf.get("generic"))


class JavapUnion:
    """Members known to any of several JDKs (``--javap`` given more than once): a member added in a
    newer JDK (List.getFirst, JDK 21) is a real member, not a type-inference mistake."""

    def __init__(self, javaps: list[Javap]):
        self.javaps = javaps

    def members(self, name: str) -> set[str] | None:
        found = [m for m in (j.members(name) for j in self.javaps) if m is not None]
        return set().union(*found) if found else None

    def arities(self, name: str) -> dict[str, set[int]] | None:
        found = [a for a in (j.arities(name) for j in self.javaps) if a is not None]
        return union_arities(found) if found else None

    def generic(self, name: str) -> bool | None:
        found = [g for g in (j.generic(name) for j in self.javaps) if g is not None]
        return any(found) if found else None

    def save(self) -> None:
        for j in self.javaps:
            j.save()


def make_javap(paths: list[str]) -> Javap | JavapUnion:
    """One Javap per executable; the plain `javap` keeps the historical cache file."""
    out = []
    for p in paths:
        tag = re.sub(r"\W+", "_", p).strip("_")
        cache = JAVAP_CACHE if p == "javap" else JAVAP_CACHE.with_name(f"javap_members_{tag}.json")
        out.append(Javap(cache, p))
    return out[0] if len(out) == 1 else JavapUnion(out)


# ---------------------------------------------------------------------------------------------
# running and classifying
# ---------------------------------------------------------------------------------------------
def run_resolver(cli: str, methods: Path, out: Path) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for line in methods.open(encoding="utf-8"):
            d = json.loads(line)
            f.write(json.dumps({"id": d["id"], "java": d["java"]}) + "\n")
        tmp = f.name
    t0 = time.perf_counter()
    subprocess.run([cli, "resolve", "--batch", tmp, "--out", str(out)], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    os.unlink(tmp)
    return wall


def is_jdk(t: str | None) -> bool:
    return bool(t) and t.startswith(JDK_PREFIXES)


def receiver_kind(call: dict) -> str:
    if call.get("local"):
        return "own"
    t = call.get("java_type")
    if not t:
        r = call.get("receiver") or ""
        if r == "this" or r.startswith("this.") or r == "super":
            return "own"
        return "unknown"
    if t.endswith("[]"):
        return "array"
    if is_jdk(t):
        return "jdk"
    return "other-lib" if "." in t else "own"


def mapping_status(call: dict, sugg: dict | None) -> str:
    """curated | type-only | no-type-map, for a call whose inferred type is a JDK type."""
    if sugg is None:
        return "no-type-map"
    if sugg.get("level") != "api":
        # the member fell back to statement-level search: was the type itself mapped?
        return "type-only" if sugg.get("cangjie_type") else "no-type-map"
    m = call.get("method") or ""
    texts = list(sugg.get("notes") or [])
    for c in sugg.get("candidates") or []:
        texts += [w for w in c.get("why") or [] if w.startswith("mapping ")]
    for t in texts:
        head = t.split(":", 1)[0]
        if t.startswith("mapping "):
            head = t[len("mapping ") :].split("/", 1)[0].split()[0]
        if head.endswith("." + m) or head.endswith("." + m.split(".")[-1]):
            return "curated"
        if t.startswith("no direct Cangjie equivalent for") and t.rstrip(".").endswith("." + m):
            return "curated"
    return "type-only"


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def analyse(methods: Path, results: Path, javap: Javap | JavapUnion | None, top: int) -> dict:
    meta = {}
    for line in methods.open(encoding="utf-8"):
        d = json.loads(line)
        meta[d["id"]] = d
    per_kind = collections.Counter()
    per_kind_repo = collections.defaultdict(collections.Counter)
    jdk_status = collections.Counter()
    call_kinds = collections.Counter()
    unmapped_types = collections.Counter()
    unmapped_members = collections.Counter()
    type_only_members = collections.Counter()
    wrong_member = collections.Counter()
    unknown_methods = collections.Counter()
    wrong_examples: dict[str, str] = {}
    ms, n_methods, n_calls = [], 0, 0
    sources: collections.Counter = collections.Counter()
    answered_src: collections.Counter = collections.Counter()
    wrong_answered: collections.Counter = collections.Counter()
    for line in results.open(encoding="utf-8"):
        r = json.loads(line)
        n_methods += 1
        ms.append(float(r.get("ms") or 0.0))
        repo = meta.get(r["id"], {}).get("repo", "?")
        suggs = {}
        for s in r.get("suggestions") or []:
            c = s.get("call") or {}
            suggs[(c.get("text"), c.get("line"))] = s
            if s.get("level") == "function":
                continue  # the block-level search, not a call
            src = s.get("receiver_source") or "n/a"
            sources[src] += 1
            answered_src[src] += bool(s.get("candidates"))
            rt = s.get("receiver_type") or ""
            m = c.get("method") or ""
            kind_ok = c.get("kind") in ("method", "static", "field", "method_ref")
            if (
                javap is not None
                and s.get("candidates")
                and is_jdk(rt)
                and not rt.endswith("[]")
                and m
                and kind_ok
            ):
                names = javap.members(rt.split("<")[0])
                if names is not None and m.split(".")[0] not in names and m not in names:
                    wrong_answered[f"{rt}.{m}"] += 1
        for call in r.get("calls") or []:
            n_calls += 1
            k = receiver_kind(call)
            per_kind[k] += 1
            per_kind_repo[repo][k] += 1
            call_kinds[call.get("kind")] += 1
            if k == "unknown" and call.get("kind") in ("method", "static"):
                unknown_methods[call.get("method") or ""] += 1
            if k != "jdk":
                continue
            t, m = call["java_type"], call.get("method") or ""
            sg = suggs.get((call.get("text"), call.get("line")))
            if sg is not None and sg.get("receiver_source") == "user":
                jdk_status["user (not the JDK class)"] += 1
                continue  # the tool found the JDK name is a project class here: not a JDK member call
            st = mapping_status(call, sg)
            jdk_status[st] += 1
            sym = f"{t}.{m}"
            if st == "no-type-map":
                unmapped_types[t] += 1
                unmapped_members[sym] += 1
            elif st == "type-only":
                type_only_members[sym] += 1
            if javap is not None and call.get("kind") in ("method", "static", "field", "method_ref") and m:
                names = javap.members(t)
                first = m.split(".")[0]
                if names is not None and first not in names and m not in names:
                    wrong_member[sym] += 1
                    wrong_examples.setdefault(sym, f"{r['id']} line {call.get('line')}: {call.get('text')}")
    if javap is not None:
        javap.save()
    jdk_total = per_kind["jdk"]
    return {
        "methods": n_methods,
        "calls": n_calls,
        "calls_per_method": round(n_calls / max(1, n_methods), 2),
        "receiver_kinds": dict(per_kind.most_common()),
        "receiver_kinds_per_repo": {k: dict(v.most_common()) for k, v in sorted(per_kind_repo.items())},
        "call_kinds": dict(call_kinds.most_common()),
        "jdk_calls": jdk_total,
        "jdk_status": dict(jdk_status.most_common()),
        "jdk_curated_share": round(
            jdk_status["curated"] / max(1, jdk_total - jdk_status["user (not the JDK class)"]), 3
        ),
        "ms_median": round(statistics.median(ms), 2) if ms else 0.0,
        "ms_p95": round(pct(ms, 0.95), 2),
        "receiver_sources": dict(sources.most_common()),
        "answered_per_receiver_source": dict(answered_src.most_common()),
        "wrong_member_answered": sum(wrong_answered.values()),
        "wrong_member_answered_per_1000_methods": round(
            1000 * sum(wrong_answered.values()) / max(1, n_methods), 1
        ),
        "top_wrong_member_answered": wrong_answered.most_common(top),
        "wrong_member_calls": sum(wrong_member.values()),
        "wrong_member_share_of_jdk": round(sum(wrong_member.values()) / max(1, jdk_total), 3),
        "top_unmapped_types": unmapped_types.most_common(top),
        "top_unmapped_members": unmapped_members.most_common(top),
        "top_type_only_members": type_only_members.most_common(top),
        "top_unknown_receiver_methods": unknown_methods.most_common(top),
        "top_wrong_member": [(s, n, wrong_examples[s]) for s, n in wrong_member.most_common(top)],
    }


def suggestions_by_call(results: Path) -> dict[tuple[str, str, int], dict]:
    """The first suggestion of each (method id, call text, line) in a `resolve --batch` output."""
    suggs: dict[tuple[str, str, int], dict] = {}
    for line in results.open(encoding="utf-8"):
        r = json.loads(line)
        for sg in r.get("suggestions") or []:
            c = sg.get("call") or {}
            suggs.setdefault((r["id"], c.get("text"), c.get("line")), sg)
    return suggs


def first_answer(sg: dict | None) -> str | None:
    """The qualname of a suggestion's first candidate, or None when it offers none."""
    cands = (sg or {}).get("candidates") or []
    return cands[0]["qualname"] if cands else None


def is_right(expected: str, top: str | None) -> bool:
    """A labelled call's answer is right: nothing offered for `user` / `none`, else the expected
    qualname (a constructor's `T.init` counts as `T`)."""
    if expected in ("user", "none"):
        return top is None
    return top is not None and expected in (top, top[: -len(".init")] if top.endswith(".init") else top)


def score_checked(checked: Path, results: Path) -> dict:
    """Top-1 precision against the hand-checked truth set (checked_calls.jsonl, materialised).

    A call's answer is the qualname of its first candidate (a constructor's `T.init` counts as `T`),
    or nothing when the resolver offers no candidate. Expected `user` / `none` calls are right only
    when nothing is offered (a statement-level guess on them is a wrong answer).
    """
    suggs = suggestions_by_call(results)
    rows = [json.loads(x) for x in checked.open(encoding="utf-8") if x.strip()]
    n_answered = n_answered_ok = n_api = n_api_ok = n_abst = n_abst_ok = n_missing = 0
    failures = []
    by_kind: dict[str, list[int]] = {}  # "source:guessed" / "confidence:low" -> [answered, right]
    for row in rows:
        sg = suggs.get((row["method_id"], row["call"], row["line"]))
        if sg is None:
            n_missing += 1
        top = first_answer(sg)
        exp = row["expected"]
        ok = is_right(exp, top)
        if exp in ("user", "none"):
            n_abst += 1
            n_abst_ok += ok
        else:
            n_api += 1
            n_api_ok += ok
        if top is not None:
            n_answered += 1
            n_answered_ok += ok
            for key in (
                f"source:{(sg or {}).get('receiver_source')}",
                f"confidence:{(sg or {}).get('confidence')}",
            ):
                by_kind.setdefault(key, [0, 0])
                by_kind[key][0] += 1
                by_kind[key][1] += ok
        if not ok:
            failures.append(
                {
                    "method_id": row["method_id"],
                    "call": row["call"][:80],
                    "expected": exp,
                    "top1": top,
                    "level": (sg or {}).get("level"),
                }
            )
    total_ok = n_api_ok + n_abst_ok
    return {
        "checked_calls": len(rows),
        "expected_api": n_api,
        "expected_user_or_none": n_abst,
        "top1_precision": round(n_answered_ok / max(1, n_answered), 3),
        "answered": n_answered,
        "api_top1_accuracy": round(n_api_ok / max(1, n_api), 3),
        "user_none_abstain_rate": round(n_abst_ok / max(1, n_abst), 3),
        "overall_accuracy": round(total_ok / max(1, len(rows)), 3),
        "not_found_in_results": n_missing,
        # answered calls and the right ones, per receiver source and per confidence shown to the user
        "answered_by": {k: {"answered": a, "right": r} for k, (a, r) in sorted(by_kind.items())},
        "failures": failures,
    }


def print_checked(c: dict, show_failures: bool) -> None:
    print(
        f"\nhand-checked calls {c['checked_calls']} ({c['expected_api']} expect a Cangjie API, "
        f"{c['expected_user_or_none']} expect user/none; {c['not_found_in_results']} without any suggestion entry, counted as no answer)"
    )
    print(f"  top-1 precision {c['top1_precision']:.1%} over {c['answered']} answered calls")
    print(
        f"  API calls: top-1 accuracy {c['api_top1_accuracy']:.1%}; user/none calls: "
        f"no suggestion {c['user_none_abstain_rate']:.1%}; overall {c['overall_accuracy']:.1%}"
    )
    parts = [
        f"{k.split(':', 1)[1]} {v['right']}/{v['answered']}" for k, v in c.get("answered_by", {}).items()
    ]
    if parts:
        print(f"  right / answered, by receiver source and confidence: {', '.join(parts)}")
    if show_failures:
        for f in c["failures"]:
            print(f"    expected {f['expected']:40s} top1 {f['top1']}  [{f['level']}]  {f['call']}")


def print_report(s: dict, wall: float | None) -> None:
    print(f"methods {s['methods']}, calls {s['calls']} ({s['calls_per_method']} per method)")
    if wall is not None:
        print(f"batch wall time {wall:.1f} s")
    print(f"ms per method: median {s['ms_median']}, p95 {s['ms_p95']}")
    print("\ncalls per kind of receiver:")
    for k, n in s["receiver_kinds"].items():
        print(f"  {k:10s} {n:6d}  {n / max(1, s['calls']):.1%}")
    print("  per repository:")
    for repo, c in s["receiver_kinds_per_repo"].items():
        print(f"    {repo:32s} " + ", ".join(f"{k} {n}" for k, n in c.items()))
    print("call kinds: " + ", ".join(f"{k} {n}" for k, n in s["call_kinds"].items()))
    print(
        f"\nJDK calls {s['jdk_calls']}: "
        + ", ".join(f"{k} {n}" for k, n in s["jdk_status"].items())
        + f"  (curated share {s['jdk_curated_share']:.1%})"
    )
    print("suggestions per receiver_source (answered with a library candidate):")
    for k, n in s["receiver_sources"].items():
        print(f"  {k:10s} {n:6d}  ({s['answered_per_receiver_source'].get(k, 0)} answered)")
    print(
        f"answered calls whose receiver type is a JDK class without that member (javap): "
        f"{s['wrong_member_answered']} ({s['wrong_member_answered_per_1000_methods']} per 1,000 methods)"
    )
    for sym, n in s["top_wrong_member_answered"][:10]:
        print(f"  {n:4d}  {sym}")
    print(
        f"extracted JDK calls whose type has no such member (javap): {s['wrong_member_calls']}"
        f" ({s['wrong_member_share_of_jdk']:.1%} of JDK calls)"
    )
    for title, key in (
        ("JDK types without a mapping", "top_unmapped_types"),
        ("members of unmapped JDK types", "top_unmapped_members"),
        ("members of mapped JDK types without a member mapping", "top_type_only_members"),
    ):
        print(f"\nmost frequent {title}:")
        for sym, n in s[key]:
            print(f"  {n:4d}  {sym}")
    print("\nmost frequent method names on receivers of unknown type:")
    print("  " + ", ".join(f"{m} {n}" for m, n in s["top_unknown_receiver_methods"]))
    print("\nmost frequent calls given a JDK type that lacks the member:")
    for sym, n, ex in s["top_wrong_member"]:
        print(f"  {n:4d}  {sym}    e.g. {ex}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--methods", type=Path, default=DEFAULT_METHODS)
    ap.add_argument("--results", type=Path, help="reuse an earlier `resolve --batch` output")
    ap.add_argument(
        "--out",
        type=Path,
        default=ROOT / ".cjkb" / "realworld_results.jsonl",
        help="where the resolver's batch output goes",
    )
    ap.add_argument("--cli", default=os.environ.get("CJKB_CLI", str(DEFAULT_CLI)))
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--no-javap", action="store_true")
    ap.add_argument(
        "--javap",
        action="append",
        help="javap executable(s) for the member check; several: a member of any of them counts "
        "(default: javap on PATH, JDK 17 here)",
    )
    ap.add_argument("--json", type=Path, help="also write the summary as JSON here")
    ap.add_argument(
        "--checked",
        type=Path,
        default=OUT_DIR / "checked_calls.jsonl",
        help="hand-checked truth set for top-1 precision (materialised; see realworld_materialise.py)",
    )
    ap.add_argument("--failures", action="store_true", help="list the hand-checked calls answered wrongly")
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="the fresh sample instead: fresh_methods.jsonl scored against fresh_calls.jsonl",
    )
    a = ap.parse_args(argv)
    if a.fresh:
        a.methods = DEFAULT_METHODS.with_name("fresh_methods.jsonl")
        a.checked = DEFAULT_METHODS.with_name("fresh_calls.jsonl")
        a.out = a.out.with_name("fresh_results.jsonl")
    problems = [not_materialised(a.methods, "java"), not_materialised(a.checked, "call")]
    if any(problems):
        print("\n".join(p for p in problems if p), file=sys.stderr)
        return 2
    wall = None
    results = a.results
    if results is None:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        wall = run_resolver(a.cli, a.methods, a.out)
        results = a.out
    s = analyse(a.methods, results, None if a.no_javap else make_javap(a.javap or ["javap"]), a.top)
    if wall is not None:
        s["batch_wall_s"] = round(wall, 2)
    print_report(s, wall)
    if a.checked:
        s["checked"] = score_checked(a.checked, results)
        print_checked(s["checked"], a.failures)
    if a.json:
        a.json.write_text(json.dumps(s, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
