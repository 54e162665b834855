#!/usr/bin/env python3
"""The single-wheel smoke sweep and the repose smoke heap against the grains' work of
adhesion (docs/cohesion.md): DP/W, T/(W R) and sinkage against slip, one colour per w,
one marker per wheel load, one point per run (the lines join the means over seeds), and
the heap's angle against w.

    plot_cohesion.py --wheel 0=runs/wheel_w0 --wheel 0.2=runs/wheel_w0.2 \
                     --repose 0=runs/repose_w0 --repose 0.2=runs/repose_w0.2 --out cohesion.png

Each --wheel folder holds single_wheel runs (each with its metrics.json, `regolith
metrics`), any slips, loads and seeds; each --repose folder holds repose runs, one per seed.
"""
import argparse
import collections
import json
import pathlib
import statistics

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def value(entry):
    return entry["value"] if isinstance(entry, dict) else entry


def run_metrics(folder):
    """metrics.json of every run in `folder` (its sub-folders holding one)."""
    found = []
    for path in sorted(pathlib.Path(folder).glob("*/metrics.json")):
        doc = json.loads(path.read_text())
        if "metrics" in doc:
            found.append(({k: value(v) for k, v in doc["metrics"].items()}, doc.get("parameters", {}), path.parent))
    if not found:
        raise SystemExit(f"{folder}: no run with a metrics.json (run `regolith metrics {folder}` first)")
    return found


def labelled(pairs):
    out = []
    for item in pairs:
        w, _, folder = item.partition("=")
        if not folder:
            raise SystemExit(f"'{item}': expected W=FOLDER")
        out.append((float(w), folder))
    return sorted(out)


def wheel_load(params, run):
    """W = m |g| [N], from the study's parameters."""
    if "mass" not in params or "gravity" not in params:
        raise SystemExit(f"{run}/metrics.json: no parameters.mass and .gravity (not a single_wheel run?)")
    return float(params["mass"]) * sum(g * g for g in params["gravity"]) ** 0.5


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wheel", action="append", default=[], metavar="W=FOLDER")
    ap.add_argument("--repose", action="append", default=[], metavar="W=FOLDER")
    ap.add_argument("--out", default="cohesion.png")
    args = ap.parse_args()
    if not args.wheel:
        raise SystemExit("give at least one --wheel W=FOLDER")

    panels = [("drawbar_pull_coefficient", "DP/W", 1.0), ("torque_coefficient", "T/(W R)", 1.0),
              ("sinkage", "sinkage [mm]", 1e3)]
    fig, axes = plt.subplots(1, 4 if args.repose else 3, figsize=(16 if args.repose else 12, 4))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    markers = ["o", "s", "^", "D"]
    wheel_runs = [(w, run_metrics(folder)) for w, folder in labelled(args.wheel)]  # each folder read once
    loads = sorted({round(wheel_load(p, r), 6) for _, runs in wheel_runs for _, p, r in runs})
    for i, (w, runs) in enumerate(wheel_runs):
        groups = collections.defaultdict(list)
        for m, p, r in runs:
            groups[(round(wheel_load(p, r), 6), m["slip"])].append(m)
        for ax, (key, label, scale) in zip(axes, panels):
            for j, load in enumerate(loads):
                slips = sorted(s for (l, s) in groups if l == load)
                for s in slips:
                    ys = [m[key] * scale for m in groups[(load, s)]]
                    ax.plot([s] * len(ys), ys, markers[j % 4], color=colours[i % 10], alpha=0.45, ms=4)
                means = [statistics.mean(m[key] * scale for m in groups[(load, s)]) for s in slips]
                ax.plot(slips, means, "-" + markers[j % 4], color=colours[i % 10], ms=5,
                        label=f"w = {w:g} J/m², W = {load * 1e3:.0f} mN" if ax is axes[0] else None)
            ax.set_xlabel("slip")
            ax.set_ylabel(label)
            ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7)
    axes[0].set_title("single wheel (smoke)")
    if args.repose:
        ax = axes[3]
        for i, (w, folder) in enumerate(labelled(args.repose)):
            angles = [m["angle"] for m, _, _ in run_metrics(folder)]
            ax.plot([w] * len(angles), angles, "o", color=colours[i % 10], alpha=0.45)
            ax.errorbar([w], [statistics.mean(angles)], yerr=[statistics.stdev(angles)] if len(angles) > 1 else None,
                        fmt="s", color="black", capsize=3)
        ax.set_xlabel("work of adhesion w [J/m²]")
        ax.set_ylabel("angle of repose [deg]")
        ax.set_title("repose heap (smoke): seeds, mean ± sd")
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
