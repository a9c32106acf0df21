"""Write notebooks/explore_mapping_graph.ipynb (without outputs). Run: .venv/bin/python scripts/make_notebook.py"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cjkb_graph.graph.files import atomic_write

OUT = Path(__file__).resolve().parent.parent / "notebooks" / "explore_mapping_graph.ipynb"

NO_JAVA = "no Java mapping layer in this graph; rebuild after graph_data/java is populated"

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Exploring the cjkb-graph mapping graph

The Cangjie std/stdx API graph built from the official docs, plus the Java mapping layer
(`java_type` / `java_member` nodes joined to Cangjie nodes by `maps_to` edges).
The notebook finds the built graph the way the CLI does (`config.yaml`, `CJKB_DATA_DIR`);
build it first with `cjkb-graph build`.""",
    ),
    (
        "code",
        """%matplotlib inline
%config InlineBackend.figure_formats = ["png"]
from collections import Counter, defaultdict

import matplotlib.pyplot as plt
import networkx as nx

from cjkb_graph.config import load_config
from cjkb_graph.graph.kb import KnowledgeBase
from cjkb_graph.graph.store import graph_counts, load_manifest

cfg = load_config()
kb = KnowledgeBase.load(cfg=cfg)
G = kb.G
manifest = load_manifest(cfg.data_dir) or {}
print(f"graph: {cfg.data_dir}  (built {manifest.get('built_at', '?')})")
print(f"{G.number_of_nodes()} nodes, {G.number_of_edges()} edges")
KIND_COLOURS = {
    "module": "#8c564b", "type": "#1f77b4", "member": "#aec7e8", "function": "#17becf",
    "example": "#bcbd22", "java_type": "#d62728", "java_member": "#ff9896",
}
JAVA_TYPES = sorted(n for n, d in G.nodes(data=True) if d.get("kind") == "java_type")
JAVA_MEMBERS = sorted(n for n, d in G.nodes(data=True) if d.get("kind") == "java_member")
HAS_JAVA = bool(JAVA_TYPES)
if not HAS_JAVA:
    print("NO_JAVA")""".replace("NO_JAVA", NO_JAVA),
    ),
    ("md", "## Size per kind"),
    (
        "code",
        """counts = graph_counts(G)
for k, v in counts["nodes"].items():
    print(f"  node {k:<12}{v:>7}")
for k, v in counts["edges"].items():
    print(f"  edge {k:<12}{v:>7}")
fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 3.8))
nk = counts["nodes"]
a1.barh(list(nk), list(nk.values()), color=[KIND_COLOURS.get(k, "grey") for k in nk])
a1.set_title("nodes per kind")
a1.set_xscale("log")
ek = counts["edges"]
a2.barh(list(ek), list(ek.values()), color="#7f7f7f")
a2.set_title("edges per kind")
a2.set_xscale("log")
for ax, d in ((a1, nk), (a2, ek)):
    for i, v in enumerate(d.values()):
        ax.text(v, i, f" {v}", va="center", fontsize=8)
fig.tight_layout()
plt.show()""",
    ),
    (
        "md",
        """## A Java type's mapping neighbourhood

`java.util.HashMap` -> `maps_to` -> `std.collection.HashMap` -> its members (some with overloads)
and examples; the Java members and where each maps.""",
    ),
    (
        "code",
        """def pick_java_type(preferred="java.util.HashMap"):
    if preferred in G:
        return preferred
    mapped = [t for t in JAVA_TYPES if any(k == "maps_to" for _, _, k in G.out_edges(t, keys=True))]
    return mapped[0] if mapped else None


def out_by_kind(n, kind):
    return sorted(v for _, v, k in G.out_edges(n, keys=True) if k == kind)


def in_by_kind(n, kind):
    return sorted(u for u, _, k in G.in_edges(n, keys=True) if k == kind)


def mapping_neighbourhood(jt, max_members=10, max_examples=3):
    nodes = {jt}
    targets = out_by_kind(jt, "maps_to")
    nodes.update(targets)
    jmembers = in_by_kind(jt, "member_of")[:max_members]
    nodes.update(jmembers)
    for jm in jmembers:
        nodes.update(out_by_kind(jm, "maps_to")[:2])
    for t in targets:
        if G.nodes[t].get("kind") != "type":
            continue
        mapped_members = [n for n in nodes if G.nodes[n].get("owner") == t]
        extra = [m for m in in_by_kind(t, "member_of") if m not in nodes][: max(0, 4 - len(mapped_members))]
        nodes.update(extra)
        for m in list(mapped_members) + extra:
            nodes.update(out_by_kind(m, "overloads")[:2])
        nodes.update(kb.examples_for(t, limit=max_examples))
        mod = G.nodes[t].get("module")
        if mod in G:
            nodes.add(mod)
    return G.subgraph(nodes).copy()


def short(n):
    d = G.nodes[n]
    if d.get("kind") == "example":
        return "example " + n.rsplit("#", 1)[-1]
    if d.get("kind") in ("member", "java_member"):
        return n.split(".", n.count(".") - 1)[-1] if "(" not in n else n[n.rfind(".", 0, n.index("(")) + 1:]
    return n


def draw(H, title, center=None):
    fig, ax = plt.subplots(figsize=(13, 9))
    U = nx.Graph(H)
    pos = nx.spring_layout(U, seed=7, k=2.5 / max(1, U.number_of_nodes()) ** 0.5, iterations=300)
    colours = [KIND_COLOURS.get(H.nodes[n].get("kind"), "grey") for n in H]
    sizes = [900 if n == center else 300 for n in H]
    styles = {"maps_to": ("#d62728", 2.0), "member_of": ("#999999", 0.8), "overloads": ("#1f77b4", 0.8),
              "example_for": ("#bcbd22", 0.8), "inherits": ("#2ca02c", 1.5), "returns": ("#9467bd", 1.0)}
    for kind, (colour, width) in styles.items():
        es = [(u, v) for u, v, k in H.edges(keys=True) if k == kind]
        if es:
            nx.draw_networkx_edges(H, pos, edgelist=es, edge_color=colour, width=width, ax=ax, arrows=True,
                                   arrowsize=8, connectionstyle="arc3,rad=0.05")
            ax.plot([], [], color=colour, linewidth=width * 1.5, label=kind)
    nx.draw_networkx_nodes(H, pos, node_color=colours, node_size=sizes, ax=ax, edgecolors="white")
    nx.draw_networkx_labels(H, pos, labels={n: short(n) for n in H}, font_size=7, ax=ax)
    for kind, colour in KIND_COLOURS.items():
        if any(H.nodes[n].get("kind") == kind for n in H):
            ax.scatter([], [], c=colour, label=kind)
    ax.legend(loc="upper left", fontsize=8, ncols=2)
    ax.set_title(title)
    ax.axis("off")
    fig.tight_layout()
    plt.show()


JT = pick_java_type() if HAS_JAVA else None
if JT is None:
    print("NO_JAVA")
else:
    H = mapping_neighbourhood(JT)
    print(f"{JT}: {H.number_of_nodes()} nodes, {H.number_of_edges()} edges")
    for _, v, d in ((u, v, d) for u, v, k, d in G.out_edges(JT, keys=True, data=True) if k == "maps_to"):
        print(f"  maps_to {v} [{d.get('confidence')}] {d.get('note', '')[:100]}")
    draw(H, f"mapping neighbourhood of {JT}", center=JT)""".replace("NO_JAVA", NO_JAVA),
    ),
    (
        "md",
        """## Mapping coverage per Java package

For every Java member in the tables: is its best mapping `exact`, only `approximate`, or is
there none (`confidence: none`, or no `maps_to` edge)?""",
    ),
    (
        "code",
        """def best_confidence(jm):
    confs = {d.get("confidence") for _, _, k, d in G.out_edges(jm, keys=True, data=True) if k == "maps_to"}
    if "exact" in confs:
        return "exact"
    if "approximate" in confs:
        return "approximate"
    return "none"


if not HAS_JAVA:
    print("NO_JAVA")
else:
    cover = defaultdict(Counter)
    for jm in JAVA_MEMBERS:
        cover[G.nodes[jm].get("package", "?")][best_confidence(jm)] += 1
    pkgs = sorted(cover, key=lambda p: sum(cover[p].values()))
    fig, ax = plt.subplots(figsize=(10, 0.35 * len(pkgs) + 1.5))
    left = [0] * len(pkgs)
    for conf, colour in (("exact", "#2ca02c"), ("approximate", "#ff7f0e"), ("none", "#d62728")):
        vals = [cover[p][conf] for p in pkgs]
        ax.barh(pkgs, vals, left=left, color=colour, label=conf)
        left = [a + b for a, b in zip(left, vals)]
    ax.set_xlabel("Java members")
    ax.set_title("mapping coverage per Java package (best maps_to confidence)")
    ax.legend()
    fig.tight_layout()
    plt.show()
    for p in reversed(pkgs):
        c = cover[p]
        total = sum(c.values())
        print(f"  {p:<30}{total:>5}  exact {c['exact'] / total:6.1%}  approx {c['approximate'] / total:6.1%}"
              f"  none {c['none'] / total:6.1%}")""".replace("NO_JAVA", NO_JAVA),
    ),
    ("md", "## Java members with no mapping, or only `approximate` ones"),
    (
        "code",
        """if not HAS_JAVA:
    print("NO_JAVA")
else:
    by_conf = defaultdict(list)
    for jm in JAVA_MEMBERS:
        by_conf[best_confidence(jm)].append(jm)
    for conf in ("none", "approximate"):
        rows = by_conf[conf]
        print(f"{conf}: {len(rows)} Java members")
        for jm in rows[:25]:
            note = (G.nodes[jm].get("note") or "").replace("\\n", " ")
            targets = ", ".join(out_by_kind(jm, "maps_to")[:2])
            print(f"  {jm:<48} {('-> ' + targets) if targets else '':<50} {note[:90]}")
        if len(rows) > 25:
            print(f"  ... {len(rows) - 25} more")""".replace("NO_JAVA", NO_JAVA),
    ),
    ("md", "## Packages whose APIs have no example"),
    (
        "code",
        """API = {"type", "member", "function"}
per_pkg = defaultdict(lambda: [0, 0])  # package -> [APIs, APIs with an example]
for n, d in G.nodes(data=True):
    if d.get("kind") in API:
        per_pkg[d.get("module", "?")][0] += 1
        if any(k == "example_for" for _, _, k in G.in_edges(n, keys=True)):
            per_pkg[d.get("module", "?")][1] += 1
no_example = sorted(p for p, (n, e) in per_pkg.items() if e == 0)
print(f"{len(no_example)} of {len(per_pkg)} packages have no example for any API:")
for p in no_example:
    print(f"  {p} ({per_pkg[p][0]} APIs)")
ranked = sorted(per_pkg, key=lambda p: per_pkg[p][1] / per_pkg[p][0])[:25]
fig, ax = plt.subplots(figsize=(9, 7))
ax.barh(ranked, [100 * per_pkg[p][1] / per_pkg[p][0] for p in ranked], color="#bcbd22")
ax.set_xlabel("% of the package's APIs with at least one example")
ax.set_title("the 25 packages with the least example coverage")
fig.tight_layout()
plt.show()""",
    ),
    (
        "md",
        """## Following `inherits` and `returns` edges

Supertypes of `std.collection.HashMap` (and of its Java counterpart), and what its members
return: the types one can reach from a HashMap in one or two `returns` hops.""",
    ),
    (
        "code",
        """start = "std.collection.HashMap" if "std.collection.HashMap" in G else next(
    n for n, d in G.nodes(data=True) if d.get("kind") == "type")
print(f"supertypes of {start}: {kb.supertypes(start)}")
if JT:
    print(f"supertypes of {JT}: {kb.supertypes(JT)}")
returns = Counter()
for m in kb.members_of(start):
    for t in out_by_kind(m, "returns"):
        returns[t] += 1
print(f"members of {start} return: " + ", ".join(f"{t} ({c})" for t, c in returns.most_common(10)))
two_hops = set()
for t in returns:
    for m in kb.members_of(t):
        two_hops.update(out_by_kind(m, "returns"))
print(f"{len(two_hops)} types reachable in two returns hops")

T = nx.MultiDiGraph()
for node in [start, *([JT] if JT else [])]:
    frontier = [node]
    while frontier:
        n = frontier.pop()
        for v in out_by_kind(n, "inherits"):
            if not T.has_edge(n, v, "inherits"):
                T.add_edge(n, v, key="inherits")
                frontier.append(v)
if JT:
    T.add_edge(JT, start, key="maps_to")
for t, _ in returns.most_common(6):
    T.add_edge(start, t, key="returns")
for n in T:
    T.nodes[n].update(G.nodes[n])
draw(T, f"inherits (green), returns (purple) and maps_to (red) around {start}", center=start)""",
    ),
    ("md", "## Exporting a neighbourhood to GraphML (for Gephi / yEd)"),
    (
        "code",
        """import tempfile
from pathlib import Path

from cjkb_graph.graph.export import flatten_for_graphml, neighbourhood, write_graphml

center = JT or start
nodes = neighbourhood(G, center, 1)
out = Path(tempfile.mkdtemp()) / "neighbourhood.graphml"
H = flatten_for_graphml(G, nodes)
write_graphml(H, out)
R = nx.read_graphml(out, force_multigraph=True)
print(f"wrote {out} ({out.stat().st_size} bytes): {R.number_of_nodes()} nodes, {R.number_of_edges()} edges")
assert (R.number_of_nodes(), R.number_of_edges()) == (H.number_of_nodes(), H.number_of_edges())
print("node kinds:", dict(Counter(d["kind"] for _, d in R.nodes(data=True))))
print("same as: cjkb-graph export --format graphml --around", center, "--depth 1 --out FILE")""",
    ),
]


def main() -> None:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in CELLS]
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i:02d}"
    nbformat.validate(nb)
    text = nbformat.writes(nb)
    atomic_write(OUT, (text if text.endswith("\n") else text + "\n").encode("utf-8"))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
