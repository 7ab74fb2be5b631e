#!/usr/bin/env bash
# Runs the CUDA kernels on the CPU (cuda/host/emulation.h: one thread per CUDA thread, blocks in
# turn) against plain loops in double: every GEMM form and tile, split reductions, the backward
# helpers, the column gather and bias epilogue of library GEMMs, encoding, MSE and Adam, and the policy
# networks' kernels and padded convolutions. Checks the kernels' arithmetic and indexing without a GPU; it
# says nothing about speed or about the driver.
#   native-build/host-check.sh [SEED]     exit 0 when every check is within 1e-5 (the forward GEMMs relative to their largest sum of |terms|), 1 otherwise,
#                                         2 when no C++20 compiler is found ($CXX, g++, clang++)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cxx=""
for c in "${CXX:-}" g++ clang++; do
  if [ -n "$c" ] && command -v "$c" >/dev/null 2>&1; then cxx="$c"; break; fi
done
[ -n "$cxx" ] || { echo "host-check: no C++ compiler (\$CXX, g++, clang++)" >&2; exit 2; }
bin="$(mktemp -d)/g2048-kernel-host-check"
trap 'rm -rf "$(dirname "$bin")"' EXIT
"$cxx" -std=c++20 -O2 -pthread -Wall -Wno-unknown-pragmas -o "$bin" "$here/cuda/host/check.cpp"
"$bin" "${1:-2048}"
