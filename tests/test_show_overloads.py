"""`cjkb-graph show` on a qualname with several overloads says which one it shows and names the others."""

from __future__ import annotations

import json

import pytest

from cjkb_graph.cli.main import main
from cjkb_graph.config import Config


def test_show_names_the_other_overloads(real_cfg: Config, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "std.collection.HashMap.add", "--data-dir", str(real_cfg.data_dir)]) == 0
    out = capsys.readouterr().out
    assert "has 2 overloads; this is one" in out
    shown = out.splitlines()[0]
    other = (
        {"std.collection.HashMap.add(K,V)", "std.collection.HashMap.add(Collection<(K,V)>)"} - {shown}
    ).pop()
    assert f"The others: {other}" in out

    assert main(["show", "std.collection.HashMap.add", "--json", "--data-dir", str(real_cfg.data_dir)]) == 0
    assert json.loads(capsys.readouterr().out)["other_overloads"] == [other]


def test_show_of_an_id_has_no_other_overloads(real_cfg: Config, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["show", "std.collection.HashMap.add(K,V)", "--json", "--data-dir", str(real_cfg.data_dir)]) == 0
    )
    assert json.loads(capsys.readouterr().out)["other_overloads"] == []
