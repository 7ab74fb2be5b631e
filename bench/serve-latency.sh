#!/usr/bin/env bash
# The latency of one /move request of 'g2048 serve' over loopback (HdrHistogram p50 ... max) with one
# client, and the throughput with 1 and 2 concurrent closed-loop clients, at depth 1 and 2 of the
# shipped model. Each client sends its next request when the previous is answered (JDK HTTP client,
# keep-alive), over the boards of one seeded game of the model.
#   bench/serve-latency.sh                 env: REQUESTS (per client, default 5000), WARMUP (2000), THREADS (server, 2)
# Writes bench/results/serve-latency-<UTC date-time>.txt.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/serve-common.sh"
requests="${REQUESTS:-5000}"
warmup="${WARMUP:-2000}"
threads="${THREADS:-2}"
"$here/g2048" build
out="$here/bench/results/serve-latency-$(date -u +%Y%m%d-%H%M%S).txt"
start_server --threads "$threads"
{
  echo "# g2048 serve /move latency, commit $(git -C "$here" rev-parse --short HEAD), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
  echo "# server: g2048 serve --threads $threads (shipped model); clients: g2048 bench serve --requests $requests --warmup $warmup"
  for depth in 1 2; do
    for clients in 1 2; do
      echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
      echo "\$ g2048 bench serve --url http://127.0.0.1:PORT --depth $depth --clients $clients --requests $requests --warmup $warmup"
      "$here/g2048" bench serve --url "http://127.0.0.1:$port" --depth "$depth" --clients "$clients" \
          --requests "$requests" --warmup "$warmup"
    done
  done
} | tee "$out"
echo "results: $out"
