#!/usr/bin/python3
"""The soil estimator beside the rover: runs `regolith robot` with
rover_soil_estimation.terrain.json (LLL dry sand up to x = 2 m, LETE sand beyond, the
estimator on) at a rim speed of 0.23 m/s and draws each estimated parameter with its
+-2 sigma band and the soil under the front left wheel over time (docs/robots.md, "Soil
estimation"). Prints, per region, the last estimate against the truth in sigma.

    examples/robots/rover/soil_estimation.py --regolith build/cpu/apps/regolith \\
        --out docs/figures/rover_soil_estimation.png
"""
import argparse
import math
import os
import subprocess
import tempfile

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# (state name, label, from the state to the plotted value, log axis)
PANELS = [
    ("logKphi", "k_phi (effective) [kN/m^(n+2)]", lambda x: np.exp(x) / 1e3, True),
    ("n", "n", lambda x: x, False),
    ("phi", "phi [deg]", lambda x: np.degrees(x), False),
    ("logK", "K [mm]", lambda x: np.exp(x) * 1e3, True),
]


def text(a):
    return a.decode() if isinstance(a, bytes) else str(a)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--regolith", required=True)
    p.add_argument("--out", required=True, help="the figure (PNG)")
    p.add_argument("--duration", type=float, default=20.0)
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as work:
        run = os.path.join(work, "run")
        subprocess.run([a.regolith, "robot", os.path.join(HERE, "rover.xml"), "--terrain",
                        os.path.join(HERE, "rover_soil_estimation.terrain.json"), "--control",
                        os.path.join(HERE, "speed_0.23.csv"), "--duration", str(a.duration), "--out", run,
                        "--quiet", "--frame-every", str(a.duration)], check=True, stdout=subprocess.DEVNULL)
        with h5py.File(os.path.join(run, "run.h5"), "r") as f:
            e = f["estimator"]
            columns = text(e.attrs["columns"]).split(",")
            rows = e[:]
    col = {c: rows[:, i] for i, c in enumerate(columns)}
    t = col["time"]
    restarts = col["restarts"]
    first = np.argmax(restarts > 0) if restarts[-1] > 0 else len(t)
    last = np.nonzero(np.diff(restarts) > 0)[0]
    settled = last[-1] + 1 if len(last) else 0
    print("restarts: %d, from t = %.2f s to %.2f s" % (restarts[-1], t[first] if first < len(t) else math.nan,
                                                    t[settled] if settled else math.nan))
    print("| parameter | LLL dry sand: truth | estimate | (est - truth) / sigma | LETE sand: truth | estimate"
          " | (est - truth) / sigma |")
    print("|---|---|---|---|---|---|---|")
    ends = [first - 1, len(t) - 1]
    for name, label, f, _ in PANELS:
        cells = []
        for i in ends:
            x, s, tr = col[name][i], col[name + "_sd"][i], col[name + "_true"][i]
            cells += ["%.4g" % f(tr), "%.4g" % f(x), "%+.2f" % ((x - tr) / s)]
        print("| %s | %s |" % (label, " | ".join(cells)))
    print("region 1 at t = %.2f s, region 2 at t = %.2f s" % (t[ends[0]], t[ends[1]]))

    fig, axes = plt.subplots(len(PANELS), 1, figsize=(8, 9), sharex=True)
    for ax, (name, label, f, log) in zip(axes, PANELS):
        x, s, tr = col[name], col[name + "_sd"], col[name + "_true"]
        ax.fill_between(t, f(x - 2 * s), f(x + 2 * s), color="C0", alpha=0.25, lw=0, label="estimate +- 2 sigma")
        ax.plot(t, f(x), color="C0", lw=1, label="estimate")
        ax.plot(t, f(tr), color="k", lw=1.2, ls="--", label="truth under the front left wheel")
        if first < len(t):
            ax.axvspan(t[first], t[settled], color="0.85", lw=0)
        lo, hi = np.nanmin(f(tr)), np.nanmax(f(tr))
        if log:
            ax.set_yscale("log")
            ax.set_ylim(lo / 6, hi * 6)
        else:
            pad = 0.6 * (hi - lo) + 0.25 * abs(hi)
            ax.set_ylim(lo - pad, hi + pad)
        ax.set_ylabel(label)
    axes[0].legend(loc="lower right", fontsize=8)
    axes[0].set_title("Rover at 0.23 m/s, LLL dry sand to LETE sand at x = 2 m (grey: restarts while straddling)",
                      fontsize=9)
    axes[-1].set_xlabel("time [s]")
    fig.tight_layout()
    fig.savefig(a.out, dpi=110)


if __name__ == "__main__":
    main()
