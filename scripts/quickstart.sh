#!/usr/bin/env bash
# Quick start: install what is missing, build the CPU preset, run the main job on the small
# default scene (grains in a rotating drum) into runs/demo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
cmake --preset cpu
cmake --build --preset cpu
build/cpu/apps/regolith run scenes/demo/demo.json --out runs/demo --overwrite
