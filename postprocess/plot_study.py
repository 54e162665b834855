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
"""
import argparse
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display: files only
matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text (editable, searchable)
import matplotlib.pyplot as plt  # noqa: E402
import h5py  # noqa: E402

# Set by main() from the command line.
OPTIONS = argparse.Namespace(format="png", dpi=150, model=None)


def save(fig, folder, stem):
    """Writes the figure as folder/stem.<format> at the chosen dpi and returns the path."""
    out = os.path.join(folder, stem + "." + OPTIONS.format)
    fig.savefig(out, dpi=OPTIONS.dpi)
    plt.close(fig)
    return out


def value(metrics, key):
    v = metrics["metrics"][key]["value"]
    return float("nan") if v is None else v


def finite(x):
    return x is not None and math.isfinite(x)


def series(run_dir, body):
    with h5py.File(os.path.join(run_dir, "run.h5"), "r", locking=False) as f:
        g = f["series"][body]
        return {k: g[k][()] for k in ("time", "position", "velocity", "force", "torque",
                                      "contact_count")}


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
    if OPTIONS.model:
        curves = model_lines(OPTIONS.model, [value(m, "slip") for m in runs], loads)
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


SERIES = {"single_wheel": single_wheel_series, "tumbling": tumbling_series,
          "plate_intrusion": plate_intrusion_series, "repose": repose_series,
          "robot": robot_series}
SWEEP = {"single_wheel": single_wheel_sweep, "tumbling": tumbling_sweep,
         "plate_intrusion": plate_intrusion_sweep, "repose": repose_sweep,
         "robot": robot_sweep}


def main(directory):
    if OPTIONS.bodies:
        for w in body_series(directory):
            print("wrote " + w)
        return
    with open(os.path.join(directory, "metrics.json")) as f:
        metrics = json.load(f)
    written = []
    if "runs" in metrics:
        study = metrics["study"]
        for m in metrics["runs"]:
            written.append(SERIES[study](os.path.join(directory, m["run"]), m))
        written.append(SWEEP[study](directory, metrics["runs"]))
    else:
        written.append(SERIES[metrics["study"]](directory, metrics))
    if OPTIONS.model and metrics.get("study") != "single_wheel":
        sys.exit("plot_study.py: --model overlays single-wheel fits (regression, bekker) on a single_wheel sweep")
    for w in written:
        print("wrote " + w)
    if OPTIONS.model:
        print("overlaid " + OPTIONS.model)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="figures of a study's runs (regolith plot)")
    parser.add_argument("dir", help="a run or sweep folder with metrics.json (or any run, with --bodies)")
    parser.add_argument("--format", choices=["png", "pdf", "svg"], default="png")
    parser.add_argument("--dpi", type=int, default=150)
    parser.add_argument("--model", help="a `regolith fit regression|bekker` file drawn over a single-wheel sweep")
    parser.add_argument("--bodies", action="store_true", help="a run without a study: each body against time")
    OPTIONS = parser.parse_args()
    main(OPTIONS.dir)
