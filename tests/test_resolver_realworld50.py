"""Issue 12, round 50 (what the labels of samples 347-354 and the development sets showed): rows for
commons-lang3's ``Validate`` and Guava's ``Throwables``. A null check disappears (``notNull`` is
``none``); a condition stays a throw; a project's own ``Validate`` method stays user code."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_validate_and_throwables(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void check(Exception e, List<String> names) {\n"
        '  Validate.notNull(names, "names");\n'
        '  Validate.isTrue(names.size() > 1, "two names at least");\n'
        '  Validate.validState(open, "closed");\n'
        "  Validate.argumentIsNotNull(names);\n"
        "  log(Throwables.getStackTraceAsString(e));\n"
        "}\n"
    )
    not_null = _sugg(r, 'Validate.notNull(names, "names")')
    assert not_null.candidates == [] and any("No nulls" in n for n in not_null.notes)
    assert (
        _top(r, 'Validate.isTrue(names.size() > 1, "two names at least")')
        == "std.core.IllegalArgumentException.init"
    )
    assert _top(r, 'Validate.validState(open, "closed")') == "std.core.IllegalStateException.init"
    own = _sugg(r, "Validate.argumentIsNotNull(names)")
    assert own.candidates == [] and own.receiver_source == "user"
    assert _top(r, "Throwables.getStackTraceAsString(e)") == "std.core.Exception.getStackTrace"
