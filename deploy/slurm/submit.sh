#!/bin/bash
# Queues a chartpipe run as a Slurm job array of SHARDS tasks and the merge job after it:
#
#   deploy/slurm/submit.sh PIPELINE OUT [SHARDS]     (SHARDS: default 3)
#
# Prints the two job ids (array, merge). Extra sbatch options for both jobs (a partition, an
# account, a time limit) go in SBATCH_OPTIONS, e.g. SBATCH_OPTIONS="--partition=batch --time=1:00:00".
# CHARTPIPE names the binary (default: chartpipe on PATH). SOURCE_DATE_EPOCH is set once here, so
# that every shard and the merge use the same time and the folder is byte for byte one run's.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 PIPELINE OUT [SHARDS]" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
shards="${3:-3}"
case "$shards" in ''|*[!0-9]*|0) echo "error: SHARDS must be a whole number of at least 1, not '$shards'" >&2; exit 2 ;; esac
PIPELINE="$(realpath "$1")"
mkdir -p "$2"
OUT="$(realpath "$2")"
export PIPELINE OUT
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(date +%s)}"
# shellcheck disable=SC2086  # SBATCH_OPTIONS is a list of options
array="$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((shards - 1))" "$here/chartpipe-shards.sbatch")"
array="${array%%;*}"   # --parsable prints "id" or "id;cluster"
# afterok on an array job waits for every task and needs each to end with status 0; a failed shard
# leaves the merge unable to run, and --kill-on-invalid-dep removes it from the queue.
# shellcheck disable=SC2086
merge="$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:$array" --kill-on-invalid-dep=yes "$here/chartpipe-merge.sbatch")"
merge="${merge%%;*}"
echo "$array $merge"
