"""The coupled wheel on a following bed (studies/single_wheel/coupled/README.md), on the bed
of the following smoke run (tests/CMakeLists.txt, StudySmoke): MuJoCo's wheel driven 0.5 s
on grains that follow it. Checks that the bed followed the coupled body (a strip refreshed,
the moved grains flagged in the frames, the grain count kept), that the wheel stood on the
grains (it sank, by less than its radius, and the series is finite), and that a run cut
after the first refresh and resumed gives the uninterrupted run's bits.

    check_coupled_following.py REGOLITH_BINARY FOLLOWING_RUN_DIR OUT_DIR
"""
import csv
import math
import os
import re
import shutil
import subprocess
import sys

import h5py
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
coupled = os.path.join(os.path.dirname(here), "coupled")
RADIUS = 0.010  # the wheel's rim [m] (wheel.xml, wheel_grousers.obj)


def robot(regolith, bed, out, duration, extra=()):
    args = [regolith, "robot", os.path.join(coupled, "wheel.xml"), "--terrain",
            os.path.join(coupled, "following.terrain.json"), "--set", f"/dem/scene/sources/0/file={bed}",
            "--control", os.path.join(coupled, "control.csv"), "--duration", str(duration),
            "--series-every", "0.001", "--frame-every", "0.05", "--out", out, "--quiet", *extra]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def last_frame(run_dir):
    with h5py.File(os.path.join(run_dir, "run.h5"), "r") as f:
        frames = f["frames"]
        names = sorted(frames)
        first, last = frames[names[0]], frames[names[-1]]
        moved = last["sphere_relocations"][()] if "sphere_relocations" in last else None
        return (first["sphere_position"].shape[0], last["sphere_position"][()], moved,
                "sphere_relocations" in first)


def main():
    regolith, following, out = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    bed = os.path.abspath(os.path.join(following, "run.h5"))
    whole, split = os.path.join(out, "whole"), os.path.join(out, "split")

    said = robot(regolith, bed, whole, 0.5)
    refreshed = re.search(r"the bed followed wheel: (\d+) strips refreshed, (\d+) grains moved", said)
    if not refreshed or int(refreshed.group(1)) < 1:
        sys.exit(f"no strip refreshed in 0.5 s (the first is due at 0.18 s, 6 mm of travel):\n{said}")
    count, grains, moved, flagged_at_start = last_frame(whole)
    if grains.shape[0] != count:
        sys.exit(f"the grain count changed: {count} at the start, {grains.shape[0]} at the end")
    if flagged_at_start or moved is None or not np.any(moved > 0):
        sys.exit("the frames do not flag the moved grains (sphere_relocations)")

    # The wheel: its height from the series, at the start and over the last 0.1 s.
    with open(os.path.join(whole, "series.csv")) as f:
        rows = [r for r in csv.DictReader(f) if r["body"] == "wheel"]
    if not rows or not all(math.isfinite(float(v)) for r in rows for k, v in r.items() if k not in ("body", "cx", "cy", "cz")):
        sys.exit("the wheel's series is missing or not finite")
    z0 = float(rows[0]["z"])
    late = [float(r["z"]) for r in rows if float(r["time"]) >= 0.4]
    sinkage = z0 - sum(late) / len(late)
    # Let down from just above the bed, the smoke wheel runs 4 to 6 mm deep on this bed
    # (docs/moving-bed.md); anything between none and its radius says it stood on grains.
    if not 0 < sinkage < RADIUS:
        sys.exit(f"sinkage {sinkage * 1e3:.2f} mm over 0.4-0.5 s: not a wheel standing on the grains")

    # Cut at 0.3 s, after the first refresh, and resumed: the same bits.
    robot(regolith, bed, split, 0.3)
    robot(regolith, bed, split, 0.5, ["--resume"])
    _, resumed, resumed_moved, _ = last_frame(split)
    if not np.array_equal(resumed, grains) or not np.array_equal(resumed_moved, moved):
        sys.exit("the run resumed across a refresh differs from the uninterrupted one")
    with open(os.path.join(whole, "series.csv")) as a, open(os.path.join(split, "series.csv")) as b:
        if a.read() != b.read():
            sys.exit("the resumed run's series.csv differs from the uninterrupted one's")
    print(f"{refreshed.group(0)}; sinkage {sinkage * 1e3:.2f} mm; resumed to the same bits")


if __name__ == "__main__":
    main()
