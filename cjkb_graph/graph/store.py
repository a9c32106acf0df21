"""Save and load the graph: node-link JSON via orjson, written atomically, described by a manifest.

Beside ``graph.json`` (the interchange format: readable, stable across Python versions) a build
writes ``graph.marshal``, the same graph as networkx's own adjacency dicts with every repeated
string shared, in the stdlib ``marshal`` format. Loading it takes about a third of the time and
half the memory of rebuilding the graph from JSON (see benchmarks/startup.py). It is used only
when the manifest records its sha256, the file matches it, it was written by the same Python
minor version, and it names the ``graph.json`` the manifest names; otherwise the JSON is loaded.

``load_graph(..., read_only=True)`` (what ``KnowledgeBase.load``, ``Engine.load`` and every
``cjkb-graph`` command use) shares the edges' data: the 89k edges carry about 3.6k distinct
attribute dicts (most are ``{"kind": "uses"}`` and the like), so edges with equal data hold one
:class:`ReadOnlyDict`, and so do equal ``{key: data}`` dicts between two nodes. That saves about
30 MB. Shared data must not change, so those dicts refuse writes and the graph is frozen
(``nx.freeze``: adding or removing nodes and edges raises); node attribute dicts stay plain.
``G.copy()`` gives an ordinary, mutable graph.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import marshal
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import orjson

from .. import __version__
from ..config import Config
from ..errors import GraphNotBuilt
from .files import atomic_write, file_sha256, remove_stale_temps

__all__ = [
    "GRAPH_FAST_FILE",
    "GRAPH_FILE",
    "MANIFEST_FILE",
    "WARNINGS_FILE",
    "ReadOnlyDict",
    "graph_counts",
    "inputs_digest",
    "load_graph",
    "load_manifest",
    "save_graph",
    "save_manifest",
    "saved_file_hashes",
    "verify_saved_files",
]

GRAPH_FILE = "graph.json"
GRAPH_FAST_FILE = "graph.marshal"
# magic, then the Python minor version that wrote it (marshal's format may change between versions)
_FAST_MAGIC = b"CJKBGRAPH1 "
# node-link endpoint keys that cannot clash with edge attributes (maps_to edges carry `source`)
_SRC, _DST, _KEY = "_from", "_to", "_key"
MANIFEST_FILE = "manifest.json"
WARNINGS_FILE = "warnings.txt"


class ReadOnlyDict(dict[Any, Any]):
    """A dict that refuses writes: the edge data a read-only graph shares between many edges.

    Reading is a plain dict's (``get``, ``items``, ``dict(d)``, JSON); ``copy()``, ``copy.copy``,
    ``copy.deepcopy`` and pickling give plain dicts."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(
            "this graph was loaded read-only (its edges share attribute dicts); "
            "use G.copy() for a graph you can change"
        )

    __setitem__ = __delitem__ = __ior__ = _refuse
    update = pop = popitem = clear = setdefault = _refuse

    def __copy__(self) -> dict[Any, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Any, Any]:
        import copy

        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


def _share_edges(G: nx.MultiDiGraph) -> None:
    """Edges with equal data hold one ReadOnlyDict; equal ``{key: data}`` dicts too (see above)."""
    by_id: dict[int, ReadOnlyDict] = {}  # a dict already shared in the file: one lookup
    by_value: dict[tuple[Any, ...], ReadOnlyDict] = {}
    keep: list[Any] = []  # the originals stay alive until the end, so no id() is reused meanwhile

    def shared(d: dict[Any, Any], inner: bool) -> ReadOnlyDict:
        hit = by_id.get(id(d))
        if hit is not None:
            return hit
        items = {k: shared(v, False) for k, v in d.items()} if inner else d
        try:
            sig: tuple[Any, ...] | None = (inner, *((k, v if not inner else id(v)) for k, v in items.items()))
            hash(sig)
        except TypeError:  # a list or dict value: this edge keeps its own (read-only) copy
            sig = None
        ro = by_value.get(sig) if sig is not None else None
        if ro is None:
            ro = ReadOnlyDict(items)
            if sig is not None:
                by_value[sig] = ro
        by_id[id(d)] = ro
        keep.append(d)
        return ro

    succ, pred = G._succ, G._pred
    for u, nbrs in succ.items():
        for v, keydict in nbrs.items():
            ro = by_id.get(id(keydict))  # graph.marshal holds each distinct keydict once
            if ro is None:
                ro = shared(keydict, True)
            nbrs[v] = ro
            pred[v][u] = ro
    nx.freeze(G)


def inputs_digest(cfg: Config) -> tuple[str, dict[str, str]]:
    """Hash of every input file (docs, manual, Java tables, constructs, imported tables) plus the tool version."""
    files: dict[str, str] = {}
    for root in cfg.corpus_roots:
        if not root.exists():
            continue
        # the root by its real path: `../shared/x` from config.yaml and `/abs/shared/x` from
        # CJKB_CORPUS are the same inputs, not a reason to rebuild
        real = root.resolve()
        for p in sorted(root.rglob("*.md")):
            try:  # a folder named *.md, a dangling link, an unreadable file: the loader warns about it
                digest = hashlib.sha256(p.read_bytes()).hexdigest()
            except OSError as err:
                digest = f"unreadable:{err.errno}"
            files[f"corpus:{p.relative_to(root).as_posix()}@{real}"] = digest
    if cfg.java_tables.exists():
        for p in sorted(cfg.java_tables.rglob("*")):
            if p.is_file() and p.suffix in (".yaml", ".yml", ".json", ".jsonl"):
                files[f"java:{p.name}"] = hashlib.sha256(p.read_bytes()).hexdigest()
    manual = cfg.manual_path
    if manual is not None and manual.is_dir():
        for p in sorted(manual.rglob("*.md")):
            try:
                digest = hashlib.sha256(p.read_bytes()).hexdigest()
            except OSError as err:
                digest = f"unreadable:{err.errno}"
            files[f"manual:{p.relative_to(manual).as_posix()}@{manual.resolve()}"] = digest
    if cfg.constructs_path.is_file():
        files[f"constructs:{cfg.constructs_path.name}"] = hashlib.sha256(
            cfg.constructs_path.read_bytes()
        ).hexdigest()
    for name, root in _code_roots():  # the code that turns inputs into the graph is an input too
        for p in sorted(root.rglob("*")) if root.is_dir() else [root]:
            if p.suffix in (".py", ".json", ".yaml") and "__pycache__" not in p.parts:
                key = f"code:{name}/{p.relative_to(root).as_posix()}" if root.is_dir() else f"code:{name}"
                files[key] = hashlib.sha256(p.read_bytes()).hexdigest()
    for entry in cfg.imported_tables:
        p = Path(entry["path"])
        if p.exists():
            files[f"imported:{p}"] = hashlib.sha256(p.read_bytes()).hexdigest()
    h = hashlib.sha256(__version__.encode())
    for k in sorted(files):
        h.update(k.encode())
        h.update(files[k].encode())
    return h.hexdigest(), files


# the code that turns the inputs into the saved files: a change there makes the next build rebuild
_BUILD_CODE = ("graph", "text", "java", "cangjie", "search/index.py", "pipeline.py", "kinds.py")


def _code_roots() -> list[tuple[str, Path]]:
    """The loaders and the package's build code (not the CLI, the server or the resolver)."""
    import importlib.util

    pkg = Path(__file__).resolve().parent.parent
    roots = [(f"cjkb_graph/{part}", pkg / part) for part in _BUILD_CODE]
    spec = importlib.util.find_spec("loaders")
    if spec is not None and spec.submodule_search_locations:
        roots.append(("loaders", Path(next(iter(spec.submodule_search_locations)))))
    return roots


def graph_counts(G: nx.MultiDiGraph) -> dict[str, Any]:
    nodes = Counter(d.get("kind", "?") for _, d in G.nodes(data=True))
    edges = Counter(k for _, _, k in G.edges(keys=True))
    packages = Counter(
        d.get("module", "") for _, d in G.nodes(data=True) if d.get("kind") in ("type", "member", "function")
    )
    return {
        "nodes": dict(sorted(nodes.items())),
        "edges": dict(sorted(edges.items())),
        "packages": dict(sorted(packages.items())),
        "total_nodes": G.number_of_nodes(),
        "total_edges": G.number_of_edges(),
    }


def save_graph(G: nx.MultiDiGraph, data_dir: Path, warnings: list[str]) -> str:
    """Write the graph and its build warnings atomically; returns the graph file's sha256.

    Every file is replaced whole, and the search index and the manifest name this hash, so a save
    killed at any point leaves a loadable graph (a stale index is rebuilt in memory on mismatch).
    """
    G.graph.pop("sha256", None)
    raw = orjson.dumps(nx.node_link_data(G, edges="edges", source=_SRC, target=_DST, key=_KEY))
    atomic_write(data_dir / GRAPH_FILE, raw)
    sha = hashlib.sha256(raw).hexdigest()
    # the fast file is made from the JSON just written, read back: both files hold the same data by
    # construction (JSON turns tuples into lists and dict keys into strings; marshal would not)
    with _no_collection():
        payload = _fast_payload(_from_node_link(data_dir / GRAPH_FILE, raw), sha)
    atomic_write(data_dir / GRAPH_FAST_FILE, _fast_header() + marshal.dumps(payload))
    G.graph["sha256"] = sha
    atomic_write(data_dir / WARNINGS_FILE, ("\n".join(warnings) + "\n").encode("utf-8"))
    return sha


def _fast_header() -> bytes:
    return _FAST_MAGIC + f"{sys.version_info[0]}.{sys.version_info[1]}\n".encode()


def _fast_payload(G: nx.MultiDiGraph, json_sha: str) -> tuple[Any, ...]:
    """networkx's adjacency dicts, copied with one object per distinct string (ids, keys, short values).

    The order is the one a load of ``graph.json`` gives (nodes, then edges in ``G.edges`` order), so
    both files load into graphs that iterate alike. ``succ[u][v]`` and ``pred[v][u]`` are one dict,
    as in networkx; marshal keeps that sharing.
    """
    strings: dict[str, str] = {}

    def one(x: Any) -> Any:
        return strings.setdefault(x, x) if isinstance(x, str) and len(x) <= 200 else x

    def attrs(d: dict[str, Any]) -> dict[str, Any]:
        return {one(k): one(v) for k, v in d.items()}

    # equal edge data is one dict in the file (marshal keeps the sharing), so a read-only load makes
    # one object per distinct edge data; a mutable load copies them apart (see _load_fast)
    datas: dict[tuple[Any, ...], dict[str, Any]] = {}

    def edge_data(d: dict[str, Any]) -> dict[str, Any]:
        made = attrs(d)
        try:
            return datas.setdefault(tuple(made.items()), made)
        except TypeError:  # an unhashable value: not shared
            return made

    keydicts: dict[tuple[Any, ...], dict[str, Any]] = {}

    def keydict_of(kd: dict[str, Any]) -> dict[str, Any]:
        made = {one(k): edge_data(d) for k, d in kd.items()}
        return keydicts.setdefault(tuple((k, id(d)) for k, d in made.items()), made)

    nodes = {one(n): attrs(d) for n, d in G.nodes(data=True)}
    succ: dict[str, dict[str, Any]] = {one(n): {} for n in G}
    pred: dict[str, dict[str, Any]] = {one(n): {} for n in G}
    for u, nbrs in G.adjacency():
        for v, keydict in nbrs.items():
            shared = keydict_of(keydict)
            succ[one(u)][one(v)] = shared
            pred[one(v)][one(u)] = shared
    graph = {k: v for k, v in G.graph.items() if k != "sha256"}
    return (json_sha, graph, nodes, succ, pred)


def _load_fast(data_dir: Path, read_only: bool) -> nx.MultiDiGraph | None:
    """The graph from ``graph.marshal`` when it is the one the manifest vouches for, else None."""
    path = data_dir / GRAPH_FAST_FILE
    manifest = load_manifest(data_dir) if path.exists() else None
    want = ((manifest or {}).get("files") or {}).get(GRAPH_FAST_FILE)
    if not want:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    header = _fast_header()
    if not raw.startswith(header) or hashlib.sha256(raw).hexdigest() != want:
        return None
    try:
        with _no_collection():
            json_sha, graph, nodes, succ, pred = marshal.loads(memoryview(raw)[len(header) :])
    except (ValueError, EOFError, TypeError):
        return None
    if json_sha != (manifest or {}).get("graph_sha256"):
        return None
    if not read_only:  # every edge its own data dict, as add_edge makes them
        for u, nbrs in succ.items():
            for v, keydict in nbrs.items():
                own = {k: dict(d) for k, d in keydict.items()}
                nbrs[v] = own
                pred[v][u] = own
    G = nx.MultiDiGraph()
    G.graph.update(graph)
    G._node = nodes  # networkx's own storage: the dicts add_node/add_edge would have made
    G._adj = G._succ = succ
    G._pred = pred
    G.graph["sha256"] = json_sha
    return G


def save_manifest(data_dir: Path, manifest: dict[str, Any]) -> None:
    """The manifest is written last: it names the graph it describes."""
    atomic_write(data_dir / MANIFEST_FILE, orjson.dumps(manifest, option=orjson.OPT_INDENT_2))


def load_manifest(data_dir: Path) -> dict[str, Any] | None:
    path = data_dir / MANIFEST_FILE
    if not path.exists():
        return None
    try:
        result = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    return result if isinstance(result, dict) else None


SAVED_FILES = (
    GRAPH_FILE,
    GRAPH_FAST_FILE,
    WARNINGS_FILE,
    "search_index.npz",
    "search_index.json",
    "search_words.txt",
)


def saved_file_hashes(data_dir: Path) -> dict[str, str]:
    """sha256 of every file a build saved (recorded in the manifest under ``files``)."""
    return {name: file_sha256(data_dir / name) for name in SAVED_FILES if (data_dir / name).exists()}


def verify_saved_files(
    data_dir: Path, manifest: dict[str, Any] | None, names: tuple[str, ...] | None = None
) -> list[str]:
    """The saved files (all, or those in ``names``) whose sha256 differs from the manifest's record
    (missing counts as differing)."""
    want: dict[str, str] = (manifest or {}).get("files") or {}
    bad = []
    for name, sha in sorted(want.items()):
        if names is not None and name not in names:
            continue
        path = data_dir / name
        if not path.exists() or file_sha256(path) != sha:
            bad.append(name)
    return bad


def load_graph(data_dir: Path, read_only: bool = False) -> nx.MultiDiGraph:
    """Load the built graph; GraphNotBuilt with the command to run when there is none.

    ``read_only``: edges with equal data share one ReadOnlyDict and the graph is frozen (about
    30 MB less; see the module's docstring). The data read is the same either way."""
    remove_stale_temps(data_dir)  # a killed build's half-written files
    path = data_dir / GRAPH_FILE
    G = _load_fast(data_dir, read_only) if path.exists() else None
    if G is None:
        if not path.exists():
            raise GraphNotBuilt(
                f"no built graph in '{data_dir}': run `cjkb-graph build` (or pass --data-dir)"
            )
        raw = path.read_bytes()
        with _no_collection():
            G = _from_node_link(path, raw)
    if read_only:
        with _no_collection():
            _share_edges(G)
    return G


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """No garbage collection while a graph's million containers are made (a third of the load time)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _from_node_link(path: Path, raw: bytes) -> nx.MultiDiGraph:
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as err:
        raise GraphNotBuilt(
            f"graph file '{path}' is corrupt ({err}); run `cjkb-graph build --force`"
        ) from err
    G = nx.MultiDiGraph()
    try:
        G.add_nodes_from((n.pop("id"), n) for n in data["nodes"])
        G.add_edges_from((e.pop(_SRC), e.pop(_DST), e.pop(_KEY), e) for e in data["edges"])
        G.graph.update(data.get("graph") or {})
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise GraphNotBuilt(
            f"graph file '{path}' is not a cjkb-graph graph ({type(err).__name__}: {err}); "
            "run `cjkb-graph build --force`"
        ) from err
    G.graph["sha256"] = hashlib.sha256(raw).hexdigest()
    return G
