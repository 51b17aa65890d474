#!/usr/bin/env bash
# Reproduces the Vegas figures of docs/results.md: the most cards home, proved, for Solvitaire seeds
# 1–2000 under the Vegas rules at draw 3 (three passes) and draw 1 (one pass), each into its own
# database, then the per-deal results as gzipped CSV under data/ (the export format, with the
# columns mostHome, mostHomeBound, mostHomeProved).
#
#   scripts/most-home-vegas.sh [DIR] [WORKERS]     (defaults: data/, every core)
#
# The budget is the batch default (100,000,000 nodes a deal), a node budget, so anyone gets the
# same counts on any machine; no deal came near it (the largest took 20 M nodes). A rerun resumes
# where it stopped (a deal whose count is proved is never searched again). The data in data/ came
# from these batches run with one worker each, the draw-1 one as two runs over the seeds from
# both ends merged with `klondike merge` (the 56 deals both searched agreed).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-data}
workers=${2:-$(nproc)}
k=./bin/klondike
for draw in 3 1; do
  db="$dir/most-home-vegas-d$draw.sqlite"
  $k batch --most-home --db "$db" --seeds 1-2000 --draw "$draw" --vegas --workers "$workers"
  $k stats --db "$db"
  $k export --db "$db" --out "$dir/most-home-vegas-d$draw.csv"
  gzip -9 -f "$dir/most-home-vegas-d$draw.csv"
done
