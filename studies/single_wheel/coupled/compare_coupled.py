#!/usr/bin/env python3
"""The coupled single wheel against the native rig (README.md): runs both on several
settled beds (seeds of single_wheel.smoke.json, or of single_wheel.json with --full), prints
each one's steady-window DP/W, T/(W R) and sinkage, and draws coupled_vs_native.png.

    PYTHONPATH=build/cpu/python /usr/bin/python3 studies/single_wheel/coupled/compare_coupled.py \
        --regolith build/cpu/apps/regolith --out runs/coupled_wheel [--seeds 11 12 13 14] [--full]
"""

import argparse
import csv
import json
import pathlib
import subprocess

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent

# The two rigs: the native scene, its settled frame (the end of its settle phase), the
# load and drive the twin and the coupled run take from there, the steady window (40 %
# into the drive to its end), the wheel's weight [N] and rim radius [m], the MuJoCo files.
RIGS = {
    "smoke": {"scene": "single_wheel.smoke.json", "frame": 8, "load": 0.05, "drive": 0.4, "window": (0.21, 0.45),
              "W": 0.012 * 9.81, "R": 0.010, "mjcf": "wheel.xml", "terrain": "dem.terrain.json",
              "control": "control.csv", "frame_every": 0.05, "label": "smoke scale"},
    "full": {"scene": "single_wheel.json", "frame": 6, "load": 0.1, "drive": 1.0, "window": (0.5, 1.1),
             "W": 0.1 * 9.81, "R": 0.030, "mjcf": "wheel_full.xml", "terrain": "dem_full.terrain.json",
             "control": "control_full.csv", "frame_every": 0.025, "label": "full size"},
}
RIG = RIGS["smoke"]


def window_metrics(series_csv):
    rows = [r for r in csv.DictReader(open(series_csv)) if r["body"] == "wheel"]
    col = {k: np.array([float(r[k]) for r in rows]) for k in ("time", "z", "fx", "ty", "vx", "wy")}
    t = col["time"]
    W, R, window = RIG["W"], RIG["R"], RIG["window"]
    m = (t >= window[0] - 1e-9) & (t <= window[1] + 1e-9)

    def mean(v):
        return np.trapz(v[m], t[m]) / (t[m][-1] - t[m][0])

    # trapezoid rule over the window's rows, as the study's metrics
    return {"DP/W": mean(col["fx"]) / W, "T/(W R)": mean(-col["ty"]) / (W * R),
            "sinkage [mm]": (col["z"][0] - mean(col["z"])) * 1e3,
            "slip": 1 - mean(col["vx"]) / (mean(col["wy"]) * R)}


def native_twin(scene_file, bed, out):
    """The native rig from the settled bed `bed` (a run.h5 of the rig's scene; RIG["frame"] is
    the end of its settle phase): the scene with that bed as its grains and its settle phase
    dropped, the wheel let down at t = 0 and driven from RIG["load"], as the coupled rig is.
    Written to `out`."""
    scene = json.loads(pathlib.Path(scene_file).read_text())
    scene["description"] = "The native twin of the coupled single wheel (studies/single_wheel/coupled/README.md)."
    scene["sources"] = [{"kind": "bed", "file": str(bed), "frame": RIG["frame"]}]
    scene["phases"] = [{"name": "load", "duration": RIG["load"]}, {"name": "drive", "duration": RIG["drive"]}]
    scene["families"] = [{"name": "wheel", "phases": [{"start": "load", "translation": ["fixed", "fixed", "free"],
                                                       "rotation": ["fixed", "fixed", "fixed"]}]}]
    pathlib.Path(out).write_text(json.dumps(scene, indent=1))
    return out


def run(cmd):
    subprocess.run([str(c) for c in cmd], check=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--regolith", default="regolith")
    p.add_argument("--out", type=pathlib.Path, default=pathlib.Path("runs/coupled_wheel"))
    p.add_argument("--seeds", type=int, nargs="+", default=[11, 12, 13, 14])
    p.add_argument("--full", action="store_true", help="the full-size rig (single_wheel.json, wheel_full.xml)")
    a = p.parse_args()
    global RIG
    RIG = RIGS["full" if a.full else "smoke"]
    scene = HERE.parent / RIG["scene"]
    results = {"native": [], "coupled": []}
    for seed in a.seeds:
        d = a.out / f"seed_{seed}"
        bed = d / "settled" / "run.h5"
        if not bed.exists():
            run([a.regolith, "run", scene, "--out", bed.parent, "--quiet",
                 "--set", f"/seed={seed}", "--set", "/phases/1/duration=0.001", "--set", "/phases/2/duration=0.001"])
        if not (d / "native" / "series.csv").exists():
            twin = native_twin(scene, bed.resolve(), d / "native_twin.json")
            run([a.regolith, "run", twin, "--out", d / "native", "--quiet"])
        if not (d / "coupled" / "series.csv").exists():
            run([a.regolith, "robot", HERE / RIG["mjcf"], "--terrain", HERE / RIG["terrain"],
                 "--set", f"/dem/scene/sources/0/file={bed.resolve()}", "--control", HERE / RIG["control"],
                 "--duration", RIG["load"] + RIG["drive"], "--series-every", "0.001", "--frame-every",
                 RIG["frame_every"], "--out", d / "coupled", "--quiet"])
        for kind in results:
            m = window_metrics(d / kind / "series.csv")
            results[kind].append(m)
            print(f"seed {seed} {kind:8s} " + "  ".join(f"{k} {v:8.4f}" for k, v in m.items()))
    keys = list(results["native"][0])
    for kind, rows in results.items():
        print(f"{kind:8s} mean " + "  ".join(f"{k} {np.mean([r[k] for r in rows]):8.4f} "
                                           f"(range {np.ptp([r[k] for r in rows]):.4f})" for k in keys))
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 3, figsize=(10, 3.4))
    for ax, k in zip(axes, keys):
        for i, kind in enumerate(results):
            v = [r[k] for r in results[kind]]
            ax.plot(np.full(len(v), i) + np.linspace(-0.08, 0.08, len(v)), v, "o", color=f"C{i}")
            ax.errorbar(i + 0.25, np.mean(v), yerr=np.std(v), fmt="s", color=f"C{i}", capsize=4)
        ax.set_xticks([0, 1], ["native DEM", "MuJoCo on DEM"])
        ax.set_xlim(-0.5, 1.6)
        ax.set_title(k)
    fig.suptitle(f"single wheel, s = 0.2, {RIG['label']}: {len(a.seeds)} settled beds (dots), mean and sd (squares)")
    fig.tight_layout()
    fig.savefig(a.out / "coupled_vs_native.png", dpi=120)
    print(f"wrote {a.out / 'coupled_vs_native.png'}")


if __name__ == "__main__":
    main()
