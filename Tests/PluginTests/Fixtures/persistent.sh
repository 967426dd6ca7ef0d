#!/bin/sh
# A persistent test double: answers every request line with its process id, until stdin ends,
# echoing the request's chart id and sequence.
# Usage: persistent.sh PIDDIR
if [ "$1" = --describe ] || [ "$2" = --describe ]; then
  echo '{"protocol": 1, "name": "steady", "summary": "A persistent test double.", "mode": "persistent"}'
  exit 0
fi
echo $$ >> "$1/persistent.pids"
while IFS= read -r request; do
  sequence=$(printf '%s\n' "$request" | sed -n 's/^{"protocol":[0-9]*,"sequence":\([0-9]*\),.*/\1/p')
  chart=$(printf '%s\n' "$request" | sed -n 's/^[^}]*"chart":{"id":"\([^"]*\)".*/\1/p')
  echo "{\"protocol\": 1, \"chart\": \"$chart\", \"sequence\": $sequence, \"sentences\": {\"en\": [\"Answered by process $$.\"]}}"
done
