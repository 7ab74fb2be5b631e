#!/usr/bin/env bash
# Whether a change lost speed or strength on the hot paths: this tree's jar against the last landed
# one (the jar of `git merge-base HEAD origin/main`, or of the commit given), alternated in pairs
# (base, head, base, head, ...), one thread each, in about 3 minutes:
#   train-td   training moves per CPU second of the trainer's thread: train ntuple --net 4x6, TD, from zero
#   train-tc   the same with temporal coherence (--tc)
#   train-recipe  the same with 2048-tdl's recipe: --tc --alpha 0.03125 --lambda 0.5 --backward --shaping restart
#              (TRAIN_GAMES / 2 episodes: an episode replays its game's second halves)
#   1-ply      moves per CPU second of the playing thread: bench search --depth 1
#   3-ply      the same at --depth 3
# and a fixed-seed strength check: every run of a measure plays and trains on the same seeds, so each
# one's scores (the search's mean and max, the trainer's last train mean) must be the same in every
# run where play is deterministic, on both builds; both builds play the base's shipped model file.
# A speed figure is flagged LOSS when the median head/base ratio of the pairs falls below 1 by more
# than the pairs' spread (half the range of their ratios, at least 1%): on a machine whose speed
# drifts, only a loss that every pair agrees on counts. Not a CI gate: these machines are too noisy.
#   bench/perf-guard.sh [BASE]       BASE: a commit (default: git merge-base HEAD origin/main, else main)
# Environment: PAIRS (3), TRAIN_GAMES (3000), PLY1_GAMES (30), PLY3_GAMES (1), SEED (2048),
# MEASURES ("train-td train-tc train-recipe 1-ply 3-ply"), LABEL, JAVA_HOME.
# Results: bench/results/perf-guard-<UTC date-time>[-LABEL]/ (summary.txt, runs.tsv, logs/); exit 1 when
# anything is flagged. The base's jar is built once (in a temporary worktree) and kept under
# ~/.cache/g2048/perf-guard/<commit>/; this tree's is built each run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
[ -x "$JAVA_HOME/bin/java" ] || { echo "perf-guard: no JDK at $JAVA_HOME: set JAVA_HOME to a JDK 25" >&2; exit 2; }
if [ $# -gt 0 ]; then
  base="$1"
else
  # the last landed commit: where this branch left the main line (origin/main, else a local main)
  base="$(git -C "$here" merge-base HEAD origin/main 2>/dev/null || git -C "$here" merge-base HEAD main 2>/dev/null)" \
    || { echo "perf-guard: neither origin/main nor main to find the last landed commit: name one, e.g. bench/perf-guard.sh HEAD~1" >&2; exit 2; }
fi
git -C "$here" rev-parse --verify --quiet "$base^{commit}" >/dev/null || { echo "perf-guard: BASE $base: not a commit" >&2; exit 2; }
pairs="${PAIRS:-3}"
train_games="${TRAIN_GAMES:-3000}"
ply1_games="${PLY1_GAMES:-30}"
ply3_games="${PLY3_GAMES:-1}"
seed="${SEED:-2048}"
measures="${MEASURES:-train-td train-tc train-recipe 1-ply 3-ply}"
work="$(mktemp -d)"
trap 'git -C "$here" worktree remove --force "$work/base-tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# the base's jar and shipped n-tuple model, built once per commit and kept in the user's cache
base_sha="$(git -C "$here" rev-parse "$base^{commit}")"
cached="${XDG_CACHE_HOME:-$HOME/.cache}/g2048/perf-guard/$base_sha"
if [ ! -f "$cached/g2048.jar" ]; then
  git -C "$here" worktree add --detach "$work/base-tree" "$base_sha" >/dev/null 2>&1
  (cd "$work/base-tree" && ./g2048 build >/dev/null)
  mkdir -p "$cached.partial"
  cp "$work/base-tree/cli/target/g2048.jar" "$cached.partial/g2048.jar"
  for model in "$work/base-tree"/models/ntuple-{6,5,4}x6.g2nz; do
    if [ -f "$model" ]; then cp "$model" "$cached.partial/model.g2nz"; break; fi
  done
  [ -f "$cached.partial/model.g2nz" ] || { echo "perf-guard: the base $base ships no n-tuple model under models/" >&2; exit 2; }
  rm -rf "$cached" && mv "$cached.partial" "$cached"
fi
cp "$cached/g2048.jar" "$work/base.jar"
cp "$cached/model.g2nz" "$work/model.g2nz"
(cd "$here" && ./g2048 build >/dev/null)
cp "$here/cli/target/g2048.jar" "$work/head.jar"

out="$here/bench/results/perf-guard-$(date -u +%Y%m%d-%H%M%S)${LABEL:+-$LABEL}"
mkdir -p "$out/logs"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC')  base $(git -C "$here" rev-parse --short "$base"), head $(cd "$here" && git describe --always --dirty)"
  echo "# $(uname -srm), $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# $pairs pairs; train $train_games games, 1-ply $ply1_games games, 3-ply $ply3_games games, seed $seed"
} | tee "$out/summary.txt"

measure() { # jar measure log -> "kind figure value" lines (kind: speed or result)
  local jar="$1" m="$2" log="$3"
  local java=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
    --add-modules jdk.incubator.vector -XX:+UseParallelGC -jar "$jar")
  case "$m" in
    train-td|train-tc|train-recipe)
      local rule=(--no-tc) games="$train_games"
      [ "$m" = train-tc ] && rule=(--tc)
      [ "$m" = train-recipe ] && rule=(--tc --alpha 0.03125 --lambda 0.5 --backward --shaping restart) games=$((train_games / 2))
      # each run trains afresh: a trained --out is only ever replaced by its own --resume
      rm -f "$work/trained.g2n" "$work/trained.curve.csv" "$work/trained.curve.png"
      "${java[@]}" train ntuple --net 4x6 "${rule[@]}" --games "$games" --threads 1 --seed "$seed" --out "$work/trained.g2n" \
        --no-progress --eval-every 0 --checkpoint-every 0 >"$log" 2>&1
      grep '^games ' "$log" | tail -1 | sed -n "s/^games .* train mean \([0-9]*\) .*(\([0-9.]*\)M per thread-CPU-s).*/\2 \1/p" \
        | awk -v m="$m" '{printf "speed %s_moves/CPU-s %.0f\nresult %s_train_mean %s\n", m, $1 * 1e6, m, $2}' ;;
    1-ply|3-ply)
      local games="$ply1_games"; [ "$m" = 3-ply ] && games="$ply3_games"
      "${java[@]}" bench search --depth "${m%-ply}" --games "$games" --threads 1 --seed "$seed" --model "$work/model.g2nz" \
        --no-progress >"$log" 2>&1
      sed -n "s/^cpu .*: \([0-9]*\) moves per CPU second.*/speed ${m}_moves\/CPU-s \1/p" "$log"
      sed -n "s/^score *mean \([0-9.]*\) .*, max \([0-9]*\).*/result ${m}_score mean \1 max \2/p" "$log" ;;
  esac
}

printf 'pair\tbuild\tkind\tfigure\tvalue\n' >"$out/runs.tsv"
# base then head for each measure, pair after pair: a drift of the machine's speed falls on both
for run in $(seq "$pairs" | while read -r p; do for m in $measures; do echo "$p:$m:base $p:$m:head"; done; done); do
  IFS=: read -r p m build <<<"$run"
  log="$out/logs/$p-$m-$build.log"
  measure "$work/$build.jar" "$m" "$log" >"$work/lines"
  [ -s "$work/lines" ] || { echo "perf-guard: $build gave no figures for $m: see $log" >&2; exit 1; }
  while read -r kind figure value; do
    printf '%s\t%s\t%s\t%s\t%s\n' "$p" "$build" "$kind" "$figure" "$value" >>"$out/runs.tsv"
    echo "pair $p $build $figure: $value (load $(cut -d' ' -f1 /proc/loadavg))" | tee -a "$out/summary.txt"
  done <"$work/lines"
done

status=0
python3 - "$out/runs.tsv" <<'PY' | tee -a "$out/summary.txt" || status=$?
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
flagged = 0
print('\nfigure                     median base  median head  head/base by pair     median   spread  verdict')
for name in dict.fromkeys(r['figure'] for r in rows if r['kind'] == 'speed'):
    by = {}
    for r in rows:
        if r['figure'] == name:
            by.setdefault(r['pair'], {})[r['build']] = float(r['value'])
    f = [(v['base'], v['head']) for _, v in sorted(by.items()) if 'base' in v and 'head' in v and v['base'] > 0]
    ratios = [h / b for b, h in f]
    median = statistics.median(ratios)
    spread = max(0.01, (max(ratios) - min(ratios)) / 2)
    verdict = 'LOSS' if median < 1 - spread else 'gain' if median > 1 + spread else 'ok'
    flagged += verdict == 'LOSS'
    print(f"{name:26s} {statistics.median(b for b, _ in f):11.0f}  {statistics.median(h for _, h in f):11.0f}  "
          f"{' '.join(f'{r:.3f}' for r in ratios):20s} {median:7.3f}  {spread:6.3f}  {verdict}")
print('\nfixed-seed results (the same in every run where play is deterministic)')
for name in dict.fromkeys(r['figure'] for r in rows if r['kind'] == 'result'):
    seen = {(r['build'], r['value']) for r in rows if r['figure'] == name}
    values = {v for _, v in seen}
    same = len(values) == 1
    flagged += not same
    print(f"{name:26s} {'same' if same else 'DIFFERENT'}: " + '; '.join(f'{b} {v}' for b, v in sorted(seen)))
print(f"\n{flagged} flagged")
sys.exit(1 if flagged else 0)
PY
echo "results: $out" >&2
exit "$status"
