#!/usr/bin/env bash
# Prints the steps scripts/timed.sh recorded in $STEP_TIMES (default .build/step-times.txt) as a
# table, in the order they ran, with the total: what .ci/run shows at its end.
set -euo pipefail
times=${STEP_TIMES:-.build/step-times.txt}
[ -f "$times" ] || { echo "no steps were timed ($times is missing)"; exit 0; }
awk -F'\t' '
  { printf "  %-22s %6d s  %5.1f min%s\n", $1, $2, $2 / 60, ($3 == 0 ? "" : "  (exit " $3 ")"); total += $2 }
  END { printf "  %-22s %6d s  %5.1f min\n", "total of the steps", total, total / 60 }' "$times"
