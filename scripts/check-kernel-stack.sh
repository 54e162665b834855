#!/usr/bin/env bash
# Checks that the hottest kernels compile for sm_90 without a stack frame (ptxas -v).
#
# Usage: scripts/check-kernel-stack.sh [CUDA_BUILD_DIR]   (default build/cuda)
#
# A stack frame in a kernel means per-thread local memory: loads and stores through L1/L2
# at every launch. It appears silently, e.g. when a kernel's functor calls an out-of-line
# member function (nvcc then copies the whole functor to local memory at kernel entry, the
# 528 and 640 byte frames issue 25 found in GatherKick and KickDriftPlace). This script
# compiles the kernel files that hold the hot kernels with the CUDA build's own compile
# line (taken from its build.ninja, so it follows CMake's flags), for sm_90 only, and
# fails if any hot kernel's entry reports a frame over its limit below, or if a hot kernel
# named below is not found at all (a renamed functor must be renamed here too, not
# silently dropped). It needs a configured CUDA build (cmake --preset cuda), not a built
# one, and about half a minute of CPU time per file.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/cuda}

# file (under kernels/) -> functor:bytes, the largest stack frame each functor's kernels may
# have. 0, except KickDriftPlace: it turns orientations (kernels/backend/vec3.h,
# quatFromRotationVector), and CUDA's double sin and cos keep a 40-byte array for the
# argument reduction of huge arguments (__internal_trig_reduction_slowpathd, which ptxas
# places in the calling kernel's frame). That array is touched only on that slow path
# (a rotation angle over 1e-2 rad per step takes sin and cos at all); a functor copied to
# local memory costs hundreds of bytes and is still caught.
declare -A hot=(
  [integration/integrate.cpp]="KickDriftPlace:40 GatherKick:0"
  [forces/pair_forces.cpp]="PairForces:0"
  [forces/wall_forces.cpp]="WallForces:0"
)

if ! command -v nvcc >/dev/null 2>&1; then
  echo "check-kernel-stack: nvcc not on PATH" >&2
  exit 2
fi
if [ ! -f "$build/build.ninja" ] || ! grep -q '^REGOLITH_CUDA:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "check-kernel-stack: $build is not a configured CUDA build (cmake --preset cuda)" >&2
  exit 2
fi
demangle=c++filt
command -v c++filt >/dev/null 2>&1 || demangle=cu++filt

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
commands=$(ninja -C "$build" -t commands regolith_kernels)
# The files compile side by side (one nvcc each; CI runs this on otherwise idle cores).
pids=()
for file in "${!hot[@]}"; do
  stem=${file//\//_}  # the file's name in $work, its folder folded in
  line=$(grep -E -- "-c [^ ]*kernels/$file -o " <<<"$commands" | head -n 1 || true)
  if [ -z "$line" ]; then
    echo "check-kernel-stack: no compile line for kernels/$file in $build" >&2
    exit 2
  fi
  # The build's own line, for sm_90 alone, with ptxas's per-function report, writing
  # only into $work (no object or dependency file in the build folder). -cubin stops after
  # ptxas: the host compile and the fat binary are not needed for the report (26 s instead
  # of 43 s for contact_forces.cpp).
  line=$(sed -E 's/ --generate-code=[^ ]+//g; s/ -arch=[^ ]+//g; s/ -M[TF] [^ ]+//g; s/ -MD//g; s/ -o [^ ]+//; s/ -c / -cubin /' <<<"$line")
  line="$line -o $work/$stem.cubin"
  (cd "$build" && eval "$line -arch=sm_90 -Xptxas -v") >"$work/$stem.log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    cat "$work"/*.log >&2
    echo "check-kernel-stack: a kernel file did not compile (log above)" >&2
    exit 2
  fi
done
status=0
for file in "${!hot[@]}"; do
  stem=${file//\//_}
  # Entry functions and their frames: "<bytes> <demangled name>", one per line.
  awk '/Compiling entry function/ { match($0, /\x27[^\x27]+\x27/); entry[substr($0, RSTART + 1, RLENGTH - 2)] = 1 }
       /Function properties for/ { fn = $NF }
       /bytes stack frame/ { if (fn in entry) print $1, fn; fn = "" }' "$work/$stem.log" |
    "$demangle" >"$work/$stem.frames"
  for entry in ${hot[$file]}; do
    functor=${entry%%:*} limit=${entry##*:}
    found=$(grep -E "regolith::\(anonymous namespace\)::${functor}[<,> ]" "$work/$stem.frames" || true)
    if [ -z "$found" ]; then
      echo "FAIL kernels/$file: no kernel of $functor found" >&2
      status=1
      continue
    fi
    frames=$(cut -d' ' -f1 <<<"$found" | sort -n | uniq | tr '\n' ' ')
    echo "kernels/$file $functor: $(wc -l <<<"$found") kernel(s), stack frames (bytes): $frames(at most $limit)"
    if [ "$(cut -d' ' -f1 <<<"$found" | sort -n | tail -n 1)" -gt "$limit" ]; then
      echo "FAIL kernels/$file: a $functor kernel's stack frame is over $limit bytes" >&2
      status=1
    fi
  done
done
exit $status
