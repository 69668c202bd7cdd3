#!/bin/bash
# Instructions per request of one HTTP server, counted by callgrind: repeatable on a loaded machine,
# where CPU time per request is not (docs/benchmarks.md, "HTTP plan route (issue 25, 2026-11-27)").
#   bench/http-instr/run.sh <svc|op|bare> <requests> [built modules to load first...]
# The server (server.mjs, from dist/: `npm run build` first) runs under callgrind with
# instrumentation off while WARM requests (default 15000) let V8 optimise, then on for <requests>;
# prints the main thread's and all threads' instructions per request, and leaves the profile and
# (with NODEFLAGS=--perf-basic-prof) V8's code map for symbols.py in $OUT (default /tmp/svc-http-instr).
# VGFLAGS adds callgrind options: "--cache-sim=yes --branch-sim=yes" also counts simulated cache misses
# and mispredicted branches (the summary line's I1mr, D1mr, Bcm ... columns; docs/benchmarks.md, "ninth session").
# Give the caches the machine's own sizes (lscpu), or valgrind takes the shared L3 as the last level and
# counts almost no misses past L1: "--cache-sim=yes --branch-sim=yes --I1=32768,8,64 --D1=32768,8,64
# --LL=1048576,8,64" models a Zen 4 core's 1 MB L2 (docs/benchmarks.md, "tenth session").
# Read the main thread: under valgrind V8's background threads compile and collect on a clock that
# runs ~50x slow (the memory reducer sees an idle process), which a native server does not do.
set -euo pipefail
kind=$1; N=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/svc-http-instr}; mkdir -p "$OUT"
tag=$kind.$$
urlfile=$OUT/url.$tag; rm -f "$urlfile"
SVC_INSTR_URLFILE=$urlfile valgrind --tool=callgrind ${VGFLAGS:-} --smc-check=all-non-file --instr-atstart=no --separate-threads=yes \
  --callgrind-out-file="$OUT/callgrind.$tag" node ${NODEFLAGS:-} "$here/server.mjs" "$kind" "$@" 2>"$OUT/valgrind.$tag.log" &
vpid=$!
while [ ! -s "$urlfile" ]; do sleep 1; done
url=$(cat "$urlfile")
node "$here/client.mjs" "$url" "${WARM:-15000}" 4
callgrind_control -i on $vpid >/dev/null 2>&1
node "$here/client.mjs" "$url" "$N" 4
callgrind_control -d $vpid >/dev/null 2>&1
callgrind_control -i off $vpid >/dev/null 2>&1
cp "/tmp/perf-$vpid.map" "$OUT/map.$tag" 2>/dev/null || true
kill $vpid; wait $vpid 2>/dev/null || true
main=$(grep -h "^summary:" "$OUT/callgrind.$tag.1-01" | awk '{print $2}')
all=$(cat "$OUT"/callgrind.$tag.1-* | grep "^summary:" | awk '{s+=$2} END {print s}')
echo "$kind $*: main thread $((main / N)) instructions/request, all threads $((all / N)) ($OUT/callgrind.$tag.1-01, map $OUT/map.$tag)"
# With the cache and branch simulation: the main thread's misses per request, and a rough cycle model
# of them (an instruction 0.5 cycle, an L1 miss 12, a last-level miss 50, a mispredicted branch 15):
# on a quiet machine it ranks builds as CPU time does, which the instruction count alone does not.
if grep -q "^events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim" "$OUT/callgrind.$tag.1-01"; then
  grep -h "^summary:" "$OUT/callgrind.$tag.1-01" | awk -v n="$N" -v k="$kind" '{
    printf "%s: per request L1i %d, L1d read %d, L1d write %d misses; last level i %d, d read %d, d write %d; mispredicted %d + %d; model %d cycles\n",
      k, $5/n, $6/n, $7/n, $8/n, $9/n, $10/n, $12/n, $14/n, (0.5*$2 + 12*($5+$6+$7) + 50*($8+$9+$10) + 15*($12+$14))/n }'
fi
