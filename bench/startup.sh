#!/usr/bin/env bash
# Start to first move: the wall time of `./g2048 move --board B` with the shipped model, a fresh process
# each time (best and median of RUNS runs, after one run that fills the caches: the int16 table cache
# in the user's cache directory, the page cache). With a TDL2048 directory (its built ./2048), the same
# for TDL2048: load a 4x6patt network of weights from a file and play one game greedily, side by side.
#   bench/startup.sh [RUNS] [TDL2048_DIR]      (RUNS default 10)
# Prints one line per engine: best and median seconds, and user+system CPU seconds of the median run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-10}"; tdl="${2:-}"
board="2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# seconds of wall and CPU of one run of "$@", output dropped
timed() { /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }; cat "$work/t"; }

# best and median of RUNS runs of "$@"
measure() {
  local name="$1"; shift
  timed "$@" >/dev/null # fills the caches
  for _ in $(seq "$runs"); do timed "$@"; done | sort -n > "$work/all"
  awk -v name="$name" -v n="$runs" '{ w[NR] = $1; c[NR] = $2 + $3 }
    END { m = int((n + 1) / 2); printf "%-9s best %.3f s  median %.3f s  (cpu %.3f s)  over %d runs\n", name, w[1], w[m], c[m], n }' "$work/all"
}

"$here/g2048" --version >/dev/null # builds the jar when the sources changed
measure g2048 "$here/g2048" move --board "$board"
if [ -n "$tdl" ]; then
  [ -x "$tdl/2048" ] || { echo "$0: $tdl/2048 not found: build TDL2048 there first (make)" >&2; exit 2; }
  # a 4x6patt weight file as TDL2048 writes it (one training episode), then load it and play one game
  (cd "$work" && "$tdl/2048" -n 4x6patt -t 1x1 -o "$work/4x6patt.w" >/dev/null 2>&1)
  measure tdl2048 "$tdl/2048" -n 4x6patt -i "$work/4x6patt.w" -e 1x1 -% none
fi
