#!/usr/bin/env bash
# Runs one step of `make test` or .ci/run and says how long it took, so that each change sees what
# it costs: `scripts/timed.sh NAME COMMAND [ARG…]`. The line "step NAME: S s (exit E)" goes to
# standard output and to $STEP_TIMES (default .build/step-times.txt), which scripts/step-times.sh
# prints as a table; the command's exit status is passed on.
set -uo pipefail
name=$1; shift
times=${STEP_TIMES:-.build/step-times.txt}
mkdir -p "$(dirname "$times")"
start=$(date +%s)
echo "==> step $name: $*"
"$@"
status=$?
seconds=$(( $(date +%s) - start ))
printf '%s\t%s\t%s\n' "$name" "$seconds" "$status" >> "$times"
echo "<== step $name: ${seconds} s (exit $status)"
exit $status
