"""Regenerate (or check) the output shown under README.md's "### Example": the commands are run for real.

    python scripts/readme_examples.py          # rewrite the block in README.md (atomically)
    python scripts/readme_examples.py --check [--data-dir DIR]  # exit 1 when the README shows other output

Lines longer than WIDTH characters are cut and end with " ..." (the README says so).
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
HEADING = "### Example\n"
END = "(Long lines are cut with ` ...` here."
WIDTH = 100
COMMANDS = [
    ("cjkb-graph java2cj java.util.HashMap.put", None),
    (
        "cjkb-graph resolve - --top-k 2",
        "Map<String,Integer> m = new HashMap<>(); m.put(w, m.getOrDefault(w, 0) + 1);",
    ),
]


def _cut(line: str) -> str:
    return line if len(line) <= WIDTH else line[:WIDTH].rstrip() + " ..."


def render(data_dir: str | None = None) -> str:
    out: list[str] = []
    for cmd, stdin in COMMANDS:
        shown = f"echo {shlex.quote(stdin)} | {cmd}" if stdin is not None else cmd
        args = [sys.executable, "-m", "cjkb_graph.cli", *shlex.split(cmd)[1:]]
        if data_dir:
            args += ["--data-dir", data_dir]
        proc = subprocess.run(args, input=stdin, capture_output=True, text=True, cwd=REPO, check=True)
        out.append(f"    $ {shown}")
        out.extend(f"    {_cut(line)}" if line else "" for line in proc.stdout.rstrip("\n").splitlines())
        out.append("")
    return "\n".join(out) + "\n"


def current(text: str) -> tuple[int, int]:
    start = text.index(HEADING) + len(HEADING) + 1  # the blank line after the heading
    return start, text.index(END, start)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--data-dir", help="the built graph to run the commands on (default: the configured one)")
    ns = ap.parse_args()
    text = README.read_text(encoding="utf-8")
    start, end = current(text)
    block = render(ns.data_dir)
    if ns.check:
        if text[start:end] != block:
            print("README.md's example output is stale: run python scripts/readme_examples.py")
            return 1
        return 0
    sys.path.insert(0, str(REPO))
    from cjkb_graph.graph.files import atomic_write

    atomic_write(README, (text[:start] + block + text[end:]).encode("utf-8"))
    print("README.md example block regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
