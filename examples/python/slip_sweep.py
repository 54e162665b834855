#!/usr/bin/env python3
"""A single-wheel slip sweep from Python: one DEM run per slip, the study's metrics, a
regression fit of drawbar pull, torque and sinkage against slip, and a plot of the runs
with the fitted curves.

    PYTHONPATH=build/cpu/python /usr/bin/python3 examples/python/slip_sweep.py [--smoke] [--out DIR]

The scene is studies/single_wheel/single_wheel.smoke.json (about 1,900 grains, a 10 mm
grouser wheel; docs/studies.md). The full sweep runs seven slips with the scene's own
0.4 s drive (about 25 s per run on one core); --smoke runs three slips with a 0.2 s drive,
so it says little about the soil and only shows the path end to end. The same sweep from
the command line is `regolith batch plan studies/single_wheel/slip.sweep.json DIR`, then
`regolith batch run DIR`, `regolith metrics DIR`, `regolith fit regression DIR`.

Metrics (docs/studies.md): DP/W = drawbar pull over wheel weight, T/(W R) = driving
torque over weight times radius, sinkage; each is the mean over the steady part of the
drive, with the force's or torque's standard deviation over that window as the error bar.
The figure is written to DIR/slip_sweep.png.
"""

import argparse
import pathlib
import tempfile

import regolith

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENE = ROOT / "studies" / "single_wheel" / "single_wheel.smoke.json"
PANELS = [("drawbar_pull_coefficient", "DP / W", 1.0),
          ("torque_coefficient", "T / (W R)", 1.0),
          ("sinkage", "sinkage [mm]", 1e3)]


def run_sweep(slips, out, drive):
    """One `regolith run` per slip, into out/slip_<s> (replaced if there)."""
    for slip in slips:
        overrides = {"/study/slip": slip}
        if drive is not None:
            overrides["/phases/2/duration"] = drive  # the scene's third phase is the drive
        scene = regolith.Scene.load(SCENE, overrides=overrides)
        print(f"slip {slip:.2f}: {scene.sphere_count} spheres, {scene.steps} steps ...", flush=True)
        regolith.run(scene, out / f"slip_{slip:.2f}", threads=1, progress=False, overwrite=True)


def spread(m, key):
    """The error bar of a panel: the metric's standard deviation over the steady window,
    in the panel's unit (none is recorded for sinkage)."""
    weight = m["metrics"]["weight"]["value"]
    if key == "drawbar_pull_coefficient":
        return m["metrics"]["drawbar_pull_std"]["value"] / weight
    if key == "torque_coefficient":
        return m["metrics"]["torque_std"]["value"] / (weight * m["parameters"]["radius"])
    return 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="three slips, a 0.2 s drive (the test suite's run)")
    parser.add_argument("--out", type=pathlib.Path, help="folder of the runs (default: a temporary one)")
    args = parser.parse_args()
    out = args.out or pathlib.Path(tempfile.mkdtemp(prefix="regolith_slip_sweep_"))

    slips = [0.1, 0.4, 0.7] if args.smoke else [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]
    run_sweep(slips, out, drive=0.2 if args.smoke else None)

    # metrics of every run (metrics.json in each run folder and a sweep table in out/)
    sweep = regolith.metrics(out)
    rows = sorted(sweep["runs"], key=lambda m: m["parameters"]["slip"])
    print("  slip   DP/W     T/(W R)  sinkage [mm]")
    for m in rows:
        v = {k: m["metrics"][k]["value"] for k, _, _ in PANELS}
        print(f"  {m['parameters']['slip']:4.2f}  {v['drawbar_pull_coefficient']:7.4f}  "
              f"{v['torque_coefficient']:7.4f}  {v['sinkage'] * 1e3:8.3f}")

    # the regression of the lunar-rover simulator's kind (docs/models.md): each metric a
    # polynomial in slip (and load, here one load); every 4th run held out to check it
    model_file = out / "regression.json"
    fitted = regolith.fit.regression(out, out=model_file)
    model = regolith.models.load(model_file)
    print(f"fit: {model_file} (DP/W of degree {fitted['models']['drawbar_pull_coefficient']['degree']} in slip, R^2 {fitted['models']['drawbar_pull_coefficient']['fit']['r_squared']:.3f})")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (apt-get install -y python3-matplotlib): no plot")
        return

    load = rows[0]["metrics"]["weight"]["value"]
    s_runs = [m["parameters"]["slip"] for m in rows]
    s_line = [s_runs[0] + (s_runs[-1] - s_runs[0]) * i / 50 for i in range(51)]
    curves = [model.predict(slip=s, Fz=load) for s in s_line]
    fig, axes = plt.subplots(1, len(PANELS), figsize=(10, 3.2), constrained_layout=True)
    for ax, (key, label, scale) in zip(axes, PANELS):
        value = [m["metrics"][key]["value"] * scale for m in rows]
        bars = [spread(m, key) * scale for m in rows]
        ax.errorbar(s_runs, value, yerr=bars, fmt="o", capsize=3, label="DEM runs")
        ax.plot(s_line, [c[key] * scale for c in curves], "-", label="regression fit")
        ax.set_xlabel("slip s")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    axes[0].legend(frameon=False)
    fig.suptitle(f"single wheel, W = {load:.3f} N: {len(rows)} runs")
    figure = out / "slip_sweep.png"
    fig.savefig(figure, dpi=120)
    print(f"wrote {figure}")


if __name__ == "__main__":
    main()
