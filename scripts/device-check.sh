#!/usr/bin/env bash
# The GPU check, run on a machine with an NVIDIA GPU from the repository root, with a
# build/cuda built elsewhere (static cudart and GoogleTest) carried along. Runs the test
# executable and the benchmarks directly (ctest files hold the build machine's paths).
#   scripts/device-check.sh [OUT_DIR]
set -u
out=${1:-${OUT:-/tmp}}
mkdir -p "$out"
{
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || true
  build/cuda/apps/regolith info
} 2>&1 | tee "$out/device.txt"
build/cuda/tests/regolith_tests --gtest_brief=1 2>&1 | tee "$out/tests.txt"
[ -x build/cuda/models/regolith_models_tests ] &&
  build/cuda/models/regolith_models_tests --gtest_brief=1 2>&1 | tee -a "$out/tests.txt"
for n in 10000 50000 200000 1000000; do
  for scene in settle dense wheel; do
    for mode in async sync verlet; do
      # sync rebuilds every step: keep it to the smaller beds
      [ "$mode" = sync ] && [ "$n" -gt 200000 ] && continue
      build/cuda/apps/regolith bench "$scene" --mode "$mode" --particles "$n" --steps 2000 --json
    done
  done
done 2>&1 | tee "$out/bench.jsonl"
