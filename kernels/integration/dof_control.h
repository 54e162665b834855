// Per-family motion control as the integrator reads it: for each of the six degrees of
// freedom (x, y, z translation in the world frame; rotation about x, y, z in the world or
// the owner's principal frame) whether it is free and, if not, the velocity to impose over
// the current step. core/motion_rule.cpp evaluates it on the host once per step from the
// time functions of the Model's families; plain POD, shared by core/ and kernels/.
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

enum class DofMode : Index {
  Free = 0,        // integrated from forces
  Fixed = 1,       // velocity 0 (drift and end values are 0)
  Prescribed = 2,  // velocity u(t) from a time function
};

struct DofControl {
  DofMode mode = DofMode::Free;
  Real drift = 0;  // velocity used by the drift, u(t + dt/2) (midpoint rule) [m/s or rad/s]
  Real end = 0;    // velocity set at the end of the step, u(t + dt)
};

// Indices into FamilyControl::dof.
inline constexpr int kDofX = 0, kDofY = 1, kDofZ = 2, kDofRotX = 3, kDofRotY = 4, kDofRotZ = 5;

struct FamilyControl {
  DofControl dof[6];
  Index bodyFrameRotation = 0;       // 1: dof[3..5] are about the owner's principal axes
  Index constrainedTranslation = 0;  // 1: some of dof[0..2] is not Free
  Index constrainedRotation = 0;     // 1: some of dof[3..5] is not Free
};

// Overwrites the constrained components of a translational velocity (world frame) with the
// drift (useEnd false) or end-of-step (useEnd true) values.
REGOLITH_HD inline Vec3 constrainLinear(const FamilyControl& c, Vec3 v, bool useEnd) {
  Real* comp[3] = {&v.x, &v.y, &v.z};
  for (int k = 0; k < 3; ++k) {
    const DofControl& d = c.dof[k];
    if (d.mode != DofMode::Free) *comp[k] = useEnd ? d.end : d.drift;
  }
  return v;
}

// The same for a world-frame angular velocity; with bodyFrameRotation the components are
// taken in the owner's principal frame (orientation q), overwritten there and turned back.
// A partial constraint is a projection: the free components keep what the angular-momentum
// kick gave them, the constrained ones are replaced (the constraint torque is not solved for,
// so a free component does not feel the gyroscopic coupling to a prescribed one).
REGOLITH_HD inline Vec3 constrainAngular(const FamilyControl& c, const Quat& q, Vec3 w, bool useEnd) {
  if (c.bodyFrameRotation) w = rotateInverse(q, w);
  Real* comp[3] = {&w.x, &w.y, &w.z};
  for (int k = 0; k < 3; ++k) {
    const DofControl& d = c.dof[3 + k];
    if (d.mode != DofMode::Free) *comp[k] = useEnd ? d.end : d.drift;
  }
  return c.bodyFrameRotation ? rotate(q, w) : w;
}

}  // namespace regolith
