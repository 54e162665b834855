"""Figures of the angle-of-repose study (studies/repose/): the heap's profile and its fit.

`regolith plot` (postprocess/plot_study.py) loads this module by the study's kind and calls
SERIES(run_dir, metrics) for each run and SWEEP(sweep_dir, runs) for a sweep; each returns
the path of the figure it wrote.
"""

import matplotlib.pyplot as plt

from plot_common import save, value


def repose_panel(ax, m, label=None):
    """The heap's cell tops, its mean profile and the fitted flank line (mm)."""
    pts, prof, fit = m["points"], m["profile"], m["fit"]
    r = [x * 1e3 for x in pts["radius"]]
    h = [y * 1e3 for y in pts["height"]]
    used = pts["in_fit"]
    ax.plot([x for x, u in zip(r, used) if not u], [y for y, u in zip(h, used) if not u], ".",
            color="0.7", ms=3, label="cell tops (outside the flank)" if label is None else None)
    ax.plot([x for x, u in zip(r, used) if u], [y for y, u in zip(h, used) if u], ".", ms=4,
            label="cell tops on the flank" if label is None else None)
    ax.plot([x * 1e3 for x in prof["radius"]], [y * 1e3 for y in prof["height"]], "-", lw=1,
            color="k", label="mean over sectors" if label is None else label)
    a, b = fit["from"], fit["to"]
    line = [fit["slope"] * x + fit["intercept"] for x in (a, b)]
    ax.plot([a * 1e3, b * 1e3], [y * 1e3 for y in line], "-", color="tab:red", lw=2,
            label="fit: %.1f deg, $R^2$ %.2f" % (value(m, "angle"), value(m, "r_squared")))
    base = value(m, "base_radius")
    ax.plot([b * 1e3, base * 1e3], [line[1] * 1e3, 0], "--", color="tab:red", lw=1)


def repose_series(run_dir, m):
    """One heap's profile: every cell's highest top, the mean profile and the fitted line."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    repose_panel(ax, m)
    ax.axvline(m["parameters"]["radius"] * 1e3, color="0.5", ls=":", lw=1, label="cylinder radius")
    ax.set_xlabel("distance from the heap axis [mm]")
    ax.set_ylabel("height above the floor [mm]")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    ax.set_aspect("equal")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(r"angle of repose: %.1f deg (sectors %.1f $\pm$ %.1f deg), t = %.3g s" % (
        value(m, "angle"), value(m, "sector_angle_mean"), value(m, "sector_angle_std"),
        m["frame"]["time"]), fontsize=10)
    fig.tight_layout()
    return save(fig, run_dir, "repose_profile")


def repose_sweep(sweep_dir, runs):
    """Every run's mean profile and fitted line on one figure."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for m in runs:
        repose_panel(ax, m, label="%s: %.1f deg" % (m["run"], value(m, "angle")))
    ax.set_xlabel("distance from the heap axis [mm]")
    ax.set_ylabel("height above the floor [mm]")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    ax.set_title("angle of repose, %d runs" % len(runs))
    fig.tight_layout()
    return save(fig, sweep_dir, "repose_profiles")


SERIES = repose_series
SWEEP = repose_sweep
