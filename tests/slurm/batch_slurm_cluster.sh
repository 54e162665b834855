#!/usr/bin/env bash
# BatchSlurm (ctest label slurm): a one-node Slurm cluster on localhost (slurm-wlm and
# munge, recipe in docs/batch.md), a 3-run sweep of the batch test scene submitted as a
# job array by `regolith batch slurm --submit`, the long task requeued mid-run (Slurm
# sends SIGTERM: regolith checkpoints), and then: every run finished, the requeued one by
# resuming its checkpoint, `batch status` agrees and `regolith collect` has every row.
# Usage: batch_slurm_cluster.sh REGOLITH_BINARY SOURCE_DIR. Exit 77 (skipped) without
# slurmctld or root; it starts munged, slurmctld and slurmd itself and stops them by pid.
set -uo pipefail
REGOLITH=$1
SRC=$2
command -v slurmctld >/dev/null && command -v munged >/dev/null ||
  { echo "SKIP: slurm-wlm and munge are not installed (scripts/ensure-deps.sh)"; exit 77; }
[ "$(id -u)" -eq 0 ] || { echo "SKIP: a Slurm cluster needs root"; exit 77; }
command -v sinfo >/dev/null && sinfo -h >/dev/null 2>&1 &&
  { echo "SKIP: a Slurm controller already answers here"; exit 77; }

WORK=$(mktemp -d /tmp/regolith_slurm.XXXXXX)
HOST=$(hostname -s)
export SLURM_CONF=$WORK/slurm.conf
MUNGED_PID="" CTLD_PID="" SLURMD_PID="" PASSED=0

cleanup() {
  scontrol shutdown >/dev/null 2>&1
  sleep 1
  for pid in $SLURMD_PID $CTLD_PID; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  [ -n "$MUNGED_PID" ] && kill "$MUNGED_PID" 2>/dev/null
  if [ "$PASSED" -eq 1 ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; for f in "$WORK"/slurmctld.log "$WORK"/slurmd.log; do echo "== $f"; tail -20 "$f"; done; exit 1; }

# munge: its own daemon unless one already runs (then its pid is not ours to stop).
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /run/munge /var/log/munge /var/lib/munge
if ! munge -n </dev/null >/dev/null 2>&1; then
  runuser -u munge -- /usr/sbin/munged || fail "munged did not start"
  MUNGED_PID=$(cat /run/munge/munged.pid)
fi

mkdir -p "$WORK/state" "$WORK/spool"
cat > "$SLURM_CONF" <<CONF
ClusterName=regolith
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=cred_expire=10
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
KillWait=30
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=2 RealMemory=2000
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i >/dev/null 2>&1 &
CTLD_PID=$!
slurmd -D >/dev/null 2>&1 &
SLURMD_PID=$!
for i in $(seq 60); do
  [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
  sleep 0.5
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || fail "the node is not idle"

# Runs 0 and 2 take about a second; run 1 (1.2 s of tumbling) about 6, checkpointing
# every 0.2 wall seconds so that it has a checkpoint to resume when requeued.
cat > "$WORK/sweep.json" <<JSON
{"scene": "$SRC/tests/data/batch_scene.json",
 "axes": [{"name": "tumble", "pointer": "/phases/3/duration", "values": [0.1, 1.2, 0.1]},
          {"name": "checkpoint_every", "pointer": "/checkpoint_every", "values": [0.2]}]}
JSON
B=$WORK/batch
"$REGOLITH" batch plan "$WORK/sweep.json" --out "$B" >/dev/null || fail "plan"
"$REGOLITH" batch slurm "$B" --time 00:10:00 --threads 1 --submit || fail "batch slurm --submit"
JOB=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['slurm_job'])" "$B/manifest.json")
echo "job $JOB"

# Requeue task 1 once it runs and has checkpointed.
for i in $(seq 240); do
  [ -f "$B/run_0001/checkpoint.h5" ] && squeue -h -r -j "${JOB}_1" -o %T 2>/dev/null | grep -q RUNNING && break
  sleep 0.25
done
[ -f "$B/run_0001/checkpoint.h5" ] || fail "task 1 never checkpointed"
sleep 0.5
scontrol requeue "${JOB}_1" || fail "scontrol requeue"
echo "requeued ${JOB}_1"
for i in $(seq 60); do
  state=$(squeue -h -r -j "${JOB}_1" -o %T 2>/dev/null)
  [ "$state" = PENDING ] && { scontrol update JobId="${JOB}_1" StartTime=now >/dev/null 2>&1; break; }
  sleep 0.5
done

# Everything ends within a few minutes.
for i in $(seq 600); do
  [ -z "$(squeue -h -j "$JOB" 2>/dev/null)" ] && break
  [ $((i % 20)) -eq 0 ] && scontrol update JobId="${JOB}_1" StartTime=now >/dev/null 2>&1
  sleep 0.5
done
[ -z "$(squeue -h -j "$JOB" 2>/dev/null)" ] || fail "the array did not finish: $(squeue -h -r -j "$JOB")"

for r in run_0000 run_0001 run_0002; do
  [ -f "$B/$r/metrics.json" ] || fail "$r has no metrics.json: $(tail -5 "$B/$r/log.txt")"
done
grep -q "restart 1: regolith run .* --resume" "$B/run_0001/log.txt" ||
  fail "run_0001 was not resumed after its requeue: $(cat "$B/run_0001/log.txt")"
grep -q "(resumed)" "$B/run_0001/log.txt" || fail "run_0001's second start did not resume"
"$REGOLITH" batch status "$B" | tee "$WORK/status.txt"
grep -q ": 3 finished" "$WORK/status.txt" || fail "batch status does not say 3 finished"
"$REGOLITH" collect "$B" --out "$WORK/dataset.csv" || fail "collect"
rows=$(grep -c '^run_[0-9]' "$WORK/dataset.csv")
[ "$rows" -eq 3 ] || fail "collect has $rows rows, not 3"
echo "PASS: 3 runs finished (run_0001 requeued and resumed), 3 rows collected"
PASSED=1
