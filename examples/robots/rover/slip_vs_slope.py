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


def run(regolith, slope, speed_csv, duration, out, terrain="rover.terrain.json"):
    # The slope passes just under the front wheels, so the rover starts clear of the sand.
    height = -HALF_BASE * math.tan(math.radians(slope)) - 0.005
    surface = f'{{"type": "slope", "angle_deg": {slope}, "height": {height}}}'
    subprocess.run([regolith, "robot", os.path.join(HERE, "rover.xml"), "--terrain",
                    os.path.join(HERE, terrain), "--set", f"/surface={surface}", "--control",
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


def regression_pull():
    """DP/W(s) of rover_regression.terrain.json's model file (a polynomial in slip)."""
    import json
    terrain = json.load(open(os.path.join(HERE, "rover_regression.terrain.json")))
    model = json.load(open(os.path.join(HERE, terrain["wheels"][0]["regression"]["model"])))
    entry = model["models"]["drawbar_pull_coefficient"]
    terms = [(c, t[0]) for c, t in zip(entry["coefficients"], entry["terms"])]  # slip powers only
    return lambda s: sum(c * s ** k for c, k in terms)


def regression_slip(slope, pull):
    """The slip on the rising branch (fitted s in 0.1-0.9) where DP/W(s) = tan(slope)."""
    need = math.tan(math.radians(slope))
    lo, hi = 0.19, 0.9  # the quadratic's minimum is at s = 0.19
    if pull(hi) < need or pull(lo) > need:
        return None
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if pull(mid) < need else (lo, mid)
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
    measured, regression = [], []
    pull = regression_pull()
    with tempfile.TemporaryDirectory() as scratch:
        for slope in slopes:
            out = os.path.join(scratch, f"regression_{slope}")
            run(a.regolith, slope, speed_csv, a.duration, out, "rover_regression.terrain.json")
            v, rim, s = steady_slip(out, slope, a.duration / 2)
            regression.append((slope, v, s))
            p = regression_slip(slope, pull)
            print(f"regression terrain, {slope:g} deg: speed {v:.3f} m/s, slip "
                  f"{'slides back' if v < 0 else f'{s:.3f}'}, DP/W(s) = tan(slope) at "
                  f"{'(none)' if p is None else f'{p:.3f}'}")
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
    ax.plot(fine, [predicted_slip(x) for x in fine], "k-", label=f"B: Bekker-Wong ({SOIL}), one wheel at a quarter load")
    ax.plot([m[0] for m in measured if m[2] <= 1], [m[2] for m in measured if m[2] <= 1], "o", color="tab:orange",
            label="regolith robot, rover on Bekker-Wong wheels")
    ax.axvline(stall, color="grey", linestyle="--", linewidth=0.8, label=f"Bekker stall slope {stall:.1f}°")
    regression_stall = math.degrees(math.atan(pull(0.9)))
    fine = [x * 0.25 for x in range(int(regression_stall * 4) + 1)]
    curve = [(x, regression_slip(x, pull)) for x in fine]
    ax.plot([c[0] for c in curve if c[1] is not None], [c[1] for c in curve if c[1] is not None], "b-",
            linewidth=0.8, label="R: DEM-fitted regression, DP/W(s) = tan(slope)")
    ax.plot([m[0] for m in regression if 0 <= m[2] <= 1], [m[2] for m in regression if 0 <= m[2] <= 1], "s",
            color="tab:blue", label="regolith robot, rover on regression wheels")
    ax.axvline(regression_stall, color="tab:blue", linestyle=":", linewidth=0.8,
               label=f"regression stall slope {regression_stall:.1f}°")
    for (slope, v, _, _), (_, v_regression, _) in zip(measured, regression):
        which = [name for name, speed in (("B", v), ("R", v_regression)) if speed < 0]
        if which:
            ax.annotate("slides\nback: " + ",".join(which), (slope, 0.93), ha="center", fontsize=7)
    ax.set_ylim(0, 1.05)
    ax.set_xlim(-1, max(slopes) + 2)
    ax.set_xlabel("slope [deg]")
    ax.set_ylabel("steady slip")
    ax.set_title(f"21.6 kg rover, lunar gravity, rim speed {a.speed} m/s", fontsize=10)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
