#!/usr/bin/env bash
# Thoughtful winnability of uniformly random deals: the first COUNT codes of the `exact` family's
# uniform generator (sample seed SAMPLE_SEED, docs/formats.md), each at draw 3 and at draw 1,
# unlimited passes, foundation returns allowed. Every code below 52! is equally likely, so this is
# a uniform sample of all deals, independent of any program's random generator.
#
#   scripts/random-study.sh [DB]      (default data/random-exact.sqlite)
#
# Budgets are node counts (the verdicts are the same on any machine; the time limit is only a
# safety net): NODES per deal (default 100,000,000, the batch default), then the deals left
# unknown again with RETRY nodes (default 1,000,000,000). Everything resumes: rerun after a stop.
# A larger COUNT with the same SAMPLE_SEED extends the same sample.
#
# The per-deal results then go to OUT (default data/random-exact.csv.gz), compact: family, seed
# (all digits), draw, passes, foundationReturn, verdict, nodes, solutionLength, maxNodes (the
# budget of the row; scripts/compact-export.sh).
# The solutions are left out; `klondike solve --family exact --seed CODE` finds one again.
#
# Environment: COUNT (10000), SAMPLE_SEED (1), JOBS (worker threads, default: the cores),
# NODES, RETRY, OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-data/random-exact.sqlite}
count=${COUNT:-10000}
sample=${SAMPLE_SEED:-1}
jobs=${JOBS:-$(nproc)}
nodes=${NODES:-100000000}
retry=${RETRY:-1000000000}
out=${OUT:-data/random-exact.csv.gz}
k="node $PWD/bin/klondike"
sample_args=(--family exact --random "$count" --sample-seed "$sample" --passes unlimited --db "$db")
for draw in 3 1; do
  $k batch "${sample_args[@]}" --draw "$draw" --workers "$jobs" --max-nodes "$nodes" --timeout 3600
  $k batch "${sample_args[@]}" --draw "$draw" --workers "$jobs" --max-nodes "$retry" --max-memory 2048 \
    --timeout 7200 --retry-unknown --quiet
done
$k stats --db "$db" --family exact
scripts/compact-export.sh "$db" "$out" --family exact
