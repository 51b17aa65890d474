#!/usr/bin/env bash
#SBATCH --job-name=klondike
#SBATCH --array=1-32
#SBATCH --cpus-per-task=2
#SBATCH --mem-per-cpu=3G
#SBATCH --time=12:00:00
#SBATCH --requeue
#
# A klondike batch as a Slurm job array: array task i of n runs shard i/n of the seed list into
# its own database, RUNS/shard-i.sqlite, with one worker thread per CPU of the task; a merge job
# that waits for the whole array combines the shards into RUNS/all.sqlite. Run from the
# repository's directory (after `npm ci`), with `node` on the compute nodes' PATH:
#
#   scripts/slurm-batch.sh submit BATCH-OPTIONS…   submit the array and the merge job
#   sbatch scripts/slurm-batch.sh BATCH-OPTIONS…   submit the array alone
#   scripts/slurm-batch.sh merge                   merge the shards (what the merge job runs)
#
# BATCH-OPTIONS are `klondike batch` options for the whole list: the seeds (--seeds, --seeds-file,
# or --random K --sample-seed S), --family, the rules and the budget, e.g. `--seeds 1-1000000
# --draw 3`; the script adds --shard, --workers and --db. A task that is stopped (preempted,
# requeued, out of time) resumes where it stopped when it runs again; so does the whole array
# when it is submitted again with the same options.
#
# Environment: RUNS (the shard directory, default runs/slurm); SHARDS (submit: the number of
# tasks, instead of the --array line above); LOCAL (a node-local directory such as $TMPDIR:
# each task then works on a copy of its database there and copies it back to RUNS when it ends,
# for shared file systems whose locking SQLite cannot rely on).
set -euo pipefail
runs=${RUNS:-runs/slurm}

die() {
  echo "slurm-batch.sh: $*" >&2
  exit 2
}

check_options() {
  local a
  for a in "$@"; do
    case $a in
    --shard | --shard=* | --db | --db=* | --workers | --workers=*) die "the script sets $a itself (one shard, database and worker count per task)" ;;
    esac
  done
}

case ${1:-} in
submit)
  shift
  check_options "$@"
  repo=$(cd "$(dirname "$0")/.." && pwd)
  array=()
  if [[ -n ${SHARDS:-} ]]; then array=(--array="1-$SHARDS"); fi
  jid=$(sbatch --parsable --chdir="$repo" "${array[@]}" "$repo/scripts/slurm-batch.sh" "$@")
  jid=${jid%%;*}
  mid=$(sbatch --parsable --chdir="$repo" --dependency="afterok:$jid" --job-name=klondike-merge \
    --wrap="scripts/slurm-batch.sh merge")
  echo "submitted job array $jid and merge job ${mid%%;*} (it starts when every task has succeeded)"
  ;;
merge)
  [[ -x bin/klondike ]] || die "run from the repository's directory"
  shopt -s nullglob
  shards=("$runs"/shard-*.sqlite)
  ((${#shards[@]} > 0)) || die "no shard databases in $runs"
  node bin/klondike merge "${shards[@]}" -o "$runs/all.sqlite"
  ;;
*)
  [[ -n ${SLURM_ARRAY_TASK_ID:-} ]] || die "not a job array task: submit with sbatch, or use: $0 submit BATCH-OPTIONS…"
  [[ -x bin/klondike ]] || die "run from the repository's directory (the job's working directory is $PWD)"
  (($# > 0)) || die "give the batch options, e.g. --seeds 1-1000000 --draw 3"
  check_options "$@"
  count=${SLURM_ARRAY_TASK_COUNT:?}
  min=${SLURM_ARRAY_TASK_MIN:-1}
  max=${SLURM_ARRAY_TASK_MAX:-$((min + count - 1))}
  ((max - min + 1 == count)) || die "the array must be one range without steps, like 1-32 or 0-31%8 (got $count tasks in $min-$max)"
  index=$((SLURM_ARRAY_TASK_ID - min + 1))
  mkdir -p "$runs"
  db=$runs/shard-$index.sqlite
  work=$db
  if [[ -n ${LOCAL:-} ]]; then
    work=$LOCAL/klondike-shard-$index.sqlite
    rm -f "$work" "$work-wal" "$work-shm"
    if [[ -e $db ]]; then cp "$db" "$work"; fi
    if [[ -e $db-wal ]]; then cp "$db-wal" "$work-wal"; fi
    # Copy back under a temporary name, then rename: RUNS never holds half a file.
    save() {
      if [[ -e $work ]]; then
        cp "$work" "$db.part" && mv "$db.part" "$db"
        rm -f "$db-shm"
        if [[ -e $work-wal ]]; then cp "$work-wal" "$db-wal.part" && mv "$db-wal.part" "$db-wal"; else rm -f "$db-wal"; fi
      fi
    }
    trap save EXIT
    trap 'exit 143' TERM
    trap 'exit 130' INT
  fi
  node bin/klondike batch "$@" --shard "$index/$count" --workers "${SLURM_CPUS_PER_TASK:-1}" --db "$work" --quiet
  ;;
esac
