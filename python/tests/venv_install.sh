#!/usr/bin/env bash
# The lab's install (docs/python.md): a virtual environment that sees Debian's packages,
# and `pip install --no-build-isolation` of the checkout, offline (Debian's setuptools and
# wheel; no index is reachable: PIP_NO_INDEX). Then, from outside the source tree and
# without PYTHONPATH, `import regolith` must come from the environment and load a scene
# (which reads the schema from <venv>/share/regolith) and step it.
# Usage: venv_install.sh SOURCE_DIR CMAKE_BUILD_DIR [PYTHON]. The build folder is reused
# (REGOLITH_CMAKE_BUILD_DIR, setup.py): its module is copied, not compiled again.
set -euo pipefail
src=$1 build=$2 python=${3:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset PYTHONPATH
export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1

"$python" -m venv --system-site-packages "$work/env"
REGOLITH_CMAKE_BUILD_DIR=$build "$work/env/bin/pip" install -q --no-build-isolation "$src"
cd "$work"
"$work/env/bin/python" - "$work/env" "$src/scenes/demo/demo.smoke.json" <<'PY'
import os, sys
import regolith
env, scene = sys.argv[1:]
where = os.path.realpath(regolith.__file__)
assert where.startswith(os.path.realpath(env) + os.sep), f"regolith imported from {where}, not from {env}"
sim = regolith.Simulation(regolith.Scene.load(scene))
sim.advance(0.002)
assert sim.time > 0, f"time did not advance: {sim.time}"
print(f"venv: regolith {regolith.__version__} from {where}, {len(sim.owner_positions)} owners at t = {sim.time:.4f} s")
PY
