#!/usr/bin/env bash
# Quick start: install what is missing, build the CPU preset, run the main job on a small
# default scene (until scene files land: a short settling benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
cmake --preset cpu
cmake --build --preset cpu
build/cpu/apps/regolith bench settle --particles 5000 --steps 2000
