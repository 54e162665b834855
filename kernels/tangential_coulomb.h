// Shear-history tangential force with the Coulomb cap, shared by the force models.
//
// The history xi is the accumulated tangential displacement of the contact. Each step it is
// first turned into the current tangent plane (projected and rescaled to its old length,
// so a rotating contact frame neither loses nor gains stored spring energy), then
// incremented by v_t dt. The trial force is F_t = -k_t xi - c_t v_t. The Coulomb cap is
// applied to this total, spring and damping together, against mu times the compressive
// normal force: if |F_t| > mu max(F_n, 0), F_t is scaled to that bound and xi is back-solved
// from F_t = -k_t xi - c_t v_t so the stored history matches the capped force. (Capping
// only the spring and adding damping afterwards lets friction exceed mu F_n.)
#pragma once

#include "kernels/vec3.h"

namespace regolith {

REGOLITH_HD inline Vec3 turnIntoTangentPlane(const Vec3& shear, const Vec3& n) {
  const Real before2 = norm2(shear);
  if (before2 <= Real(0)) return shear;
  const Real along = dot(shear, n);
  if (along == Real(0)) return shear;
  Vec3 projected = shear - n * along;
  const Real after2 = before2 - along * along;
  if (after2 <= Real(0)) return Vec3();
  return projected * sqrt(before2 / after2);
}

// Returns the tangential force on the first body and updates `shear` in place.
// vt: tangential relative velocity; kt, ct: stiffness and damping; limit: mu max(F_n, 0).
REGOLITH_HD inline Vec3 tangentialCoulomb(Vec3& shear, const Vec3& n, const Vec3& vt, Real kt,
                                          Real ct, Real limit, Real dt) {
  shear = turnIntoTangentPlane(shear, n) + vt * dt;
  Vec3 ft = -(shear * kt) - vt * ct;
  const Real ft2 = norm2(ft);
  if (ft2 > limit * limit) {
    if (limit <= Real(0) || kt <= Real(0)) {
      shear = Vec3();
      return Vec3();
    }
    ft *= limit / sqrt(ft2);
    shear = -(ft + vt * ct) * (Real(1) / kt);
  }
  return ft;
}

}  // namespace regolith
