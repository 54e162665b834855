#!/usr/bin/env python3
"""A first scene built in Python: grains rained into a box, then a lid (a plane facing
down, 0.2 kg) let fall on them, stepped from Python while the lid's height and load are
printed, then run to the end with regolith.run so that ParaView can show it.

    PYTHONPATH=build/cpu/python /usr/bin/python3 examples/python/first_scene.py [--out DIR] [--smoke]

Open DIR/run.xmf in ParaView (docs/output-format.md), or draw the last frame with
`regolith render DIR --out picture.png`. SI units throughout.
"""

import argparse
import pathlib

import regolith


def scene_dict(grains, settle, impact, lid_height):
    """A scene as a plain dict (docs/scene-format.md): every key is the scene file's."""
    return {
        "units": "SI",
        "description": "Grains rained into a box, then a lid let fall on them.",
        "gravity": "earth",
        "time_step": 2e-5,
        "phases": [{"name": "settle", "duration": settle}, {"name": "impact", "duration": impact}],
        "seed": 1,
        "materials": [
            {"name": "sand", "youngs_modulus": 5e6, "poisson_ratio": 0.3, "restitution": 0.3,
             "friction": 0.5, "rolling_resistance": 0.1, "density": 2600},
            {"name": "steel", "youngs_modulus": 5e7, "poisson_ratio": 0.3, "restitution": 0.3,
             "friction": 0.4, "density": 7800},
        ],
        "templates": [{"name": "grain", "spheres": [{"radius": 0.002, "material": "sand"}]}],
        "sources": [{"kind": "rain", "count": grains, "templates": [{"template": "grain", "weight": 1}],
                     "lo": [-0.02, -0.02, 0.002], "hi": [0.02, 0.02, lid_height - 0.003]}],
        "families": [{"name": "lid", "phases": [
            {"start": "settle", "translation": ["fixed", "fixed", "fixed"], "rotation": ["fixed", "fixed", "fixed"]},
            {"start": "impact", "translation": ["fixed", "fixed", "free"], "rotation": ["fixed", "fixed", "fixed"]}]}],
        "bodies": [
            {"name": "box", "material": "steel",
             "shape": {"kind": "box", "lo": [-0.025, -0.025, 0.0], "hi": [0.025, 0.025, 0.1], "open": ["+z"]}},
            {"name": "lid", "material": "steel", "family": "lid", "mass": 0.2,
             "shape": {"kind": "plane", "point": [0, 0, lid_height], "normal": [0, 0, -1]}},
        ],
        "output": {"frame_interval": 0.01},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="runs/first_scene", help="the run's folder (default: runs/first_scene)")
    parser.add_argument("--smoke", action="store_true", help="a small, short version (the test suite's run)")
    args = parser.parse_args()

    # grains, settling time [s], time after the lid's release [s], the lid's height [m]
    grains, settle, impact, lid = (100, 0.05, 0.06, 0.02) if args.smoke else (1500, 0.25, 0.15, 0.07)
    try:
        scene = regolith.Scene.from_dict(scene_dict(grains, settle, impact, lid), name="first_scene")
    except regolith.SceneError as e:
        for p in e.problems:  # each problem with its place in the dict
            print(f"{p.pointer}: found {p.found}, expected {p.expected}")
        raise
    print(scene)

    # Step it from Python: the lid's height and the grains' push on it every 10 ms.
    sim = regolith.Simulation(scene)
    while sim.time < scene.end_time - 1e-9:
        sim.advance(0.01)
        lid = sim.body("lid")
        print(f"t = {sim.time:5.3f} s  lid z = {lid.position[2] * 1e3:6.2f} mm  "
              f"grains push {lid.force[2]:7.3f} N through {lid.contacts} contacts "
              f"(its weight: {0.2 * 9.81:.3f} N)")

    # The same scene as `regolith run` runs it: files for ParaView.
    out = pathlib.Path(args.out)
    run = regolith.run(scene, out, overwrite=True)
    print(f"{len(run)} frames in {out / 'run.h5'}; open {out / 'run.xmf'} in ParaView")


if __name__ == "__main__":
    main()
