#!/usr/bin/env bash
# Quick start: install what building and the demo need (scripts/ensure-deps.sh build),
# build the program of the CPU preset and its Python package (build/cpu/python: PYTHONPATH
# for `import regolith`, docs/python.md), run the main job on the small default scene
# (grains in a rotating drum) into runs/demo.
# It builds only those targets, and leaves REGOLITH_TESTS as the build folder has it
# (default ON): it used to configure with REGOLITH_TESTS=OFF, so `ctest --preset cpu`
# after it found no tests, even in a folder scripts/test.sh had built. Without the test
# packages the configure leaves the suite out and ctest says what to run (CMakeLists.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh build
cmake --preset cpu
cmake --build --preset cpu --target regolith regolith_python
build/cpu/apps/regolith --version
PYTHONPATH=build/cpu/python /usr/bin/python3 -c "import regolith; print('python: import regolith', regolith.__version__)"
build/cpu/apps/regolith run scenes/demo/demo.json --out runs/demo --overwrite
