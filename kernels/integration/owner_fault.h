// The blow-up rule for one owner, shared by the device check (kernels/integration/owner_check.cpp) and
// the host's description of what it found (core/blow_up_guard.cpp), so both always agree.
// Why these limits: core/blow_up_guard.h.
#pragma once

#include "kernels/backend/hd.h"
#include "kernels/backend/vec3.h"

namespace regolith {

enum class OwnerFault : int {
  None = 0,
  Position,         // not finite
  Orientation,      // not finite
  Velocity,         // not finite
  AngularVelocity,  // not finite
  Speed,            // |v| above the limit
  Spin,             // |w| x spin radius above the limit
};

// speedLimit2 [m^2/s^2]; spinRadius2 [m^2]. The first fault in the order of the enum.
REGOLITH_HD inline OwnerFault ownerFault(const Vec3d& x, const Quat& q, const Vec3& v, const Vec3& w,
                                         double speedLimit2, double spinRadius2) {
  if (!isFiniteVec(x)) return OwnerFault::Position;
  if (!isFiniteQuat(q)) return OwnerFault::Orientation;
  if (!isFiniteVec(v)) return OwnerFault::Velocity;
  if (!isFiniteVec(w)) return OwnerFault::AngularVelocity;
  if (!(double(norm2(v)) <= speedLimit2)) return OwnerFault::Speed;
  if (!(double(norm2(w)) * spinRadius2 <= speedLimit2)) return OwnerFault::Spin;
  return OwnerFault::None;
}

}  // namespace regolith
