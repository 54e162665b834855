// Shear-history tangential force with the Coulomb cap, shared by the force models and by
// every contact path (sphere–sphere, sphere–wall, sphere–triangle).
//
// The history xi is the accumulated tangential displacement of the contact. Each step it is
// first turned into the current tangent plane (projected and rescaled to its old length,
// so a rotating contact frame neither loses nor gains stored spring energy), then
// incremented by v_t dt. With L = mu max(F_n, 0):
//
//   1. the spring alone is capped: if k_t |xi| > L, xi is scaled down to |xi| = L / k_t
//      (a factor L / (k_t |xi|) < 1, so no division by a vanishing stiffness: the
//      denominator exceeds L >= 0). The stored spring therefore always points the way the
//      contact has slipped and never holds more than the Coulomb bound;
//   2. damping is added, F_t = -k_t xi - c_t v_t, and the total is capped at L without
//      touching the history.
//
// While sliding, xi lies along the slip (it only grows by v_t dt and shrinks by the cap),
// so both terms oppose the slip and F_t = -L v_t/|v_t| exactly: the friction impulse is
// mu times the compressive normal impulse at every restitution, and tangential damping
// acts only while the contact sticks. This follows Thornton, Cummins & Cleary (2013,
// Powder Technology: inelastic collisions with alternative contact models), who argue
// that tangential damping must not act in sliding, where the force is mu N; LIGGGHTS
// reaches the same with `limitForce on` and damping off while sliding. It replaces a rule that capped spring and damping
// together and back-solved xi = -(F_t + c_t v_t)/k_t: whenever c_t |v_t| > L (first
// touch, low restitution) that stored a spring *against* the slip, divided by a k_t that
// vanishes at first touch, so friction pushed along the slip for part of each impact and
// the sliding impulse fell to 0.45 mu J_n at e = 0.1.
//
// Continuity at first touch: every term scales to zero with the overlap (k_t ~ sqrt(delta),
// L >= 0), and the stored history is bounded by L / k_t, so an impact's outcome depends on
// the phase of its first contact step only through the one step of v_t dt it stores
// (tests/physics/friction_law_test.cpp, PhaseIndependence).
#pragma once

#include "kernels/backend/vec3.h"

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

// Scales v down to length `limit` when it is longer (limit >= 0); leaves it otherwise.
REGOLITH_HD inline void capLength(Vec3& v, Real limit) {
  const Real v2 = norm2(v);
  if (v2 > limit * limit) v *= (limit > Real(0)) ? limit / sqrt(v2) : Real(0);
}

// Returns the tangential force on the first body and updates `shear` in place.
// vt: tangential relative velocity; kt, ct: stiffness and damping; limit: mu max(F_n, 0).
REGOLITH_HD inline Vec3 tangentialCoulomb(Vec3& shear, const Vec3& n, const Vec3& vt, Real kt, Real ct, Real limit,
                                          Real dt) {
  shear = turnIntoTangentPlane(shear, n) + vt * dt;
  Vec3 spring = -(shear * kt);
  if (norm2(spring) > limit * limit) {
    // The spring reaches the Coulomb bound: slide. Scale the history with the force (kt > 0
    // here, since |spring| > limit >= 0).
    const Real scale = (limit > Real(0)) ? limit / sqrt(norm2(spring)) : Real(0);
    shear *= scale;
    spring *= scale;
  }
  Vec3 ft = spring - vt * ct;
  capLength(ft, limit);
  return ft;
}

}  // namespace regolith
