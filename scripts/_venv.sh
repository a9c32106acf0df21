# Sourced by demo.sh and test.sh: a virtualenv in $VENV (default .venv) with the project installed
# (pass the extra, e.g. '[dev]', as $1), and CJKB_CORPUS defaulting to ../shared/corpus/...
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV="${VENV:-.venv}"
PY="${PYTHON:-python3}"
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
"$VENV/bin/python" -m pip install -q -e ".${1:-}"
export CJKB_CORPUS="${CJKB_CORPUS:-$(cd .. && pwd)/shared/corpus/cangjie-docs-v1.2.0}"
