#!/usr/bin/env bash
# Run the test suite on a fresh machine: creates a virtualenv, installs the project with its dev
# extra, and runs pytest. The corpus is found through CJKB_CORPUS (default ../shared/corpus/...).
set -euo pipefail
source "$(dirname "$0")/_venv.sh" '[dev]'
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$@"
