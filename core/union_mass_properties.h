// Mass properties of the union of possibly overlapping spheres, with a guaranteed,
// reported bound on the integration error.
#pragma once

#include <cmath>
#include <vector>

#include "kernels/vec3.h"

namespace regolith {

struct ClumpSphere {
  Vec3d centre;        // in the clump's own frame, any origin [m]
  double radius = 0;   // [m]
  Index material = 0;
  double density = 0;  // of the sphere's material [kg/m^3]
};

struct MassProperties {
  double volume = 0;        // of the union [m^3]
  double mass = 0;          // [kg]
  Vec3d centre;             // centre of mass, in the spheres' frame [m]
  double inertia[3][3] = {};  // inertia tensor about the centre, spheres' axes [kg m^2]
  Vec3d principalMoments;   // eigenvalues of `inertia`, ascending [kg m^2]
  Quat principalFrame;      // rotation from the principal axes to the spheres' axes
  // Guaranteed bounds on the integration error (0 where the result is a closed form):
  double volumeErrorBound = 0;   // |volume - true volume| [m^3]
  double massErrorBound = 0;     // |mass - true mass| [kg]
  double centreErrorBound = 0;   // |centre - true centre| [m]
  double inertiaErrorBound = 0;  // spectral norm of the tensor error, hence also the
                                 // error of each principal moment (Weyl) [kg m^2]
  // The bound relative to the smallest principal moment.
  double relativeInertiaErrorBound() const {
    return inertiaErrorBound / fmin(principalMoments.x, fmin(principalMoments.y, principalMoments.z));
  }
  long cells = 0;                // octree cells visited (0 for a closed form)
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
MassProperties unionMassProperties(const std::vector<ClumpSphere>& spheres,
                                   double tolerance = kDefaultMassTolerance);

// The mass properties of the same spheres scaled by s about the origin of their frame:
// lengths x s, volume and mass x s^3, inertia x s^5 (no new integration).
MassProperties scaled(const MassProperties& p, double s);

// Fills principalMoments and principalFrame from `inertia` (Eigen's symmetric
// eigensolver; an already diagonal tensor keeps the input axes, frame = identity).
void diagonalize(MassProperties& p);

}  // namespace regolith
