#!/usr/bin/env bash
# The large study: Solvitaire-family seeds 1-100,000 at draw 3 and draw 1 (unlimited passes,
# foundation returns allowed) and seeds 1-10,000 under each pass-limited or no-return rule set,
# every deal decided on node budgets (the verdicts do not depend on the machine).
#
#   scripts/study.sh [DIR]        (default data/study: shard databases, then study.sqlite)
#
# Each rule set runs as SHARDS shard batches under GNU parallel (JOBS at a time, one worker
# each), the shard databases are merged into DIR/study.sqlite, and deals left unknown are
# re-solved there with a larger budget. Everything resumes: rerun the script after a stop.
# The per-deal results then go to data/study.csv.gz (`klondike export`).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-data/study}
jobs=${JOBS:-2}
shards=${SHARDS:-8}
nodes=${NODES:-100000000}
retry=${RETRY:-1000000000}
k="node $PWD/bin/klondike"
mkdir -p "$dir"
sets=(
  "d3|--seeds 1-100000 --draw 3 --passes unlimited"
  "d1|--seeds 1-100000 --draw 1 --passes unlimited"
  "d3p3|--seeds 1-10000 --draw 3 --passes 3"
  "d3p1|--seeds 1-10000 --draw 3 --passes 1"
  "d1p1|--seeds 1-10000 --draw 1 --passes 1"
  "d3nr|--seeds 1-10000 --draw 3 --passes unlimited --no-foundation-return"
  "d1nr|--seeds 1-10000 --draw 1 --passes unlimited --no-foundation-return"
)
for set in "${sets[@]}"; do
  name=${set%%|*}
  args=${set#*|}
  # shellcheck disable=SC2086
  seq 1 "$shards" | parallel --halt now,fail=1 -j "$jobs" \
    $k batch --quiet --workers 1 --max-nodes "$nodes" --max-memory 2048 --timeout 3600 \
    --shard "{}/$shards" --db "$dir/$name-{}.sqlite" $args
  $k merge --quiet -o "$dir/study.sqlite" "$dir/$name"-*.sqlite
  # shellcheck disable=SC2086
  $k batch --quiet --workers "$jobs" --max-nodes "$retry" --max-memory 4096 --timeout 7200 \
    --retry-unknown --db "$dir/study.sqlite" $args
done
$k stats --db "$dir/study.sqlite"
$k export --db "$dir/study.sqlite" --format csv | gzip -9 > data/study.csv.gz
