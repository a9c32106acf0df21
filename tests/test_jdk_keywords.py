"""Task words for JDK members (cjkb_graph/java/jdk_keywords.json, from the JDK's Javadoc first
sentences by scripts/jdk_keywords.py): they reach the Java vocabulary route of search."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.java import jdk

pytestmark = pytest.mark.corpus


def test_keywords_are_single_lowercase_words_of_known_members(real_engine: Engine) -> None:
    data = json.loads(resources.files("cjkb_graph.java").joinpath("jdk_keywords.json").read_text("utf-8"))
    members = {d["qualname"] for _, d in real_engine.G.nodes(data=True) if d.get("kind") == "java_member"}
    assert len(data) > 1500
    stale = sorted(set(data) - members)
    assert stale == [], f"keywords for members no table has (rerun scripts/jdk_keywords.py): {stale[:5]}"
    assert all(w.isalpha() and w.islower() and len(w) > 2 for ws in data.values() for w in ws)
    assert all(len(ws) <= 8 for ws in data.values())


def test_a_task_in_plain_words_reaches_the_api_through_the_javadoc_words(real_engine: Engine) -> None:
    assert "environment" in jdk.member_keywords("java.lang.System.getenv")
    node = next(n for n in real_engine.G if n.startswith("java.lang.System.getenv/"))
    assert "environment" in real_engine.kb.attr(node, "keywords")
    hits = real_engine.search("get an environment variable", top_k=3)
    assert hits[0].qualname == "std.env.getVariable"
    assert any("java_vocabulary" in w for w in hits[0].why)
