#!/usr/bin/env bash
# Re-fits the models of this folder from the sweep's metrics kept in sweep/ (README.md):
#   models/fitted/refit.sh [REGOLITH]     (default: build/cpu/apps/regolith)
# Run from the repository root; the run paths in the model files are then
# models/fitted/sweep/run_NNNN. Hold-outs: the default rule, every 4th run in path order.
set -euo pipefail
cd "$(dirname "$0")/../.."
regolith=${1:-build/cpu/apps/regolith}
sweep=models/fitted/sweep
w098=()
for run in "$sweep"/run_000{0..5}; do [ -f "$run/metrics.json" ] && w098+=("$run"); done
"$regolith" fit regression "${w098[@]}" --out models/fitted/single_wheel_slip_W0.98N.json
"$regolith" fit regression "$sweep" --out models/fitted/single_wheel_slip_both_loads.json
"$regolith" fit bekker "$sweep" --fix c=0 --fix kc=0 --out models/fitted/single_wheel_soil.json
