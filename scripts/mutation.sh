#!/usr/bin/env bash
# Mutation testing of the core modules (resolve/resolver.py, search/query.py, navigate.py,
# lookup.py). Run OUTSIDE CI: it edits those files one mutant at a time (restoring each) and takes
# minutes per mutant. Usage and the survivors kept: docs/testing.md.
#   bash scripts/mutation.sh --named              # the four mutants named in issue 14
#   bash scripts/mutation.sh --auto --max 40      # a seeded sample of automatic mutants
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "$(git status --porcelain -- cjkb_graph)" ]; then
  echo "cjkb_graph/ has uncommitted changes; commit or stash them first (mutants edit these files)" >&2
  exit 2
fi
PY="${VENV:-.venv}/bin/python"
exec "$PY" scripts/mutation.py "$@"
