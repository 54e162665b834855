// Mass properties of a multi-sphere clump from its spheres: the template (centre of mass,
// principal moments and frame) that WorldBuilder places.
#pragma once

#include <string>
#include <vector>

#include "core/clump_template.h"

namespace regolith {

struct ClumpSphere {
  Vec3d centre;        // in the clump's own frame, any origin [m]
  double radius = 0;   // [m]
  Index material = 0;
  double density = 0;  // of the sphere's material [kg/m^3]
};

// Sums the spheres' masses and their inertia tensors about the common centre of mass
// (parallel-axis theorem) and diagonalizes the sum. Overlapping volume is counted once
// per sphere that covers it (an overestimate until clumps get a voxel or Monte Carlo
// integration). Offsets come out relative to the centre of mass in the input frame; a
// one-sphere clump is exactly sphereTemplate. An inertia tensor that is already diagonal
// keeps the input axes (principalFrame = identity).
ClumpTemplate clumpFromSpheres(const std::string& name, const std::vector<ClumpSphere>& spheres);

}  // namespace regolith
