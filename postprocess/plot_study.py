#!/usr/bin/python3
"""Figures of a study's runs: `regolith plot DIR` runs this as

    plot_study.py DIR [--format png|pdf|svg] [--dpi N] [--model MODEL.json] [--bodies]

The numbers on summary plots come from DIR/metrics.json (written by `regolith metrics`);
time-series plots read the bodies' series from run.h5 with h5py and shade the window the
metrics averaged over. Sweep plots draw each run as a marker with error bars of one
standard deviation over the window where the metrics carry one, and a fitted model of
`regolith fit` (--model) as a line. --bodies: a run without a study, each body's
position, velocity and contact force against time. Figures are written into DIR (and into
each run folder of a sweep) in the chosen format; SVG keeps its text as text. Needs
Debian's python3-matplotlib and python3-h5py.

Each study draws its own figures: its module studies/<kind>/plot_<kind>.py, found by the
study's kind (study_module) and calling this folder's plot_common.py for what they share.
A `regolith robot` run (not a study) is drawn here.
"""
import argparse
import importlib.util
import json
import math
import os
import sys

import plot_common
import h5py  # noqa: E402 (after plot_common chose the backend)
from plot_common import finite, plt, save, value

HERE = os.path.dirname(os.path.abspath(__file__))


def study_module(kind):
    """The figures of study `kind`: plot_<kind>.py staged or installed beside this script
    (share/regolith/studies/), or in the source tree (studies/<kind>/)."""
    for path in (os.path.join(HERE, "studies", "plot_%s.py" % kind),
                 os.path.join(HERE, os.pardir, "studies", kind, "plot_%s.py" % kind)):
        if os.path.isfile(path):
            spec = importlib.util.spec_from_file_location("plot_" + kind, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    sys.exit("plot_study.py: no figures for study kind %r (no plot_%s.py beside %s)" % (kind, kind, HERE))


def body_series(run_dir):
    """A run without a study: per body, its position, velocity and contact force against
    time, one figure each (body_<name>.<format>)."""
    written = []
    with h5py.File(os.path.join(run_dir, "run.h5"), "r", locking=False) as f:
        if "series" not in f or not len(f["series"]):
            sys.exit("plot_study.py: %s: the run records no body series (a scene without bodies)" % run_dir)
        for name in f["series"]:
            g = f["series"][name]
            t = g["time"][()]
            fig, axes = plt.subplots(3, 1, figsize=(7, 8), sharex=True)
            panels = [("position", "position [m]"), ("velocity", "velocity [m/s]"), ("force", "contact force [N]")]
            for ax, (key, label) in zip(axes, panels):
                data = g[key][()]
                for c, axis in enumerate("xyz"):
                    ax.plot(t, data[:, c], lw=0.9, label="$%s$" % axis)
                ax.set_ylabel(label)
                ax.grid(alpha=0.3)
                ax.legend(fontsize=8, ncol=3)
            axes[2].set_xlabel("time [s]")
            fig.suptitle("body %s" % name)
            fig.tight_layout()
            written.append(save(fig, run_dir, "body_" + name))
    return written


def robot_rows(run_dir, body):
    """A body's rows of a `regolith robot` run.h5 (time, x y z, qw qx qy qz, vx vy vz,
    wx wy wz, fx fy fz, mx my mz, plates, sinkage)."""
    with h5py.File(os.path.join(run_dir, "run.h5"), "r", locking=False) as f:
        return f["series"][body.replace("/", "_")][()]


def wheel_rows(run_dir, wheel):
    """A wheel's /wheels rows of a `regolith robot` run.h5 (time, contact, sinkage, slip,
    slip_angle, load, drawbar_pull, lateral, torque)."""
    with h5py.File(os.path.join(run_dir, "run.h5"), "r", locking=False) as f:
        return f["wheels"][wheel][()]


def roll_pitch_deg(q):
    """Roll about x and pitch about y of body-to-world quaternions (w, x, y, z), z-y-x
    Tait-Bryan as in postprocess/robot_metrics.cpp, in degrees."""
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    roll = [math.degrees(math.atan2(2 * (a * b + c * d), 1 - 2 * (b * b + c * c))) for a, b, c, d in zip(w, x, y, z)]
    pitch = [math.degrees(math.asin(max(-1.0, min(1.0, 2 * (a * c - d * b))))) for a, b, c, d in zip(w, x, y, z)]
    return roll, pitch


def robot_series(run_dir, m):
    """The root body's height, roll and pitch, distance along x and each foot's (and
    wheel's) sinkage against time, and each wheel's slip, the metrics' window shaded
    (robot.<format>)."""
    p = m["parameters"]
    wheels = p.get("wheels", [])
    rows = robot_rows(run_dir, p["root_body"])
    t = rows[:, 0]
    roll, pitch = roll_pitch_deg(rows[:, 4:8])
    fig, axes = plt.subplots(5 if wheels else 4, 1, figsize=(7, 12 if wheels else 10), sharex=True)
    axes[0].plot(t, rows[:, 3] * 1e3, lw=0.9)
    axes[0].set_ylabel("body height [mm]")
    axes[1].plot(t, roll, lw=0.9, label="roll")
    axes[1].plot(t, pitch, lw=0.9, label="pitch")
    axes[1].set_ylabel("angle [deg]")
    axes[1].legend(fontsize=8)
    axes[2].plot(t, (rows[:, 1] - rows[0, 1]) * 1e3, lw=0.9)
    axes[2].set_ylabel("distance along x [mm]")
    for foot in p["feet"]:
        f = robot_rows(run_dir, foot)
        axes[3].plot(f[:, 0], f[:, 21] * 1e3, lw=0.7, label=foot)
    for wheel in wheels:
        r = wheel_rows(run_dir, wheel)
        axes[3].plot(r[:, 0], r[:, 2] * 1e3, lw=0.7, label=wheel)
        axes[4].plot(r[:, 0], r[:, 3], lw=0.7, label=wheel)
    axes[3].set_ylabel("sinkage [mm]")
    if p["feet"] or wheels:
        axes[3].legend(fontsize=7, ncol=3)
    if wheels:
        axes[4].set_ylabel("slip")
        axes[4].legend(fontsize=7, ncol=2)
    axes[-1].set_xlabel("time [s]")
    w = m["window"]
    steady = m.get("steady_window", w)  # rocking, sinkage and slip are averaged here
    for ax in axes:
        ax.axvspan(w["begin"], w["end"], color="0.93", zorder=0)
        ax.axvspan(steady["begin"], steady["end"], color="0.85", zorder=0)
        ax.grid(alpha=0.3)
    title = "%s: %.1f mm along x" % (m["run"], 1e3 * value(m, "distance_x"))
    if finite(value(m, "distance_per_cycle")):
        title += ", %.1f mm per cycle" % (1e3 * value(m, "distance_per_cycle"))
    fig.suptitle(title)
    fig.tight_layout()
    return save(fig, run_dir, "robot")


def robot_sweep(sweep_dir, runs):
    """Per run: mean speed, mean foot sinkage and rocking (peak to peak) as bars."""
    names = [m["run"] for m in runs]
    fig, axes = plt.subplots(3, 1, figsize=(max(5, len(runs)), 8), sharex=True)
    axes[0].bar(names, [value(m, "mean_speed") * 1e3 for m in runs])
    axes[0].set_ylabel("mean speed [mm/s]")
    axes[1].bar(names, [value(m, "sinkage_mean") * 1e3 for m in runs])
    axes[1].set_ylabel("sinkage, feet and wheels [mm]")
    x = range(len(runs))
    axes[2].bar([i - 0.2 for i in x], [value(m, "roll_peak_to_peak") for m in runs], width=0.4, label="roll")
    axes[2].bar([i + 0.2 for i in x], [value(m, "pitch_peak_to_peak") for m in runs], width=0.4, label="pitch")
    axes[2].set_ylabel("rocking, peak to peak [deg]")
    axes[2].legend(fontsize=8)
    for ax in axes:
        ax.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    return save(fig, sweep_dir, "robot_sweep")


# A `regolith robot` run is drawn here; every study by its own module.
ROBOT = argparse.Namespace(SERIES=robot_series, SWEEP=robot_sweep)


def figures_of(kind):
    return ROBOT if kind == "robot" else study_module(kind)


def main(directory):
    if plot_common.OPTIONS.bodies:
        for w in body_series(directory):
            print("wrote " + w)
        return
    with open(os.path.join(directory, "metrics.json")) as f:
        metrics = json.load(f)
    written = []
    figures = figures_of(metrics["study"])
    if "runs" in metrics:
        for m in metrics["runs"]:
            written.append(figures.SERIES(os.path.join(directory, m["run"]), m))
        written.append(figures.SWEEP(directory, metrics["runs"]))
    else:
        written.append(figures.SERIES(directory, metrics))
    if plot_common.OPTIONS.model and metrics.get("study") != "single_wheel":
        sys.exit("plot_study.py: --model overlays single-wheel fits (regression, bekker) on a single_wheel sweep")
    for w in written:
        print("wrote " + w)
    if plot_common.OPTIONS.model:
        print("overlaid " + plot_common.OPTIONS.model)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="figures of a study's runs (regolith plot)")
    parser.add_argument("dir", help="a run or sweep folder with metrics.json (or any run, with --bodies)")
    parser.add_argument("--format", choices=["png", "pdf", "svg"], default="png")
    parser.add_argument("--dpi", type=int, default=150)
    parser.add_argument("--model", help="a `regolith fit regression|bekker` file drawn over a single-wheel sweep")
    parser.add_argument("--bodies", action="store_true", help="a run without a study: each body against time")
    plot_common.OPTIONS = parser.parse_args()
    main(plot_common.OPTIONS.dir)
