#!/usr/bin/env bash
# Installs the build tree BUILD to a temporary prefix, moves the installed tree to another
# prefix (nothing may depend on where it was installed), then from there:
#   - runs `regolith --version`, `regolith check` and a short `regolith run` on an
#     installed example scene (schema, clump files and scenes found beside the binary);
#   - imports the installed Python package (when the build has one) and loads an
#     installed scene with it;
#   - configures, builds and runs the four consumers of tests/downstream/ (models, engine,
#     io, scenes: one project(x CXX) each, find_package(Regolith) with that component),
#     checking that each finds only its own dependencies (models: Eigen alone);
#   - checks that an unknown component is refused by name.
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

# One consumer per exported target, each a minimal project(x CXX) (tests/downstream/<name>/).
# Each is configured with the packages it must not look for disabled, so a config that
# finds one of them fails the configure, and its cache and link line are then checked for
# them too. scenes uses a plain find_package(Regolith): every component.
consumer() {
  local name=$1 forbidden=$2 dir=$work/downstream-$1 pkg
  local disable=()
  for pkg in $forbidden; do disable+=("-DCMAKE_DISABLE_FIND_PACKAGE_$pkg=ON"); done
  echo "== tests/downstream/$name against the relocated install (must not find: ${forbidden:-nothing})"
  cmake -S "$src/tests/downstream/$name" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_PREFIX_PATH="$prefix" "${disable[@]}" > "$work/configure-$name.log" 2>&1 ||
    { cat "$work/configure-$name.log"; echo "FAILED: configuring the $name consumer" >&2; exit 1; }
  for pkg in $forbidden; do
    if grep -Eq "^${pkg}_" "$dir/CMakeCache.txt"; then
      grep -E "^${pkg}_" "$dir/CMakeCache.txt" | head -3
      echo "FAILED: the $name consumer's cache names $pkg" >&2
      exit 1
    fi
  done
  cmake --build "$dir" > "$work/build-$name.log" 2>&1 ||
    { cat "$work/build-$name.log"; echo "FAILED: building the $name consumer" >&2; exit 1; }
  "$dir/consumer" "$dir"
}
consumer models "HDF5 VTK OpenMP valijson nlohmann_json CUDAToolkit"
# build.ninja holds the link line and, as regeneration inputs, every CMake file the
# configure read: neither may name HDF5, VTK or OpenMP.
if grep -Eiq 'hdf5|vtk|gomp|fopenmp' "$work/downstream-models/build.ninja"; then
  grep -Eio '[^ ]*(hdf5|vtk|gomp|fopenmp)[^ ]*' "$work/downstream-models/build.ninja" | sort -u | head -5
  echo "FAILED: the models consumer's build.ninja names HDF5, VTK or OpenMP" >&2
  exit 1
fi
consumer engine "HDF5 VTK valijson nlohmann_json Eigen3"
# Neither needs HDF5, so neither gets the C language that FindHDF5's probe needs.
for name in models engine; do
  if grep -q '^CMAKE_C_COMPILER:' "$work/downstream-$name/CMakeCache.txt"; then
    echo "FAILED: the $name consumer has the C language enabled" >&2
    exit 1
  fi
done
consumer io "Eigen3 valijson"
consumer scenes "valijson"

# A component the package does not have is refused by name.
mkdir -p "$work/unknown"
printf 'cmake_minimum_required(VERSION 3.25)\nproject(x CXX)\nfind_package(Regolith CONFIG REQUIRED COMPONENTS modles)\n' \
  > "$work/unknown/CMakeLists.txt"
if cmake -S "$work/unknown" -B "$work/unknown/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" > "$work/unknown.log" 2>&1; then
  echo "FAILED: find_package(Regolith COMPONENTS modles) succeeded" >&2
  exit 1
fi
grep -q 'no component "modles"' "$work/unknown.log" ||
  { cat "$work/unknown.log"; echo "FAILED: the unknown component is not named" >&2; exit 1; }
echo "== unknown component refused: $(tr -s ' \n' ' ' < "$work/unknown.log" | grep -o 'Regolith has no component "[^"]*"; its components are [a-z, ]*[a-z]')"
