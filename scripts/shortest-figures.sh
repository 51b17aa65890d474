#!/usr/bin/env bash
# Reproduces the shortest-solution figures of docs/results.md: `batch --shortest` over Solvitaire
# seeds 1–1000 at draw 3 and draw 1 (unlimited passes, foundation returns allowed), 3,000,000
# nodes a deal, each into its own database, then the per-deal rows as gzipped CSV under data/
# (the columns of `export --shortest`, the lines included).
#
#   scripts/shortest-figures.sh [DIR] [WORKERS]     (defaults: tmp/, every core)
#
# The budget is a node budget, so the lengths, bounds and proofs are the same on any machine (the
# times are not). A deal left undecided is run again with 100,000,000 nodes (seed 598 at draw 3).
# A rerun resumes where it stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-tmp}
workers=${2:-$(nproc)}
k=./bin/klondike
for draw in 3 1; do
  db="$dir/shortest-d$draw.sqlite"
  $k batch --shortest --db "$db" --seeds 1-1000 --draw "$draw" --max-nodes 3000000 --timeout 60 --max-memory 256 --workers "$workers"
  undecided=$($k export --shortest --db "$db" --format ndjson |
    node -e 'const l = require("node:fs").readFileSync(0, "utf8").trim().split("\n").map((x) => JSON.parse(x));
      console.log(l.filter((r) => r.verdict === "unknown").map((r) => r.seed).join(","))')
  if [ -n "$undecided" ]; then
    $k batch --shortest --db "$db" --seeds "$undecided" --draw "$draw" --retry-unknown --max-nodes 100000000 --timeout 600 --max-memory 256 --workers 1
  fi
  $k stats --db "$db"
  $k export --shortest --db "$db" --out "data/shortest-d$draw.csv"
  gzip -9 -f "data/shortest-d$draw.csv"
done
