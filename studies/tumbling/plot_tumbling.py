"""Figures of the tumbling-ring study (studies/tumbling/): the ring's path and speeds.

`regolith plot` (postprocess/plot_study.py) loads this module by the study's kind and calls
SERIES(run_dir, metrics) for each run and SWEEP(sweep_dir, runs) for a sweep; each returns
the path of the figure it wrote.
"""
import os

import matplotlib.pyplot as plt

from plot_common import save, series, value


def tumbling_panels(axes, run_dir, m, label):
    """Centre-of-mass path (x, z), downslope speed and normal force against time."""
    s = series(run_dir, m["parameters"]["ring"])
    t = s["time"]
    w = m["window"]
    keep = (t >= w["begin"]) & (t <= w["end"])
    x, z = s["position"][keep, 0], s["position"][keep, 2]
    axes[0].plot(x - x[0], (z - z[0]) * 1e3, lw=1, label=label)
    axes[1].plot(t[keep] - w["begin"], s["velocity"][keep, 0], lw=1, label=label)
    fn = (s["force"][keep] ** 2).sum(axis=1) ** 0.5
    axes[2].plot(t[keep] - w["begin"], fn, lw=0.7, label=label)


def tumbling_figure(out, runs):
    fig, axes = plt.subplots(3, 1, figsize=(7, 9))
    for run_dir, m in runs:
        label = "%s: %.3g m/s mean, %.0f %% airborne" % (
            m["run"], value(m, "mean_speed"), 100 * value(m, "airborne_fraction"))
        tumbling_panels(axes, run_dir, m, label)
    axes[0].set_xlabel("downslope travel $x - x_0$ [m]")
    axes[0].set_ylabel("$z - z_0$ [mm] (slope frame)")
    axes[1].set_xlabel("time since release [s]")
    axes[1].set_ylabel("downslope speed $v_x$ [m/s]")
    axes[2].set_xlabel("time since release [s]")
    axes[2].set_ylabel("|contact force| [N]")
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    p = runs[0][1]["parameters"]
    spins = {("w = %.3g rad/s" % m["parameters"]["angular_velocity"]) if "angular_velocity" in m["parameters"]
             else "free spin" for _, m in runs}
    fig.suptitle("tumbling ring, slope %g deg%s" % (p["slope_deg"], ", " + spins.pop() if len(spins) == 1 else ""))
    fig.tight_layout()
    return save(fig, *out)


def tumbling_series(run_dir, m):
    return tumbling_figure((run_dir, "tumbling_series"), [(run_dir, m)])


def tumbling_sweep(sweep_dir, runs):
    """Every run of the folder on one figure: rigid against DEM."""
    return tumbling_figure((sweep_dir, "tumbling_paths"),
                           [(os.path.join(sweep_dir, m["run"]), m) for m in runs])


SERIES = tumbling_series
SWEEP = tumbling_sweep
