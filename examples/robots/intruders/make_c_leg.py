#!/usr/bin/python3
"""Writes c_leg.stl: the C-shaped leg of the rotating-intruder study (README.md), a
half-ring of the given mean diameter, band thickness and width, closed and outward-facing,
finely tessellated because regolith robot uses a mesh's faces as its RFT plates as they
are (docs/robots.md).

Body frame: the leg's ends are on the x axis, at the hinge (origin) and at x = diameter;
the ring bulges to -z, which is the side that leads when the leg turns about +y (the
closed C). The open C is the same mesh turned 180 degrees about x.

    make_c_leg.py [--diameter 0.09] [--thickness 0.005] [--width 0.045] [--arc 72] [--across 10]
"""
import argparse
import math
import struct


def ring_point(phi, radius, y, centre):
    return (centre - radius * math.cos(phi), y, -radius * math.sin(phi))


def quad(a, b, c, d):
    """Two triangles a b c, a c d (counter-clockwise seen from the side they face)."""
    return [(a, b, c), (a, c, d)]


def c_leg(diameter, thickness, width, arc, across):
    centre = diameter / 2
    r_in, r_out = centre - thickness / 2, centre + thickness / 2
    phis = [math.pi * i / arc for i in range(arc + 1)]
    ys = [-width / 2 + width * j / across for j in range(across + 1)]
    tris = []
    for i in range(arc):
        p0, p1 = phis[i], phis[i + 1]
        for j in range(across):
            y0, y1 = ys[j], ys[j + 1]
            # Outer face (normal away from the ring's centre), inner face (toward it).
            tris += quad(ring_point(p0, r_out, y0, centre), ring_point(p0, r_out, y1, centre),
                         ring_point(p1, r_out, y1, centre), ring_point(p1, r_out, y0, centre))
            tris += quad(ring_point(p0, r_in, y0, centre), ring_point(p1, r_in, y0, centre),
                         ring_point(p1, r_in, y1, centre), ring_point(p0, r_in, y1, centre))
        # Sides at y = -width/2 (normal -y) and +width/2 (normal +y).
        lo, hi = ys[0], ys[-1]
        tris += quad(ring_point(p0, r_in, lo, centre), ring_point(p0, r_out, lo, centre),
                     ring_point(p1, r_out, lo, centre), ring_point(p1, r_in, lo, centre))
        tris += quad(ring_point(p0, r_in, hi, centre), ring_point(p1, r_in, hi, centre),
                     ring_point(p1, r_out, hi, centre), ring_point(p0, r_out, hi, centre))
    # End caps at phi = 0 and phi = pi: both ends lie on z = 0 with the ring below, so
    # both face +z.
    for j in range(across):
        y0, y1 = ys[j], ys[j + 1]
        tris += quad(ring_point(0, r_in, y0, centre), ring_point(0, r_in, y1, centre),
                     ring_point(0, r_out, y1, centre), ring_point(0, r_out, y0, centre))
        tris += quad(ring_point(math.pi, r_in, y0, centre), ring_point(math.pi, r_out, y0, centre),
                     ring_point(math.pi, r_out, y1, centre), ring_point(math.pi, r_in, y1, centre))
    return tris


def normal(t):
    (ax, ay, az), (bx, by, bz), (cx, cy, cz) = t
    u, v = (bx - ax, by - ay, bz - az), (cx - ax, cy - ay, cz - az)
    n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    s = math.sqrt(sum(c * c for c in n)) or 1
    return tuple(c / s for c in n)


def signed_volume(tris):
    """Positive for a closed surface whose faces point outward."""
    return sum(a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
               a[2] * (b[0] * c[1] - b[1] * c[0]) for a, b, c in tris) / 6


def write_stl(path, tris):
    with open(path, "wb") as f:
        f.write(b"regolith c_leg".ljust(80, b" "))
        f.write(struct.pack("<I", len(tris)))
        for t in tris:
            f.write(struct.pack("<3f", *normal(t)))
            for v in t:
                f.write(struct.pack("<3f", *v))
            f.write(struct.pack("<H", 0))


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--diameter", type=float, default=0.09)
    p.add_argument("--thickness", type=float, default=0.005)
    p.add_argument("--width", type=float, default=0.045)
    p.add_argument("--arc", type=int, default=72)
    p.add_argument("--across", type=int, default=10)
    p.add_argument("--out", default="c_leg.stl")
    a = p.parse_args()
    tris = c_leg(a.diameter, a.thickness, a.width, a.arc, a.across)
    volume = signed_volume(tris)
    expected = math.pi / 2 * ((a.diameter / 2 + a.thickness / 2) ** 2 - (a.diameter / 2 - a.thickness / 2) ** 2) * a.width
    assert volume > 0, "faces point inward"
    print("wrote %s: %d triangles, volume %.4g m^3 (half-ring %.4g)" % (a.out, len(tris), volume, expected))
    write_stl(a.out, tris)
