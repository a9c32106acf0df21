"""Text output of `cjkb-graph resolve`: cut lines say so (…), --wide shows them whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from cjkb_graph.cli.main import main
from cjkb_graph.config import Config

SPLIT_NOTE_END = "pass removeEmpty: true when that matters."


def _note(out: str) -> str:
    return next(line for line in out.splitlines() if "note: java.lang.String.split:" in line)


def test_long_notes_are_cut_visibly_and_whole_with_wide(
    real_cfg: Config, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "s.java"
    src.write_text('String[] parts = line.split(",");\n', encoding="utf-8")
    assert main(["resolve", str(src), "--data-dir", str(real_cfg.data_dir)]) == 0
    cut = _note(capsys.readouterr().out)
    assert cut.endswith("…") and SPLIT_NOTE_END not in cut
    assert main(["resolve", str(src), "--wide", "--data-dir", str(real_cfg.data_dir)]) == 0
    assert _note(capsys.readouterr().out).endswith(SPLIT_NOTE_END)
