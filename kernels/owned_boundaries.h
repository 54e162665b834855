// Boundaries carried by owners (kernels/owned_boundaries.cpp): placement at the owner's
// pose every step and the deterministic reaction sums onto owners. Internal to kernels/.
#pragma once

#include "kernels/device_state.h"

namespace regolith {

// The boundary given in an owner's frame, placed at the owner's pose (x_o, q): points
// x_o + R p, directions R a. Every corner of a triangle goes through the same arithmetic,
// so corners shared by triangles stay bit for bit alike.
REGOLITH_HD inline BoundaryPrimitive placedAt(const BoundaryPrimitive& local, const Vec3d& xo, const Quat& q) {
  BoundaryPrimitive b = local;
  b.point = xo + rotate(q, local.point);
  b.normal = rotate(q, local.normal);
  b.tangentU = rotate(q, local.tangentU);
  b.tangentV = rotate(q, local.tangentV);
  if (local.kind == BoundaryKind::Triangle) {
    b.corner1 = xo + rotate(q, local.corner1);
    b.corner2 = xo + rotate(q, local.corner2);
  }
  return b;
}

// The inverse: a world boundary in the frame of an owner at (x_o, q).
inline BoundaryPrimitive inOwnerFrame(const BoundaryPrimitive& world, const Vec3d& xo, const Quat& q) {
  BoundaryPrimitive b = world;
  b.point = rotateInverse(q, world.point - xo);
  b.normal = rotateInverse(q, world.normal);
  b.tangentU = rotateInverse(q, world.tangentU);
  b.tangentV = rotateInverse(q, world.tangentV);
  if (world.kind == BoundaryKind::Triangle) {
    b.corner1 = rotateInverse(q, world.corner1 - xo);
    b.corner2 = rotateInverse(q, world.corner2 - xo);
  }
  return b;
}

// Reads: owner pose, boundaryInOwner, boundaryAtBuild. Writes: the owned entries of
// s.boundaries (x_b = x_o + R p_b, axes R a_b) and s.boundaryDrift, a bound on how far any
// surface point of an owned boundary has moved since the wall list was built [m].
void placeOwnedBoundaries(DeviceState& s);

// Reads: wall contacts through wallByBoundary, sphere and owner positions. Writes
// boundaryForce/boundaryTorque: for each owned boundary, in its wall contacts' index
// order, the sum of -F and of -(x_s - x_o) x F - tau_s (tau_s the contact's torque about
// the sphere centre: contact arm and rolling resistance), i.e. the reaction and its moment
// about the owner's centre.
void sumBoundaryReactions(DeviceState& s);

}  // namespace regolith
