#!/usr/bin/env python3
"""Resistive force theory on a foot: a box-shaped foot (60 x 30 x 10 mm) pushed straight
down into sand, then dragged sideways at a fixed depth, with regolith.models.RFT.

    PYTHONPATH=build/cpu/python /usr/bin/python3 examples/python/rft_foot.py [--smoke]

Prints the vertical force against depth beside zeta z A, the closed form for the foot's
flat sole (RFT's alpha_Z is 1 for a horizontal plate moving straight down), and the
drag force. SI units; zeta = 2e6 N/m^3 (about 2 N/cm^3, loose sand's order).
"""

import argparse

import numpy as np

from regolith import models


def box(lx, ly, lz):
    """A closed box centred on the origin: 8 vertices, 12 triangles, counter-clockwise seen
    from outside (so each face's normal points out)."""
    x, y, z = lx / 2, ly / 2, lz / 2
    v = np.array([[-x, -y, -z], [x, -y, -z], [x, y, -z], [-x, y, -z],
                  [-x, -y, z], [x, -y, z], [x, y, z], [-x, y, z]])
    t = np.array([[0, 2, 1], [0, 3, 2],   # bottom (-z)
                  [4, 5, 6], [4, 6, 7],   # top (+z)
                  [0, 1, 5], [0, 5, 4],   # -y
                  [2, 3, 7], [2, 7, 6],   # +y
                  [1, 2, 6], [1, 6, 5],   # +x
                  [3, 0, 4], [3, 4, 7]])  # -x
    return v, t


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="fewer depths (the test suite's run)")
    args = parser.parse_args()

    zeta = 2.0e6
    rft = models.RFT(zeta)
    vertices, triangles = box(0.06, 0.03, 0.01)
    sole = 0.06 * 0.03
    print("intrusion at 10 mm/s: depth of the sole [mm], F_z [N], zeta z A [N]")
    for depth in np.linspace(0.002, 0.03, 3 if args.smoke else 15):
        centre = (0.0, 0.0, -depth + 0.005)  # the sole at -depth below the surface z = 0
        r = rft.force(vertices, triangles, position=centre, velocity=(0, 0, -0.01))
        closed = zeta * depth * sole
        print(f"  {depth * 1e3:5.1f}  {r['force'][2]:9.4f}  {closed:9.4f}")
        # only the sole leads a straight descent: the sides slide along their faces
        assert abs(r["force"][2] - closed) <= 1e-9 * closed

    print("drag along +x with the sole 20 mm deep: speed, F_x [N], F_z [N], plates in contact")
    for speed in (0.005, 0.01, 0.05):
        r = rft.force(vertices, triangles, position=(0, 0, -0.015), velocity=(speed, 0, 0))
        print(f"  {speed * 1e3:5.1f} mm/s  {r['force'][0]:9.4f}  {r['force'][2]:9.4f}  {r['plates_in_contact']}")
        assert r["force"][0] < 0  # the sand resists the drag


if __name__ == "__main__":
    main()
