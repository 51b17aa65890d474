#!/usr/bin/env bash
# The large study: Solvitaire-family seeds 1-100,000 at draw 3 and draw 1 (unlimited passes,
# foundation returns allowed) and seeds 1-10,000 under each pass-limited or no-return rule set,
# every deal decided on node budgets (the verdicts do not depend on the machine).
#
#   scripts/study.sh [DIR]        (default data/study: shard databases, then study.sqlite)
#
# Each rule set runs as SHARDS shard batches under GNU parallel (JOBS at a time, one worker
# each), the shard databases are merged into DIR/study.sqlite, and deals left unknown are
# re-solved there with a larger budget. Everything resumes: rerun the script after a stop, with
# this version or an earlier one's databases (a database of an older schema is migrated when a
# batch or the merge first writes to it, every row kept). The per-deal results then go to OUT
# (scripts/compact-export.sh: verdict, nodes, solution length; no solutions), and each of the two
# unlimited-pass rule sets run to PACK-d3.verdicts and PACK-d1.verdicts, one bit a deal
# (`klondike pack`, which refuses a deal left undecided or missing), with the work per deal beside
# them in PACK-d3-work.json and PACK-d1-work.json (nodes and ms percentiles, histogram, the 20
# hardest deals; the ms total over the deal count gives deals per CPU-second, one worker a shard).
# A packed file already there is never replaced by one of fewer deals: the script stops (exit 1)
# and leaves the new one in DIR. Where data/study-d3.verdicts or data/study-d1.verdicts exists and PACK is another name, the new
# file's first deals are compared with it deal by deal (a difference stops the script).
#
#   BIG=1-1000000 ONLY="d3 d1" PACK=data/million OUT=runs/million/study.csv.gz scripts/study.sh runs/million
#
# Environment: JOBS (2), SHARDS (8), NODES (100,000,000 a deal), RETRY (1,000,000,000 a deal for
# the unknowns), BIG (1-100000: the seeds of the two unlimited-pass rule sets), SMALL (1-10000:
# the others'), ONLY (the names of some rule sets below, e.g. "d3 d1"; default all), OUT
# (data/study.csv.gz), PACK (data/study; empty: no packed files).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-data/study}
jobs=${JOBS:-2}
shards=${SHARDS:-8}
nodes=${NODES:-100000000}
retry=${RETRY:-1000000000}
big=${BIG:-1-100000}
small=${SMALL:-1-10000}
only=${ONLY:-}
out=${OUT:-data/study.csv.gz}
pack=${PACK-data/study}
k="node $PWD/bin/klondike"
mkdir -p "$dir"
sets=(
  "d3|--seeds $big --draw 3 --passes unlimited"
  "d1|--seeds $big --draw 1 --passes unlimited"
  "d3p3|--seeds $small --draw 3 --passes 3"
  "d3p1|--seeds $small --draw 3 --passes 1"
  "d1p1|--seeds $small --draw 1 --passes 1"
  "d3nr|--seeds $small --draw 3 --passes unlimited --no-foundation-return"
  "d1nr|--seeds $small --draw 1 --passes unlimited --no-foundation-return"
)
for set in "${sets[@]}"; do
  name=${set%%|*}
  args=${set#*|}
  if [[ -n $only && " $only " != *" $name "* ]]; then continue; fi
  # shellcheck disable=SC2086
  seq 1 "$shards" | parallel --halt now,fail=1 -j "$jobs" \
    $k batch --quiet --workers 1 --max-nodes "$nodes" --max-memory 2048 --timeout 3600 \
    --shard "{}/$shards" --db "$dir/$name-{}.sqlite" $args
  $k merge --quiet -o "$dir/study.sqlite" "$dir/$name"-*.sqlite
  # shellcheck disable=SC2086
  $k batch --quiet --workers "$jobs" --max-nodes "$retry" --max-memory 2048 --timeout 7200 \
    --retry-unknown --db "$dir/study.sqlite" $args
done
$k stats --db "$dir/study.sqlite"
scripts/compact-export.sh "$dir/study.sqlite" "$out"
# The first seed of a packed file, from its header line.
first() { head -n 1 "$1" | sed -E 's/.* first=([0-9]+) .*/\1/'; }
for set in "d3|3" "d1|1"; do
  name=${set%%|*}
  if [[ -z $pack || (-n $only && " $only " != *" $name "*) ]]; then continue; fi
  $k pack --db "$dir/study.sqlite" --family solvitaire --draw "${set#*|}" --passes unlimited --foundation-return yes \
    --seeds "$big" --out "$dir/$name-packed.verdicts" --summary "$dir/$name-packed-work.json"
  # never written over a packed file of more deals (a shorter run's file stays in DIR)
  if [[ -f $pack-$name.verdicts ]]; then
    had=$(($($k unpack "$pack-$name.verdicts" | wc -l) - 1))
    now=$(($($k unpack "$dir/$name-packed.verdicts" | wc -l) - 1))
    if ((now < had)); then
      echo "study.sh: $dir/$name-packed.verdicts holds $now deals, fewer than the $had of $pack-$name.verdicts: not written over it" >&2
      exit 1
    fi
  fi
  mv "$dir/$name-packed.verdicts" "$pack-$name.verdicts"
  mv "$dir/$name-packed-work.json" "$pack-$name-work.json"
  published=data/study-$name.verdicts
  if [[ -f $published && ! $pack-$name.verdicts -ef $published && $(first "$published") == $(first "$pack-$name.verdicts") ]]; then
    a=$($k unpack "$published" | wc -l)
    b=$($k unpack "$pack-$name.verdicts" | wc -l)
    n=$((a < b ? a : b))
    cmp <($k unpack "$published" | head -n "$n") <($k unpack "$pack-$name.verdicts" | head -n "$n")
    echo "$pack-$name.verdicts: its first $((n - 1)) deals equal those of $published, deal by deal"
  fi
done
echo "study: $SECONDS s of wall time"
