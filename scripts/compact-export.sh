#!/usr/bin/env bash
# The per-deal results of a database as compact gzipped CSV, for data/: family, seed (every digit
# kept), draw, passes, foundationReturn, verdict, nodes, solutionLength, maxNodes (the budget of
# the row). The solutions are left out: `klondike solve --family F --seed N` finds one again.
#
#   scripts/compact-export.sh DB OUT.csv.gz [export filters, e.g. --draw 3]
set -euo pipefail
db=$1
out=$2
shift 2
k="node $(cd "$(dirname "$0")/.." && pwd)/bin/klondike"
$k export --db "$db" --format ndjson "$@" | node -e '
  const rl = require("node:readline").createInterface({ input: process.stdin });
  const cols = ["family", "seed", "draw", "passes", "foundationReturn", "verdict", "nodes", "solutionLength", "maxNodes"];
  console.log(cols.join(","));
  rl.on("line", (line) => {
    const r = JSON.parse(line);
    if (r.passes === null) r.passes = "unlimited";
    console.log(cols.map((c) => r[c] ?? "").join(","));
  });
' | gzip -9 >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(($(zcat "$out" | wc -l) - 1)) deals)"
