#!/usr/bin/python3
"""The rover's ruts: runs `regolith robot` with rover_ruts.terrain.json (the deforming
grid on) at a rim speed of 0.5 m/s and draws the last frame's sand surface from above and,
along the left wheels' track, the permanent depth d and the surface h = d + w (the grouser
pattern w on top of it; docs/robots.md, "Ruts").

    examples/robots/rover/ruts.py --regolith build/cpu/apps/regolith --out rover_ruts.png
"""
import argparse
import os
import subprocess
import tempfile

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--regolith", required=True)
    p.add_argument("--out", required=True, help="the figure (PNG)")
    p.add_argument("--duration", type=float, default=4.0)
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as work:
        run = os.path.join(work, "run")
        subprocess.run([a.regolith, "robot", os.path.join(HERE, "rover.xml"), "--terrain",
                        os.path.join(HERE, "rover_ruts.terrain.json"), "--control",
                        os.path.join(HERE, "speed_0.5.csv"), "--duration", str(a.duration), "--out", run,
                        "--quiet", "--frame-every", str(a.duration)], check=True, stdout=subprocess.DEVNULL)
        with h5py.File(os.path.join(run, "run.h5"), "r") as f:
            frame = f["frames"][sorted(f["frames"].keys())[-1]]
            h = frame["terrain_height"][:]
            d = frame["terrain_permanent_depth"][:]
            attrs = frame["terrain_height"].attrs
            x0, y0, s = attrs["x0"], attrs["y0"], attrs["spacing"]
    x = x0 + s * np.arange(h.shape[1])
    y = y0 + s * np.arange(h.shape[0])
    track = int(round((0.25 - y0) / s))  # the left wheels' mid-plane, y = 0.25 m
    fig, (top, side) = plt.subplots(2, 1, figsize=(8, 6.5), gridspec_kw={"height_ratios": [1.3, 1]})
    image = top.imshow(1000 * h, origin="lower", extent=[x[0], x[-1], y[0], y[-1]], cmap="copper",
                       vmin=-12, vmax=0, aspect="equal")
    fig.colorbar(image, ax=top, label="sand surface h [mm]")
    top.set_xlim(-0.5, 2.2)
    top.set_ylabel("y [m]")
    top.set_title("Rover on LLL dry sand (lunar g), 0.5 m/s rim speed, after %g s" % a.duration)
    side.plot(x, 1000 * d[track], label="permanent depth d (only deepens)")
    side.plot(x, 1000 * h[track], label="surface h = d + w (grouser trace w: 16 grousers, 5 mm)", lw=0.8)
    side.set_xlim(-0.5, 2.2)
    side.set_xlabel("x [m]")
    side.set_ylabel("along y = 0.25 m [mm]")
    side.legend(loc="lower left", fontsize=8)
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)


if __name__ == "__main__":
    main()
