#!/usr/bin/env python3
"""A controller in Python driving a wheel in DEM sand: the single-wheel rig's wheel
travels along +x at a fixed speed while this script sets its spin every 10 ms of
simulated time, raising the slip step by step, and prints the drawbar pull and the
driving torque the grains give back.

    PYTHONPATH=build/cpu/python /usr/bin/python3 examples/python/wheel_controller.py [--smoke]

The scene is studies/single_wheel/single_wheel.smoke.json (the rig of docs/studies.md at
test size); with the study's own drive replaced by this loop. Slip s = 1 - v / (w R), so
the spin for a slip s at forward speed v is w = v / (R (1 - s)). SI units.
"""

import argparse
import pathlib

import regolith

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="fewer slips (the test suite's run)")
    args = parser.parse_args()

    scene = regolith.Scene.load(ROOT / "studies" / "single_wheel" / "single_wheel.smoke.json")
    study = scene.study
    radius, speed = study["radius"], study["forward_speed"]
    sim = regolith.Simulation(scene)

    # Settle and load as the scene says (the wheel sinks under its own weight).
    sim.advance(study["drive_start"])
    weight = study["mass"] * sum(g * g for g in study["gravity"]) ** 0.5  # W = m |g|
    print(f"wheel on the grains: W = {weight:.4f} N, the grains push {sim.body('wheel').force[2]:.4f} N; "
          f"driving at {speed * 1e3:.1f} mm/s")

    slips = [0.1, 0.3, 0.5] if args.smoke else [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]
    print(" time [s]  slip  spin [rad/s]  DP [N]   DP/W    torque [N m]  contacts")
    for slip in slips:
        spin = speed / (radius * (1 - slip))
        # the controller's command: along x at the rig's speed, z free (the wheel carries
        # its weight), spinning about y; held until the next command
        sim.set_family_motion("wheel", linear=(speed, "fixed", "free"), angular=("fixed", spin, "fixed"))
        for _ in range(3 if args.smoke else 5):  # a few 10 ms control periods per slip
            sim.advance(0.01)
            wheel = sim.body("wheel")
            drawbar = wheel.force[0]
            print(f"  {sim.time:6.3f}  {slip:4.2f}  {spin:11.3f}  {drawbar:7.4f}  {drawbar / weight:6.3f}  "
                  f"{-wheel.torque[1]:12.3e}  {wheel.contacts:8d}")


if __name__ == "__main__":
    main()
