#!/usr/bin/env bash
# Compiles cuda/*.cu into the engine's resources: for each NAME.cu, NAME.fatbin (sm_90 machine code
# plus compute_90 PTX, which the driver compiles for any newer GPU) and NAME.ptx (the PTX alone),
# and kernels.list naming the modules. Maven runs this in generate-resources (java-cuda/pom.xml).
#   native-build/build-kernels.sh OUT_DIR
# Without nvcc (or with G2048_NO_CUDA=1) it writes OUT_DIR/kernels-missing.txt with the reason
# instead, exits 0, and the CUDA backend reports itself unavailable with that reason.
# nvcc is looked for in $NVCC, on PATH, in $CUDA_HOME/bin, then /usr/local/cuda/bin.
# Outputs newer than every source are kept, so rebuilding without kernel changes costs nothing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$here/cuda"
out="${1:?usage: build-kernels.sh OUT_DIR}"
arch="${G2048_CUDA_ARCH:-90}"
mkdir -p "$out"

find_nvcc() {
  local c
  for c in "${NVCC:-}" "$(command -v nvcc 2>/dev/null || true)" "${CUDA_HOME:+$CUDA_HOME/bin/nvcc}" /usr/local/cuda/bin/nvcc; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

missing() {
  rm -f "$out"/*.fatbin "$out"/*.ptx "$out"/kernels.list
  echo "$1" >"$out/kernels-missing.txt"
  echo "native-build: no CUDA kernels in this build: $1" >&2
  exit 0
}

[ "${G2048_NO_CUDA:-}" = "1" ] && missing "built with G2048_NO_CUDA=1"
nvcc="$(find_nvcc)" || missing "nvcc not found (looked at \$NVCC, PATH, \$CUDA_HOME/bin, /usr/local/cuda/bin)"

mapfile -t sources < <(cd "$src" && ls -1 *.cu | sort)
[ "${#sources[@]}" -gt 0 ] || { echo "native-build: no .cu files in $src" >&2; exit 1; }

up_to_date() {
  [ -f "$out/kernels.list" ] || return 1
  local newest
  newest="$(find "$src" "$here/native-build/build-kernels.sh" -newer "$out/kernels.list" -type f -print -quit)"
  [ -z "$newest" ]
}
if up_to_date; then
  exit 0
fi

flags=(-std=c++17 -O3 -I "$src" -Xptxas=-warn-spills)
pids=()
logs=()
for f in "${sources[@]}"; do
  name="${f%.cu}"
  log="$(mktemp)"
  logs+=("$log")
  (
    "$nvcc" "${flags[@]}" -fatbin -gencode "arch=compute_$arch,code=[sm_$arch,compute_$arch]" -o "$out/$name.fatbin.tmp" "$src/$f" &&
    "$nvcc" "${flags[@]}" -ptx -arch "compute_$arch" -o "$out/$name.ptx.tmp" "$src/$f" &&
    mv -f "$out/$name.fatbin.tmp" "$out/$name.fatbin" && mv -f "$out/$name.ptx.tmp" "$out/$name.ptx"
  ) >"$log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then failed=1; echo "native-build: nvcc failed on ${sources[$i]}:" >&2; fi
  cat "${logs[$i]}" >&2; rm -f "${logs[$i]}"
done
[ "$failed" = 0 ] || exit 1
rm -f "$out/kernels-missing.txt"
{
  echo "# modules compiled by $("$nvcc" --version | tail -1) for sm_$arch (+ compute_$arch PTX)"
  for f in "${sources[@]}"; do echo "${f%.cu}"; done
} >"$out/kernels.list.tmp"
mv -f "$out/kernels.list.tmp" "$out/kernels.list"
echo "native-build: compiled ${#sources[@]} CUDA modules into $out" >&2
