#!/usr/bin/env python3
"""Study 3 of issue 23 (README.md): the plate turned half a turn through the DEM bed
(rotating_plate.dem.json, `regolith run`) and through RFT sand calibrated from Regolith's
own plate-intrusion runs (rotating_plate.xml, `regolith robot`): force against angle,
RFT against DEM on one plot.

    compare.py --dem DEMRUN --rft LABEL=RFTRUN [--rft LABEL=RFTRUN ...] --out rotating_plate_rft_vs_dem.png

Prints the surface height the DEM bed had when the turn began (the mean of the highest
grain top in each 4 mm column, away from the walls, the frame before the turn starts),
the hinge height above it, the peak forces and how far the two curves are apart.
The Python module must be importable (PYTHONPATH=build/cpu/python, docs/python.md).
"""
import argparse
import math
import os

from regolith import body_series

OMEGA = 4.1666667  # [rad/s], both files
DEM_TURN_START = 0.235  # [s] rotating_plate.dem.json: settle 0.14 + lower 0.095
DEM_HINGE = 0.094 - 0.6 * 0.095  # [m] where the lowering leaves the hinge


def plate_rows(folder):
    return body_series(folder, "plate")


def dem_surface(folder):
    import h5py
    import numpy as np
    with h5py.File(os.path.join(folder, "run.h5"), "r") as f:
        frames = f["frames"]
        before = [k for k in sorted(frames) if frames[k].attrs["time"] < DEM_TURN_START - 1e-9][-1]
        g = frames[before]
        p, r = g["sphere_position"][:], g["sphere_radius"][:]
    inside = (np.abs(p[:, 0]) < 0.036) & (np.abs(p[:, 1]) < 0.014)
    cols = {}
    for (x, y, z), rad in zip(p[inside], r[inside]):
        key = (int((x + 0.036) // 0.004), int((y + 0.014) // 0.004))
        cols[key] = max(cols.get(key, -1.0), z + rad)
    tops = np.array(list(cols.values()))
    return float(tops.mean()), float(tops.std())


def interpolate(rows, angle, k):
    for a, b in zip(rows, rows[1:]):
        if a[0] <= angle <= b[0]:
            w = (angle - a[0]) / (b[0] - a[0]) if b[0] > a[0] else 0.0
            return a[k] + w * (b[k] - a[k])
    return rows[-1][k] if angle > rows[-1][0] else rows[0][k]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dem", required=True)
    ap.add_argument("--rft", required=True, action="append", help="LABEL=RUN, repeatable")
    ap.add_argument("--out", default="rotating_plate_rft_vs_dem.png")
    a = ap.parse_args()
    surface, spread = dem_surface(a.dem)
    print(f"DEM surface {1e3 * surface:.2f} mm (column spread {1e3 * spread:.2f} mm); "
          f"hinge {1e3 * (DEM_HINGE - surface):.2f} mm above it")
    dem = [(math.degrees(OMEGA * (r["time"] - DEM_TURN_START)), r["fx"], r["fz"]) for r in plate_rows(a.dem)
           if r["time"] >= DEM_TURN_START - 1e-9]
    curves = [("DEM", dem)]
    for item in a.rft:
        label, _, folder = item.rpartition("=")
        curves.append((label, [(math.degrees(OMEGA * r["time"]), r["fx"], r["fz"]) for r in plate_rows(folder)]))
    for name, rows in curves:
        fz = max(rows, key=lambda q: q[2])
        fx = max(rows, key=lambda q: abs(q[1]))
        impulse_z = sum(q[2] for q in rows) / len(rows)
        print(f"{name}: peak F_z {fz[2]:.3f} N at {fz[0]:.0f} deg; largest |F_x| {abs(fx[1]):.3f} N "
              f"(F_x {fx[1]:+.3f}) at {fx[0]:.0f} deg; mean F_z over the turn {impulse_z:.3f} N")

    # RMS difference from the DEM over the turn, at the DEM's samples (RFT linearly
    # interpolated), relative to the DEM's peak of each component.
    for label, rows in curves[1:]:
        out = []
        for k, name in ((2, "F_z"), (1, "F_x")):
            peak = max(abs(q[k]) for q in dem)
            sq = [(q[k] - interpolate(rows, q[0], k)) ** 2 for q in dem if q[0] <= 180]
            out.append(f"{name} {math.sqrt(sum(sq) / len(sq)) / peak:.2f}")
        print(f"{label}: RMS difference from DEM / DEM peak: " + ", ".join(out))

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.6), sharex=True)
    lines = ["-", "--", ":", "-."]
    for (label, rows), line in zip(curves, lines):
        ang = [q[0] for q in rows]
        width = 1.0 if label == "DEM" else 1.8
        color = {"color": "k"} if label == "DEM" else {}
        axes[0].plot(ang, [q[2] for q in rows], linestyle=line, linewidth=width, label=label, **color)
        axes[1].plot(ang, [q[1] for q in rows], linestyle=line, linewidth=width, label=label, **color)
    for ax, what in zip(axes, ("F_z (up)", "F_x")):
        ax.axhline(0, color="grey", linewidth=0.6)
        ax.set_xlim(0, 180)
        ax.set_xlabel("plate angle below +x [deg] (90: pointing straight down)")
        ax.set_ylabel(f"sand force on the plate, {what} [N]")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("24 x 10 mm plate turned at 25/6 rad/s about a hinge %.1f mm above the sand: DEM against RFT" %
                 (1e3 * (DEM_HINGE - surface)))
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
