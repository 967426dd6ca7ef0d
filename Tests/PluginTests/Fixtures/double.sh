#!/bin/sh
# A test double of a plugin: what it does is chosen by the chart id (CHARTPIPE_CHART_ID).
# Usage: double.sh PIDDIR. It writes its process id (and its child's) into PIDDIR, so that tests
# can check that nothing it started is left running.
dir="$1"
if [ "$2" = --describe ] || [ "$1" = --describe ]; then
  echo '{"protocol": 1, "name": "double", "summary": "A test double.", "options": [{"name": "note", "type": "string", "doc": "A note.", "default": "none"}]}'
  exit 0
fi
chart="$CHARTPIPE_CHART_ID"
echo $$ > "$dir/$chart.pid"
case "$chart" in
  ok*)
    cat > /dev/null
    echo '{"protocol": 1, "sentences": {"en": ["The double answered."]}}' ;;
  fail*)
    cat > /dev/null
    echo "reading the request" >&2
    echo "ValueError: something broke" >&2
    exit 3 ;;
  garbage*)
    echo 'this is not JSON' ;;
  flood*)
    # 100 MB on stdout.
    head -c 104857600 /dev/zero | tr '\0' 'x' ;;
  sleep*)
    sleep 1000 ;;
  stubborn*)
    # Ignores SIGTERM, and so does the sleep it starts: only SIGKILL ends them.
    trap '' TERM
    sleep 1000 &
    echo $! > "$dir/$chart.child"
    wait
    wait ;;
  forker*)
    # Leaves a child behind that holds stdout open, and answers.
    sleep 1000 &
    echo $! > "$dir/$chart.child"
    cat > /dev/null
    echo '{"protocol": 1}' ;;
  escape*)
    cat > /dev/null
    echo '{"protocol": 1, "artifacts": [{"path": "../../escape.txt", "text": "out of the folder"}]}' ;;
  future*)
    cat > /dev/null
    echo '{"protocol": 2, "sentences": {"en": ["From the future."]}}' ;;
  schema*)
    cat > /dev/null
    echo '{"protocol": 1, "sentences": {"en": "not a list"}, "colour": "red"}' ;;
  replace*)
    cat > /dev/null
    echo '{"protocol": 1, "series": [{"name": "a", "points": [{"x": 1, "y": 2, "records": null}]}]}' ;;
  *)
    echo "unknown chart $chart" >&2
    exit 2 ;;
esac
