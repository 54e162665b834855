#!/usr/bin/env bash
# Builds the CPU preset with its tests and runs the whole test suite (GoogleTest through
# ctest, the output checks in Python and ParaView, the Slurm batch test, the install and
# downstream-project test).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh test
# REGOLITH_TESTS explicitly: a build folder configured by the quick start has it off.
cmake --preset cpu -DREGOLITH_TESTS=ON
cmake --build --preset cpu
ctest --preset cpu
