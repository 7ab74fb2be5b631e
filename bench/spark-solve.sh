#!/usr/bin/env bash
# The Spark solver against the single-machine solver: for each shape, solves it both ways and
# compares every count, every expected score, `solve query` on a sample of reachable states, `grade`
# and `play --player optimal`; records Spark's per-stage metrics (times, shuffle bytes) and per-age
# times. Writes bench/results/spark-solve-<date>/ (summary.txt, and per run a directory with the
# JSON summaries, stages.tsv, ages.tsv, the query outputs).
#   bench/spark-solve.sh [SHAPE...]        default: 2x2 2x3 3x2 2x4 3x3, in local[2] ("none": no local[2] run)
# Environment:
#   STANDALONE_SHAPES="2x2 2x3"   also solve these on a standalone cluster: a master and two workers
#                                 (one core each), started here on loopback with Spark's own
#                                 Master and Worker classes, the job submitted through SparkSubmit
#   FAULT_SHAPE=3x3               also solve this shape on the standalone cluster with two faults: an executor
#                                 killed (SIGKILL) once the forward pass passes age FAULT_EXECUTOR_AGE (40),
#                                 the driver killed once the backward pass is FAULT_DRIVER_AGES (40) ages in,
#                                 the job submitted again (it resumes); then compared as the others
#   SPARK_PORT=7077 SPARK_UI_PORT=18080   the standalone master's ports (the workers' UIs take the next two)
#   EXECUTOR_MEMORY=3g            each standalone executor's heap (default 3g; a worker offers 1g more)
#   FORWARD_4X3_AGE=N             also run the 4x3 forward pass to age N both ways and compare the counts
#   SAMPLE=N                      states queried per shape (default 40)
#   PARTITION_STATES_SMALL / PARTITION_STATES_LARGE   states per partition for 2x2..3x2 (default 200)
#                                 and for 2x4, 3x3, 4x3 (default 250000): small, so that ages are split
# Heavy: runs under `nice -n 10`, one solve at a time.
set -euo pipefail
# every service of these runs listens on loopback only (Spark otherwise binds the first interface)
export SPARK_LOCAL_IP=127.0.0.1
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
java="$JAVA_HOME/bin/java"
shapes=("$@")
[ ${#shapes[@]} -eq 0 ] && shapes=(2x2 2x3 3x2 2x4 3x3)
[ "${1:-}" = none ] && shapes=()
sample="${SAMPLE:-40}"
results="$here/bench/results/spark-solve-$(date -u +%Y%m%dT%H%M%SZ)"
work="$(mktemp -d "${TMPDIR:-/tmp}/g2048-spark-solve.XXXXXX")"
mkdir -p "$results"
summary="$results/summary.txt"
say() { echo "$@" | tee -a "$summary"; }

"$here/g2048" build
(cd "$here" && nice -n 10 mvn -B -q -pl spark -am package -DskipTests -Dg2048.noDocs) >"$work/build.log" 2>&1 \
  || { cat "$work/build.log"; exit 1; }
cp_spark="$here/spark/target/g2048-spark.jar:$(cat "$here/spark/target/classpath.txt")"
g() { nice -n 10 "$here/g2048" "$@"; }

say "spark-solve $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB;" \
    "commit $(git -C "$here" rev-parse --short HEAD); load at start $(cut -d' ' -f1-3 /proc/loadavg)"

partition_states() {
  case "$1" in 2x2|2x3|3x2) echo "${PARTITION_STATES_SMALL:-200}" ;; *) echo "${PARTITION_STATES_LARGE:-250000}" ;; esac
}

# Reachable states of a shape: boards met in random games (random moves, the game's own spawns).
sample_boards() {
  python3 - "$1" "$2" <<'PY'
import random, sys
r, c = map(int, sys.argv[1].split('x')); n = int(sys.argv[2]); rnd = random.Random(2048)
def spawn(b):
    e = [i for i in range(r * c) if b[i] == 0]
    b[rnd.choice(e)] = 2 if rnd.random() < 0.9 else 4
def line(v):
    t = [x for x in v if x]; out = []; i = 0
    while i < len(t):
        if i + 1 < len(t) and t[i] == t[i + 1]: out.append(2 * t[i]); i += 2
        else: out.append(t[i]); i += 1
    return out + [0] * (len(v) - len(out))
def move(b, d):
    g = [b[i * c:(i + 1) * c] for i in range(r)]
    if d in (0, 2): g = [list(x) for x in zip(*g)]
    g = [line(x) if d in (0, 3) else line(x[::-1])[::-1] for x in g]
    if d in (0, 2): g = [list(x) for x in zip(*g)]
    return [x for row in g for x in row]
boards = []
while len(boards) < n:
    b = [0] * (r * c); spawn(b); spawn(b)
    while len(boards) < n:
        if rnd.random() < 0.15: boards.append('/'.join(','.join(map(str, b[i * c:(i + 1) * c])) for i in range(r)))
        legal = [a for a in (move(b, d) for d in range(4)) if a != b]
        if not legal: break
        b = rnd.choice(legal); spawn(b)
for x in boards: print(x)
PY
}

games() {
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print({k: d.get(k) for k in ("player", "shape", "games", "mean", "sd", "max", "reach", "moves")})' "$1"
}

compare_shape() {   # shape, run name, spark dir, local dir
  local shape="$1" run="$2" sdir="$3" ldir="$4" out="$results/$2"
  local ok=1
  g solve --shape "$shape" --out "$sdir" --json -q >"$out/spark.json"
  # the same totals and expected scores (the elapsed time and the directory aside)
  if ! diff <(sed 's/"out":"[^"]*",//; s/,"elapsed_s":[^}]*//' "$out/local.json") \
            <(sed 's/"out":"[^"]*",//; s/,"elapsed_s":[^}]*//' "$out/spark.json") >"$out/totals.diff"; then ok=0; fi
  if ! diff "$ldir/ages.csv" "$sdir/ages.csv" >"$out/ages.diff"; then ok=0; fi
  sample_boards "$shape" "$sample" >"$out/boards.txt"
  : >"$out/query-local.txt"; : >"$out/query-spark.txt"
  while read -r b; do
    g solve query --db "$ldir" --board "$b" --json >>"$out/query-local.txt" 2>&1 || true
    g solve query --db "$sdir" --board "$b" --json >>"$out/query-spark.txt" 2>&1 || true
  done <"$out/boards.txt"
  if ! diff "$out/query-local.txt" "$out/query-spark.txt" >"$out/query.diff"; then ok=0; fi
  g grade --db "$ldir" --player heuristic --json -q >"$out/grade-local.json" 2>&1 || true
  g grade --db "$sdir" --player heuristic --json -q >"$out/grade-spark.json" 2>&1 || true
  if ! diff <(sed 's/"db":"[^"]*",//; s/"elapsed_s":[0-9.e-]*//' "$out/grade-local.json") \
            <(sed 's/"db":"[^"]*",//; s/"elapsed_s":[0-9.e-]*//' "$out/grade-spark.json") >"$out/grade.diff"; then ok=0; fi
  g play --player optimal --db "$ldir" --shape "$shape" --games 200 --seed 7 --json -q >"$out/play-local.json" 2>&1 || true
  g play --player optimal --db "$sdir" --shape "$shape" --games 200 --seed 7 --json -q >"$out/play-spark.json" 2>&1 || true
  # the games, not their timings
  if ! diff <(games "$out/play-local.json") <(games "$out/play-spark.json") >"$out/play.diff"; then ok=0; fi
  local answered; answered="$(grep -c '"value":[0-9]' "$out/query-local.txt" || true)"
  local shuffle; shuffle="$(awk -F'\t' 'NR>1{w+=$7} END{printf "%.0f", w}' "$out/stages.tsv")"
  local stages; stages="$(awk 'END{print NR-1}' "$out/stages.tsv")"
  local parts; parts="$(awk -F'\t' '$1=="forward"{if($6>m)m=$6} END{print m+0}' "$out/ages.tsv")"
  say "$(printf '%-22s %s  states %s  expected (random start) %s  spark %.1f s, local %.1f s  %s stages, shuffle written %s bytes, up to %s partitions an age;  queries %s/%s answered' \
    "$run" "$([ $ok = 1 ] && echo IDENTICAL || echo DIFFERENT)" \
    "$(sed 's/.*"states":\([0-9]*\).*/\1/' "$out/spark.json")" \
    "$(sed 's/.*"random_start":\([0-9.]*\).*/\1/' "$out/spark.json")" \
    "$(cat "$out/spark.seconds")" "$(sed 's/.*"elapsed_s":\([0-9.]*\).*/\1/' "$out/local.json")" \
    "$stages" "$shuffle" "$parts" "$answered" "$sample")"
  rm -f "$out"/*.diff.empty
  find "$out" -name '*.diff' -empty -delete
}

solve_local() {   # shape, dir, json out
  g solve --shape "$1" --out "$2" --json -q >"$3"
}

for shape in "${shapes[@]+"${shapes[@]}"}"; do
  run="$shape-local2"; out="$results/$run"; mkdir -p "$out"
  solve_local "$shape" "$work/local-$shape" "$out/local.json"
  t0=$(date +%s.%N)
  g solve --engine spark --master 'local[2]' --shape "$shape" --out "$work/spark-$shape" \
    --partition-states "$(partition_states "$shape")" --metrics "$out" -q >"$out/spark.log" 2>"$out/spark.err"
  echo "$(date +%s.%N) - $t0" | bc >"$out/spark.seconds"
  compare_shape "$shape" "$run" "$work/spark-$shape" "$work/local-$shape"
  rm -rf "$work/spark-$shape"
done

if [ -n "${STANDALONE_SHAPES:-}${FAULT_SHAPE:-}" ]; then
  # Spark's Worker launches executors from $SPARK_HOME/jars: a home made of links to this build's jars
  home="$work/spark-home"; mkdir -p "$home/jars"; touch "$home/RELEASE"
  for j in ${cp_spark//:/ }; do ln -sf "$j" "$home/jars/$(basename "$j")"; done
  flags=(--enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
         $(sed -n 's:.*<g2048.spark.jvm.flags>\(.*\)</g2048.spark.jvm.flags>.*:\1:p' "$here/pom.xml"))
  port="${SPARK_PORT:-7077}"; ui="${SPARK_UI_PORT:-18080}"
  executor_memory="${EXECUTOR_MEMORY:-3g}"
  worker_memory="$(( ${executor_memory%g} + 1 ))g"
  pids=()
  SPARK_HOME="$home" nice -n 10 "$java" "${flags[@]}" -Xmx512m -cp "$cp_spark" org.apache.spark.deploy.master.Master \
    --host 127.0.0.1 --port "$port" --webui-port "$ui" >"$work/master.log" 2>&1 & pids+=($!)
  sleep 8
  for w in 1 2; do
    mkdir -p "$work/worker$w"
    SPARK_HOME="$home" SPARK_SCALA_VERSION=2.13 nice -n 10 "$java" "${flags[@]}" -Xmx512m -cp "$cp_spark" org.apache.spark.deploy.worker.Worker \
      --host 127.0.0.1 --cores 1 --memory "$worker_memory" --work-dir "$work/worker$w" --webui-port $((ui + w)) \
      "spark://127.0.0.1:$port" >"$work/worker$w.log" 2>&1 & pids+=($!)
  done
  sleep 10
  trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
  submit() {   # shape, solution dir, metrics dir: the job through SparkSubmit, in the background; its pid in $job
    SPARK_HOME="$home" nice -n 10 "$java" "${flags[@]}" -cp "$cp_spark" org.apache.spark.deploy.SparkSubmit \
      --master "spark://127.0.0.1:$port" --deploy-mode client --class g2048.spark.SparkSolve \
      --conf spark.executor.memory="$executor_memory" --conf "spark.executor.extraJavaOptions=${flags[*]}" \
      "$here/spark/target/g2048-spark.jar" --shape "$1" --out "$2" \
      --partition-states "$(partition_states "$1")" --metrics "$3" >>"$3/spark.log" 2>>"$3/spark.err" &
    job=$!
  }
  field() { local v; v="$(sed -n "s/^$2=//p" "$1/manifest.properties" 2>/dev/null || true)"; echo "${v:-0}"; }
  for shape in ${STANDALONE_SHAPES:-}; do
    run="$shape-standalone"; out="$results/$run"; mkdir -p "$out"
    solve_local "$shape" "$work/local-$shape" "$out/local.json"
    t0=$(date +%s.%N)
    submit "$shape" "$work/spark-$shape" "$out"; wait "$job" || true
    echo "$(date +%s.%N) - $t0" | bc >"$out/spark.seconds"
    compare_shape "$shape" "$run" "$work/spark-$shape" "$work/local-$shape"
    say "  executors: $(grep -c 'Launching executor' "$work/master.log" || true) launched by the master so far (two workers, one core each)"
    rm -rf "$work/spark-$shape"
  done
  if [ -n "${FAULT_SHAPE:-}" ]; then
    # Faults on the cluster: one executor killed (SIGKILL) in the forward pass, which Spark survives by
    # running its tasks again on a new executor; then the driver killed in the backward pass, and the
    # job submitted again, which resumes after the last complete age.
    shape="$FAULT_SHAPE"; run="$shape-standalone-faults"; out="$results/$run"; mkdir -p "$out"; db="$work/spark-$shape"
    solve_local "$shape" "$work/local-$shape" "$out/local.json"
    launched0="$(grep -c 'Launching executor' "$work/master.log" || true)"
    t0=$(date +%s.%N)
    submit "$shape" "$db" "$out"
    while kill -0 "$job" 2>/dev/null && [ "$(field "$db" forwardComplete)" -lt "${FAULT_EXECUTOR_AGE:-40}" ]; do sleep 0.2; done
    victim="$(pgrep -f CoarseGrainedExecutorBackend | head -1 || true)"
    [ -n "$victim" ] && kill -9 "$victim"
    say "  fault 1: executor pid ${victim:-none} killed with SIGKILL at forwardComplete=$(field "$db" forwardComplete)"
    while kill -0 "$job" 2>/dev/null && { [ "$(field "$db" backwardComplete)" = 0 ] || \
          [ "$(field "$db" backwardComplete)" -gt $(( $(field "$db" lastAge) - ${FAULT_DRIVER_AGES:-40} )) ]; }; do sleep 0.2; done
    kill -9 "$job" 2>/dev/null || true; wait "$job" 2>/dev/null || true
    say "  fault 2: driver (SparkSubmit) killed with SIGKILL at backwardComplete=$(field "$db" backwardComplete) of lastAge=$(field "$db" lastAge);" \
        "$(find "$db" -name '.*.tmp' | wc -l) temporary file(s) left in the solution directory; submitted again"
    sleep 5
    submit "$shape" "$db" "$out"; wait "$job" || true
    echo "$(date +%s.%N) - $t0" | bc >"$out/spark.seconds"
    say "  resumed run: $(grep -h 'resuming: deleted' "$out/spark.err" || echo 'no leftovers to delete')"
    say "  executors launched for this job: $(( $(grep -c 'Launching executor' "$work/master.log" || true) - launched0 )) (two at each submission, one more after fault 1)"
    compare_shape "$shape" "$run" "$db" "$work/local-$shape"
    rm -rf "$db"
  fi
fi

if [ -n "${FORWARD_4X3_AGE:-}" ]; then
  age="$FORWARD_4X3_AGE"; run="4x3-forward-$age"; out="$results/$run"; mkdir -p "$out"
  t0=$(date +%s.%N)
  g solve --shape 4x3 --out "$work/local-4x3" --max-age "$age" --json -q >"$out/local.json"
  echo "$(date +%s.%N) - $t0" | bc >"$out/local.seconds"
  t0=$(date +%s.%N)
  g solve --engine spark --shape 4x3 --out "$work/spark-4x3" --max-age "$age" --partition-states "$(partition_states 4x3)" \
    --metrics "$out" --json -q >"$out/spark.json" 2>"$out/spark.err"
  echo "$(date +%s.%N) - $t0" | bc >"$out/spark.seconds"
  cp "$work/local-4x3/ages.csv" "$out/ages-local.csv"; cp "$work/spark-4x3/ages.csv" "$out/ages-spark.csv"
  same=IDENTICAL; diff "$out/ages-local.csv" "$out/ages-spark.csv" >"$out/ages.diff" || same=DIFFERENT
  find "$out" -name '*.diff' -empty -delete
  say "$(printf '%-22s %s counts per age through age %s: states %s, afterstates %s; spark %.1f s, local %.1f s; shuffle written %s bytes' \
    "$run" "$same" "$age" "$(sed 's/.*"states":\([0-9]*\).*/\1/' "$out/spark.json")" \
    "$(sed 's/.*"afterstates":\([0-9]*\).*/\1/' "$out/spark.json")" "$(cat "$out/spark.seconds")" "$(cat "$out/local.seconds")" \
    "$(awk -F'\t' 'NR>1{w+=$7} END{printf "%.0f", w}' "$out/stages.tsv")")"
  rm -rf "$work/local-4x3" "$work/spark-4x3"
fi

say "load at end $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$work"
echo "results in $results"
