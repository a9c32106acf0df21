"""find_examples: the English docs' version on request, and the deprecated APIs an example uses."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.errors import InputError

pytestmark = pytest.mark.corpus


def test_english_version_of_an_example_on_request(real_engine: Engine) -> None:
    zh = real_engine.find_examples("std.collection.HashMap.add(Collection<(K,V)>)", top_k=1)
    en = real_engine.find_examples("std.collection.HashMap.add(Collection<(K,V)>)", top_k=1, lang="en")
    assert zh.examples[0].lang == "zh" and "// 创建HashMap" in zh.examples[0].code
    e = en.examples[0]
    assert e.lang == "en" and "// Create HashMap" in e.code
    assert (
        e.source is not None and e.source.startswith("std_en/collection/") and e.title.endswith("(example 1)")
    )
    assert e.api_ids == zh.examples[0].api_ids  # the same example: same APIs, other comments


def test_english_request_falls_back_to_the_chinese_example(real_engine: Engine) -> None:
    # the English page of FuncDecl.init(Tokens) has no example: the Chinese one is returned, marked zh
    r = real_engine.find_examples("std.ast.FuncDecl.init(Tokens)", top_k=1, lang="en")
    assert r.examples and r.examples[0].lang == "zh"


def test_unknown_lang_is_an_input_error(real_engine: Engine) -> None:
    with pytest.raises(InputError, match="unknown lang 'fr'"):
        real_engine.find_examples("HashMap.add", lang="fr")


def test_examples_name_the_deprecated_apis_they_use(real_engine: Engine) -> None:
    matcher = real_engine.find_examples("std.regex.Matcher", top_k=3)
    assert matcher.examples
    # members of a deprecated type count: Matcher is deprecated, so are its find/init
    assert all(any(a.startswith("std.regex.Matcher.") for a in e.deprecated_apis) for e in matcher.examples)
    regex = real_engine.find_examples("std.collection.HashMap.add(K,V)", top_k=3)
    assert regex.examples and all(e.deprecated_apis == [] for e in regex.examples)
