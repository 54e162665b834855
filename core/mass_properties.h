// Mass properties of a rigid body (a clump's union of spheres, clumps/union_mass_properties.h;
// a closed triangle mesh, core/triangle_mesh.h): volume, mass, centre, inertia tensor and
// principal axes, with the bounds on their integration error.
#pragma once

#include <cmath>

#include "kernels/backend/vec3.h"

namespace regolith {

struct MassProperties {
  double volume = 0;          // [m^3]
  double mass = 0;            // [kg]
  Vec3d centre;               // centre of mass, in the body's frame [m]
  double inertia[3][3] = {};  // inertia tensor about the centre, the body's axes [kg m^2]
  Vec3d principalMoments;     // eigenvalues of `inertia`, ascending [kg m^2]
  Quat principalFrame;        // rotation from the principal axes to the body's axes
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
  long cells = 0;  // octree cells visited (0 for a closed form)
};

// The mass properties of the same body scaled by s about the origin of its frame:
// lengths x s, volume and mass x s^3, inertia x s^5 (no new integration).
MassProperties scaled(const MassProperties& p, double s);

// Fills principalMoments and principalFrame from `inertia` (Eigen's symmetric
// eigensolver; an already diagonal tensor keeps the input axes, frame = identity).
void diagonalize(MassProperties& p);

}  // namespace regolith
