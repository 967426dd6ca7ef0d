#!/usr/bin/env bash
# `swift test ARG…` (run with --parallel) that closes on one plain line of counts, "NAME: N passed,
# N failed, N skipped", read from its xUnit report: SwiftPM's parallel runner prints no total of
# its own. Swift Testing is off (no suite uses it), so its empty run prints no "0 tests" line.
# Usage: scripts/swift-test.sh NAME [swift test arguments…]; the exit status is swift test's.
set -uo pipefail
name=$1; shift
swift=${SWIFT:-swift}
report=.build/xunit-$name.xml
mkdir -p .build
rm -f "$report"
"$swift" test --disable-swift-testing --xunit-output "$report" "$@"
status=$?
if [ -f "$report" ]; then
    python3 - "$report" "$name" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
failed = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
skipped = [c for c in cases if c.find("skipped") is not None]
for c in failed:
    print(f"failed: {c.get('classname')}.{c.get('name')}")
print(f"{sys.argv[2]}: {len(cases) - len(failed) - len(skipped)} passed, {len(failed)} failed, {len(skipped)} skipped")
PY
else
    echo "$name: no xUnit report was written ($report)"
    [ "$status" -ne 0 ] || status=1
fi
exit $status
