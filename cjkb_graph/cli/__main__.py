"""``python -m cjkb_graph.cli``."""

import sys

from .main import entry

sys.exit(entry())
