// Per-sphere fields derived from the owner state, for viewing: the rigid-body velocity of
// each sphere centre and the family of its owner (run-file frames, VTK export).
#pragma once

#include <vector>

#include "kernels/state_arrays.h"

namespace regolith {

// v_s = v_o + w_o x (x_s - x_o) for every sphere, from the owners and the sphere centres.
std::vector<Vec3> sphereVelocities(const StateArrays& s, const std::vector<Vec3d>& centres);

// The owner's family per sphere (0 where the state has no families).
std::vector<Index> sphereFamilies(const StateArrays& s);

}  // namespace regolith
