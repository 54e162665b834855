#!/usr/bin/env python3
"""The coupled single wheel against the native rig (README.md): runs both on several
settled beds (seeds of single_wheel.smoke.json), prints each one's steady-window DP/W,
T/(W R) and sinkage, and draws coupled_vs_native.png.

    PYTHONPATH=build/cpu/python /usr/bin/python3 studies/single_wheel/coupled/compare_coupled.py \
        --regolith build/cpu/apps/regolith --out runs/coupled_wheel [--seeds 11 12 13 14]
"""

import argparse
import csv
import json
import pathlib
import subprocess

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
W, R = 0.012 * 9.81, 0.010  # the wheel's weight [N] and rim radius [m]
WINDOW = (0.21, 0.45)  # [s]: drive from 0.05 s, steady from 40 % of its 0.4 s


def window_metrics(series_csv):
    rows = [r for r in csv.DictReader(open(series_csv)) if r["body"] == "wheel"]
    col = {k: np.array([float(r[k]) for r in rows]) for k in ("time", "z", "fx", "ty", "vx", "wy")}
    t = col["time"]
    m = (t >= WINDOW[0] - 1e-9) & (t <= WINDOW[1] + 1e-9)

    def mean(v):
        return np.trapz(v[m], t[m]) / (t[m][-1] - t[m][0])

    # trapezoid rule over the window's rows, as the study's metrics
    return {"DP/W": mean(col["fx"]) / W, "T/(W R)": mean(-col["ty"]) / (W * R),
            "sinkage [mm]": (col["z"][0] - mean(col["z"])) * 1e3,
            "slip": 1 - mean(col["vx"]) / (mean(col["wy"]) * R)}


def native_twin(smoke_scene, bed, out):
    """The native rig from the settled bed `bed` (a run.h5 of the smoke scene; frame 8 is the
    end of its settle phase): the smoke scene with that bed as its grains, the wheel let
    down at t = 0 and driven from 0.05 s, as the coupled rig is. Written to `out`."""
    scene = json.loads(pathlib.Path(smoke_scene).read_text())
    scene["description"] = "The native twin of the coupled single wheel (studies/single_wheel/coupled/README.md)."
    scene["sources"] = [{"kind": "bed", "file": str(bed), "frame": 8}]
    scene["phases"] = [{"name": "load", "duration": 0.05}, {"name": "drive", "duration": 0.4}]
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
    p.add_argument("--interval", type=float, default=None, help="exchange interval = MuJoCo step [s]")
    a = p.parse_args()
    results = {"native": [], "coupled": []}
    for seed in a.seeds:
        d = a.out / f"seed_{seed}"
        bed = d / "settled" / "run.h5"
        if not bed.exists():
            run([a.regolith, "run", HERE.parent / "single_wheel.smoke.json", "--out", bed.parent, "--quiet",
                 "--set", f"/seed={seed}", "--set", "/phases/1/duration=0.001", "--set", "/phases/2/duration=0.001"])
        if not (d / "native" / "series.csv").exists():
            twin = native_twin(HERE.parent / "single_wheel.smoke.json", bed.resolve(), d / "native_twin.json")
            run([a.regolith, "run", twin, "--out", d / "native", "--quiet"])
        if not (d / "coupled" / "series.csv").exists():
            run([a.regolith, "robot", HERE / "wheel.xml", "--terrain", HERE / "dem.terrain.json",
                 "--set", f"/dem/scene/sources/0/file={bed}", "--control", HERE / "control.csv", "--duration", "0.45",
                 "--series-every", "0.001", "--frame-every", "0.05", "--out", d / "coupled", "--quiet"])
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
    fig.suptitle(f"single wheel, s = 0.2, smoke scale: {len(a.seeds)} settled beds (dots), mean and sd (squares)")
    fig.tight_layout()
    fig.savefig(a.out / "coupled_vs_native.png", dpi=120)
    print(f"wrote {a.out / 'coupled_vs_native.png'}")


if __name__ == "__main__":
    main()
