#!/usr/bin/env bash
# The GPU check: one call on a bare GPU machine answers does it run, is it right, how fast,
# how much memory. It runs the device kit's two executables and nothing else:
#   regolith_device_tests  the engine-only tests (tests/device/CMakeLists.txt holds the list)
#   regolith_device_bench  `regolith bench settle|dense|wheel` of the engine alone
#
# Usage, from the repository root:
#   scripts/device-check.sh [--kit DIR] [--out DIR]   on the GPU machine
#   scripts/device-check.sh --cpu-smoke [--kit DIR] [--out DIR]
#                                                       CI: the same stages on the CPU
#                                                       build of the kit at tiny sizes
#
# The plan for a GPU machine (CUDA toolkit, CMake, ninja; none of our -dev packages, no
# network, 64 MiB carried, one call of at most 10 minutes):
#   1. Here, build the kit for the GPU's architecture (sm_90 for an H100/H200):
#        scripts/build-device-kit.sh cuda build/devkit
#      (7.6 min of CPU, about 4 min on two idle cores). It leaves build/devkit/kit/
#      regolith_device_tests (13.3 MB) and regolith_device_bench (12.2 MB): static cudart,
#      GoogleTest, libstdc++ and libgcc, so ldd lists libc, libm and the loader only; the
#      script checks that and the 60 MiB.
#   2. One `run` call with carry ["build/devkit/kit"] (the kit must be in the checkout that
#      the call sends, the session's own) and the command
#        scripts/device-check.sh
#      The working tree travels as usual (about 4 MiB): this script and data/reference/,
#      the golden files GoldenReference reads at run time ($REGOLITH_GOLDEN_DIR, set below;
#      nlohmann/json is compiled into the tests, so nothing else is needed). timeout_s 600.
#   3. What comes back is $OUT: at most 8 files (the tool's limit), 7 written here.
#
# Stages and budgets on the GPU (each under `timeout`; seconds; 8.5 minutes at most, 207 s
# on an H200 on 2026-12-04):
#   env        10  nvidia-smi, the kit's ldd and sizes, the backend     -> env.txt
#   sanitizer  45  compute-sanitizer --tool memcheck on a short filter  -> sanitizer.txt
#   tests     120  the whole device test suite (96 tests, 84 s on an H200, where each of
#                  the small scenes' steps costs a few kernel launches)  -> tests.txt
#   bench     160  dense at N = 1e4, 1e5, 1e6 (25, 35, 100 s), verlet then async on one
#                  bed per N, settled once (verlet, until every sphere is slower than
#                  0.05 m/s or 60,000 steps: the first GPU run capped it at 10,000, which
#                  left the 1e6 bed still moving; on the H200 1e6 takes about 0.4 ms a
#                  step)                                                -> bench.jsonl
#   memory     70  settle at N = 1e7, 20 steps, verlet and async (35 s each): device bytes
#                  per sphere at the starting lattice, times 1e8; the summary gives the
#                  dense beds' rate (contacts, history) beside it        -> memory.jsonl
#   ncu        45  one Nsight Compute snapshot of the hot kernels (PairForces,
#                  GatherKick, KickDriftPlace) on the 1e5 bed            -> ncu.txt
#   modes      60  how the stream modes and numbering compare on one bed: dense at the largest
#                  N in verlet, async (snapshots every 10, 25, 50 steps) and with the particles
#                  shuffled, plain and renumbered every 100 steps; settle (from the lattice)
#                  and wheel in verlet and async                       -> modes.jsonl
#   summary.txt: each stage's budget, time and exit status, and the memory extrapolation.
# A stage that runs out of time is killed and marked so; the next stage still runs. The
# exit status is 0 when every stage that ran passed (a tool that is absent is "skipped: not
# found", not a failure).
#
# --cpu-smoke runs the same stages on the CPU build of the kit (build/cpu/kit, from
# `scripts/build-device-kit.sh in build/cpu`) at tiny
# sizes with tiny budgets, so that the script cannot rot between GPU hours: N = 250, 500,
# 1000 for 20 steps (the bed settled for one 2,000-step chunk), memory at N = 20,000, the
# tests on a short filter only (the CPU suite runs them all in ctest). nvidia-smi,
# compute-sanitizer and ncu are skipped there: "skipped: not found" where absent, and where
# present "skipped: --cpu-smoke" (they need a CUDA binary and a GPU).
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD

smoke=0
kit=""
out=${OUT:-}
while [ $# -gt 0 ]; do
  case "$1" in
    --cpu-smoke) smoke=1 ;;
    --kit) kit=$2; shift ;;
    --out) out=$2; shift ;;
    *) echo "usage: scripts/device-check.sh [--cpu-smoke] [--kit DIR] [--out DIR]" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$kit" ]; then
  if [ $smoke = 1 ]; then kit=build/cpu/kit; else kit=build/devkit/kit; fi
fi
[ -n "$out" ] || out=/tmp/regolith-device-check
mkdir -p "$out"
tests=$kit/regolith_device_tests
bench=$kit/regolith_device_bench
for exe in "$tests" "$bench"; do
  if [ ! -x "$exe" ]; then
    echo "device-check: $exe not found (scripts/build-device-kit.sh builds the kit)" >&2
    exit 2
  fi
done
# The settled beds, one per N, written by the first (verlet) run and loaded by the second:
# outside $OUT, which comes back and holds at most 8 files.
beds=$(mktemp -d)
trap 'rm -rf "$beds"' EXIT
export REGOLITH_GOLDEN_DIR=$root/data/reference

# The sanitizer stage's filter: the CPU-GPU equivalence check (every contact model, 150
# steps) and the contact-list kernels, about 2 s on the CPU (memcheck slows each launch).
# The smoke's test stage runs a broader short filter (about 8 s on two cores: the suite's
# long tests run in ctest anyway).
sanitizer_filter='GoldenReference.EveryContactModelMatchesItsReference:FindPairs.*'
smoke_filter='GoldenReference.*:FindPairs.*:HistoryRemap.*:Families.*-HistoryRemap.EndedContactForgetsItsShear'
if [ $smoke = 1 ]; then
  sizes=(250 500 1000); size_budget=(40 40 60); steps=20; settle_cap=200
  memory_n=20000; memory_steps=5; memory_budget=30
  budget_env=10 budget_sanitizer=10 budget_tests=180 budget_ncu=10 budget_modes=60
  ncu_n=1000
  # One OpenMP thread, as ctest runs the suite: on CI's two shared cores a second thread's
  # barriers wait out other processes' time slices (a 500-sphere bed then took 20 s).
  export OMP_NUM_THREADS=1
else
  sizes=(10000 100000 1000000); size_budget=(25 35 100); steps=1000; settle_cap=60000
  memory_n=10000000; memory_steps=20; memory_budget=35
  budget_env=10 budget_sanitizer=45 budget_tests=120 budget_ncu=45 budget_modes=60
  ncu_n=100000
fi

failed=0
summary=$out/summary.txt
: >"$summary"
note() { echo "$*" | tee -a "$summary"; }
note "device-check $([ $smoke = 1 ] && echo '--cpu-smoke ')kit=$kit out=$out $(date -u +%FT%TZ)"

# run_timed BUDGET LOG COMMAND...: the command under timeout (killed 5 s after TERM),
# appending to LOG; prints the exit status (124: out of time).
run_timed() {
  local budget=$1 log=$2
  shift 2
  echo "\$ $*" >>"$log"
  timeout -k 5 "$budget" "$@" >>"$log" 2>&1
  local rc=$?
  [ $rc = 124 ] || [ $rc = 137 ] && echo "(killed: over its $budget s)" >>"$log"
  return $rc
}

# stage NAME BUDGET RC START: one summary line.
stage() {
  local name=$1 budget=$2 rc=$3 start=$4 verdict
  case $rc in
    0) verdict=ok ;;
    skip*) verdict=$rc ;;
    124 | 137) verdict="FAILED: out of time"; failed=$((failed + 1)) ;;
    *) verdict="FAILED: exit $rc"; failed=$((failed + 1)) ;;
  esac
  note "$(printf '%-10s budget %4s s  took %4s s  %s' "$name" "$budget" $((SECONDS - start)) "$verdict")"
}

# A GPU tool: its path, or nothing (with the reason on stdout) when the stage is skipped.
gpu_tool() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "skipped: not found"
  elif [ $smoke = 1 ]; then
    echo "skipped: --cpu-smoke"
  fi
}

# ---- env ---------------------------------------------------------------------------------
start=$SECONDS
log=$out/env.txt
: >"$log"
rc=0
why=$(gpu_tool nvidia-smi)
if [ -z "$why" ]; then
  run_timed "$budget_env" "$log" nvidia-smi \
    --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv || rc=$?
else
  echo "nvidia-smi: $why" >>"$log"
fi
{
  uname -a
  ls -l "$tests" "$bench"
  echo "kit size: $(du -cb "$tests" "$bench" | tail -n 1 | cut -f1) bytes"
  ldd "$tests" "$bench"
} >>"$log" 2>&1
run_timed "$budget_env" "$log" "$bench" info || rc=$?
stage env "$budget_env" $rc $start

# ---- sanitizer ---------------------------------------------------------------------------
start=$SECONDS
log=$out/sanitizer.txt
why=$(gpu_tool compute-sanitizer)
if [ -z "$why" ]; then
  rc=0
  run_timed "$budget_sanitizer" "$log" compute-sanitizer --tool memcheck --error-exitcode 1 \
    "$tests" --gtest_brief=1 --gtest_filter="$sanitizer_filter" || rc=$?
  stage sanitizer "$budget_sanitizer" $rc $start
else
  echo "compute-sanitizer: $why" >"$log"
  stage sanitizer "$budget_sanitizer" "$why" $start
fi

# ---- tests -------------------------------------------------------------------------------
start=$SECONDS
log=$out/tests.txt
: >"$log"
rc=0
if [ $smoke = 1 ]; then
  run_timed "$budget_tests" "$log" "$tests" --gtest_filter="$smoke_filter" || rc=$?
else
  run_timed "$budget_tests" "$log" "$tests" || rc=$?
fi
# Without a usable device every test is skipped and GoogleTest still says PASSED.
grep -q '^no CUDA device' "$log" && rc=3 && echo "  every test skipped: no CUDA device" | tee -a "$summary"
grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$log" | head -n 12 | sed 's/^/  /' | tee -a "$summary"
# Out of time: the test that was running.
[ $rc = 124 ] || [ $rc = 137 ] && grep '^\[ RUN' "$log" | tail -n 1 | sed 's/^/  killed in /' | tee -a "$summary"
stage tests "$budget_tests" $rc $start

# ---- bench -------------------------------------------------------------------------------
start=$SECONDS
log=$out/bench.jsonl
: >"$log"
rc=0
budget_bench=0
for i in "${!sizes[@]}"; do
  n=${sizes[$i]}
  budget=${size_budget[$i]}
  budget_bench=$((budget_bench + budget))
  # Both modes of one N share its budget: the first run settles and caches the bed.
  deadline=$((SECONDS + budget))
  for mode in verlet async; do
    left=$((deadline - SECONDS))
    [ $left -gt 0 ] || { echo "{\"particles\": $n, \"mode\": \"$mode\", \"error\": \"no time left\"}" >>"$log"; rc=124; continue; }
    run_timed $left "$log" "$bench" dense --particles "$n" --steps "$steps" --mode "$mode" \
      --max-settle-steps "$settle_cap" --bed-cache "$beds/bed_$n.bin" --json || rc=$?
  done
done
stage bench "$budget_bench" $rc $start

# ---- memory ------------------------------------------------------------------------------
start=$SECONDS
log=$out/memory.jsonl
: >"$log"
rc=0
for mode in verlet async; do
  run_timed "$memory_budget" "$log" "$bench" settle --particles "$memory_n" --steps "$memory_steps" \
    --mode "$mode" --json || rc=$?
done
stage memory $((2 * memory_budget)) $rc $start

# The number a bench's JSON line (one object per line) gives for KEY; empty when the key is
# absent or null.
json_number() { grep -o "\"$1\": [0-9.e+-]*" <<<"$2" | awk '{ print $2 }'; }

# Device bytes per sphere of every run, and what 1e8 spheres would take at that rate. The
# settle scene at 1e7 is its starting lattice (few candidates, no contacts yet): the scale
# of the per-sphere arrays at the largest N. The dense beds of the bench stage add what
# contacts and their history cost per sphere; the larger of the two rates is the one to
# extrapolate.
bytes_report() {
  local line scene n mode bpp peak
  while IFS= read -r line; do
    case $line in
      '{'*)
        scene=$(grep -o '"scene": "[a-z]*"' <<<"$line" | cut -d'"' -f4)
        mode=$(grep -o '"mode": "[a-z]*"' <<<"$line" | cut -d'"' -f4)
        n=$(json_number particles "$line")
        bpp=$(json_number bytes_per_particle "$line")
        # The pool's high-water mark over the timed steps (CUDA; null on the CPU kit).
        peak=$(json_number pool_peak_bytes_per_particle "$line")
        [ -n "$bpp" ] && note "$(awk -v s="$scene" -v m="$mode" -v b="$bpp" -v n="$n" -v p="$peak" \
          'BEGIN { printf "  %-6s %-6s N = %-8d %6.0f bytes per sphere: %6.1f GB for 1e8", s, m, n, b, b * 1e8 / 1e9
                   if (p != "") printf "; pool peak %6.0f: %6.1f GB", p, p * 1e8 / 1e9
                   printf "\n" }')"
        ;;
    esac
  done <"$1"
}
bytes_report "$out/bench.jsonl"
bytes_report "$log"

# ---- ncu ---------------------------------------------------------------------------------
start=$SECONDS
log=$out/ncu.txt
why=$(gpu_tool ncu)
if [ -z "$why" ]; then
  rc=0
  # The settled 1e5 bed of the bench stage when it is there (else it settles first: the
  # cap keeps that inside the budget). Kernels are Thrust's for_each launches: the functor
  # names appear in the demangled kernel name.
  # --clock-control none: leave the GPU's clocks as they are (ncu otherwise locks them to
  # base, and the figures would not be those of the bench stage).
  run_timed "$budget_ncu" "$log" ncu --clock-control none --kernel-name-base demangled \
    --kernel-name 'regex:PairForces|GatherKick|KickDriftPlace' --launch-skip 20 --launch-count 6 \
    --section SpeedOfLight --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis \
    "$bench" dense --particles "$ncu_n" --steps 50 --mode verlet --max-settle-steps "$settle_cap" \
    --bed-cache "$beds/bed_$ncu_n.bin" --json || rc=$?
  stage ncu "$budget_ncu" $rc $start
else
  echo "ncu: $why" >"$log"
  stage ncu "$budget_ncu" "$why" $start
fi

# ---- modes -------------------------------------------------------------------------------
# One line per run in modes.jsonl, each a bench's JSON (its flags are in the command above
# it); the summary gives particle-steps/s side by side.
start=$SECONDS
log=$out/modes.jsonl
: >"$log"
rc=0
n=${sizes[-1]}
deadline=$((SECONDS + budget_modes))
modes_run() {
  local left=$((deadline - SECONDS))
  [ $left -gt 0 ] || { echo "{\"error\": \"no time left\", \"args\": \"$*\"}" >>"$log"; rc=124; return; }
  local before
  before=$(wc -l <"$log")
  run_timed $left "$log" "$bench" "$@" --json || rc=$?
  # The last line of this run, when it printed its JSON.
  local line
  line=$(tail -n +$((before + 1)) "$log" | grep '^{' | tail -n 1)
  # particle-steps/s, list builds and renumberings, from the run's JSON.
  [ -n "$line" ] && note "$(printf '  %-58s %10.4g particle-steps/s, %5s builds, %3s renumberings' \
    "${*//$beds\//}" "$(json_number particle_steps_per_s "$line")" "$(json_number rebuilds "$line")" \
    "$(json_number renumberings "$line")")"
}
dense=(dense --particles "$n" --max-settle-steps "$settle_cap" --bed-cache "$beds/bed_$n.bin")
modes_run "${dense[@]}" --steps "$steps" --mode verlet
# Snapshots every 10 steps with D = 50 (the defaults), every 25 with the same D, every 50
# with D = 100: fewer builds against a wider margin (more candidates).
for every_drift in 10:50 25:50 50:100; do
  modes_run "${dense[@]}" --steps "$steps" --mode async --update-every ${every_drift%:*} --max-drift ${every_drift#*:}
done
# Renumbering against a shuffled numbering, over three times the steps so that renumbering
# every 500 steps has time to pay back.
for every in 0 100 500; do
  modes_run "${dense[@]}" --steps $((3 * steps)) --mode verlet --order shuffled --reorder-every $every
done
for mode in verlet async; do modes_run settle --particles "$n" --steps "$steps" --mode $mode; done
for mode in verlet async; do
  modes_run wheel --particles "${sizes[1]}" --steps "$steps" --mode $mode --max-settle-steps "$settle_cap" \
    --bed-cache "$beds/bed_${sizes[1]}.bin"
done
stage modes "$budget_modes" $rc $start

note "device-check: $failed stage(s) failed, $SECONDS s in all"
[ $failed = 0 ]
