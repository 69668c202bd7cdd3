#!/usr/bin/env bash
# A cron job for tomorrow's DAM: fetch the operator's prices into the cache, check the risk gate,
# then write the brief and its signed no-egress receipt, and verify the receipt.
#
#   # m  h  dom mon dow  command    (Kyiv time; the operator publishes the day-ahead results ~13:00)
#   30 13  *   *   *    SVC_MKTOP_BASE_URL=https://www.oree.com.ua OUT_DIR=/var/lib/svc/briefs /opt/svc/examples/daily-brief.sh
#
# Exit codes: 0 done; 3 the risk gate is blocked (no brief written); 1 the operator failed and no
# usable cached copy exists (reason on stderr); 2 bad input. Nothing is ever submitted to a market.
# Set SVC_MARKET_DATA=fixture to try it offline on the shipped 2022–2024 prices, with a date:
#   SVC_MARKET_DATA=fixture examples/daily-brief.sh 02.12.2024
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
svc=${SVC_BIN:-svc}
date=${1:-$(TZ=Europe/Kyiv date -d tomorrow +%d.%m.%Y)}
month=${date:3:7}
out=${OUT_DIR:-./briefs}
mkdir -p "$out"

# Prices of the month through the cache (a complete past month is never fetched again).
$svc prices fetch --month "$month" -q --format json > "$out/fetch-$month.json"

# The risk gate on the operator's prices: exit 3 stops the pipeline when blocked.
$svc risk mktop --date "$date" --settings "$here/settings.json" --source-label mktop --fail-on blocked -q --format json > "$out/risk-$date.json"

$svc brief mktop --date "$date" --settings "$here/trading-settings.json" --caps "$here/../fixtures/ua-price-caps.csv" \
  --receipt "$out/receipt-$date.json" -q --format json > "$out/brief-$date.json"
$svc receipt verify "$out/receipt-$date.json" -q
echo "brief for $date in $out" >&2
