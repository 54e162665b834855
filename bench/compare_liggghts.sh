#!/usr/bin/env bash
# Side-by-side throughput of `regolith bench settle|dense` and LIGGGHTS 3.8 on the same
# scene (shared/reference/liggghts-bench), interleaved so machine drift hits both alike.
#   bench/compare_liggghts.sh [N ...]        default: 10000 50000 200000
# Env: SETTLE_STEPS (default 5000), DENSE_STEPS (2000), REPEATS (2), WORK (cache folder).
# Needs: apt-get install -y liggghts openmpi-bin, and build/cpu (scripts/test.sh builds it).
# Prints one line per run: code scene N threads/ranks particle_steps_per_s.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ref=${LIGGGHTS_BENCH:-$root/../shared/reference/liggghts-bench}
work=${WORK:-$root/build/compare}
mkdir -p "$work/liggghts"
cp -r "$ref/." "$work/liggghts/" && chmod -R u+w "$work/liggghts"
regolith=$root/build/cpu/apps/regolith
settle_steps=${SETTLE_STEPS:-5000} dense_steps=${DENSE_STEPS:-2000} repeats=${REPEATS:-2}
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 50000 200000)

reg() {  # scene N threads steps
  local extra=()
  [ "$1" = dense ] && extra=(--bed-cache "$work/regolith_bed_$2.bin")
  "$regolith" bench "$1" --mode verlet --particles "$2" --threads "$3" --steps "$4" --json "${extra[@]}" |
    /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print('regolith $1 $2 $3', '%.4g' % d['particle_steps_per_s'], 'contacts', d['contacts'])"
}
lig() {  # scene N ranks steps
  WORK_DIR="$work/liggghts/work" "$work/liggghts/run.sh" "$1" "$2" "$4" "$3" | tail -1 |
    sed -E 's/.*particle_steps_per_s=([0-9.e+]+).*/liggghts '"$1 $2 $3"' \1/'
}

for n in "${sizes[@]}"; do
  # Untimed: settled beds for both codes (cached).
  "$regolith" bench dense --mode verlet --particles "$n" --threads 2 --steps 1 --max-settle-steps 40000 \
    --bed-cache "$work/regolith_bed_$n.bin" >/dev/null
  lig dense "$n" 1 1 >/dev/null
  for r in $(seq "$repeats"); do
    for t in 1 2; do
      reg settle "$n" "$t" "$settle_steps"; lig settle "$n" "$t" "$settle_steps"
      reg dense "$n" "$t" "$dense_steps"; lig dense "$n" "$t" "$dense_steps"
    done
  done
done
