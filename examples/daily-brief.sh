#!/usr/bin/env bash
# A cron job: tomorrow's risk gate, then the brief and its signed no-egress receipt.
# Stops the pipeline (exit 3) when the risk status is blocked.
#   0 14 * * *  /path/to/examples/daily-brief.sh /data/prices.csv
set -euo pipefail
book=${1:?price book file}
date=${2:-$(date -d tomorrow +%d.%m.%Y)}
out=${OUT_DIR:-./briefs}
mkdir -p "$out"
svc risk "$book" --date "$date" --settings "$(dirname "$0")/settings.json" --source-label mktop --fail-on blocked -q --format json > "$out/risk-$date.json"
svc brief "$book" --date "$date" --settings "$(dirname "$0")/trading-settings.json" --caps fixtures/ua-price-caps.csv \
  --receipt "$out/receipt-$date.json" --format json > "$out/brief-$date.json"
svc receipt verify "$out/receipt-$date.json"
