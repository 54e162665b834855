#!/usr/bin/env python3
"""A controller loop in Python for a MuJoCo robot on granular terrain: the single-wheel rig
of examples/robots/dem_wheel rolls along +x at a fixed speed while this script sets the
wheel's spin every 10 ms from a slip target, and prints what the terrain gives back. The
same MJCF runs on DEM grains or on RFT sand: only the terrain file changes.

    PYTHONPATH=build/cpu/python /usr/bin/python3 examples/python/robot_controller.py [--terrain rft] [--smoke]

Slip s = 1 - v / (w R): the spin for slip s at forward speed v is w = v / (R (1 - s)).
SI units. docs/coupling.md (DEM grains), docs/robots.md (RFT), docs/python.md (Robot).
"""

import argparse
import pathlib

import regolith

RIG = pathlib.Path(__file__).resolve().parents[2] / "examples" / "robots" / "dem_wheel"
RADIUS, SPEED = 0.04, 0.05  # the wheel's radius [m], the carriage's forward speed [m/s]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--terrain", choices=["dem", "rft"], default="dem", help="the terrain file of the rig")
    parser.add_argument("--smoke", action="store_true", help="a short run (the test suite's)")
    args = parser.parse_args()

    with regolith.Robot(RIG / "wheel.xml", RIG / f"{args.terrain}.terrain.json") as robot:
        travel, spin = 0, 1  # the actuators, in wheel.xml's order
        wheel = robot.body_names.index("wheel")
        if robot.grains:
            print(f"{robot.grains} DEM grains under the wheel, exchange every {robot.exchange_interval * 1e3:.1f} ms")
        robot.advance(0.02)  # the wheel lands and settles under its weight, nothing turning
        z0 = robot.bodies().position[wheel, 2]
        print("  time   slip  spin [rad/s]  DP [N]   load [N]  torque [N m]  sinkage [mm]")
        for slip in [0.2, 0.5] if args.smoke else [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]:
            robot.ctrl[travel] = SPEED
            robot.ctrl[spin] = SPEED / (RADIUS * (1 - slip))  # the controller's command, held 10 ms at a time
            for _ in range(1 if args.smoke else 4):
                robot.advance(0.01)
                b = robot.bodies()
                force, moment = b.terrain_force[wheel], b.terrain_moment[wheel]
                print(f"  {robot.time:5.3f}  {slip:4.2f}  {robot.ctrl[spin]:11.3f}  {force[0]:7.3f}  {force[2]:8.3f}  "
                      f"{-moment[1]:12.4f}  {(z0 - b.position[wheel, 2]) * 1e3:12.3f}")


if __name__ == "__main__":
    main()
