"""Figures of the plate-intrusion study (studies/plate_intrusion/): force against depth.

`regolith plot` (postprocess/plot_study.py) loads this module by the study's kind and calls
SERIES(run_dir, metrics) for each run and SWEEP(sweep_dir, runs) for a sweep; each returns
the path of the figure it wrote.
"""
import os

import matplotlib.pyplot as plt

from plot_common import save, series


def plate_depth_force(run_dir, m):
    """Depth of the plate's centre and the contact force on it over the stroke."""
    p = m["parameters"]
    s = series(run_dir, p["plate"])
    t = s["time"]
    keep = (t >= p["stroke_start"]) & (t <= p["stroke_end"])
    depth = m["surface"]["height"] - s["position"][keep, 2]
    return depth, s["force"][keep]


def plate_label(m):
    p = m["parameters"]
    return r"$\beta$ = %g deg, $\gamma$ = %g deg" % (p["beta_deg"], p["gamma_deg"])


def plate_intrusion_series(run_dir, m):
    """F_x and F_z against depth over the stroke, the fit window shaded, the fitted lines."""
    depth, force = plate_depth_force(run_dir, m)
    w = m["window"]
    fig, axes = plt.subplots(2, 1, figsize=(7, 7), sharex=True)
    for ax, (col, key, label) in zip(axes, [(2, "force_z", "$F_z$ [N]"), (0, "force_x", "$F_x$ [N]")]):
        ax.plot(depth * 1e3, force[:, col], lw=0.8, label="DEM")
        ax.axvspan(w["depth_begin"] * 1e3, w["depth_end"] * 1e3, color="tab:orange", alpha=0.15,
                   label="fit window")
        fit = m["fits"][key]
        if fit["slope"]["value"] is not None:
            d = [w["depth_begin"], w["depth_end"]]
            ax.plot([x * 1e3 for x in d],
                    [fit["slope"]["value"] * x + fit["intercept"]["value"] for x in d],
                    color="tab:red", lw=1.2, ls="--",
                    label="fit: %.3g N/cm$^3$, $R^2$ %.2f" % (fit["slope"]["value"] * 1e-6 /
                                                      m["parameters"]["area"],
                                                      fit["r_squared"]["value"]))
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize=8)
    axes[1].set_xlabel("depth of the plate's centre [mm]")
    fig.suptitle("plate intrusion, %s" % plate_label(m))
    fig.tight_layout()
    return save(fig, run_dir, "plate_intrusion_series")


def plate_intrusion_sweep(sweep_dir, runs):
    """Every angle pair's F_z and F_x against depth on one figure."""
    runs = sorted(runs, key=lambda m: (m["parameters"]["beta_deg"], m["parameters"]["gamma_deg"]))
    fig, axes = plt.subplots(2, 1, figsize=(8, 8), sharex=True)
    for m in runs:
        depth, force = plate_depth_force(os.path.join(sweep_dir, m["run"]), m)
        axes[0].plot(depth * 1e3, force[:, 2], lw=0.8, label=plate_label(m))
        axes[1].plot(depth * 1e3, force[:, 0], lw=0.8, label=plate_label(m))
    axes[0].set_ylabel("$F_z$ [N]")
    axes[1].set_ylabel("$F_x$ [N]")
    axes[1].set_xlabel("depth of the plate's centre [mm]")
    for ax in axes:
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7, ncol=2)
    fig.suptitle("plate intrusion: force against depth per angle pair (%d runs)" % len(runs))
    fig.tight_layout()
    return save(fig, sweep_dir, "plate_intrusion_forces")


SERIES = plate_intrusion_series
SWEEP = plate_intrusion_sweep
