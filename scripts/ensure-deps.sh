#!/usr/bin/env bash
# Makes sure the Debian packages Regolith needs are installed: installs them when run as
# root, otherwise prints the exact apt-get line and fails.
#   ensure-deps.sh build   building the program and running the demo (scripts/quickstart.sh)
#   ensure-deps.sh test    that, plus what the test suite needs (scripts/test.sh; default)
set -euo pipefail

profile=${1:-test}
# Compiler and build tools; Thrust/CUB (the CPU backend); CLI11, Eigen, nlohmann/json,
# valijson, HDF5; VTK from paraview-dev (libvtk9-dev conflicts with python3-paraview), and
# python3-paraview with it: ParaView's VTK CMake package imports VTK::vtkCommonCorePython,
# whose files are in python3-paraview, a Recommends of paraview-dev that apt's
# --no-install-recommends leaves out, and configure fails without it (found on a fresh
# Debian 12 root, scripts/fresh-machine-check.sh); pybind11, the interpreter's headers and
# NumPy for the Python package; MuJoCo (and qhull, which Debian's MuJoCo CMake config
# needs) for robots/ and `regolith robot`; xvfb (Xvfb for `regolith render`) and h5py, which
# the README's commands right after the quick start use.
build=(g++ cmake ninja-build libthrust-dev libcub-dev libcli11-dev libeigen3-dev
  nlohmann-json3-dev libvalijson-dev libhdf5-dev paraview-dev python3-paraview pybind11-dev
  python3-dev python3-numpy libmujoco-dev libqhull-dev xvfb python3-h5py)
# GoogleTest; h5diff; xauth for xvfb-run, under which the ParaView output test runs
# pvpython (a Recommends of xvfb, so --no-install-recommends leaves it out and xvfb-run
# stops: "xauth command not found"; git's recommends bring it in through openssh-client,
# a git installed without them does not); matplotlib for `regolith plot`; slurm-wlm and munge for the
# one-node Slurm cluster of the batch test; clang-format for .ci/run's formatting check;
# pytest for the Python package's tests; python3-venv (venv's ensurepip) and python3-wheel
# (setuptools 66 builds wheels through it) for the test that pip-installs the package into
# a virtual environment (docs/python.md).
test=(libgtest-dev hdf5-tools xauth python3-matplotlib slurm-wlm munge
  clang-format python3-pytest python3-venv python3-wheel)

case "$profile" in
  build) packages=("${build[@]}") ;;
  test) packages=("${build[@]}" "${test[@]}") ;;
  *) echo "usage: $0 [build|test]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "regolith: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "regolith: missing packages. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
