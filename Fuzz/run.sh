#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/Package.swift) with libFuzzer and AddressSanitizer, once, and runs each
# for FUZZ_SECONDS, FUZZ_JOBS at a time (default: one per processor). Seeds come from the committed fixtures; corpora grow under
# .build/fuzz/corpus and survive between runs; a crashing input is kept under .build/fuzz/crashes.
# Usage: Fuzz/run.sh [TARGET…]   (targets: csv json pipeline catalog template xliff po; default: all)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
swift=${SWIFT:-swift}
seconds=${FUZZ_SECONDS:-60}
work=$root/.build/fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(csv json pipeline catalog template xliff po)

# Every module, chartpipe's too, gets coverage and ASan; C code (the CICU shim) as well.
flags=(--package-path Fuzz --scratch-path "$work/build" -c release
       -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address)
mkdir -p "$work/logs"
echo "Building the fuzz targets…"
if ! "$swift" build "${flags[@]}" >"$work/logs/build.log" 2>&1; then
    grep -E "error" "$work/logs/build.log" | head -20
    echo "the fuzz targets do not build (log: $work/logs/build.log)"
    exit 1
fi
bin=$("$swift" build "${flags[@]}" --show-bin-path)

product() {
    case $1 in
        csv) echo FuzzCSV ;; json) echo FuzzJSON ;; pipeline) echo FuzzPipeline ;;
        catalog) echo FuzzCatalog ;; template) echo FuzzTemplate ;; xliff) echo FuzzXLIFF ;; po) echo FuzzPO ;;
        *) echo "unknown fuzz target '$1' (csv json pipeline catalog template xliff po)" >&2; return 1 ;;
    esac
}

# Longest input per target: enough for a data file with a few dozen rows, a pipeline, a catalog.
max_len() {
    case $1 in
        csv|json|pipeline) echo 8192 ;; catalog|xliff|po) echo 16384 ;; template) echo 1024 ;;
    esac
}

# Copies every committed file whose name ends in one of the given extensions into folder $1.
seed_files() {
    local folder=$1; shift
    local pattern=()
    for ext in "$@"; do pattern+=(-o -name "*.$ext"); done
    find Tests pipelines Sources/ChartpipeText/Catalogs -type f \( "${pattern[@]:1}" \) -print0 |
        while IFS= read -r -d '' f; do cp "$f" "$folder/${f//\//_}"; done
}

# Template seeds: every text of the committed catalogs, behind a byte that chooses plain text (0),
# plural variants joined by '|' (1) or a template with substitutions and their variants (2).
seed_templates() {
    find Tests pipelines Sources/ChartpipeText/Catalogs -type f -name "*.xcstrings" -print0 |
        python3 -c '
import hashlib, json, os, sys
folder = sys.argv[1]
def units(node):
    if isinstance(node, dict):
        unit = node.get("stringUnit")
        if isinstance(unit, dict) and isinstance(unit.get("value"), str):
            yield unit["value"]
        for value in node.values():
            yield from units(value)
    elif isinstance(node, list):
        for value in node:
            yield from units(value)
def write(shape, text):
    data = bytes([shape]) + text.encode()
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
for path in sys.stdin.read().split("\0"):
    if not path:
        continue
    try:
        catalog = json.load(open(path, encoding="utf-8"))
    except ValueError:
        continue
    for entry in (catalog.get("strings") or {}).values():
        for loc in ((entry or {}).get("localizations") or {}).values():
            texts = list(units(loc))
            for text in texts:
                write(0, text)
            if len(texts) > 1:
                write(1, "|".join(texts))
                write(2, "|".join(texts))
' "$1"
}

if command -v llvm-symbolizer >/dev/null; then export ASAN_SYMBOLIZER_PATH=$(command -v llvm-symbolizer); fi
# libFuzzer reports a trap itself; Swift's own backtracer would hold the pipe open after a crash.
export SWIFT_BACKTRACE=enable=no
# No leak checks: LeakSanitizer takes Swift's static lets for leaks (their enum payload pointers carry
# tag bits it does not follow); a real leak still ends a run at -rss_limit_mb.
export ASAN_OPTIONS=detect_leaks=0
# The pipeline target resolves relative paths here, where the seeds' catalogs and data are.
export CHARTPIPE_FUZZ_PIPELINES=$root/pipelines
# One target: seeds, then libFuzzer for FUZZ_SECONDS; its lines go to $work/logs/TARGET.out, and its
# status (0 or the fuzzer's) to $work/logs/TARGET.status, so that several can run at once.
fuzz_target() {
    local target=$1 name seeds corpus crashes log status=0 input execs
    name=$(product "$target")
    seeds=$work/seeds/$target corpus=$work/corpus/$target crashes=$work/crashes/$target log=$work/logs/$target.log
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$crashes" "$(dirname "$log")"
    case $target in
        csv) seed_files "$seeds" csv tsv ;;
        json) seed_files "$seeds" json jsonl ;;
        pipeline) seed_files "$seeds" pipeline ;;
        catalog) seed_files "$seeds" xcstrings ;;
        template) seed_templates "$seeds" ;;
        xliff) seed_files "$seeds" xliff xlf ;;
        po) seed_files "$seeds" po ;;
    esac
    echo "fuzz $target: ${seconds}s, $(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) inputs in the corpus"
    export CHARTPIPE_FUZZ_TMP=/dev/shm/chartpipe-fuzz-$target-$$
    [ -w /dev/shm ] || CHARTPIPE_FUZZ_TMP=${TMPDIR:-/tmp}/chartpipe-fuzz-$target-$$
    "$bin/$name" "$corpus" "$seeds" -max_total_time="$seconds" -max_len="$(max_len "$target")" \
        -rss_limit_mb=2048 -timeout=20 -detect_leaks=0 -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1 || status=$?
    rm -rf "$CHARTPIPE_FUZZ_TMP"
    if [ $status -eq 0 ]; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        echo "fuzz $target: no crash in $execs runs; corpus $(ls "$corpus" | wc -l) inputs ($(du -sh "$corpus" | cut -f1))"
    else
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        echo "fuzz $target: FAILED (exit $status). The report, demangled:"
        "$swift" demangle --simplified <"$log" | sed -n '/ERROR: \|==ERROR\|deadly signal\|runtime failure\|Fatal error/,/SUMMARY/p' | head -60
        echo "fuzz $target: the input is ${input:-(none written; see $log)}"
        echo "fuzz $target: reproduce with SWIFT_BACKTRACE=enable=no $bin/$name ${input:-INPUT}"
    fi
    echo "$status" > "$work/logs/$target.status"
}

# FUZZ_JOBS targets at a time (default: one per processor); each prints its lines when it ends.
jobs=${FUZZ_JOBS:-$(nproc)}
running=0
for target in "${targets[@]}"; do
    product "$target" > /dev/null || exit 2
    rm -f "$work/logs/$target.status"
    fuzz_target "$target" > "$work/logs/$target.out" 2>&1 &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait
failed=()
for target in "${targets[@]}"; do
    cat "$work/logs/$target.out"
    [ "$(cat "$work/logs/$target.status" 2>/dev/null)" = 0 ] || failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing failed: ${failed[*]} (logs in $work/logs)"
    exit 1
fi
