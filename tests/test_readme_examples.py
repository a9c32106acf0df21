"""The example output in README.md is what the commands print now (scripts/readme_examples.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cjkb_graph.config import Config

REPO = Path(__file__).resolve().parent.parent


def test_readme_example_output_is_current(real_cfg: Config) -> None:
    proc = subprocess.run(
        [sys.executable, "scripts/readme_examples.py", "--check", "--data-dir", str(real_cfg.data_dir)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
