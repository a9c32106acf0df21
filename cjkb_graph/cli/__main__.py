"""``python -m cjkb_graph.cli``."""

import sys

from .main import main

sys.exit(main())
