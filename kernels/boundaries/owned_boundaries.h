// Boundaries carried by owners (kernels/boundaries/owned_boundaries.cpp): placement at the owner's
// pose every step and the deterministic reaction sums onto owners. Internal to kernels/.
#pragma once

#include "kernels/boundaries/boundary_placement.h"
#include "kernels/device_state.h"

namespace regolith {

// Reads: owner pose, boundaryInOwner, boundaryAtBuild. Writes: the owned entries of
// s.boundaries (x_b = x_o + R p_b, axes R a_b) and s.boundaryDrift, a bound on how far any
// surface point of an owned boundary has moved since the wall list was built [m].
void placeOwnedBoundaries(DeviceState& s);

// Reads: wall contacts through wallByBoundary and the reaction segments, sphere and owner
// positions. Writes boundaryForce/boundaryTorque: for each owned boundary, the sum of -F
// and of -(x_s - x_o) x F - tau_s (tau_s the contact's torque about the sphere centre:
// contact arm and rolling resistance), i.e. the reaction and its moment about the owner's
// centre, in two levels of fixed shape (segments of 64 sphere ids, then the segments in
// order: owned_boundaries.cpp).
void sumBoundaryReactions(DeviceState& s);

}  // namespace regolith
