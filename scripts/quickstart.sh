#!/usr/bin/env bash
# Quick start: install what building and the demo need (scripts/ensure-deps.sh build),
# build the program of the CPU preset (no tests), run the main job on the small default
# scene (grains in a rotating drum) into runs/demo. The Python package is built beside it
# (build/cpu/python: PYTHONPATH for `import regolith`, docs/python.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh build
cmake --preset cpu -DREGOLITH_TESTS=OFF
cmake --build --preset cpu --target regolith regolith_python
build/cpu/apps/regolith --version
PYTHONPATH=build/cpu/python /usr/bin/python3 -c "import regolith; print('python: import regolith', regolith.__version__)"
build/cpu/apps/regolith run scenes/demo/demo.json --out runs/demo --overwrite
