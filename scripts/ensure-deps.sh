#!/usr/bin/env bash
# Makes sure the Debian packages Regolith builds with are installed: installs them when
# run as root, otherwise prints the exact apt-get line and fails.
set -euo pipefail

packages=(g++ cmake ninja-build libthrust-dev libcub-dev libgtest-dev libcli11-dev libeigen3-dev
  nlohmann-json3-dev libvalijson-dev libhdf5-dev hdf5-tools python3-h5py paraview-dev
  python3-paraview xvfb python3-matplotlib slurm-wlm munge)

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
