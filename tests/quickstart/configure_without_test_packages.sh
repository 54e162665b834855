#!/usr/bin/env bash
# A build folder configured where the test packages are missing (as the quick start does on
# a fresh machine: GoogleTest hidden here with CMAKE_DISABLE_FIND_PACKAGE_GTest) must still
# configure, keep REGOLITH_TESTS=ON in its cache (so scripts/test.sh later builds the suite
# there) and give ctest one test, which fails and says to run scripts/test.sh, instead of
# no tests at all (issue 41).
# Usage: configure_without_test_packages.sh SOURCE_DIR [PYTHON] (default /usr/bin/python3,
# the interpreter python/CMakeLists.txt picks)
set -euo pipefail
src=$1 python=${2:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$src" -B "$work" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON \
  -DPython3_EXECUTABLE="$python" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
grep -q '^REGOLITH_TESTS:BOOL=ON$' "$work/CMakeCache.txt" ||
  { echo "FAIL: $work/CMakeCache.txt: REGOLITH_TESTS is not ON: $(grep ^REGOLITH_TESTS "$work/CMakeCache.txt")"; exit 1; }
listed=$(ctest --test-dir "$work" -N | sed -n 's/^ *Test *#[0-9]*: //p')
[ "$listed" = TestSuite.PackagesMissing ] ||
  { echo "FAIL: ctest -N lists '${listed:-nothing}', expected TestSuite.PackagesMissing alone"; exit 1; }
if out=$(ctest --test-dir "$work" --output-on-failure 2>&1); then
  echo "FAIL: TestSuite.PackagesMissing passed"; exit 1
fi
grep -q 'run scripts/test.sh' <<<"$out" || { echo "FAIL: its output does not say what to run:"; echo "$out"; exit 1; }
echo "ok: configured without GoogleTest; ctest lists TestSuite.PackagesMissing, which says to run scripts/test.sh"
