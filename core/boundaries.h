// Constructors of analytic boundaries: infinite planes, axis-aligned box containers (six
// finite walls, particles inside) and cylinders (particles inside or outside).
#pragma once

#include <array>
#include <vector>

#include "kernels/boundaries/boundary_primitive.h"

namespace regolith {

// True when `v` can be made a unit vector: its length is > 0 and finite (not [0, 0, 0],
// nor so small or large that it under- or overflows). The constructors below throw
// std::invalid_argument for a direction that is not; a scene checks it first, to report
// it with its place.
bool usableDirection(const Vec3d& v);

// Half-space whose open side is the one the normal points into.
BoundaryPrimitive infinitePlane(const Vec3d& point, const Vec3d& normal, Index material);

// Walls of the box [lo, hi] facing inwards, in the order -x, +x, -y, +y, -z (floor), +z (lid).
// `keep` selects which of the six exist (e.g. an open-top box drops the lid).
std::vector<BoundaryPrimitive> boxContainer(const Vec3d& lo, const Vec3d& hi, Index material,
                                            std::array<bool, 6> keep = {true, true, true, true, true, true});

// Cylinder of the given radius around the axis through `point` along `axis`;
// halfLength 0 means infinite.
BoundaryPrimitive cylinder(const Vec3d& point, const Vec3d& axis, double radius, double halfLength,
                           bool particlesInside, Index material);

// A finite square wall of half side `halfSide` centred at `centre`, facing along `normal`
// (the end walls of a drum: one-sided, so it acts on spheres in front of it only).
BoundaryPrimitive squareWall(const Vec3d& centre, const Vec3d& normal, double halfSide, Index material);

}  // namespace regolith
