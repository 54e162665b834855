"""A long traverse on a bed that follows the wheel (docs/moving-bed.md): sinkage, DP/W and
T/(W R) averaged over each bed length of travel (or a shorter window), as a table and a
figure, so a drift over the traverse shows at a glance.

    regolith run studies/single_wheel/single_wheel_following.smoke.json --out runs/traverse
    regolith metrics runs/traverse          # writes runs/traverse/metrics.json
    python3 studies/single_wheel/plot_traverse.py runs/traverse [runs/long ...] --bed-length 0.06 [--window 0.02]

Reads each run's series.csv (the wheel's rows) and metrics.json (the drive's start, the
weight, the rim radius, the height at first contact). A `regolith robot` run (the coupled
wheel, studies/single_wheel/coupled) has no metrics.json: give `--robot WEIGHT RADIUS
DRIVE_START` for it, and the height at first contact is read from its series. Prints one line per bed length of
each run and draws them on one figure (default FIRST_RUN/traverse.png).
"""
import argparse
import csv
import json
import os
import sys

import numpy as np


def wheel_rows(run_dir, wheel):
    with open(os.path.join(run_dir, "series.csv"), newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["body"] == wheel]
    if not rows:
        sys.exit(f"{run_dir}/series.csv: no rows of the body {wheel!r}")
    return {k: np.array([float(r[k]) for r in rows]) for k in ("time", "x", "z", "fx", "fz", "ty")}


def per_window(s, m, window, let_go=None):
    """One dict per whole or partial window of travel since the drive began; sinkage from the
    height at first contact, or from the height `let_go` seconds before the drive."""
    p = m["metrics"] if "metrics" in m else m
    par = m["parameters"]
    weight = p["weight"]["value"]
    radius = par["radius"]
    z0 = p["first_contact_height"]["value"]
    if let_go is not None:
        z0 = s["z"][np.argmin(np.abs(s["time"] - (par["drive_start"] - let_go)))]
    drive = s["time"] >= par["drive_start"]
    travel = s["x"][drive] - s["x"][drive][0]
    out = []
    for k in range(int(travel[-1] // window) + 1):
        sel = (travel >= k * window) & (travel < (k + 1) * window)
        if sel.sum() < 2:
            continue
        out.append({"length": k + 1,
                    "travel_mm": 1e3 * travel[sel].mean(),
                    "complete": travel[sel].max() - travel[sel].min() > 0.9 * window,
                    "sinkage_mm": 1e3 * (z0 - s["z"][drive][sel].mean()),
                    "dp_w": s["fx"][drive][sel].mean() / weight,
                    "t_wr": -s["ty"][drive][sel].mean() / (weight * radius),
                    "fz_w": s["fz"][drive][sel].mean() / weight})
    return out


def robot_run(run, weight, radius, drive_start):
    """What metrics.json gives for a study run, for a robot run's body "wheel"."""
    with open(os.path.join(run, "series.csv"), newline="") as f:
        touching = [r for r in csv.DictReader(f) if r["body"] == "wheel" and float(r["contacts"]) > 0]
    if not touching:
        sys.exit(f"{run}/series.csv: the wheel never touches the grains")
    return {"parameters": {"wheel": "wheel", "radius": radius, "drive_start": drive_start},
            "metrics": {"weight": {"value": weight}, "first_contact_height": {"value": float(touching[0]["z"])}}}


def load(run, robot=None):
    path = os.path.join(run, "metrics.json")
    if not os.path.exists(path) and robot:
        return robot_run(run, *robot)
    if not os.path.exists(path):
        sys.exit(f"{path}: not found; run `regolith metrics {run}` first (or give --robot for a robot run)")
    with open(path) as f:
        m = json.load(f)
    return m["runs"][0] if "runs" in m else m


def report(name, bins):
    print(f"{name}\n    window  travel [mm]  sinkage [mm]  DP/W     T/(W R)  Fz/W")
    for b in bins:
        print(f"{b['length']:10d}  {b['travel_mm']:11.1f}  {b['sinkage_mm']:12.3f}  {b['dp_w']:+.4f}  "
              f"{b['t_wr']:.4f}   {b['fz_w']:.3f}{'' if b['complete'] else '  (partial)'}")
    steady = [b for b in bins[1:] if b["complete"]]
    if len(steady) > 1:
        for key, label in (("sinkage_mm", "sinkage [mm]"), ("dp_w", "DP/W"), ("t_wr", "T/(W R)")):
            v = np.array([b[key] for b in steady])
            slope = np.polyfit([b["length"] for b in steady], v, 1)[0]
            print(f"windows 2-{steady[-1]['length']}: {label} {v.mean():.4f} +- {v.std(ddof=1):.4f} "
                  f"(sd), trend {slope:+.4f} per window")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", help="run folders (series.csv, metrics.json), drawn on one figure")
    ap.add_argument("--bed-length", type=float, required=True, help="the bed's period along the travel [m]")
    ap.add_argument("--window", type=float,
                    help="average over windows of this much travel [m] (default: one bed length); a long "
                         "bed's reference is best read in windows shorter than the following bed's period")
    ap.add_argument("--out", help="the figure (default FIRST_RUN/traverse.png)")
    ap.add_argument("--let-go", type=float, metavar="SECONDS",
                    help="measure sinkage from the wheel's height this long before its drive starts (where "
                         "the rig lets it go: 0.05 s for the smoke rigs' load) instead of from its first "
                         "contact, which varies with the bed by up to a millimetre")
    ap.add_argument("--robot", type=float, nargs=3, metavar=("WEIGHT", "RADIUS", "DRIVE_START"),
                    help="for runs of `regolith robot` (no metrics.json): the wheel's weight [N], rim radius [m] "
                         "and the time its drive starts [s]")
    a = ap.parse_args()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(3, 1, figsize=(7, 7), sharex=True)
    for run in a.runs:
        m = load(run, a.robot)
        bins = per_window(wheel_rows(run, m["parameters"]["wheel"]), m, a.window or a.bed_length, a.let_go)
        name = os.path.basename(os.path.normpath(run))
        report(name, bins)
        x = [b["travel_mm"] / (1e3 * a.bed_length) for b in bins]  # window centres, in bed lengths
        for ax, key in zip(axes, ("sinkage_mm", "dp_w", "t_wr")):
            ax.plot(x, [b[key] for b in bins], "o-", label=name)
    for ax, label in zip(axes, ("sinkage [mm]", "DP/W", "T/(W R)")):
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8)
    axes[-1].set_xlabel(f"travel [bed lengths of {1e3 * a.bed_length:g} mm]")
    window = 1e3 * (a.window or a.bed_length)
    reference = f"below the height {a.let_go:g} s before drive" if a.let_go is not None else "from first contact"
    axes[0].set_title(f"means over {window:g} mm of travel; sinkage {reference}", fontsize=10)
    out = a.out or os.path.join(a.runs[0], "traverse.png")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print("wrote", out)


if __name__ == "__main__":
    main()
