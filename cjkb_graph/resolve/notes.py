"""The Cangjie APIs a curated mapping note names: ``Type.member`` mentions and calls of the mapped type.

A note on an ``approximate`` mapping that names another API (``Thread.sleep``: "Duration.second")
adds that API to the candidates. A note on a curated ``none`` member names what to write *instead*
(``Iterator.hasNext``: "while (let Some(x) <- it.next())"): those APIs are not translations of the
call, so the resolver reports them in the suggestion's ``instead`` list, never as candidates.
"""

from __future__ import annotations

import re

import networkx as nx

from ..graph.kb import KnowledgeBase
from ..kinds import NodeKind

__all__ = ["NOTE_MENTION", "note_calls", "note_mentions"]

# the reason given to a candidate a note names (a helper of the translation, not a curated target)
NOTE_MENTION = "named in the mapping note"
# a Cangjie type and member written in a note: `String.fromUtf8`, `IPAddress.resolve`
MENTION = re.compile(r"\b([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\b")
# a call in a note: `s.toRuneArray()`, `toRuneArray()[i]`
NOTE_CALL = re.compile(r"\b([a-z][A-Za-z0-9]*)\(")


def note_calls(G: nx.MultiDiGraph, members: list[str], note: str) -> list[str]:
    """The ``members`` (of one Cangjie type) a note calls, in the order the note first calls them."""
    order = list(dict.fromkeys(NOTE_CALL.findall(note or "")))
    hits = [m for m in members if G.nodes[m].get("name") in order]
    return sorted(hits, key=lambda m: (order.index(G.nodes[m]["name"]), m))


def note_mentions(
    kb: KnowledgeBase, members_of: dict[str, list[str]], note: str, limit: int = 3
) -> list[tuple[str, str]]:
    """``(api, "Type.member")`` for the Cangjie ``Type.member`` APIs a note names, in its order."""
    G = kb.G
    out: list[tuple[str, str]] = []
    for tname, mname in MENTION.findall(note or ""):
        types = [t for t in kb.by_name.get(tname, []) if G.nodes[t].get("kind") == NodeKind.TYPE.value]
        types.sort(key=lambda t: (not t.startswith("std.core."), not t.startswith("std."), t))
        for t in types[:1]:
            hits = [m for m in members_of.get(t, []) if G.nodes[m].get("name") == mname]
            if hits:
                out.append((sorted(hits)[0], f"{tname}.{mname}"))
        if len(out) >= limit:
            break
    return out
