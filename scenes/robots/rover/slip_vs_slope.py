#!/usr/bin/env python3
"""The rover's slip against slope on Bekker-Wong soil (README.md): `regolith robot` up
slopes of 0 to 30 degrees at one wheel speed, the steady slip from the chassis' speed
along the slope and the wheels' rim speed over the last half of each run, against the
slip at which one wheel carrying a quarter of the weight, m g cos(theta) / 4, has a
drawbar pull of m g sin(theta) / 4 (models/bekker through the Python module), and the
slope past which no slip gives that much.

    slip_vs_slope.py --regolith build/cpu/apps/regolith --out rover_slip_vs_slope.png

The Python module must be importable (PYTHONPATH=build/cpu/python, docs/python.md).
"""
import argparse
import math
import os
import subprocess
import tempfile

from regolith import series_by_body

HERE = os.path.dirname(os.path.abspath(__file__))
MASS, GRAVITY, RADIUS, WIDTH, SOIL = 21.6, 1.62, 0.1, 0.08, "lll-dry-sand"  # rover.xml, rover.terrain.json
HALF_BASE = 0.25  # [m] axles from the chassis' centre along x


def run(regolith, slope, speed_csv, duration, out):
    # The slope passes just under the front wheels, so the rover starts clear of the sand.
    height = -HALF_BASE * math.tan(math.radians(slope)) - 0.005
    surface = f'{{"type": "slope", "angle_deg": {slope}, "height": {height}}}'
    subprocess.run([regolith, "robot", os.path.join(HERE, "rover.xml"), "--terrain",
                    os.path.join(HERE, "rover.terrain.json"), "--set", f"/surface={surface}", "--control",
                    speed_csv, "--duration", str(duration), "--out", out, "--overwrite", "--series-every", "0.01",
                    "--frame-every", str(duration), "--quiet"], check=True, stdout=subprocess.DEVNULL)


def steady_slip(folder, slope, start):
    by_body = series_by_body(folder, lambda name: name == "chassis" or name.startswith("wheel_"))
    chassis = [r for r in by_body["chassis"] if r["time"] >= start]
    wheels = [r for name, rows in by_body.items() if name.startswith("wheel_") for r in rows if r["time"] >= start]
    along = (chassis[-1]["x"] - chassis[0]["x"]) / math.cos(math.radians(slope))
    v = along / (chassis[-1]["time"] - chassis[0]["time"])
    rim = RADIUS * sum(r["wy"] for r in wheels) / len(wheels)
    return v, rim, 1 - v / rim


def predicted_slip(slope):
    import regolith.models as models
    wheel = models.RigidWheel(SOIL, RADIUS, WIDTH)
    t = math.radians(slope)
    load, need = MASS * GRAVITY * math.cos(t) / 4, MASS * GRAVITY * math.sin(t) / 4
    pull = lambda s: wheel.solve_sinkage(load, s)["drawbar_pull"] - need
    lo, hi = 0.0, 0.999
    if pull(hi) < 0:
        return None
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if pull(mid) < 0 else (lo, mid)
    return 0.5 * (lo + hi)


def stall_slope():
    """The slope whose sin/cos equals the largest DP/W (s -> 1) of a wheel carrying a quarter."""
    lo, hi = 0.0, 60.0
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if predicted_slip(mid) is not None else (lo, mid)
    return 0.5 * (lo + hi)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--regolith", required=True)
    ap.add_argument("--speed", default="0.23", help="wheel rim speed of speed_<v>.csv [m/s]")
    ap.add_argument("--slopes", default="0,5,10,15,20,25,27,30")
    ap.add_argument("--duration", type=float, default=12)
    ap.add_argument("--out", default="rover_slip_vs_slope.png")
    a = ap.parse_args()
    speed_csv = os.path.join(HERE, f"speed_{a.speed}.csv")
    slopes = [float(s) for s in a.slopes.split(",")]
    stall = stall_slope()
    print(f"Bekker: no slip carries the rover past {stall:.1f} degrees")
    print("| slope [deg] | speed [m/s] | rim speed [m/s] | slip, regolith robot | slip, Bekker (a quarter load per wheel) |")
    print("|---|---|---|---|---|")
    measured = []
    with tempfile.TemporaryDirectory() as scratch:
        for slope in slopes:
            out = os.path.join(scratch, f"slope_{slope}")
            run(a.regolith, slope, speed_csv, a.duration, out)
            v, rim, s = steady_slip(out, slope, a.duration / 2)
            p = predicted_slip(slope)
            measured.append((slope, v, s, p))
            slip = f"{s:.3f}" if v >= 0 else "slides back"
            print(f"| {slope:g} | {v:.3f} | {rim:.3f} | {slip} | {'stall' if p is None else f'{p:.3f}'} |")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.5, 4.3))
    fine = [x * 0.25 for x in range(int(stall * 4) + 1)]
    ax.plot(fine, [predicted_slip(x) for x in fine], "k-", label="Bekker-Wong, one wheel at a quarter load")
    ax.plot([m[0] for m in measured if m[2] <= 1], [m[2] for m in measured if m[2] <= 1], "o", color="tab:orange",
            label="regolith robot, rover on Bekker-Wong wheels")
    ax.axvline(stall, color="grey", linestyle="--", linewidth=0.8, label=f"Bekker stall slope {stall:.1f}°")
    for slope, v, s, _ in measured:
        if v < 0:
            ax.annotate("slides back", (slope, 1.0), ha="center", fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_xlim(-1, max(slopes) + 2)
    ax.set_xlabel("slope [deg]")
    ax.set_ylabel("steady slip")
    ax.set_title(f"21.6 kg rover, lunar gravity, rim speed {a.speed} m/s, {SOIL}")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
