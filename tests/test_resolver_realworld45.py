"""Issue 12, round 45: what the labels of samples 307-314 showed.

* A collector passed to ``collect(..)`` goes with it also when the stream chain is longer than the
  extractor keeps of a call's text (240 characters): the snippet's code says where it is passed.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg

pytestmark = pytest.mark.corpus


def test_a_collector_of_a_long_chain_goes_with_its_collect(real_engine: Engine) -> None:
    lambda_args = ", ".join(f"context.part{i}()" for i in range(12))
    code = (
        "public void addAll(Model model) {\n"
        '  model.addAttribute("items", registry.items().stream()\n'
        f"      .map(def -> Item.toUI(def, {lambda_args}))\n"
        "      .collect(Collectors.toList()));\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    collect = next(s for s in r.suggestions if s.call and s.call.method == "collect")
    assert "Collectors.toList()" not in collect.call.text  # the chain's text was cut before it
    collector = _sugg(r, "Collectors.toList()")
    assert collector.candidates == []
    assert any("a collector passed to collect(..)" in n for n in collector.notes)
    # a collector kept in a variable is not passed: it keeps its answer
    kept = real_engine.resolver.resolve(
        "void f(List<String> xs) {\n  Collector<String, ?, List<String>> c = Collectors.toList();\n}\n"
    )
    assert _sugg(kept, "Collectors.toList()").candidates[0].qualname == "std.collection.collectArrayList"
