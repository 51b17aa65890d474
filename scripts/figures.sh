#!/usr/bin/env bash
# Reproduces the winnability figures of docs/results.md: batches of Solvitaire-family deals under each
# rule set into one database, then the per-deal results as gzipped CSV under data/.
#
#   scripts/figures.sh [DB] [BUDGET]      (defaults: data/figures.sqlite, 300000 nodes per deal)
#   RETRY=1000000 scripts/figures.sh      then re-solve the unknowns with 1,000,000 nodes each
#
# Budgets are node counts, not times, so anyone gets the same verdicts on any machine. A rerun
# resumes where it stopped (decided deals are never solved again). The figures in docs/results.md came from
# `scripts/figures.sh`, then `RETRY=1000000 scripts/figures.sh`, then a third try of the draw-3
# unknowns stopped by Ctrl-C after 54 deals (the first in seed order):
#   ./bin/klondike batch --db data/figures.sqlite --max-nodes 2000000 --timeout 600 \
#     --retry-unknown --seeds 1-10000 --draw 3 --passes unlimited
# all with the first version of the solver, then, with the current one (twin keys, staged solve),
# `RETRY=30000000 scripts/figures.sh`, and for the last four undecided deals
#   ./bin/klondike batch --db data/figures.sqlite --max-nodes 400000000 --timeout 600 \
#     --retry-unknown --seeds 1140,3528,8846 --draw 3 --passes unlimited   (and 1140 with
#     --no-foundation-return), then the export below.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-data/figures.sqlite}
budget=${2:-300000}
k=./bin/klondike
sets=(
  "--seeds 1-10000 --draw 3 --passes unlimited"
  "--seeds 1-10000 --draw 1 --passes unlimited"
  "--seeds 1-2000 --draw 3 --passes 3"
  "--seeds 1-2000 --draw 3 --passes 1"
  "--seeds 1-2000 --draw 1 --passes 1"
  "--seeds 1-2000 --draw 3 --passes unlimited --no-foundation-return"
  "--seeds 1-2000 --draw 1 --passes unlimited --no-foundation-return"
)
for args in "${sets[@]}"; do
  # shellcheck disable=SC2086
  $k batch --db "$db" --max-nodes "$budget" --timeout 600 $args
done
if [ -n "${RETRY:-}" ]; then
  for args in "${sets[@]}"; do
    # shellcheck disable=SC2086
    $k batch --db "$db" --max-nodes "$RETRY" --timeout 600 --retry-unknown $args
  done
fi
$k stats --db "$db"
$k export --db "$db" --format csv | gzip -9 > data/figures.csv.gz
