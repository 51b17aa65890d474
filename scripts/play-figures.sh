#!/usr/bin/env bash
# Reproduces the normal-play figures (cards hidden): the priority and search players on
# Solvitaire-family deals into one database, the thoughtful verdicts of the same deals beside
# them, then one gzipped CSV per player under data/ (`klondike export --plays`).
#
#   scripts/play-figures.sh [DB]                 (default data/play.sqlite)
#   SEARCH_SEEDS=1-500 D1_SEEDS=1-250 scripts/play-figures.sh   (the search player's deals at draw 3 and draw 1)
#
# Every game is the game `klondike play --seed N --policy P --stock S` plays: node budgets, not
# times, and the policy's randomness drawn from its seed and what it sees, so anyone gets the same
# games on any machine. A rerun resumes where it stopped (stored games are never played again).
# The search policy runs with its defaults (32 to 96 worlds, 30,000 nodes a solve, retry 4, policy
# seed 1), one game after another in one thread (bench/play.bench.ts --out: a CSV in the
# export --plays format with each game's CPU time, resumable); under the Vegas rules with its
# Vegas defaults (--vegas: the cards home counted, 24 worlds of 10,000 nodes).
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-data/play.sqlite}
search=${SEARCH_SEEDS:-1-2000}
d1=${D1_SEEDS:-1-2000}
k=./bin/klondike
b() { $k batch --db "$db" --quiet "$@"; }

# the priority policy (its games do not depend on the stock mode but for the stock passes
# played after the last card seen, so one mode is enough)
b --player priority --seeds 1-10000 --draw 3 --passes unlimited --stock hidden
b --player priority --seeds 1-10000 --draw 1 --passes unlimited --stock hidden
b --player priority --seeds 1-10000 --draw 3 --vegas --stock hidden
b --player priority --seeds 1-10000 --draw 1 --vegas --stock hidden
# the search policy, the headline first
p() { nice -n 19 npx tsx bench/play.bench.ts --quiet "$@"; }
mkdir -p tmp
p --seeds "$search" --draw 3 --stock hidden --out tmp/play-search-d3-hidden.csv
p --seeds "$d1" --draw 1 --stock hidden --out tmp/play-search-d1-hidden.csv
p --seeds "$search" --draw 3 --stock visible --out tmp/play-search-d3-visible.csv
p --seeds "$search" --draw 3 --vegas --stock hidden --out tmp/play-search-d3-vegas.csv
p --seeds "$d1" --draw 1 --vegas --stock hidden --out tmp/play-search-d1-vegas.csv
# the thoughtful verdicts of the deals the search policy played (the ceiling beside it)
b --seeds "$search" --draw 3 --passes unlimited
b --seeds "$d1" --draw 1 --passes unlimited

$k stats --db "$db"
x() { $k export --db "$db" --plays "$@"; }
x --player priority --stock hidden --draw 3 --passes unlimited | gzip -9 > data/play-priority-d3.csv.gz
x --player priority --stock hidden --draw 1 --passes unlimited | gzip -9 > data/play-priority-d1.csv.gz
x --player priority --stock hidden --draw 3 --passes 3 | gzip -9 > data/play-priority-d3-vegas.csv.gz
x --player priority --stock hidden --draw 1 --passes 1 | gzip -9 > data/play-priority-d1-vegas.csv.gz
for f in d3-hidden d1-hidden d3-visible d3-vegas d1-vegas; do
  if [ -f "tmp/play-search-$f.csv" ]; then gzip -9c "tmp/play-search-$f.csv" > "data/play-search-look-$f.csv.gz"; fi
done
