#!/usr/bin/env bash
# Checks `g2048 import tdl2048` against TDL2048+ itself (Hung Guei and I-Chen Wu): builds
# bench/tdl2048/values.cpp against TDL2048's source, and for each network below has TDL2048 write
# a file of random weights and value COUNT random boards; g2048 imports the file and must give every
# board the same value within single-precision rounding (import --check).
#   bench/tdl2048-import-check.sh TDL2048_DIR [COUNT]     (COUNT boards per network, default 10000)
# Prints one line per network; exits 1 if any differs. Needs g++ (C++20) and about 3 GB of memory.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TDL2048_DIR [COUNT]" >&2; exit 2; }
tdl="$(cd "$1" && pwd)"; count="${2:-10000}"
[ -f "$tdl/2048.cpp" ] || { echo "$0: $tdl/2048.cpp not found: TDL2048_DIR must be a TDL2048 checkout" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
echo "building the TDL2048 value harness ..." >&2
g++ -std=c++20 -O2 -march=native -pthread -w -I"$tdl" -o "$work/values" "$here/bench/tdl2048/values.cpp"
"$here/g2048" --version >/dev/null
# NET|STAGES (TDL2048's -n and -@; - for one stage)
nets=(
  "4x6patt|-" "4x5patt|-" "5x6patt|-" "8x6patt|-" "4x6patt/k.matsuzaki|-" "5x4patt|-" "8x4patt|-" "9x4patt|-"
  "4x6patt@2|0,16384" "2x4patt@4|0,16384,32768,49152" "6x6patt@3|0,16384,32768"
  "3210 51a9 7b6f|-" "012 59a 48c 0145|-"
)
fail=0
for entry in "${nets[@]}"; do
  net="${entry%|*}"; stages="${entry#*|}"
  "$work/values" fill "$net" "$stages" "$work/net.w" 1 >/dev/null
  "$work/values" eval "$net" "$stages" "$work/net.w" "$count" 2 >"$work/values.txt"
  args=(--net "$net"); [ "$stages" = - ] || args+=(--stages "$stages")
  if out="$("$here/g2048" import tdl2048 "${args[@]}" --out "$work/net.g2n" --check "$work/values.txt" "$work/net.w" 2>&1)"; then
    echo "ok    $net (stages $stages): $(echo "$out" | head -1)"
  else
    echo "FAIL  $net (stages $stages): $out"; fail=1
  fi
  rm -f "$work/net.w" "$work/net.g2n"
done
exit $fail
