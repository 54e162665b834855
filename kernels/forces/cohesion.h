// Cohesion: the constant pull-off of Derjaguin, Muller & Toporov (1975), "Effect of contact
// deformations on the adhesion of particles", J. Colloid Interface Sci. 53, 314-326.
//
// Two touching spheres whose surfaces attract with work of adhesion w [J/m^2] (the energy
// per area to part them: 2 gamma for one material of surface energy gamma) pull on each
// other, in the DMT limit of stiff, small contacts, with a constant force
//   F_c = 2 pi w R*       (R* = R1 R2 / (R1 + R2); a sphere on a wall: R* = R)
// while they overlap, added to the contact's elastic and damping force along the normal.
// Pulled apart slowly, the contact holds until the load reaches F_c (the elastic force is
// then 0): F_c is the pull-off force, and the bed's bulk cohesion follows from it (Rumpf's
// relation, docs/cohesion.md).
//
// Why DMT and not JKR: JKR's contact survives past geometric separation (to a negative
// overlap set by w, E* and R*), which needs the contact lists to keep pairs that are apart
// and a hysteresis flag per contact; DMT acts exactly while the spheres overlap, so
// detection, the lists and the checkpoint stay as they are. The pull-offs differ by 4/3
// (JKR 3/2 pi w R*), and w is a calibration constant here anyway (set from the bulk
// cohesion a soil needs, not from a measured surface energy): a grain of 1 mm holding a
// lunar soil's c ~ 0.2-1 kPa needs a w no real surface energy of a dry grain has.
//
// The Coulomb limit stays mu times the contact's compressive elastic-plus-damping force,
// without the pull: in the DMT picture the contact's area is the Hertzian area of that
// force, which already balances the pull. Rolling resistance reads the same force.
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

// The contact force `force` (on the first body, normal n from the second towards the first)
// with the pull F_c = pullOffPerRadius R* added: it pulls the first body towards the second.
// A pair without cohesion (pullOffPerRadius 0) keeps its force to the bit.
REGOLITH_HD REGOLITH_INLINE Vec3 withCohesion(const Vec3& force, const Vec3& n, Real pullOffPerRadius, Real effRadius) {
  return pullOffPerRadius > Real(0) ? force - n * (pullOffPerRadius * effRadius) : force;
}

}  // namespace regolith
