// The volume a sphere shares with an axis-aligned box, for packing fractions measured in
// a sampling box: spheres that cross its faces count with the part inside.
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

// Area of the disc of radius rho centred at the origin inside the rectangle
// [x0, x1] x [y0, y1]: exact (inclusion-exclusion over quadrant regions, whose area is a
// closed form in the primitive of sqrt(rho^2 - x^2)).
double discRectangleArea(double rho, double x0, double x1, double y0, double y1);

// Volume of the sphere (centre c, radius r) inside the box [lo, hi]: the disc areas
// integrated over the latitude by 24-point Gauss-Legendre on the pieces between the
// heights where the section's circle meets a box edge or corner, on each of which the
// area is smooth. It meets the closed forms of a sphere cut by one, two and three faces
// to 1e-12 relative (tests/clumps/bed_metrics_test.cpp); 16 points gave 6e-12.
double sphereBoxVolume(const Vec3d& c, double r, const Vec3d& lo, const Vec3d& hi);

}  // namespace regolith
