#!/usr/bin/env bash
# Solves a small board from scratch and reports wall time, peak memory (RSS) and disk use.
#   bench/solve-3x3.sh [SHAPE] [THREADS]     defaults: 3x3 on 2 threads
# The target for 3x3 on 2 cores is at most 60 s (a straightforward C++ solver took about 138 s, 393 MB).
# The solution goes to a fresh temporary directory, removed at the end (set KEEP=1 to keep it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shape="${1:-3x3}"
threads="${2:-2}"
out="$(mktemp -d "${TMPDIR:-/tmp}/g2048-solve-$shape.XXXXXX")"
log="$out.time"
"$here/g2048" build
echo "solving $shape on $threads threads into $out (machine load: $(cut -d' ' -f1-3 /proc/loadavg))"
/usr/bin/time -v "$here/g2048" solve --shape "$shape" --out "$out" --threads "$threads" 2>"$log.err" | tee "$log"
grep -E 'Elapsed \(wall clock\)|Maximum resident set size' "$log.err" | sed 's/^\s*/  /'
echo "  disk: $(du -sh "$out" | cut -f1) ($(du -sb "$out" | cut -f1) bytes) in $(ls "$out" | wc -l) files"
echo "  load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${KEEP:-0}" != 1 ]; then rm -rf "$out"; fi
rm -f "$log" "$log.err"
