#!/bin/sh
# Answers only once another chart's plugin is running at the same time (at most 60 s): it proves
# that plugins of different charts run in parallel. Usage: rendezvous.sh DIR
if [ "$2" = --describe ]; then
  echo '{"protocol": 1, "name": "rendezvous", "summary": "Waits for a second chart."}'
  exit 0
fi
cat > /dev/null
touch "$1/$CHARTPIPE_CHART_ID.here"
i=0
while [ "$(ls "$1" | grep -c '\.here$')" -lt 2 ]; do
  i=$((i + 1))
  if [ $i -gt 600 ]; then echo '{"protocol": 1, "error": "no other chart ran at the same time"}'; exit 0; fi
  sleep 0.1
done
echo '{"protocol": 1}'
