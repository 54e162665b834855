// Rolling resistance: a torque of magnitude Crr max(F_n, 0) R* opposing the relative
// rolling angular velocity (the part of omega_1 - omega_2 perpendicular to the normal;
// twisting about the normal is not resisted). Zero when there is no rolling.
//
// A constant-magnitude torque would overshoot and flip the rolling direction every step
// once the rolling speed is small (chatter). The magnitude is therefore also capped at the
// torque that stops the relative rolling within one step, |w_r| I* / dt, with I* the
// reduced rotational inertia of the two owners (1/I* = 1/I1 + 1/I2, each owner's mean
// principal moment; a wall has infinite inertia). The cap only acts near rest.
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

// Returns the torque on the first body; the second receives its negative. effInertia is a
// callable giving I*, evaluated only when the torque is nonzero (it costs two loads).
template <class EffInertia>
REGOLITH_HD inline Vec3 rollingResistanceTorque(const Vec3& relOmega, const Vec3& n, Real crr, Real normalForce,
                                                Real effRadius, const EffInertia& effInertia, Real dt) {
  if (crr <= Real(0) || normalForce <= Real(0)) return Vec3();
  const Vec3 rolling = relOmega - n * dot(relOmega, n);
  const Real speed = norm(rolling);
  if (speed <= Real(0)) return Vec3();
  const Real magnitude = minOf(crr * normalForce * effRadius, speed * effInertia() / dt);
  return rolling * (-magnitude / speed);
}

}  // namespace regolith
