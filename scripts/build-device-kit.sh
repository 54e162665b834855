#!/usr/bin/env bash
# Builds the device kit (regolith_device_tests, regolith_device_bench: tests/device/) and
# checks what a bare GPU machine needs of it: `ldd` lists only the C and C++ runtime (the
# C library, the loader, libm, libstdc++/libgcc_s; libgomp too for the CPU kit), and the
# two binaries together are under 60 MiB (the call carries at most 64 MiB, the working
# tree's 4 included). scripts/device-check.sh runs the result.
#
#   scripts/build-device-kit.sh cuda [BUILD_DIR [ARCH]]
#       an engine-only configuration (REGOLITH_DEVICE_KIT=ON) with nvcc for one
#       architecture (default build/devkit, 90: the H100 and H200); about 7 minutes on two
#       cores, nearly all of it nvcc on the 16 kernel files
#   scripts/build-device-kit.sh in BUILD_DIR
#       the two targets inside a configured full build (the cpu or the cuda preset), from
#       the objects its suite and app already compiled: in build/cpu two links and one
#       small main; in build/cuda the kernels of its three architectures (sm_80/89/90),
#       so the binaries are larger than the one-architecture kit and the size check there
#       is an upper bound
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-}
case "$kind" in
  cuda)
    build=${2:-build/devkit}
    arch=${3:-90}
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DREGOLITH_CUDA=ON \
      -DREGOLITH_DEVICE_KIT=ON -DREGOLITH_DEVICE_ARCH="$arch"
    cmake --build "$build"
    allowed='linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|libstdc\+\+\.so|libgcc_s\.so'
    ;;
  in)
    build=${2:-}
    if [ -z "$build" ] || [ ! -f "$build/build.ninja" ]; then
      echo "build-device-kit: '$build' is not a configured build (cmake --preset cpu|cuda)" >&2
      exit 2
    fi
    cmake --build "$build" --target regolith_device_tests regolith_device_bench
    allowed='linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|libstdc\+\+\.so|libgcc_s\.so'
    # The CPU backend's OpenMP runtime (GCC's libgomp) is part of the C/C++ runtime there.
    grep -q '^REGOLITH_CUDA:BOOL=ON' "$build/CMakeCache.txt" || allowed="$allowed|libgomp\.so"
    ;;
  *)
    echo "usage: scripts/build-device-kit.sh cuda [BUILD_DIR [ARCH]] | in BUILD_DIR" >&2
    exit 2
    ;;
esac

kit=$build/kit
status=0
for exe in "$kit/regolith_device_tests" "$kit/regolith_device_bench"; do
  echo "== ldd $exe"
  # To stderr by redirection: `tee /dev/stderr` reopens the file stderr points at and, when
  # that is a log file (.ci/run > log 2>&1), truncates everything written before.
  ldd "$exe" >&2
  # The first word of each line (a library's name, or the loader's path), by its base name.
  extra=$(ldd "$exe" | awk '{ n = $1; sub(/.*\//, "", n); print n }' | grep -Ev "^($allowed)" || true)
  if [ -n "$extra" ]; then
    echo "FAIL $exe needs more than the C/C++ runtime:" >&2
    echo "$extra" >&2
    status=1
  fi
done
bytes=$(du -cb "$kit/regolith_device_tests" "$kit/regolith_device_bench" | tail -n 1 | cut -f1)
limit=$((60 * 1024 * 1024))
ls -l "$kit/regolith_device_tests" "$kit/regolith_device_bench"
echo "kit: $bytes bytes together (limit $limit)"
archs=$(sed -n 's/^CMAKE_CUDA_ARCHITECTURES:[A-Z]*=//p' "$build/CMakeCache.txt")
if [ "$kind" = in ] && [[ "$archs" == *";"* ]]; then
  # A full CUDA build's kit holds every architecture of that build: not the kit that
  # travels, so its size is reported, not checked.
  echo "kit of $build: architectures $archs; the 60 MiB limit applies to the one-architecture kit (cuda mode)"
elif [ "$bytes" -ge "$limit" ]; then
  echo "FAIL the kit is over 60 MiB" >&2
  status=1
fi
exit $status
