"""What the figures of every study share (postprocess/plot_study.py, the driver of
`regolith plot`, and each study's studies/<kind>/plot_<kind>.py): the command line's
options, writing a figure, a metric's value, and a body's series from run.h5 (h5py).
"""
import argparse
import math
import os

import matplotlib

matplotlib.use("Agg")  # no display: files only
matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text (editable, searchable)
import matplotlib.pyplot as plt  # noqa: E402
import h5py  # noqa: E402

# Set by plot_study.py's main() from the command line.
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
