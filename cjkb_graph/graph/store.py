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

A read-only load also leaves the long texts on disk: examples' code, the manual's section text
and every API, example and manual node's ``source`` lines (``LAZY_ATTRS``, about 15 MB) are kept
in ``graph_text.marshal``, one record per node, and read when asked for (``node_attrs``,
``node_attr``, ``KnowledgeBase.node``/``attr``/``node_view``), with the other attributes in the
order the node had them. That file is in the manifest and checked like the others; when it does
not match, the graph is loaded from ``graph.json`` with every attribute in the node dicts.
``load_graph(data_dir)`` (not read-only) gives every attribute in the node dicts, as before.
"""

from __future__ import annotations

import bisect
import contextlib
import gc
import hashlib
import logging
import marshal
import os
import struct
import sys
import weakref
from array import array
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
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
    "GRAPH_TEXT_FILE",
    "LAZY_ATTRS",
    "MANIFEST_FILE",
    "WARNINGS_FILE",
    "ReadOnlyDict",
    "graph_counts",
    "inputs_digest",
    "java_table_hashes",
    "load_graph",
    "load_manifest",
    "node_attr",
    "node_attrs",
    "save_graph",
    "save_manifest",
    "saved_file_hashes",
    "stale_java_tables",
    "verify_saved_files",
    "warn_stale_tables",
]

GRAPH_FILE = "graph.json"
GRAPH_FAST_FILE = "graph.marshal"
# the long texts a read-only load leaves on disk (see the module's docstring)
GRAPH_TEXT_FILE = "graph_text.marshal"
_TEXT_MAGIC = b"CJKBTEXT1 "
LAZY_ATTRS = frozenset(
    {"code", "code_en", "text_en", "text_zh", "source", "source_en", "source_zh", "description_en",
     "description_zh", "keywords", "tasks"}
)  # fmt: skip
# nodes whose texts stay in memory: the resolver and the Java mapping read their notes and sources
# (their `keywords`, read only to build the search index, are left on disk too)
_EAGER_KINDS = frozenset({"java_type", "java_member", "java_construct"})
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


def _lazy(kind: Any, key: str) -> bool:
    return key in LAZY_ATTRS and (kind not in _EAGER_KINDS or key == "keywords")


def _text_records(nodes: dict[str, dict[str, Any]]) -> dict[str, tuple[tuple[int, str, Any], ...]]:
    """Per node, its lazy attributes as (position among the node's attributes, name, value)."""
    out: dict[str, tuple[tuple[int, str, Any], ...]] = {}
    for n, d in nodes.items():
        kind = d.get("kind")
        rec = tuple((i, k, v) for i, (k, v) in enumerate(d.items()) if _lazy(kind, k))
        if rec:
            out[n] = rec
    return out


def _text_file_bytes(records: dict[str, tuple[tuple[int, str, Any], ...]], json_sha: str) -> bytes:
    """Header, the index (length-prefixed: node ids sorted, offsets), then one marshal per node."""
    ids = sorted(records)
    blobs = [marshal.dumps(records[n]) for n in ids]
    offsets = [0]
    for b in blobs:
        offsets.append(offsets[-1] + len(b))
    index = marshal.dumps((json_sha, tuple(ids), struct.pack(f"<{len(offsets)}Q", *offsets)))
    return _text_header() + struct.pack("<Q", len(index)) + index + b"".join(blobs)


def _text_header() -> bytes:
    return _TEXT_MAGIC + f"{sys.version_info[0]}.{sys.version_info[1]}\n".encode()


class TextStore:
    """The lazy attributes of a read-only graph, read from ``graph_text.marshal`` with ``pread``
    (the file stays open: a build replaces it by renaming, so this handle keeps its own version)."""

    def __init__(self, fd: int, data_start: int, ids: list[str], offsets: tuple[int, ...]):
        self._ids = ids
        offs = array("Q", offsets)  # 8 bytes each, not an int object each

        def read(n: str) -> tuple[tuple[int, str, Any], ...]:  # no reference to self: no cycle
            i = bisect.bisect_left(ids, n)
            if i == len(ids) or ids[i] != n:
                return ()
            a, b = offs[i], offs[i + 1]
            rec: tuple[tuple[int, str, Any], ...] = marshal.loads(os.pread(fd, b - a, data_start + a))
            return rec

        self._read = read
        self.record = lru_cache(maxsize=2048)(read)
        weakref.finalize(self, os.close, fd)

    @classmethod
    def open(cls, path: Path, want_sha: str | None, json_sha: str, same: dict[str, str]) -> TextStore | None:
        """The store when the file is the one the manifest vouches for (sha256) and pairs with
        this graph; else None. ``same``: the graph's own node-id strings, to share them."""
        if not want_sha:
            return None
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return None
        try:
            h = hashlib.sha256()
            with os.fdopen(os.dup(fd), "rb") as fh:  # the very file this handle reads later
                for block in iter(lambda: fh.read(1 << 20), b""):
                    h.update(block)
            header = _text_header()
            head = os.pread(fd, len(header) + 8, 0)
            if h.hexdigest() != want_sha or not head.startswith(header):
                raise ValueError("not the file the manifest names")
            (size,) = struct.unpack("<Q", head[len(header) :])
            sha, ids, packed = marshal.loads(os.pread(fd, size, len(header) + 8))
            if sha != json_sha:
                raise ValueError("another graph's texts")
            offsets = struct.unpack(f"<{len(ids) + 1}Q", packed)
        except (OSError, ValueError, EOFError, TypeError, struct.error):
            os.close(fd)
            return None
        return cls(fd, len(header) + 8 + size, [same.get(n, n) for n in ids], offsets)

    def __contains__(self, n: str) -> bool:
        i = bisect.bisect_left(self._ids, n)
        return i < len(self._ids) and self._ids[i] == n

    def merged(self, n: str, d: dict[str, Any]) -> dict[str, Any]:
        """A new dict: ``d`` with the node's lazy attributes back in their places."""
        return _merge(d, self.record(n))

    def all_records(self) -> Iterator[tuple[str, tuple[tuple[int, str, Any], ...]]]:
        for n in self._ids:
            yield n, self._read(n)


def _merge(d: dict[str, Any], rec: tuple[tuple[int, str, Any], ...]) -> dict[str, Any]:
    items = list(d.items())
    for pos, k, v in rec:  # ascending positions: each goes back where it was
        items.insert(pos, (k, v))
    return dict(items)


# the read-only graphs whose lazy attributes are on disk (a graph is not hashable by value)
_TEXTS: weakref.WeakKeyDictionary[nx.MultiDiGraph, TextStore] = weakref.WeakKeyDictionary()


def node_attrs(G: nx.MultiDiGraph, n: str) -> dict[str, Any]:
    """Every attribute of node ``n`` in a new dict (a read-only graph's lazy ones read back)."""
    store = _TEXTS.get(G)
    d = G.nodes[n]
    return store.merged(n, d) if store is not None else dict(d)


def node_attr(G: nx.MultiDiGraph, n: str, key: str, default: Any = None) -> Any:
    """One attribute of node ``n`` (a lazy one read from disk on a read-only graph)."""
    d = G.nodes[n]
    if key in d:
        return d[key]
    store = _TEXTS.get(G)
    if store is not None and key in LAZY_ATTRS:
        for _, k, v in store.record(n):
            if k == key:
                return v
    return default


def hydrate(G: nx.MultiDiGraph) -> None:
    """Put a read-only graph's lazy attributes back into its node dicts (for code that walks every
    node's text, such as rebuilding the search index in memory)."""
    store = _TEXTS.pop(G, None)
    if store is None:
        return
    for n, rec in store.all_records():
        d = G._node[n]
        full = _merge(d, rec)
        d.clear()  # the same dict object, every attribute in its stored place
        d.update(full)


def java_table_hashes(cfg: Config) -> dict[str, str]:
    """The Java mapping tables' hashes, keyed as ``inputs_digest`` keys them (``java:<name>``)."""
    files: dict[str, str] = {}
    if cfg.java_tables.exists():
        for p in sorted(cfg.java_tables.rglob("*")):
            if p.is_file() and p.suffix in (".yaml", ".yml", ".json", ".jsonl"):
                files[f"java:{p.name}"] = hashlib.sha256(p.read_bytes()).hexdigest()
    return files


def stale_java_tables(cfg: Config, manifest: dict[str, Any] | None) -> list[str]:
    """The Java tables changed, added or removed since the graph in ``cfg.data_dir`` was built.

    Cheap (a few dozen small files, not the docs): a loaded engine checks it, so that answers from a
    graph built before a table edit say so. Empty when there is no manifest or it records no hashes."""
    recorded = (manifest or {}).get("input_hashes")
    if not isinstance(recorded, dict):  # no graph, or built by a version that kept no hashes
        return []
    old = {k: v for k, v in recorded.items() if k.startswith("java:")}
    now = java_table_hashes(cfg)
    return sorted(k.removeprefix("java:") for k in old.keys() | now.keys() if old.get(k) != now.get(k))


def warn_stale_tables(cfg: Config) -> list[str]:
    """Log a warning (stderr: stdout may be a protocol) when the Java tables changed since the build."""
    stale = stale_java_tables(cfg, load_manifest(cfg.data_dir))
    if stale:
        shown = ", ".join(stale[:3]) + (", ..." if len(stale) > 3 else "")
        logging.getLogger("cjkb_graph").warning(
            "the graph in %s was built before %d Java table(s) changed (%s); answers follow the old "
            "tables until you run: cjkb-graph build --data-dir %s",
            cfg.data_dir,
            len(stale),
            shown,
            cfg.data_dir,
        )
    return stale


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
    files.update(java_table_hashes(cfg))
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
    if cfg.tasks_path.is_dir():
        for p in sorted(cfg.tasks_path.glob("*.y*ml")):
            files[f"tasks:{p.name}"] = hashlib.sha256(p.read_bytes()).hexdigest()
    if cfg.synonyms_path.is_file():
        files[f"synonyms:{cfg.synonyms_path.name}"] = hashlib.sha256(
            cfg.synonyms_path.read_bytes()
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
        back = _from_node_link(data_dir / GRAPH_FILE, raw)
        atomic_write(data_dir / GRAPH_TEXT_FILE, _text_file_bytes(_text_records(back._node), sha))
        payload = _fast_payload(back, sha)
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

    def node_attrs_kept(d: dict[str, Any]) -> dict[str, Any]:  # the lazy ones are in graph_text.marshal
        kind = d.get("kind")
        return {one(k): one(v) for k, v in d.items() if not _lazy(kind, k)}

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

    nodes = {one(n): node_attrs_kept(d) for n, d in G.nodes(data=True)}
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
    files = (manifest or {}).get("files") or {}
    texts = TextStore.open(
        data_dir / GRAPH_TEXT_FILE, files.get(GRAPH_TEXT_FILE), json_sha, {n: n for n in nodes}
    )
    if texts is None:  # missing, torn or another graph's: graph.json has every attribute
        return None
    if not read_only:  # every edge its own data dict, as add_edge makes them
        for n, rec in texts.all_records():
            nodes[n] = _merge(nodes[n], rec)
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
    if read_only:
        _TEXTS[G] = texts
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
    GRAPH_TEXT_FILE,
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
