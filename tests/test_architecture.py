"""The layering of the package: no import cycle, imports point down, modules stay small."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

REPO = Path(__file__).resolve().parent.parent
ROOTS = ("cjkb_graph", "loaders")
MAX_LINES = 800

# Lower layers first. A module may import its own layer and the layers before it, never a later one.
LAYERS: list[tuple[str, ...]] = [
    ("cjkb_graph", "cjkb_graph.errors", "cjkb_graph.kinds", "cjkb_graph.limits", "cjkb_graph.cache",
     "cjkb_graph.config", "cjkb_graph.models", "cjkb_graph.detail"),
    ("cjkb_graph.text", "cjkb_graph.java"),
    ("cjkb_graph.graph",),
    ("cjkb_graph.search",),
    ("cjkb_graph.resolve", "cjkb_graph.lookup", "cjkb_graph.navigate", "cjkb_graph.cangjie"),
    ("cjkb_graph.engine", "cjkb_graph.pipeline", "cjkb_graph.doctor"),
    ("cjkb_graph.cli", "cjkb_graph.mcp_server"),
]  # fmt: skip
# Only these read the docs and tables through the loaders.
LOADER_USERS = ("cjkb_graph.graph", "cjkb_graph.pipeline", "cjkb_graph.doctor")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for root in ROOTS for p in sorted((REPO / root).rglob("*.py"))}


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module an import names (its longest existing prefix), or None for third parties."""
    parts = name.split(".")
    while parts:
        cand = ".".join(parts)
        if cand in modules:
            return cand
        parts.pop()
    return None


def _imports(mod: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every project module ``mod`` imports, at any depth (functions and TYPE_CHECKING blocks too)."""
    is_pkg = path.name == "__init__.py"
    package = mod if is_pkg else mod.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join([*base, node.module] if node.module else base)
            else:
                prefix = node.module or ""
            names = [prefix] + [f"{prefix}.{a.name}" for a in node.names]
        for n in names:
            target = _resolve(n, modules)
            if target is not None and target != mod:
                out.add(target)
    return out


def _layer(mod: str) -> int:
    best, best_len = -1, -1
    for i, prefixes in enumerate(LAYERS):
        for p in prefixes:
            if (mod == p or mod.startswith(p + ".")) and len(p) > best_len:
                best, best_len = i, len(p)
    return best


@pytest.fixture(scope="module")
def import_graph() -> nx.DiGraph:
    modules = _modules()
    G = nx.DiGraph()
    for mod, path in modules.items():
        G.add_node(mod)
        for target in _imports(mod, path, modules):
            G.add_edge(mod, target)
    return G


def test_the_import_walk_sees_function_level_and_relative_imports(import_graph: nx.DiGraph) -> None:
    # known edges of each kind, so that a broken walk cannot pass the tests below by seeing nothing
    assert import_graph.has_edge("cjkb_graph.engine", "cjkb_graph.resolve.resolver")  # relative, top level
    assert import_graph.has_edge("cjkb_graph.cli.serve", "cjkb_graph.mcp_server")  # inside a function
    assert import_graph.has_edge("cjkb_graph.graph.build", "loaders.cangjie_docs")  # absolute
    assert import_graph.number_of_nodes() >= 40


def test_no_import_cycle(import_graph: nx.DiGraph) -> None:
    cycles = list(nx.simple_cycles(import_graph))
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join([*c, c[0]]) for c in cycles[:5])


def test_every_module_has_a_layer(import_graph: nx.DiGraph) -> None:
    unplaced = [m for m in import_graph if m.startswith("cjkb_graph") and _layer(m) < 0]
    assert unplaced == [], f"add these modules to LAYERS: {unplaced}"


def test_imports_point_down(import_graph: nx.DiGraph) -> None:
    upward = [
        f"{u} (layer {_layer(u)}) imports {v} (layer {_layer(v)})"
        for u, v in import_graph.edges
        if u.startswith("cjkb_graph") and v.startswith("cjkb_graph") and _layer(v) > _layer(u)
    ]
    assert upward == []


def test_only_the_build_reads_through_the_loaders(import_graph: nx.DiGraph) -> None:
    users = sorted(
        u
        for u, v in import_graph.edges
        if v.startswith("loaders") and u.startswith("cjkb_graph") and not u.startswith(LOADER_USERS)
    )
    assert users == []
    assert not any(v.startswith("cjkb_graph") for u, v in import_graph.edges if u.startswith("loaders"))


def test_no_module_over_800_lines() -> None:
    long = {
        m: n
        for m, p in _modules().items()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_parameter_typed_any_for_the_graph_or_engine() -> None:
    bad = []
    for m, p in _modules().items():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for a in [*node.args.args, *node.args.kwonlyargs]:
                    if (
                        a.arg in ("kb", "engine")
                        and isinstance(a.annotation, ast.Name)
                        and a.annotation.id == "Any"
                    ):
                        bad.append(f"{m}.{node.name}({a.arg})")
    assert bad == []
