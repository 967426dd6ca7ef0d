#!/bin/sh
# Keeps the request it reads in DIR/request.json and answers with a note of every kind.
# Usage: capture.sh DIR
if [ "$2" = --describe ]; then
  echo '{"protocol": 1, "name": "capture", "summary": "Keeps its request.", "options": [{"name": "level", "type": "number", "doc": "A level.", "default": 0.5}]}'
  exit 0
fi
cat > "$1/request.json"
cat <<'JSON'
{
  "protocol": 1,
  "sentences": {"en": ["North is highest on Mondays."], "ko": ["북부는 월요일에 가장 높습니다."]},
  "annotations": [{"series": 0, "index": 2, "text": {"en": "A Wednesday.", "ko": "수요일입니다."}}],
  "navigation": [{"name": "mondays", "title": {"en": "Mondays", "ko": "월요일"},
                  "entries": [{"series": 1, "index": 0, "label": {"en": "June 1", "ko": "6월 1일"}}]}],
  "artifacts": [{"path": "tables/weekday.csv", "kind": "table", "text": "day,mean\nMon,1\n"},
                {"path": "bytes.bin", "base64": "AAEC"}],
  "warnings": ["Two weeks are few."]
}
JSON
