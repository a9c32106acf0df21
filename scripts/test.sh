#!/usr/bin/env bash
# Run the test suite on a fresh machine: creates a virtualenv, installs the project with its dev
# extra, and runs pytest. The corpus is found through CJKB_CORPUS (default ../shared/corpus/...).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
PY="${PYTHON:-python3}"
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
"$VENV/bin/python" -m pip install -q -e '.[dev]'
export CJKB_CORPUS="${CJKB_CORPUS:-$(cd .. && pwd)/shared/corpus/cangjie-docs-v1.2.0}"
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$@"
