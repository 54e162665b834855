#!/usr/bin/env python3
"""The hexapod on DEM grains beside the same robot on RFT sand (README.md, "On DEM
grains"): distance per cycle, foot sinkage and chassis height from `regolith metrics` of
each run, one table and one figure (chassis travel and height, each foot's sinkage against
time).

    on_grains.py --run "DEM grains=RUN" --run "RFT, zeta_DEM=RUN" ... [--out hexapod_on_grains.png]

Each RUN is a `regolith robot` run folder on which `regolith metrics RUN` has been run (its
metrics.json is read; this script measures nothing the metrics command does not), named
for the table and the legend. The figure reads the runs' series from run.h5 (h5py, Debian
python3-h5py).
"""
import argparse
import json
import os
import sys

import h5py

FEET = ["L1_leg", "L2_leg", "L3_leg", "R1_leg", "R2_leg", "R3_leg"]
TIME, X, Z, CONTACTS, SINKAGE = 0, 1, 3, 20, 21  # columns of /series/<body> (docs/output-format.md)


def metrics(run):
    path = os.path.join(run, "metrics.json")
    if not os.path.exists(path):
        sys.exit(f"{path}: not found; run `regolith metrics {run}` first")
    with open(path) as f:
        m = json.load(f)
    if not m.get("complete", False):
        sys.exit(f"{path}: the run did not complete (end: {m.get('end')})")
    return m


def value(m, key):
    return m["metrics"][key]["value"]


def surface_height(run):
    """The terrain file's flat surface height (z) as the run recorded it (/meta/terrain_json)."""
    with h5py.File(os.path.join(run, "run.h5"), "r") as f:
        terrain = json.loads(f["meta/terrain_json"][()])
    return terrain.get("surface", {}).get("height", 0.0)


def table(runs, surfaces):
    rows = [("distance per cycle [mm]", "distance_per_cycle", 1e3), ("mean foot sinkage [mm]", "sinkage_mean", 1e3),
            ("chassis centre above the surface, mean [mm]", "body_height_mean", 1e3),
            ("pitch / roll peak to peak [deg]", None, 1), ("energy per metre [J/m]", "energy_per_distance", 1)]
    names = list(runs)
    print("| | " + " | ".join(names) + " |")
    print("| --- |" + " --- |" * len(names))
    for label, key, scale in rows:
        cells = []
        for n in names:
            m = runs[n]
            if key is None:
                cells.append(f"{value(m, 'pitch_peak_to_peak'):.2f} / {value(m, 'roll_peak_to_peak'):.2f}")
            elif key == "body_height_mean":
                cells.append(f"{scale * (value(m, key) - surfaces[n]):.1f}")
            else:
                cells.append(f"{scale * value(m, key):.1f}")
        print(f"| {label} | " + " | ".join(cells) + " |")
    for n in names:
        per_foot = ", ".join(f"{f[:2]} {1e3 * value(runs[n], 'sinkage_mean_' + f):.1f}" for f in FEET)
        print(f"{n}: sinkage per foot [mm]: {per_foot}")
    w = runs[names[0]]["window"]
    print(f"window: {w['begin']:g} to {w['end']:g} s ({w['rule']})")


def figure(folders, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 3, figsize=(13, 3.8))
    palette = ["tab:brown", "tab:blue", "tab:green", "tab:purple"]
    colours = {name: palette[i % len(palette)] for i, name in enumerate(folders)}
    for name, run in folders.items():
        with h5py.File(os.path.join(run, "run.h5"), "r") as f:
            c = f["series/chassis"][:]
            ax[0].plot(c[:, TIME], 1e3 * (c[:, X] - c[0, X]), color=colours[name], label=name)
            ax[1].plot(c[:, TIME], 1e3 * (c[:, Z] - surface_height(run)), color=colours[name], label=name)
            for i, foot in enumerate(FEET):
                s = f["series/" + foot][:]
                touching = s[:, CONTACTS] > 0
                depth = [1e3 * d if t else float("nan") for d, t in zip(s[:, SINKAGE], touching)]
                ax[2].plot(s[:, TIME], depth, color=colours[name], lw=0.8, label=name if i == 0 else None)
    ax[0].set(xlabel="time [s]", ylabel="chassis travel along x [mm]", title="travel")
    ax[1].set(xlabel="time [s]", ylabel="chassis centre above the surface [mm]", title="height")
    ax[2].set(xlabel="time [s]", ylabel="foot sinkage while touching [mm]", title="six feet")
    for a in ax:
        a.grid(alpha=0.3)
        a.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=130)
    print(f"wrote {out}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--run", action="append", required=True, metavar="NAME=RUN",
                   help="a run folder and its name (repeat: the first is the DEM run)")
    p.add_argument("--out", default="hexapod_on_grains.png")
    a = p.parse_args()
    folders = {}
    for item in a.run:
        name, sep, folder = item.partition("=")
        if not sep or not name or not folder:
            sys.exit(f"--run {item}: expected NAME=RUN")
        folders[name] = folder
    table({n: metrics(r) for n, r in folders.items()}, {n: surface_height(r) for n, r in folders.items()})
    figure(folders, a.out)


if __name__ == "__main__":
    main()
