#!/usr/bin/env bash
# Installs the build tree BUILD to a temporary prefix, moves the installed tree to another
# prefix (nothing may depend on where it was installed), then from there:
#   - runs `regolith --version`, `regolith check` and a short `regolith run` on an
#     installed example scene (schema, clump files and scenes found beside the binary);
#   - imports the installed Python package (when the build has one) and loads an
#     installed scene with it;
#   - configures, builds and runs tests/downstream/ (find_package(Regolith) and the
#     Regolith::models, ::engine and ::io targets).
# Usage: check_install.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
build=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/regolith-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== cmake --install $build --prefix $work/first"
cmake --install "$build" --prefix "$work/first" > "$work/install.log"
mv "$work/first" "$work/moved"
prefix=$work/moved
# The environment overrides are for development trees; an install must not need them.
unset REGOLITH_DATA_DIR REGOLITH_SCHEMA REGOLITH_SWEEP_SCHEMA REGOLITH_CLUMPS REGOLITH_PLOT_SCRIPT

echo "== the relocated install ($prefix)"
"$prefix/bin/regolith" --version
scene=$prefix/share/regolith/scenes/demo/demo.smoke.json
"$prefix/bin/regolith" check "$scene"
"$prefix/bin/regolith" run "$scene" --out "$work/run" --threads 1 --quiet --set /phases/1/duration=0.01
"$prefix/bin/regolith" info "$work/run/run.h5" | head -5
if grep -rqs "$src" "$prefix/bin/regolith"; then
  echo "FAILED: the installed regolith contains the source path $src" >&2
  exit 1
fi

python_dir=$(find "$prefix/lib" -maxdepth 3 -type d -path '*/dist-packages/regolith' -print -quit)
if grep -q '^REGOLITH_PYTHON:BOOL=ON' "$build/CMakeCache.txt" && [ -z "$python_dir" ]; then
  echo "FAILED: the build has the Python package, the install has no */dist-packages/regolith" >&2
  exit 1
fi
if [ -n "$python_dir" ]; then
  echo "== the installed Python package ($python_dir)"
  PYTHONPATH=$(dirname "$python_dir") /usr/bin/python3 -c "
import regolith, sys
scene = regolith.Scene.load(sys.argv[1])
print('regolith', regolith.__version__, 'from', regolith.__file__)
print(scene)" "$scene"
fi

echo "== tests/downstream against the relocated install"
cmake -S "$src/tests/downstream" -B "$work/downstream" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix" > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/downstream" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/downstream/downstream"
