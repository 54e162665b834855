#!/usr/bin/env bash
# Builds the CPU preset and runs the whole test suite (GoogleTest through ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
cmake --preset cpu
cmake --build --preset cpu
ctest --preset cpu
