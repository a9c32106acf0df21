# Sourced by demo.sh and test.sh: a virtualenv in $VENV (default .venv) with the project installed
# (pass the extra, e.g. '[dev]', as $1), and CJKB_CORPUS defaulting to ../shared/corpus/...
# The install is skipped when the venv already holds this pyproject.toml with this extra.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV="${VENV:-.venv}"
PY="${PYTHON:-python3}"
EXTRA="${1:-}"
STAMP="$VENV/.cjkb-installed"
WANT="$(sha256sum pyproject.toml | cut -d' ' -f1) $EXTRA"
HAVE="$(cat "$STAMP" 2>/dev/null || true)"
# an install with the extra also serves a run without it
if [ ! -x "$VENV/bin/python" ] || { [ "$HAVE" != "$WANT" ] && [ "${HAVE% *}" != "${WANT% *}" -o -n "$EXTRA" ]; }; then
  echo "cjkb-graph: installing into $VENV (first run or pyproject.toml changed; about a minute) ..." >&2
  [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
  "$VENV/bin/python" -m pip install -q -e ".$EXTRA"
  echo "$WANT" > "$STAMP"
fi
export CJKB_CORPUS="${CJKB_CORPUS:-$(cd .. && pwd)/shared/corpus/cangjie-docs-v1.2.0}"
