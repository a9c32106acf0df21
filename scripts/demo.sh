#!/usr/bin/env bash
# The main job on a fresh machine: install, build the graph from the docs, and demo it
# (search, a Java-to-Cangjie lookup, a resolved snippet). Then serve it over MCP with
#   .venv/bin/cjkb-graph serve
set -euo pipefail
source "$(dirname "$0")/_venv.sh"
CJ="$VENV/bin/cjkb-graph"
echo "cjkb-graph: building the graph from $CJKB_CORPUS (skipped when the inputs are unchanged) ..." >&2
"$CJ" build
echo; "$CJ" stats | sed -n 1,20p  # sed reads it all: no broken pipe under pipefail
if "$CJ" search --help >/dev/null 2>&1; then
  echo; echo '$ cjkb-graph search "hash map put"'; "$CJ" search "hash map put" --top-k 5
fi
if "$CJ" java2cj --help >/dev/null 2>&1; then
  echo; echo '$ cjkb-graph java2cj java.util.HashMap.put Integer.parseInt'; "$CJ" java2cj java.util.HashMap.put Integer.parseInt
fi
if "$CJ" resolve --help >/dev/null 2>&1; then
  echo; echo '$ cjkb-graph resolve  (a Java snippet on stdin)'
  printf '%s\n' 'Map<String, Integer> counts = new HashMap<>();' \
    'for (String w : line.split(" ")) { counts.put(w, counts.getOrDefault(w, 0) + 1); }' \
    'System.out.println(counts.size());' | "$CJ" resolve -
fi
echo; echo "Serve it to coding agents over MCP: $CJ serve   (see README.md)"
