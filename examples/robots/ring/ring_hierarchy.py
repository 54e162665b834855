#!/usr/bin/env python3
"""The ring hierarchy (README.md): the tumbling study's smoke ring as one MuJoCo model on
rigid ground, RFT sand, Bekker-Wong soil and DEM grains (regolith robot, only the terrain
file changed), beside the native DEM ring (regolith run of studies/tumbling), spin free and
prescribed: mean speed down the slope and energy the ground takes per metre over the 0.35 s
after release, one table and one plot.

    ring_hierarchy.py --mujoco RUNS --dem DEMRUNS --out ring_hierarchy.png

RUNS holds the eight `regolith robot` runs rigid_free, rigid_spin, sand_free, sand_spin,
bekker_free, bekker_spin, dem_free, dem_spin (README.md has the commands); DEMRUNS the four
native tumbling smoke runs rigid_free, rigid_prescribed, grains_free, grains_prescribed.
Any missing run is left out. The Python module must be importable
(PYTHONPATH=build/cpu/python, docs/python.md).
"""
import argparse
import math
import os

from regolith import body_series

SLOPE = math.radians(24)
MASS, RADIUS, INERTIA, GRAVITY = 0.1, 0.05, 1.875e-4, 9.8  # ring.xml, the DEM ring
WINDOW = 0.35  # [s] after release
DEM_RELEASE = 0.6  # [s] studies/tumbling/tumbling.smoke.json: settle, lower, rest


def ring_rows(folder):
    if not os.path.exists(os.path.join(folder, "series.csv")):
        return None
    return body_series(folder, "ring")


def window(rows, start):
    return [r for r in rows if start - 1e-9 <= r["time"] <= start + WINDOW + 1e-9]


def kinetic(r):
    return 0.5 * MASS * (r["vx"] ** 2 + r["vz"] ** 2) + 0.5 * INERTIA * r["wy"] ** 2


def trapezoid(t, y):
    return sum(0.5 * (y[i] + y[i + 1]) * (t[i + 1] - t[i]) for i in range(len(t) - 1))


def wrench_energy(rows):
    """Work the ground's wrench takes, -int (F . v + M . w) dt (the DEM metric's definition)."""
    t = [r["time"] for r in rows]
    p = [r["fx"] * r["vx"] + r["fy"] * r["vy"] + r["fz"] * r["vz"] + r["tx"] * r["wx"] + r["ty"] * r["wy"] +
         r["tz"] * r["wz"] for r in rows]
    return -trapezoid(t, p)


def rigid_contact_energy(rows):
    """MuJoCo's rigid contact is not in the series: its friction force follows from the
    ring's motion, F_t = m (dv/dt - g sin theta), and takes F_t (v - w r) (slip power)."""
    e = 0.0
    for a, b in zip(rows, rows[1:]):
        dt = b["time"] - a["time"]
        ft = MASS * ((b["vx"] - a["vx"]) / dt - GRAVITY * math.sin(SLOPE))
        slip = 0.5 * (a["vx"] + b["vx"]) - 0.5 * (a["wy"] + b["wy"]) * RADIUS
        e -= ft * slip * dt
    return e


def summary(rows, start, energy):
    w = window(rows, start)
    distance = w[-1]["x"] - w[0]["x"]
    return {"mean": distance / (w[-1]["time"] - w[0]["time"]), "final": w[-1]["vx"], "distance": distance,
            "energy": energy(w), "t": [r["time"] - start for r in w], "v": [r["vx"] for r in w]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mujoco", required=True)
    ap.add_argument("--dem")
    ap.add_argument("--out", default="ring_hierarchy.png")
    a = ap.parse_args()
    cases = []  # (ground, spin, summary)
    for ground, name in (("rigid (MuJoCo)", "rigid"), ("RFT sand", "sand"), ("Bekker-Wong", "bekker"),
                         ("MuJoCo on DEM grains", "dem")):
        for spin, suffix in (("free", "free"), ("prescribed", "spin")):
            rows = ring_rows(os.path.join(a.mujoco, f"{name}_{suffix}"))
            if rows:
                energy = rigid_contact_energy if name == "rigid" else wrench_energy
                cases.append((ground, spin, summary(rows, 0.0, energy)))
    if a.dem:
        for ground, name in (("rigid (native DEM)", "rigid"), ("DEM grains (native)", "grains")):
            for spin, suffix in (("free", "free"), ("prescribed", "prescribed")):
                rows = ring_rows(os.path.join(a.dem, f"{name}_{suffix}"))
                if rows:
                    cases.append((ground, spin, summary(rows, DEM_RELEASE, wrench_energy)))

    print("| ground | spin | mean speed [m/s] | final speed [m/s] | distance [mm] | energy taken [J] | per metre [J/m] |")
    print("|---|---|---|---|---|---|---|")
    for ground, spin, s in cases:
        print(f"| {ground} | {spin} | {s['mean']:.3f} | {s['final']:.3f} | {1e3 * s['distance']:.1f} | "
              f"{s['energy']:.4f} | {s['energy'] / s['distance']:.3f} |")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=False)
    styles = {"rigid (MuJoCo)": ("k", "-"), "rigid (native DEM)": ("k", ":"), "RFT sand": ("tab:orange", "-"),
              "Bekker-Wong": ("tab:green", "-"), "MuJoCo on DEM grains": ("tab:blue", "-"),
              "DEM grains (native)": ("tab:blue", ":")}
    for ax, spin in zip(axes, ("free", "prescribed")):
        for ground, sp, s in cases:
            if sp == spin:
                color, line = styles[ground]
                ax.plot(s["t"], s["v"], color=color, linestyle=line, label=f"{ground}: mean {s['mean']:.3f} m/s")
        if spin == "prescribed":
            ax.axhline(math.pi * RADIUS, color="grey", linewidth=0.8, linestyle="--", label="ω r")
        ax.set_title(f"spin {spin}" + (" (π rad/s)" if spin == "prescribed" else ""))
        ax.set_xlabel("time after release [s]")
        ax.set_ylabel("speed down the 24° slope [m/s]")
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    fig.suptitle("One MuJoCo ring (r 50 mm, 0.1 kg) on rigid ground, RFT sand, Bekker-Wong soil and DEM grains")
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
