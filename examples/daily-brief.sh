#!/usr/bin/env bash
# A cron job for tomorrow's DAM, in two modes:
#
# - morning (before the auction; gate closure 12:00 Kyiv): tomorrow's battery schedule and its bid
#   sheet (break-even limits per hour, human_approval_required) and the risk report and brief, all
#   on the price forecast made from the prices up to today (docs/forecast.md, "Plans on the forecast").
# - settled (default; after the operator publishes ~13:00): fetch the operator's prices into the
#   cache, check the risk gate, then write the brief and its signed no-egress receipt, and verify it.
#
#   CRON_TZ=Europe/Kyiv   # the times below are Kyiv time whatever the server's zone (cronie, Debian cron)
#   # m  h  dom mon dow  command
#   0  10  *   *   *    SVC_MKTOP_BASE_URL=https://www.oree.com.ua OUT_DIR=/var/lib/svc/briefs /opt/svc/examples/daily-brief.sh "" morning
#   30 13  *   *   *    SVC_MKTOP_BASE_URL=https://www.oree.com.ua OUT_DIR=/var/lib/svc/briefs /opt/svc/examples/daily-brief.sh
#
# Exit codes: 0 done; 3 the risk gate is blocked (no brief written); 1 the operator failed and no
# usable cached copy exists (reason on stderr; run again later); 2 bad input, checked before anything
# is written (a date not DD.MM.YYYY, an unknown mode; in fixture mode a day the fixtures do not hold).
# Nothing is ever submitted to a market.
# Set SVC_MARKET_DATA=fixture to try it offline on the shipped 2022–2024 prices, with a date:
#   SVC_MARKET_DATA=fixture examples/daily-brief.sh 02.12.2024
#   SVC_MARKET_DATA=fixture examples/daily-brief.sh 01.01.2025 morning   # the day after the fixtures
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# The CLI: $SVC_BIN if set, else `svc` on PATH (npm link / npm install -g .), else this checkout's own bin.
if [ -n "${SVC_BIN:-}" ]; then svc=$SVC_BIN
elif command -v svc >/dev/null 2>&1; then svc=svc
else svc="node $here/../bin/svc.js"
fi
# The brief's language (the desk's): uk unless BRIEF_LOCALE says otherwise.
locale=${BRIEF_LOCALE:-uk}
date=${1:-}
date=${date:-$(TZ=Europe/Kyiv date -d tomorrow +%d.%m.%Y)}
mode=${2:-settled}
# The arguments are checked before anything is written: a real day DD.MM.YYYY and a known mode.
real_day() {
  [[ $1 =~ ^([0-9]{2})\.([0-9]{2})\.([0-9]{4})$ ]] || return 1
  local d=$((10#${BASH_REMATCH[1]})) m=$((10#${BASH_REMATCH[2]})) y=$((10#${BASH_REMATCH[3]})) last=31
  case $m in 4 | 6 | 9 | 11) last=30 ;; 2) last=$(((y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28)) ;; esac
  [ "$m" -ge 1 ] && [ "$m" -le 12 ] && [ "$d" -ge 1 ] && [ "$d" -le "$last" ]
}
if ! real_day "$date"; then
  echo "daily-brief.sh: the date must be a real day written DD.MM.YYYY, two digits for the day and the month (e.g. 02.12.2024), got \"$date\"" >&2
  exit 2
fi
if [ "$mode" != morning ] && [ "$mode" != settled ]; then
  echo "daily-brief.sh: mode must be morning or settled, got \"$mode\"" >&2
  exit 2
fi
month=${date:3:7}
out=${OUT_DIR:-./briefs}
mkdir -p "$out"

if [ "$mode" = morning ]; then
  # The forecast is fitted once (cached in SVC_DATA_DIR); the later steps reuse it.
  $svc bess mktop --date "$date" --plan-on forecast --settings "$here/bess-settings.json" -q --format json > "$out/plan-forecast-$date.json"
  $svc bess mktop --date "$date" --plan-on forecast --settings "$here/bess-settings.json" -q --format csv > "$out/bids-$date.csv"
  # On a forecast the report is at best needsReview (status `forecast`); only a block stops here.
  $svc risk mktop --date "$date" --plan-on forecast --settings "$here/settings.json" --fail-on blocked -q --format json > "$out/risk-forecast-$date.json"
  $svc brief mktop --date "$date" --plan-on forecast --market DAM --locale "$locale" --settings "$here/settings.json" -q --format json > "$out/brief-forecast-$date.json"
  echo "plan, bid sheet and brief on the forecast for $date in $out (human approval required)" >&2
  exit 0
fi

# Prices of the month through the cache (a complete past month is never fetched again). Exit 1: the
# operator failed and nothing usable is cached (run again later to resume); exit 2: nothing to run
# again for, as a day the shipped fixtures do not hold in fixture mode (no file is left behind).
fetched=0
fetch_err=$($svc prices fetch --month "$month" -q --format json 2>&1 >"$out/fetch-$month.json") || fetched=$?
if [ "$fetched" -eq 2 ] && [ "${SVC_MARKET_DATA:-}" = fixture ] && [[ $fetch_err == *'"reason":"no_data"'* ]]; then
  rm -f "$out/fetch-$month.json"
  echo "daily-brief.sh: the shipped fixtures hold no prices for $date (SVC_MARKET_DATA=fixture reads only their 2022–2024 prices); give a day they cover, e.g. 02.12.2024" >&2
  exit 2
fi
[ -z "$fetch_err" ] || printf '%s\n' "$fetch_err" >&2
[ "$fetched" -eq 0 ] || exit "$fetched"

# The risk gate on the operator's prices: exit 3 stops the pipeline when blocked. When svc serves
# its shipped copy instead (fixture mode, or auto mode with the operator down), it marks the prices
# as fallback data itself, in the risk report (dataSource: review) and in the brief (gate review,
# `dataSource.fallback: true`), so both files agree.
$svc risk mktop --date "$date" --settings "$here/settings.json" --source-label mktop --fail-on blocked -q --format json > "$out/risk-$date.json"

$svc brief mktop --date "$date" --market DAM --locale "$locale" --settings "$here/settings.json" --caps "$here/../fixtures/ua-price-caps.csv" \
  --receipt "$out/receipt-$date.json" -q --format json > "$out/brief-$date.json"
$svc receipt verify "$out/receipt-$date.json" -q
echo "brief for $date in $out" >&2
