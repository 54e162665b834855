"""`regolith plot` on a run without a study (the demo): one figure per body with its
position, velocity and contact force against time (ctest Plot.RunWithoutStudyPlotsItsBodies)."""
import os
import subprocess
import sys

import h5py

regolith, run = sys.argv[1:3]
done = subprocess.run([regolith, "plot", run, "--format", "svg"], capture_output=True, text=True)
print(done.stdout + done.stderr)
assert done.returncode == 0, f"regolith plot: exit {done.returncode}"
with h5py.File(os.path.join(run, "run.h5"), "r") as f:
    bodies = list(f["series"])
assert bodies, "the demo records no body"
for name in bodies:
    path = os.path.join(run, f"body_{name}.svg")
    assert os.path.isfile(path), f"{path} missing"
    text = open(path).read()
    for label in ("position [m]", "velocity [m/s]", "contact force [N]", "time [s]", f"body {name}"):
        assert label in text, f"{path}: no '{label}'"
assert not os.path.exists(os.path.join(run, "metrics.json")), "metrics were written for a run without a study"
print(f"ok: {len(bodies)} body figure(s)")
