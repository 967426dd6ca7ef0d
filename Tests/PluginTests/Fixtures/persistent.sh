#!/bin/sh
# A persistent test double: answers every request line with its process id, until stdin ends.
# Usage: persistent.sh PIDDIR
if [ "$1" = --describe ] || [ "$2" = --describe ]; then
  echo '{"protocol": 1, "name": "steady", "summary": "A persistent test double.", "mode": "persistent"}'
  exit 0
fi
echo $$ >> "$1/persistent.pids"
while IFS= read -r request; do
  echo "{\"protocol\": 1, \"sentences\": {\"en\": [\"Answered by process $$.\"]}}"
done
