#!/usr/bin/env bash
# POLICY5 beyond a network trained on the teacher's games alone, as run for the policy tables of docs/results.md
# ("Policy networks: results on this machine"), in three stages, each fine-tuning the one before:
#   r1  DAgger round: START's own games labelled by the teacher (the shipped n-tuple model, greedy),
#       plus fresh teacher games; fine-tuned as it is (boards as they are)
#   c1  the same network turned into the corner orientation (--orientation corner), on r1's DAgger
#       positions and more teacher games
#   c2  DAgger round of the corner network: its own games labelled by the teacher, plus teacher games
# Each stage's model plays 1,000 greedy games (--seed 1). Long: about 2 hours of both cores of the
# 2-core machine; every step resumes if rerun (datasets continue, train policy takes --resume by hand).
# Environment: START (the network to start from: the 2026-11-25 CPU run's), WORK (a directory kept
# afterwards; default bench/results/policy-dagger-<UTC date-time>), STAGES ("r1 c1 c2").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
start="$(realpath "${START:-$here/bench/results/policy5-cpu-20261125/final.g2pn}")"
work="${WORK:-$here/bench/results/policy-dagger-$(date -u +%Y%m%dT%H%M%SZ)}"
stages="${STAGES:-r1 c1 c2}"
g="$here/g2048"
export G2048_JAVA_OPTS="${G2048_JAVA_OPTS:---add-modules jdk.incubator.vector}"
(cd "$here" && ./g2048 build >/dev/null)
mkdir -p "$work" && cd "$work"
echo "policy-dagger: start $start, work $work, stages $stages" >&2
common=(--arch POLICY5 --batch 256 --threads 2 --holdout 0.02 --heldout-sample 4096 --eval-games 100 --device cpu)
teacher() { "$g" dataset --player ntuple --depth 1 --games "$1" --threads 2 --seed "$2" --out "teacher-s$2.g2pd" -q; }
own() { "$g" dataset --player ntuple --depth 1 --behaviour policy --behaviour-model "$1" --games "$2" --threads 2 --seed "$3" \
  --out "$4" -q; }
play() { "$g" play --player policy --model "$1" --games 1000 --threads 2 --seed 1 > "$2"; tail -6 "$2" >&2; }
for stage in $stages; do
  case "$stage" in
    r1)
      own "$start" 1600 101 dagger-r1.g2pd && teacher 150 21
      "$g" train policy "${common[@]}" --data dagger-r1.g2pd teacher-s21.g2pd --init "$start" --out r1 --lr 0.0002 \
        --lr-final 0.00002 --snapshot-every 1000000 --seed 31 > train-r1.log ;;
    c1)
      teacher 120 22
      "$g" train policy "${common[@]}" --orientation corner --data dagger-r1.g2pd teacher-s21.g2pd teacher-s22.g2pd \
        --init r1/final.g2pn --out c1 --lr 0.0002 --lr-final 0.00002 --snapshot-every 500000 --seed 41 > train-c1.log
      play c1/final.g2pn play-c1-1000.txt ;;
    c2)
      own c1/final.g2pn 700 301 dagger-c2.g2pd && teacher 60 23
      "$g" train policy "${common[@]}" --orientation corner --data dagger-c2.g2pd teacher-s23.g2pd --init c1/final.g2pn \
        --out c2 --lr 0.0001 --lr-final 0.00001 --snapshot-every 500000 --seed 51 > train-c2.log
      play c2/final.g2pn play-c2-1000.txt ;;
    *) echo "policy-dagger: unknown stage '$stage' (expected r1, c1, c2)" >&2; exit 2 ;;
  esac
done
