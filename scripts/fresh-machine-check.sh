#!/usr/bin/env bash
# The README's two commands on a fresh Debian 12 machine: a minimal Debian 12 root made
# with debootstrap from the mirror apt already uses, with only git installed in it (a user
# who cloned has git), the committed HEAD of this checkout cloned into it, and there, as
# root, scripts/quickstart.sh and then scripts/test.sh, each timed and each required to
# exit 0. Between and after them, `ctest --preset cpu -N` must list tests: the quick start
# leaves build/cpu usable by the test command and the test command's folder usable by a
# second quick start (issue 41). A development machine has every package the project
# ever installed, so only a bare root shows what the dependency lists miss.
#
# Heavy: debootstrap about 70 s, apt several minutes, a full build and the whole suite on
# the machine's cores (tens of minutes on two). Not in CI's 45-minute budget: .ci/run runs
# it at its end with REGOLITH_CI_FRESH_MACHINE=1, and it is run before every release
# (README, "Quick start"; CHANGELOG.md).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fresh-machine-check.sh [--keep] [--work DIR] [--mirror URL]

Builds a minimal Debian 12 (bookworm) root with debootstrap, installs only git in it,
clones this checkout's committed HEAD into /root/regolith there and runs, as root inside
it, scripts/quickstart.sh and then scripts/test.sh, printing each one's wall time; exits
non-zero as soon as one fails. Uncommitted changes are not part of the check.

  --keep        keep the root afterwards (for debugging: chroot DIR/root /bin/bash);
                the mounts are undone either way
  --work DIR    where the root is made (default /var/tmp; about 5 GB): DIR/regolith-fresh.*
  --mirror URL  the Debian mirror (default: the first URIs: line of
                /etc/apt/sources.list.d/debian.sources, else of /etc/apt/sources.list)
  -h, --help    this text

Needs root (debootstrap, mount, chroot) and network access to the mirror. Installs
debootstrap on this machine when it is missing. REGOLITH_UNITY_BUILD is passed on to
scripts/test.sh when set.
EOF
}

keep=0
work_parent=/var/tmp
mirror=
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1 ;;
    --work) work_parent=${2:?--work needs a folder}; shift ;;
    --mirror) mirror=${2:?--mirror needs a URL}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fresh-machine-check: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

if [ "$(id -u)" -ne 0 ]; then
  echo "fresh-machine-check: needs root (debootstrap, mount and chroot); run it with sudo" >&2
  exit 2
fi

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  echo "fresh-machine-check: $repo has uncommitted changes; only the committed HEAD is checked" >&2
fi

if [ -z "$mirror" ]; then
  for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
    [ -f "$f" ] || continue
    if [ "${f##*.}" = sources ]; then
      mirror=$(awk '$1 == "URIs:" {print $2; exit}' "$f")
    else
      mirror=$(awk '$1 == "deb" {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' "$f")
    fi
    [ -n "$mirror" ] && break
  done
  [ -n "$mirror" ] || { echo "fresh-machine-check: no mirror in apt's sources; give --mirror URL" >&2; exit 2; }
fi

current="starting"
step() {
  current=$*
  echo "== fresh-machine-check: $* [$(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)]"
}

mkdir -p "$work_parent"
work=$(mktemp -d "$work_parent/regolith-fresh.XXXXXX")
root=$work/root
mounted=()

cleanup() {
  local status=$?
  set +e
  [ "$status" -eq 0 ] || echo "fresh-machine-check: FAILED (exit $status) at: $current" >&2
  # Whatever the check left running inside the root (a daemon of an interrupted test)
  # holds its mounts: stop those processes, by their pids.
  local pids=() p
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && pids+=("${p#/proc/}")
  done
  if [ ${#pids[@]} -gt 0 ]; then
    echo "fresh-machine-check: stopping processes left in the root: ${pids[*]}" >&2
    kill "${pids[@]}" 2>/dev/null; sleep 2; kill -9 "${pids[@]}" 2>/dev/null
  fi
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -R "${mounted[i]}" 2>/dev/null || umount -R -l "${mounted[i]}"
  done
  if findmnt -rn -o TARGET | grep -q "^$root/"; then
    echo "fresh-machine-check: something is still mounted under $root; not removing it" >&2
  elif [ "$keep" -eq 1 ]; then
    echo "fresh-machine-check: kept the root: $root (remove it with rm -rf --one-file-system $work)"
  else
    rm -rf --one-file-system "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Seconds since the epoch with hundredths, and a wall time as "M min S.ss s".
now() { date +%s.%N; }
wall() { awk -v a="$1" -v b="$2" 'BEGIN {t = b - a; printf "%d min %05.2f s (%.1f s)", int(t / 60), t - 60 * int(t / 60), t}'; }

# The committed HEAD as a bundle now (one file), so that a commit made while the root is
# being built does not change what is checked.
git -C "$repo" bundle create "$work/regolith.bundle" HEAD 2>/dev/null
[ "$(git bundle list-heads "$work/regolith.bundle" HEAD | cut -d' ' -f1)" = "$head" ] ||
  { echo "fresh-machine-check: HEAD moved while it was bundled; run again" >&2; exit 1; }

step "host: $(nproc) cores, $(grep -c ^processor /proc/cpuinfo) processors; checking $head from $repo"
command -v debootstrap >/dev/null || {
  step "installing debootstrap on this machine"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
}

step "debootstrap --variant=minbase bookworm $root $mirror"
t0=$(now)
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }
echo "debootstrap: $(wall "$t0" "$(now)")"

# /sys with its submounts (--rbind), as a booted machine has it: slurmd (Slurm 22.05) stops
# at start with "No filesystem mounted on /sys/fs/cgroup" even with task/none and
# proctrack/linuxproc, which failed the Slurm test in a root with a plain bind of /sys.
# --make-rslave keeps the unmounting below from reaching this machine's own mounts.
for m in /proc /sys /dev /dev/pts; do
  if [ "$m" = /sys ]; then
    mount --rbind "$m" "$root$m"
    mount --make-rslave "$root$m"
  else
    mount --bind "$m" "$root$m"
  fi
  mounted+=("$root$m")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
# A fresh Debian 12 install reads bookworm, bookworm-updates and bookworm-security; debootstrap
# writes bookworm alone. Use this machine's deb822 sources where it has them.
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/debian.sources"
  rm -f "$root/etc/apt/sources.list"
fi

# Inside: a clean environment (nothing of this machine's PATH, Python or CUDA), as root.
inside() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    ${REGOLITH_UNITY_BUILD:+REGOLITH_UNITY_BUILD=$REGOLITH_UNITY_BUILD} /bin/bash -c "$1"
}

step "inside: apt-get update; apt-get install -y git"
t0=$(now)
inside 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git >/dev/null'
echo "git installed: $(wall "$t0" "$(now)")"

# The bundle made at the start, copied in and cloned with the root's own git.
cp "$work/regolith.bundle" "$root/tmp/regolith.bundle"
inside 'git -c advice.detachedHead=false clone -q /tmp/regolith.bundle /root/regolith'
cloned=$(inside 'git -C /root/regolith rev-parse HEAD')
[ "$cloned" = "$head" ] || { echo "fresh-machine-check: cloned $cloned, expected $head" >&2; exit 1; }
echo "cloned $head into $root/root/regolith"

# `ctest --preset cpu -N`'s test count in the clone (0 when it lists none).
listed() { inside 'cd /root/regolith && ctest --preset cpu -N' | awk '/^Total Tests:/ {print $3}'; }

# Runs NAME's command inside, prints its wall time whether it passes or fails, and
# leaves the time in $took; a failure ends the check (set -e) after saying so.
timed() {
  local name=$1 t0 status=0
  t0=$(now)
  inside "$2" || status=$?
  took=$(wall "$t0" "$(now)")
  echo "$name: exit $status, wall $took"
  return "$status"
}

step "inside: scripts/quickstart.sh"
timed "quick start" 'cd /root/regolith && scripts/quickstart.sh'
quick=$took

# The README's commands right after the quick start ("Then look at it").
step "inside: the README's commands after the quick start (render, info, h5py)"
inside 'cd /root/regolith && build/cpu/apps/regolith render runs/demo --out demo.png && test -s demo.png &&
        build/cpu/apps/regolith info runs/demo/run.h5 >/dev/null &&
        /usr/bin/python3 -c "import h5py; f = h5py.File(\"runs/demo/run.h5\", \"r\"); print(len(f[\"frames\"]), \"frames\")"'

n=$(listed)
echo "after the quick start, ctest --preset cpu -N lists ${n:-0} tests"
[ "${n:-0}" -ge 1 ] || { echo "fresh-machine-check: the quick start left build/cpu without tests" >&2; exit 1; }

step "inside: scripts/test.sh"
timed "test command" 'cd /root/regolith && scripts/test.sh'
tests=$took
suite=$(listed)

step "inside: scripts/quickstart.sh again, in the folder the test command built"
t0=$(now)
inside 'cd /root/regolith && scripts/quickstart.sh' >"$work/quickstart-again.log" 2>&1 ||
  { tail -n 30 "$work/quickstart-again.log" >&2; exit 1; }
echo "quick start again: exit 0, wall $(wall "$t0" "$(now)")"
n=$(listed)
echo "ctest --preset cpu -N lists ${n:-0} tests (the test command's suite: $suite)"
[ "${n:-0}" = "$suite" ] || { echo "fresh-machine-check: the quick start changed the suite of build/cpu" >&2; exit 1; }

step "done"
echo "fresh-machine-check: PASSED at $head: quick start $quick; test command $tests"
