#!/usr/bin/env bash
# A million deals at one draw: Solvitaire-family seeds FIRST-LAST (1-1,000,000) under unlimited
# passes with foundation returns allowed, every deal decided on node budgets, in parts of PART
# (100,000) consecutive seeds. A part is finished, packed and summarized before the next starts,
# so a run that stops keeps every finished part, and the parts finished so far join into one
# packed file of the first deals: what a long run has decided can be published before it ends.
#
#   scripts/million.sh DRAW [DIR]          run the parts not yet packed, then join
#   scripts/million.sh DRAW [DIR] --join   only join the parts packed so far
#
# DIR (default runs/million) holds the working files: part K's shard databases dD-K-S.sqlite
# (SHARDS batches under GNU parallel, JOBS at a time, one worker each), merged into dD-K.sqlite,
# whose unknown deals are solved again with the RETRY budget; then dD-K.verdicts and
# dD-K-work.json (`klondike pack`). A part already packed is skipped; a part whose packed file is
# missing runs again (from its databases, so a finished part is only packed again); a part already
# in PACK-dD.verdicts (published by an earlier sitting) whose working files are all gone is not
# run again. The join (`klondike join`) writes PACK-dD.verdicts and PACK-dD-work.json (PACK:
# data/million) from parts 1, 2, ... up to the first one missing, the published ones taken from
# PACK-dD.verdicts when one of their part files is missing; it never writes fewer deals over a
# published file that holds more (it stops with exit 1, the file kept). It compares its first
# deals with data/study-dD.verdicts, the published study, deal by deal (a difference stops the
# script). Time: the work summary's ms.total is the solver's time (one worker thread a shard), so
# count / (ms.total / 1000) is deals per CPU-second; each part's wall time is in DIR/dD.log.
#
# Environment: JOBS (2), SHARDS (2), PART (100000), FIRST (1), LAST (1000000), NODES
# (100,000,000 a deal), RETRY (1,000,000,000 a deal), PACK (data/million).
set -euo pipefail
cd "$(dirname "$0")/.."
draw=${1:?usage: scripts/million.sh DRAW [DIR] [--join]}
dir=${2:-runs/million}
mode=${3:-run}
if [[ $draw != 1 && $draw != 3 ]]; then echo "million.sh: DRAW is 1 or 3, not $draw" >&2; exit 2; fi
if [[ $mode != run && $mode != --join ]]; then echo "million.sh: the third argument is --join or nothing, not $mode" >&2; exit 2; fi
jobs=${JOBS:-2}
shards=${SHARDS:-2}
part=${PART:-100000}
first=${FIRST:-1}
last=${LAST:-1000000}
nodes=${NODES:-100000000}
retry=${RETRY:-1000000000}
pack=${PACK-data/million}
k="node $PWD/bin/klondike"
rules="--draw $draw --passes unlimited"
name=d$draw
parts=$(((last - first + part) / part))
mkdir -p "$dir" "$(dirname "$pack")"

# The deals a packed file holds (its header's count=), 0 for no file.
deals() {
  local count=0
  if [[ -f $1 ]]; then
    read -r _ _ _ _ _ _ count _ < <(head -n 1 "$1")
    count=${count#count=}
  fi
  echo "$count"
}

# The parts an earlier sitting published in PACK-dD.verdicts, whose part files may be gone: a
# file of the first seeds holding whole parts. They are not run again when their working files
# are gone; the join takes them from a copy of that file and its summary.
have=0
prefix=$dir/$name-published
pubcount=$(deals "$pack-$name.verdicts")
if [[ -f $pack-$name.verdicts && -f $pack-$name-work.json ]]; then
  read -r _ _ _ _ _ pfirst pcount _ < <(head -n 1 "$pack-$name.verdicts")
  pfirst=${pfirst#first=}
  pcount=${pcount#count=}
  if [[ $pfirst == "$first" && ($((pcount % part)) == 0 || $pcount == $((last - first + 1))) ]]; then
    have=$(((pcount + part - 1) / part))
    cp "$pack-$name.verdicts" "$prefix.verdicts"
    cp "$pack-$name-work.json" "$prefix-work.json"
  fi
fi

if [[ $mode == run ]]; then
  for ((p = 1; p <= parts; p++)); do
    from=$((first + (p - 1) * part))
    to=$((from + part - 1 < last ? from + part - 1 : last))
    base=$dir/$name-$p
    if [[ -f $base.verdicts ]]; then continue; fi
    # a published part is run again only from its working files (its packed file lost)
    working=("$base".sqlite "$base"-[0-9]*.sqlite)
    if [[ $p -le $have && ! -e ${working[0]} && ! -e ${working[1]} ]]; then continue; fi
    start=$SECONDS
    # shellcheck disable=SC2086
    seq 1 "$shards" | parallel --halt now,fail=1 -j "$jobs" \
      $k batch --quiet --workers 1 --max-nodes "$nodes" --max-memory 2048 --timeout 3600 \
      --shard "{}/$shards" --db "$base-{}.sqlite" --seeds "$from-$to" $rules
    $k merge --quiet -o "$base.sqlite" "$base"-[0-9]*.sqlite
    # shellcheck disable=SC2086
    $k batch --quiet --workers "$jobs" --max-nodes "$retry" --max-memory 2048 --timeout 7200 \
      --retry-unknown --db "$base.sqlite" --seeds "$from-$to" $rules
    $k pack --db "$base.sqlite" --family solvitaire $rules --foundation-return yes --seeds "$from-$to" \
      --out "$base.verdicts" --summary "$base-work.json"
    echo "$name part $p (seeds $from-$to): $((SECONDS - start)) s of wall time" | tee -a "$dir/$name.log"
  done
fi

# The parts packed so far, from the first up to the first one missing (the published ones as one
# file when one of their part files is gone).
done_parts=()
p=1
for ((q = 1; q <= have; q++)); do
  if [[ ! -f $dir/$name-$q.verdicts ]]; then
    done_parts+=("$prefix.verdicts")
    p=$((have + 1))
    break
  fi
done
for (( ; p <= parts; p++)); do
  if [[ ! -f $dir/$name-$p.verdicts ]]; then break; fi
  done_parts+=("$dir/$name-$p.verdicts")
done
if [[ ${#done_parts[@]} -eq 0 ]]; then echo "million.sh: no part of $name is packed yet in $dir" >&2; exit 1; fi
# joined beside the parts first: the published file is replaced only by one holding as many deals
joined=$dir/$name-joined
$k join --out "$joined.verdicts" --summary "$joined-work.json" "${done_parts[@]}"
count=$(deals "$joined.verdicts")
if ((count < pubcount)); then
  rm -f "$joined.verdicts" "$joined-work.json"
  echo "million.sh: the parts packed in $dir join to $count deals, fewer than the $pubcount of $pack-$name.verdicts: not written (run the missing parts again)" >&2
  exit 1
fi
mv "$joined.verdicts" "$pack-$name.verdicts"
mv "$joined-work.json" "$pack-$name-work.json"
published=data/study-$name.verdicts
if [[ -f $published && $first == 1 ]]; then
  a=$($k unpack "$published" | wc -l)
  b=$($k unpack "$pack-$name.verdicts" | wc -l)
  n=$((a < b ? a : b))
  cmp <($k unpack "$published" | head -n "$n") <($k unpack "$pack-$name.verdicts" | head -n "$n")
  echo "$pack-$name.verdicts: its first $((n - 1)) deals equal those of $published, deal by deal"
fi
