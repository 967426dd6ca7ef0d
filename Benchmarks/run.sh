#!/usr/bin/env bash
# Runs every ratio benchmark: chartpipe's stage and its peer on the same input in the same run.
# Everything it needs is in this folder: the data generator (gen_data.py), the C peers (peers/), the
# Python peers (installed from requirements.txt into .venv) and ChartpipeBench (our side).
# Each Benchmarks/ratio_*.py prints lines "ratio STAGE CASE ours_s peer_s ratio limit verdict".
# Environment: BENCH_CASES (space-separated ratio_*.py names without prefix, default all),
# BENCH_SMALL=1 for a quick smoke run on small inputs, DATA_DIR and RESULTS_DIR to move those folders.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
DATA_DIR="${DATA_DIR:-$ROOT/Benchmarks/data}"
RESULTS_DIR="${RESULTS_DIR:-$ROOT/Benchmarks/results}"
mkdir -p "$DATA_DIR" "$RESULTS_DIR"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install -q -r "$ROOT/Benchmarks/requirements.txt"
make -s -C "$ROOT/Benchmarks/peers" BUILD_DIR="$RESULTS_DIR/peers" >&2
(cd "$ROOT" && swift build -c release --product ChartpipeBench >&2 && swift build -c release --product chartpipe >&2)
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/ChartpipeBench"
export BENCH_BIN="$BIN" CHARTPIPE_BIN="$(dirname "$BIN")/chartpipe" PY="$VENV/bin/python" DATA_DIR RESULTS_DIR C_BIN="$RESULTS_DIR/peers"
cases="${BENCH_CASES:-$(cd "$ROOT/Benchmarks" && ls ratio_*.py | sed 's/^ratio_//; s/\.py$//')}"
for c in $cases; do
  echo "== $c" >&2
  "$VENV/bin/python" "$ROOT/Benchmarks/ratio_$c.py" | tee -a "$RESULTS_DIR/ratios.txt"
done
