"""The sand a body meets on a bed that follows it (docs/moving-bed.md): in a window ahead of
the body, along its travel, the number of grains and the height of the highest ones in each
frame, beside the same counts in the template (the frame at the following's start), so a
bed that grows or thins ahead of the body shows as a ratio.

    regolith run studies/single_wheel/single_wheel_following.smoke.json --out runs/traverse
    python3 studies/single_wheel/bed_ahead.py runs/traverse [--ahead 0.014 0.024] [--half-width 0.005]

Reads run.h5 only: the scene (/meta/scene_json: the followed body, its travel, the phase
the following starts at), the body's series and the frames' owner positions and families.
A grain is an owner of a family without motion rules (not the body, not a fixed base).
A long bed's run (no following) takes --body, --direction and --template-time: the same
counts against the bed as it stood then, for the reference.
"""
import argparse
import json
import os
import sys

import h5py
import numpy as np

AXES = {"x": 0, "y": 1, "z": 2}


def start_time(scene, start):
    """The following's start [s]: a number, or the start of the named phase."""
    if not isinstance(start, str):
        return float(start or 0.0)
    t = 0.0
    for phase in scene["phases"]:
        if phase["name"] == start:
            return t
        t += phase["duration"]
    sys.exit(f"/domain/follow/start: no phase named {start!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run", help="a run folder (run.h5) of a scene whose domain follows a body")
    ap.add_argument("--ahead", nargs=2, type=float, default=[0.014, 0.024], metavar=("NEAR", "FAR"),
                    help="the window ahead of the body's centre along its travel [m]")
    ap.add_argument("--half-width", type=float, default=0.005,
                    help="the window's half width across the travel, about the body's centre [m]")
    ap.add_argument("--every", type=float, default=1.0, help="one line per this much simulated time [s]")
    ap.add_argument("--top", type=int, default=10, help="the highest grains whose mean height is given")
    ap.add_argument("--body", help="a run whose bed does not follow a body (a long bed, the reference): the body")
    ap.add_argument("--direction", default="+x", help="... its travel (default +x)")
    ap.add_argument("--template-time", type=float, help="... and the frame the counts are compared with [s]")
    a = ap.parse_args()

    with h5py.File(os.path.join(a.run, "run.h5"), "r") as f:
        scene = json.loads(f["meta/scene_json"][()])
        follow = scene.get("domain", {}).get("follow")
        if not follow:
            if not a.body or a.template_time is None:
                sys.exit(f"{a.run}/run.h5: the scene's domain does not follow a body (/domain/follow): "
                         "name the body with --body and the template's time with --template-time")
            follow = {"body": a.body, "direction": a.direction, "start": a.template_time}
        direction = follow["direction"]
        axis, sign = AXES[direction[1]], (1.0 if direction[0] == "+" else -1.0)
        gravity_axis = 2  # the scenes' heights: z (the loader refuses a travel along gravity)
        lateral = 3 - axis - gravity_axis
        periodic = "domain" in f["meta"] and direction[1] in [
            p.decode() if isinstance(p, bytes) else p for p in f["meta/domain/periodic"][()]]
        period = f["meta/domain/hi"][axis] - f["meta/domain/lo"][axis] if periodic else np.inf
        held = {fam["name"] for fam in scene.get("families", []) if fam.get("phases")}
        names = [n.decode() if isinstance(n, bytes) else n for n in f["meta/family_names"][()]]
        body = f["series"][follow["body"]]
        body_t, body_x = body["time"][()], body["position"][()]
        frames = [f["frames"][k] for k in sorted(f["frames"].keys())]
        t0 = start_time(scene, follow.get("start", 0))
        template = next((g for g in frames if g.attrs["time"] >= t0 - 1e-9), None)
        if template is None:
            sys.exit(f"{a.run}/run.h5: no frame at or after the following's start, t = {t0:g} s")

        def grains_of(g):
            return g["owner_position"][()], g["owner_family"][()]

        template_grains = grains_of(template)  # read once: every row compares with it

        def window(grains, centre):
            p, fam = grains
            grain = np.array([names[k] not in held for k in fam])
            along = sign * (p[:, axis] - centre[axis]) - a.ahead[0]
            if np.isfinite(period):
                along -= period * np.floor(along / period)
            sel = grain & (along >= 0) & (along < a.ahead[1] - a.ahead[0]) & (np.abs(p[:, lateral] - centre[lateral]) < a.half_width)
            heights = np.sort(p[sel, gravity_axis])
            return sel.sum(), heights[-a.top:].mean() if len(heights) else float("nan")

        print(f"{a.run}: grains {1e3 * a.ahead[0]:g} to {1e3 * a.ahead[1]:g} mm ahead of {follow['body']!r}, "
              f"within {1e3 * a.half_width:g} mm of its centre across; template: the frame at t = "
              f"{template.attrs['time']:g} s")
        print("  time [s]  travel [mm]  grains  template  ratio  top [mm]  template [mm]  higher [mm]")
        next_t = t0
        for g in frames:
            t = g.attrs["time"]
            if t < next_t - 1e-9:
                continue
            next_t = t + a.every
            centre = np.array([np.interp(t, body_t, body_x[:, k]) for k in range(3)])
            n, top = window(grains_of(g), centre)
            n0, top0 = window(template_grains, centre)
            travel = 1e3 * sign * (centre[axis] - np.interp(t0, body_t, body_x[:, axis]))
            print(f"{t:10.2f}  {travel:11.1f}  {n:6d}  {n0:8d}  {n / max(n0, 1):5.3f}  {1e3 * top:8.2f}  "
                  f"{1e3 * top0:13.2f}  {1e3 * (top - top0):+11.2f}")


if __name__ == "__main__":
    main()
