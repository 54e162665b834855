"""Figures of the single-wheel study (studies/single_wheel/): the series of one run, and a
slip sweep against slip with a `regolith fit` model drawn over it (--model).

`regolith plot` (postprocess/plot_study.py) loads this module by the study's kind and calls
SERIES(run_dir, metrics) for each run and SWEEP(sweep_dir, runs) for a sweep; each returns
the path of the figure it wrote.
"""
import json
import sys

import matplotlib.pyplot as plt

import plot_common
from plot_common import finite, save, series, value


def single_wheel_series(run_dir, m):
    """DP, driving torque and axle height against time, the steady window shaded."""
    p = m["parameters"]
    s = series(run_dir, p["wheel"])
    t = s["time"]
    w = m["window"]
    fig, axes = plt.subplots(3, 1, figsize=(7, 8), sharex=True)
    panels = [(s["force"][:, 0], "drawbar pull F_x [N]", "drawbar_pull"),
              (-s["torque"][:, 1], r"driving torque $-\tau_y$ [N m]", "torque"),
              (s["position"][:, 2] * 1e3, "axle height z [mm]", None)]
    for ax, (y, label, key) in zip(axes, panels):
        ax.plot(t, y, lw=0.8)
        ax.axvspan(w["begin"], w["end"], color="tab:orange", alpha=0.15, label="steady window")
        if key:
            ax.axhline(value(m, key), color="tab:red", lw=1, ls="--", label="window mean")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    axes[2].axhline((value(m, "first_contact_height") - value(m, "sinkage")) * 1e3,
                    color="tab:red", lw=1, ls="--", label="window mean")
    axes[2].axhline(value(m, "first_contact_height") * 1e3, color="k", lw=0.8, ls=":",
                    label="at first contact")
    axes[0].legend(loc="best", fontsize=8)
    axes[2].legend(loc="best", fontsize=8)
    axes[2].set_xlabel("time [s]")
    fig.suptitle("single wheel: slip %.2f, W = %.3g N, $\\omega$ = %.3g rad/s" %
                 (p["slip"], value(m, "weight"), value(m, "angular_velocity")))
    fig.tight_layout()
    return save(fig, run_dir, "single_wheel_series")


# Tractive efficiency DP v / (T omega) is a ratio with the input power below: where the
# driving torque is under this fraction of W R the ratio is noise over nearly nothing (the
# smoke sweep's slow run has T/(W R) = 0.06 and eta = -2.7), so such points are masked.
MIN_TORQUE_COEFFICIENT_FOR_EFFICIENCY = 0.1


def single_wheel_panels(m):
    """(key, axis label, scale, standard deviation or None, masked?) per panel for one run."""
    w, r = value(m, "weight"), m["parameters"].get("radius")
    dp_std = value(m, "drawbar_pull_std") / w if "drawbar_pull_std" in m["metrics"] else None
    t_std = value(m, "torque_std") / (w * r) if "torque_std" in m["metrics"] and r else None
    weak = abs(value(m, "torque_coefficient")) < MIN_TORQUE_COEFFICIENT_FOR_EFFICIENCY
    return [("drawbar_pull_coefficient", "drawbar pull coefficient DP/W", 1, dp_std, False),
            ("sinkage", "sinkage [mm]", 1e3, None, False),
            ("torque_coefficient", "torque coefficient T/(W R)", 1, t_std, False),
            ("tractive_efficiency", r"tractive efficiency $\eta$ = DP v / (T $\omega$)", 1, None, weak)]


def regression_lines(model, slips, loads):
    """{target: [(label, xs, ys)]} of a `regolith fit regression` file over the slip range
    (per load where the sinkage depends on it)."""
    lines = {}
    lo, hi = min(slips), max(slips)
    xs = [lo + (hi - lo) * i / 60 for i in range(61)]
    for target, entry in model["models"].items():
        terms, coef = entry["terms"], entry["coefficients"]
        uses_load = any(t[1] for t in terms)
        curves = []
        for load in (loads if uses_load else [None]):
            ys = [sum(c * x ** t[0] * (load or 0) ** t[1] for c, t in zip(coef, terms)) for x in xs]
            label = "regression fit" + (", W = %.3g N" % load if uses_load else "")
            if target == "sinkage":
                ys = [-y for y in ys]  # the file fits z = -sinkage
            curves.append((label, xs, ys))
        lines[target] = curves
    return lines


def bekker_lines(model):
    """{target: [(label, xs, ys)]}: the Bekker–Wong model at each run it was fitted to, per load."""
    lines = {"drawbar_pull_coefficient": [], "torque_coefficient": [], "sinkage": []}
    by_load = {}
    for run in model["runs"]:
        by_load.setdefault(round(run["load"], 6), []).append(run)
    for load, runs in sorted(by_load.items()):
        runs.sort(key=lambda r: r["slip"])
        xs = [r["slip"] for r in runs]
        label = "Bekker-Wong fit, W = %.3g N" % load
        for i, target in enumerate(["drawbar_pull_coefficient", "torque_coefficient", "sinkage"]):
            lines[target].append((label, xs, [r["model"][i] for r in runs]))
    return lines


def model_lines(path, slips, loads):
    with open(path) as f:
        model = json.load(f)
    kind = model.get("model")
    if kind == "regression":
        return regression_lines(model, slips, loads)
    if kind == "bekker":
        return bekker_lines(model)
    sys.exit("plot_study.py: %s: a %s model has no single-wheel curves (expected regression or bekker)" % (path, kind))


def single_wheel_sweep(sweep_dir, runs):
    """DP/W, sinkage, T/(W R) and tractive efficiency against measured slip: one marker per
    run with +-1 std error bars, one series per wheel load, a fitted model as lines."""
    runs = sorted(runs, key=lambda m: value(m, "slip"))
    loads = sorted({round(value(m, "weight"), 6) for m in runs})
    fig, axes = plt.subplots(2, 2, figsize=(9, 7), sharex=True)
    markers = "osD^v<>"
    masked = 0
    for k, load in enumerate(loads):
        group = [m for m in runs if round(value(m, "weight"), 6) == load]
        for p, ax in enumerate(axes.flat):
            xs, ys, es = [], [], []
            for m in group:
                key, _, scale, std, hide = single_wheel_panels(m)[p]
                v = value(m, key) * scale
                if hide or not finite(v):
                    masked += key == "tractive_efficiency"
                    continue
                xs.append(value(m, "slip"))
                ys.append(v)
                es.append(std * scale if std is not None and finite(std) else 0.0)
            ax.errorbar(xs, ys, yerr=es if any(es) else None, fmt=markers[k % len(markers)], ms=5,
                        capsize=3, ls="none", label="DEM, W = %.3g N" % load)
    for p, ax in enumerate(axes.flat):
        _, label, _, _, _ = single_wheel_panels(runs[0])[p]
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    if plot_common.OPTIONS.model:
        curves = model_lines(plot_common.OPTIONS.model, [value(m, "slip") for m in runs], loads)
        for p, ax in enumerate(axes.flat):
            key, _, scale, _, _ = single_wheel_panels(runs[0])[p]
            for label, xs, ys in curves.get(key, []):
                ax.plot(xs, [y * scale for y in ys], "-", lw=1.2, label=label)
    if masked:
        axes[1][1].text(0.02, 0.02, "%d run(s) masked: T/(W R) < %.2g" % (masked, MIN_TORQUE_COEFFICIENT_FOR_EFFICIENCY),
                        transform=axes[1][1].transAxes, fontsize=7, color="0.3")
    for ax in axes.flat:
        ax.legend(fontsize=7)
    for ax in axes[1]:
        ax.set_xlabel("slip s")
    has_std = any(single_wheel_panels(m)[0][3] is not None for m in runs)
    fig.suptitle("single-wheel slip sweep: %d runs%s" %
                 (len(runs), ", error bars: 1 std over the steady window" if has_std else ""))
    fig.tight_layout()
    return save(fig, sweep_dir, "single_wheel_slip")


SERIES = single_wheel_series
SWEEP = single_wheel_sweep
