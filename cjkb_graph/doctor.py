"""Installation checks for ``cjkb-graph doctor``: each check says what is wrong and how to fix it."""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from typing import Any

import networkx as nx

from .config import Config
from .kinds import EdgeKind, NodeKind

__all__ = ["REQUIRED_MODULES", "Check", "run_checks"]

# import name -> distribution name (what to pip install)
REQUIRED_MODULES: dict[str, str] = {
    "networkx": "networkx",
    "orjson": "orjson",
    "yaml": "pyyaml",
    "rank_bm25": "rank-bm25",
    "javalang": "javalang",
    "openai": "openai",
    "mcp": "mcp",
}

_LLM_PROBE_TIMEOUT_S = 3.0


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _check_python() -> Check:
    missing: list[str] = []
    for mod, dist in REQUIRED_MODULES.items():
        try:
            importlib.import_module(mod)
        except Exception as err:  # any import failure (missing, broken install) counts
            missing.append(f"{mod} ({dist}: {type(err).__name__}: {err})")
    version = ".".join(map(str, sys.version_info[:3]))
    if missing:
        return Check(
            "python",
            False,
            f"Python {version}; cannot import: {'; '.join(missing)}",
            f"{sys.executable} -m pip install -e .  (from the project folder)",
        )
    return Check("python", True, f"Python {version}; {len(REQUIRED_MODULES)} dependencies importable")


def _check_corpus(cfg: Config) -> Check:
    from loaders.cangjie_docs import CorpusError, discover_trees

    fix = (
        "point CJKB_CORPUS (roots joined by ':'), config.yaml corpus.roots or `build --corpus DIR` at the "
        "Cangjie API docs (the `doc` folders of the official Cangjie runtime repo and of cangjie_stdx)"
    )
    if not cfg.corpus_roots:
        return Check("corpus", False, "no corpus root configured", fix)
    try:
        trees = discover_trees(cfg.corpus_roots)
    except CorpusError as err:
        return Check("corpus", False, str(err).split(". Point")[0], fix)
    n_md = sum(1 for t in trees for _ in t.path.rglob("*.md"))
    if n_md == 0:
        return Check("corpus", False, "the corpus trees hold no Markdown files", fix)
    labels = ", ".join(t.label for t in trees)
    roots = ", ".join(str(r) for r in cfg.corpus_roots)
    return Check("corpus", True, f"{roots}: trees {labels}; {n_md} doc files")


def _load(cfg: Config) -> tuple[nx.MultiDiGraph | None, dict[str, Any] | None, str]:
    from .errors import GraphNotBuilt
    from .graph.store import load_graph, load_manifest

    try:
        G = load_graph(cfg.data_dir)
    except GraphNotBuilt as err:
        return None, load_manifest(cfg.data_dir), str(err)
    except (OSError, KeyError, TypeError, ValueError) as err:
        return None, load_manifest(cfg.data_dir), f"graph in '{cfg.data_dir}' cannot be loaded: {err}"
    return G, load_manifest(cfg.data_dir), ""


def _check_graph(cfg: Config, G: nx.MultiDiGraph | None, manifest: dict[str, Any] | None, why: str) -> Check:
    from .graph.store import GRAPH_FILE

    fix = f"cjkb-graph build --force --data-dir {cfg.data_dir}"
    if G is None:
        return Check("graph", False, why, fix)
    if G.number_of_nodes() == 0:
        return Check("graph", False, f"graph in '{cfg.data_dir}' has no nodes", fix)
    if manifest is None:
        return Check("graph", False, f"graph in '{cfg.data_dir}' has no readable manifest.json", fix)
    want = manifest.get("graph_sha256")
    if want:
        have = hashlib.sha256((cfg.data_dir / GRAPH_FILE).read_bytes()).hexdigest()
        if have != want:
            return Check(
                "graph",
                False,
                f"graph.json in '{cfg.data_dir}' does not match its manifest (an interrupted build?)",
                fix,
            )
    from .graph.store import verify_saved_files

    bad = verify_saved_files(cfg.data_dir, manifest)
    if bad:
        return Check(
            "graph",
            False,
            f"{', '.join(bad)} in '{cfg.data_dir}' do(es) not match the sha256 in the manifest "
            "(truncated or changed after the build)",
            fix,
        )
    if not manifest.get("files"):
        return Check("graph", False, "the manifest records no file hashes (built by an older version)", fix)
    counts = manifest.get("counts") or {}
    if counts.get("total_nodes") not in (None, G.number_of_nodes()):
        return Check(
            "graph",
            False,
            f"manifest says {counts['total_nodes']} nodes but graph.json holds {G.number_of_nodes()}",
            fix,
        )
    return Check(
        "graph",
        True,
        f"{cfg.data_dir}: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges, built "
        f"{manifest.get('built_at', '?')}",
    )


def _check_fresh(cfg: Config, manifest: dict[str, Any] | None) -> Check:
    from .graph.store import inputs_digest

    fix = f"cjkb-graph build --data-dir {cfg.data_dir}"
    if manifest is None:
        return Check("fresh", False, "no manifest: the graph was never built here", fix)
    digest, files = inputs_digest(cfg)
    if manifest.get("inputs_digest") == digest:
        return Check("fresh", True, f"inputs unchanged since the build ({len(files)} files)")
    old: dict[str, str] = manifest.get("input_hashes") or {}
    changed = sorted(k for k in files.keys() & old.keys() if files[k] != old[k])
    added = sorted(files.keys() - old.keys())
    removed = sorted(old.keys() - files.keys())
    parts = []
    for label, keys in (("changed", changed), ("new", added), ("removed", removed)):
        if keys:
            shown = ", ".join(k.split("@")[0] for k in keys[:3])
            parts.append(f"{len(keys)} {label} ({shown}{', ...' if len(keys) > 3 else ''})")
    if not parts and manifest.get("tool_version"):
        parts.append(f"tool version or corpus roots differ (built by {manifest.get('tool_version')})")
    return Check("fresh", False, "graph is stale: inputs " + "; ".join(parts), fix)


def _check_unparsed(cfg: Config, manifest: dict[str, Any] | None) -> Check:
    if manifest is None:
        return Check("unparsed", False, "no manifest", f"cjkb-graph build --data-dir {cfg.data_dir}")
    n = int(manifest.get("unparsed") or 0)
    if n == 0:
        return Check("unparsed", True, f"every API heading parsed ({manifest.get('warnings', 0)} warnings)")
    sample: list[str] = []
    wpath = cfg.data_dir / "warnings.txt"
    if wpath.exists():
        sample = [w for w in wpath.read_text("utf-8", errors="replace").splitlines() if "unparsable" in w][:3]
    return Check(
        "unparsed",
        False,
        f"{n} API headings could not be parsed: " + "; ".join(sample),
        f"see {wpath}; fix the doc heading or teach loaders/cangjie_docs.py parse_heading the form",
    )


def _has_tables(cfg: Config) -> bool:
    if cfg.imported_tables:
        return True
    d = cfg.java_tables
    return d.is_dir() and any(p.suffix in (".yaml", ".yml") for p in d.iterdir())


def _expects_mapping(d: dict[str, Any]) -> bool:
    """A java_member maps somewhere unless its confidence is 'none'; a java_type only when it has one."""
    conf = d.get("confidence") or ""
    if d.get("kind") == NodeKind.JAVA_MEMBER.value:
        return conf != "none"
    return conf in ("exact", "approximate")


def _check_mapping(cfg: Config, G: nx.MultiDiGraph | None) -> Check:
    fix_build = f"cjkb-graph build --force --data-dir {cfg.data_dir}"
    if G is None:
        return Check("java_mapping", False, "graph not loaded", fix_build)
    jkinds = {NodeKind.JAVA_TYPE.value, NodeKind.JAVA_MEMBER.value}
    java = [n for n, d in G.nodes(data=True) if d.get("kind") in jkinds]
    if not java:
        if _has_tables(cfg):
            return Check(
                "java_mapping",
                False,
                f"Java tables exist in '{cfg.java_tables}' but the graph has no Java mapping layer",
                fix_build,
            )
        return Check("java_mapping", True, "no Java tables configured; no mapping layer to check")
    # Java symbols map to APIs (Java constructs map to manual sections too: not checked here)
    maps = [
        (u, v, d)
        for u, v, k, d in G.edges(keys=True, data=True)
        if k == EdgeKind.MAPS_TO.value and G.nodes[u].get("kind") in jkinds
    ]
    api = {NodeKind.MODULE.value, NodeKind.TYPE.value, NodeKind.MEMBER.value, NodeKind.FUNCTION.value}
    dangling = sorted({f"{u} -> {v}" for u, v, _ in maps if G.nodes[v].get("kind") not in api})
    has_map = {u for u, _, _ in maps}
    unmapped = sorted(n for n in java if n not in has_map and _expects_mapping(G.nodes[n]))
    n_types = sum(1 for n in java if G.nodes[n]["kind"] == NodeKind.JAVA_TYPE.value)
    summary = f"{n_types} java types, {len(java) - n_types} java members, {len(maps)} maps_to edges"
    problems: list[str] = []
    if dangling:
        problems.append(f"{len(dangling)} maps_to targets are not API nodes: {', '.join(dangling[:5])}")
    if unmapped:
        problems.append(
            f"{len(unmapped)} java symbols have no maps_to edge although their confidence is not 'none': "
            f"{', '.join(unmapped[:5])}{', ...' if len(unmapped) > 5 else ''}"
        )
    if problems:
        return Check(
            "java_mapping",
            False,
            f"{summary}; " + "; ".join(problems),
            f"fix the targets in {cfg.java_tables}/*.yaml (see {cfg.data_dir / 'warnings.txt'}), then "
            f"{fix_build}",
        )
    return Check("java_mapping", True, f"{summary}; every target resolves")


def _check_llm(cfg: Config) -> Check:
    llm = cfg.llm
    if not llm.enabled:
        return Check("llm", True, "LLM re-ranking disabled (llm.enabled: false); not checked")
    url = llm.base_url.rstrip("/") + "/models"
    fix = (
        f"start the OpenAI-compatible server at {llm.base_url} (or fix llm.base_url in config.yaml), "
        "or set llm.enabled: false"
    )
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {llm.api_key}"})
    timeout = min(llm.timeout_s, _LLM_PROBE_TIMEOUT_S)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read(1_000_000)
    except urllib.error.HTTPError as err:
        return Check("llm", False, f"GET {url} answered HTTP {err.code} {err.reason}", fix)
    except (urllib.error.URLError, OSError, ValueError) as err:
        reason = getattr(err, "reason", err)
        return Check("llm", False, f"GET {url} failed: {reason}", fix)
    try:
        data = json.loads(body)
        models = [str(m.get("id")) for m in data.get("data", []) if isinstance(m, dict)]
    except (ValueError, AttributeError):
        return Check("llm", False, f"GET {url} did not return an OpenAI models list", fix)
    if llm.model not in models:
        return Check(
            "llm",
            False,
            f"{url} is up but does not serve model '{llm.model}' (it serves: {', '.join(models) or 'none'})",
            "set llm.model in config.yaml to one of the served models",
        )
    return Check("llm", True, f"{url} reachable; model '{llm.model}' served")


def run_checks(cfg: Config) -> list[Check]:
    """Every installation check, in order; never raises for a broken installation."""
    checks = [_check_python(), _check_corpus(cfg)]
    G, manifest, why = _load(cfg)
    checks.append(_check_graph(cfg, G, manifest, why))
    checks.append(_check_fresh(cfg, manifest))
    checks.append(_check_unparsed(cfg, manifest))
    checks.append(_check_mapping(cfg, G))
    checks.append(_check_llm(cfg))
    return checks
