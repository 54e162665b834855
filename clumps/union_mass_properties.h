// Mass properties of the union of possibly overlapping spheres, with a guaranteed,
// reported bound on the integration error.
#pragma once

#include <cmath>
#include <vector>

#include "core/mass_properties.h"
#include "kernels/backend/vec3.h"

namespace regolith {

struct ClumpSphere {
  Vec3d centre;       // in the clump's own frame, any origin [m]
  double radius = 0;  // [m]
  Index material = 0;
  double density = 0;  // of the sphere's material [kg/m^3]
};

// The default bound on the relative volume error: the 6-sphere octa_1mm.json integrates in
// about 0.3 s at this tolerance (docs/scene-format.md, templates, has the timings).
constexpr double kDefaultMassTolerance = 2e-3;

// Volume, mass, centre of mass, inertia tensor and principal axes of the union of the
// spheres. Spheres that overlap must share one density (throws std::invalid_argument
// otherwise: the density of their common volume would be ambiguous); disjoint spheres
// may differ. Without overlap the result is the closed form (error bounds 0); with
// overlap, the exact sum of the spheres minus their multiply covered volume, which an
// adaptive octree integrates until volumeErrorBound <= tolerance * volume (or the
// depth limit is reached: the bound reported is then what was achieved).
MassProperties unionMassProperties(const std::vector<ClumpSphere>& spheres, double tolerance = kDefaultMassTolerance);

}  // namespace regolith
