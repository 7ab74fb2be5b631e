#!/usr/bin/env bash
# The CUDA backend's check on the lent GPU machine: every kernel, layer, pass and optimiser step
# against the CPU reference (g2048 gpu-check, i.e. g2048.cuda.check; also as the JUnit tests), then timings
# (GPU optimiser step and positions/s, inference boards/s, evaluation latency p50/p99, the CPU
# reference beside them; policy networks' conformance and training steps too). The GPU machine has no Java and no build tool, so it runs in two halves:
#
#   bench/gpu-check.sh prepare   here: a JRE (shared/device/make-jre.sh), the shaded jar, the test
#                                classes and JUnit's console launcher into .carry/ (git-ignored)
#   bench/gpu-check.sh run [check|cli]
#                                there, as the device call
#                                  run(command="bench/gpu-check.sh run check", carry=[".carry"])
#                                writing everything under $OUT (a summary table last on stdout;
#                                JUnit reports as a tree in junit.log: the JRE has no java.xml).
#                                'check': g2048 gpu-check (conformance and timings for every --gemm
#                                mode, fatbin and PTX) and the JUnit tests of g2048.cuda and
#                                g2048.cuda.check, about 5 minutes;
#                                'cli': the command line on the GPU (train cnn and bench search for
#                                every --gemm mode, train policy --device cuda on a small dataset),
#                                about 8 minutes; neither: both, in one call
#                                (more than a device call's 10 minutes may allow).
#
# The working tree travels with .carry, and the shipped models and bench/results make it too large
# for the call; narrow it for the call and widen it after:
#   git sparse-checkout set --no-cone '/*' '!/models/*.g2nz' '!/models/*.g2pn' '!/bench/results/' \
#       '!/java/src/test/resources/g2048/tdl2048/'      ...      git sparse-checkout disable
#
# Environment: MAKE_JRE (default /work/shared/device/make-jre.sh), SECONDS_PER_TIMING (default 3),
# CONFORMANCE_SEED (the JUnit conformance tests' seed, to repeat a run that reported it; default fresh),
# OUT (run: where results go; default ./out/gpu-check).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
carry="$here/.carry"
flags=(--enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED)

prepare() {
  export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
  mkdir -p "$carry"
  [ -f "$carry/jre25.tar.gz" ] || "${MAKE_JRE:-/work/shared/device/make-jre.sh}" "$carry"
  (cd "$here" && ./g2048 build)
  if ! unzip -l "$here/cli/target/g2048.jar" g2048/cuda/kernels.list >/dev/null 2>&1; then
    echo "gpu-check: the jar carries no CUDA kernels (nvcc missing here?); see native-build/build-kernels.sh" >&2
    exit 1
  fi
  cp -f "$here/cli/target/g2048.jar" "$carry/engine.jar"
  # the shipped n-tuple model (57 MB) is not needed there and would not fit in the carry's 64 MiB
  zip -q -d "$carry/engine.jar" 'g2048/models/*'
  (cd "$here" && mvn -B -q -Dstyle.color=never -pl java-cuda -am test-compile)
  # The GPU module's test classes (under a megabyte).
  rm -rf "$carry/test-classes"
  cp -r "$here/java-cuda/target/test-classes" "$carry/test-classes"
  local console="$HOME/.m2/repository/org/junit/platform/junit-platform-console-standalone/6.1.3/junit-platform-console-standalone-6.1.3.jar"
  if [ ! -f "$console" ]; then
    (cd "$here" && mvn -B -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:6.1.3)
  fi
  cp -f "$console" "$carry/junit-console.jar"
  du -sh "$carry"/* >&2
  echo "gpu-check: .carry is ready; on the GPU machine run: bench/gpu-check.sh run check, then run cli (carry .carry)" >&2
}

run() {
  local stage="${1:-all}"
  case "$stage" in check|cli|all) ;; *) echo "gpu-check: run takes check, cli or nothing, got '$stage'" >&2; exit 2 ;; esac
  local out="${OUT:-$here/out/gpu-check}"
  mkdir -p "$out"
  local seconds="${SECONDS_PER_TIMING:-3}"
  mkdir -p /tmp/g2048-jre && tar xzf "$carry/jre25.tar.gz" -C /tmp/g2048-jre
  java=/tmp/g2048-jre/jre/bin/java
  {
    echo "== nvidia-smi"; nvidia-smi || true
    echo "== driver and cuBLAS libraries"
    ls -la /usr/lib/x86_64-linux-gnu/libcuda.so* 2>/dev/null || true
    ls -la /usr/local/cuda*/lib64/libcublas.so* 2>/dev/null || true
    find /usr /opt /root /home -path '*nvidia/cublas/lib/libcublas.so*' -print 2>/dev/null | head -5 || true
  } >"$out/machine.txt" 2>&1

  status=0
  if [ "$stage" != cli ]; then check_stage "$out" "$seconds"; fi
  if [ "$stage" != check ]; then cli_stage "$out"; fi
  summary "$out"
  exit "$status"
}

check_stage() {
  local out="$1" seconds="$2"
  echo "== g2048 gpu-check (fatbin: sm_90 code)" | tee "$out/gpu-check.log"
  "$java" "${flags[@]}" -jar "$carry/engine.jar" gpu-check --seconds "$seconds" "$out/fatbin" \
    >>"$out/gpu-check.log" 2>&1 || status=$?
  echo "== g2048 gpu-check --image ptx (PTX compiled by the driver), short timings" | tee "$out/gpu-check-ptx.log"
  "$java" "${flags[@]}" -jar "$carry/engine.jar" gpu-check --image ptx --seconds 0.2 "$out/ptx" \
    >>"$out/gpu-check-ptx.log" 2>&1 || status=$((status == 0 ? $? : status))
  # --select-package takes the package and its subpackages: g2048.cuda.check's tests run too.
  echo "== JUnit g2048.cuda, g2048.cuda.check" | tee "$out/junit.log"
  "$java" "${flags[@]}" ${CONFORMANCE_SEED:+-Dg2048.conformance.seed=$CONFORMANCE_SEED} \
    -jar "$carry/junit-console.jar" execute --disable-banner --disable-ansi-colors --details=tree \
    --class-path "$carry/engine.jar:$carry/test-classes" --select-package g2048.cuda \
    >>"$out/junit.log" 2>&1 || status=$((status == 0 ? 4 : status))
}

cli_stage() {
  local out="$1"
  echo "== command line: the cnn player on the GPU (a CNN22 trained briefly on the CPU, then search at 1-3 ply)" \
    | tee "$out/cli.log"
  "$java" "${flags[@]}" -jar "$carry/engine.jar" train cnn --arch CNN22 --device cpu --positions 4096 --eval-games 0 \
    --snapshot-every 4096 --out "$out/cnn22" >>"$out/cli.log" 2>&1 || status=$((status == 0 ? 5 : status))
  local gemm
  for gemm in kernels cublas tf32; do
    echo "== train cnn on the GPU: CNN22, --gemm $gemm, 15 generators x 512 lanes, 80 s at most" | tee -a "$out/cli.log"
    # A timing run: stopped by timeout's SIGTERM (exit 124), which the run handles as Ctrl-C.
    local rc=0
    timeout 80 "$java" "${flags[@]}" -jar "$carry/engine.jar" train cnn --arch CNN22 --device cuda --gemm "$gemm" \
      --positions 20000000 --generators 15 --lanes 512 --eval-games 0 --snapshot-every 100000000 --progress-seconds 5 \
      --out "$out/cnn22-gpu-$gemm" >>"$out/cli.log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; then status=$((status == 0 ? 7 : status)); fi
    for depth in 1 2 3; do
      "$java" "${flags[@]}" -jar "$carry/engine.jar" bench search --player cnn --model "$out/cnn22/latest.g2nn" --device cuda \
        --gemm "$gemm" --depth "$depth" --games "$((depth == 3 ? 2 : 8))" --warmup-games 1 --no-progress >>"$out/cli.log" 2>&1 \
        || status=$((status == 0 ? 6 : status))
    done
  done
  # Policy training on the GPU end to end: a small dataset of the lines teacher, then POLICY5 steps
  # on the GPU until the timeout (its progress lines give positions/s).
  echo "== train policy on the GPU: POLICY5, batch 256, 60 s at most" | tee -a "$out/cli.log"
  "$java" "${flags[@]}" -jar "$carry/engine.jar" dataset --player lines --games 40 --threads 8 --seed 1 --out "$out/lines.g2pd" \
    --no-progress >>"$out/cli.log" 2>&1 || status=$((status == 0 ? 8 : status))
  local prc=0
  timeout 60 "$java" "${flags[@]}" -jar "$carry/engine.jar" train policy --arch POLICY5 --device cuda --data "$out/lines.g2pd" \
    --epochs 1000 --batch 256 --eval-games 0 --heldout-sample 256 --snapshot-every 1000000000 --out "$out/policy5-gpu" \
    >>"$out/cli.log" 2>&1 || prc=$?
  if [ "$prc" -ne 0 ] && [ "$prc" -ne 124 ]; then status=$((status == 0 ? 8 : status)); fi
  # The kernels' small forwards are CUDA graphs by default; the same searches with every kernel launched, for comparison.
  for depth in 1 2; do
    echo "== bench search --gemm kernels --cuda-graphs off --depth $depth" | tee -a "$out/cli.log"
    "$java" "${flags[@]}" -jar "$carry/engine.jar" bench search --player cnn --model "$out/cnn22/latest.g2nn" --device cuda \
      --gemm kernels --cuda-graphs off --depth "$depth" --games 4 --warmup-games 1 --no-progress >>"$out/cli.log" 2>&1 \
      || status=$((status == 0 ? 6 : status))
  done
}

summary() {
  local out="$1"
  echo
  echo "=== summary (full logs under $out)"
  grep -E 'libcublas|libcuda' "$out/machine.txt" | sed 's/^/lib: /' || true
  if [ -f "$out/gpu-check.log" ]; then
    grep -E '^(kernels|device|conformance|CUDA unavailable)' "$out/gpu-check.log" || true
    grep -E '^conformance' "$out/gpu-check-ptx.log" | sed 's/^/ptx /' || true
    grep -E "tests (successful|failed|skipped|aborted)" "$out/junit.log" || tail -5 "$out/junit.log"
  fi
  if [ -f "$out/cli.log" ]; then
    grep -E '^(== train|== bench|g2048 |device|gemm|player|latency|moves|train cnn|train policy|done|stopped)|pos/s|positions/s|time  generators' "$out/cli.log" | sed 's/^/cli: /' || true
  fi
  if [ -f "$out/fatbin/timings.txt" ]; then cat "$out/fatbin/timings.txt"; fi
  if [ -f "$out/cli.log" ]; then targets "$out/cli.log"; fi
}

# The issue's targets against what the command line measured: training positions/s (the last
# progress line of each --gemm run) and the search's p50 at 1 and 3 ply.
targets() {
  awk '
    /^== train cnn on the GPU/ { match($0, /--gemm [a-z0-9]+/); mode = substr($0, RSTART + 7, RLENGTH - 7) }
    /^== bench search --gemm kernels --cuda-graphs off/ { mode = "kernels, cuda graphs off" }
    # the brief CPU training before the GPU runs is not a target
    / pos\/s / && mode != "" { for (i = 2; i <= NF; i++) if ($i == "pos/s") rate[mode] = $(i - 1); if (!(mode in seen)) { seen[mode]; order[++n] = mode } }
    /^player / { depth = ""; if (match($0, /expectimax depth [0-9]+/)) depth = substr($0, RSTART + 17, RLENGTH - 17) }
    /^latency / && (depth == 1 || depth == 3) {
      limit = depth == 1 ? 100 : 5000
      printf "target: bench search --gemm %s --depth %s: p50 %s µs, p99 %s µs (target p50 <= %d µs): %s\n",
        mode, depth, $6, $10, limit, ($6 + 0 <= limit ? "met" : "NOT met")
    }
    END {
      for (i = 1; i <= n; i++)
        printf "target: train cnn --gemm %s: %s positions/s at the last progress line (target >= 200000): %s\n",
          order[i], rate[order[i]], (rate[order[i]] + 0 >= 200000 ? "met" : "NOT met")
    }
  ' "$1"
}

case "${1:-}" in
  prepare) prepare ;;
  run) run "${2:-all}" ;;
  *) echo "usage: bench/gpu-check.sh prepare|run [check|cli]" >&2; exit 2 ;;
esac
