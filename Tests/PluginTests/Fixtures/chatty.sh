#!/bin/sh
# A persistent test double that prints two responses for its first request (the second one a
# moment later, so that it arrives with the next request's answer), each naming its chart.
# With the argument "noecho" it echoes nothing, as a plugin written before responses were tied to requests.
if [ "$1" = --describe ] || [ "$2" = --describe ]; then
  echo '{"protocol": 1, "name": "chatty", "summary": "A persistent double that answers twice.", "mode": "persistent"}'
  exit 0
fi
first=1
while IFS= read -r request; do
  sequence=$(printf '%s\n' "$request" | sed -n 's/^{"protocol":[0-9]*,"sequence":\([0-9]*\),.*/\1/p')
  chart=$(printf '%s\n' "$request" | sed -n 's/^[^}]*"chart":{"id":"\([^"]*\)".*/\1/p')
  if [ "$1" != noecho ]; then echoed="\"chart\": \"$chart\", \"sequence\": $sequence, "; else echoed=""; fi
  echo "{\"protocol\": 1, $echoed\"sentences\": {\"en\": [\"About $chart.\"]}}"
  if [ $first = 1 ]; then
    first=0
    sleep 0.2
    echo "{\"protocol\": 1, $echoed\"sentences\": {\"en\": [\"About $chart, again.\"]}}"
  fi
done
