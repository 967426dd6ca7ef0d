#!/bin/sh
# A plugin test double that holds a chart mid-stage until the test says so: for a chart whose id
# starts with "slow" it notes that it started, then waits on the FIFO DIR/gate, which only the test
# writes. Time is the test's to control, not a guess. Usage: gate.sh DIR
if [ "$2" = --describe ] || [ "$1" = --describe ]; then
  echo '{"protocol": 1, "name": "gate", "summary": "Waits for the test."}'
  exit 0
fi
cat > /dev/null
case "$CHARTPIPE_CHART_ID" in
  slow*)
    touch "$1/$CHARTPIPE_CHART_ID.started"
    read line < "$1/gate" ;;
esac
echo '{"protocol": 1}'
