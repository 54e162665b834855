// Linear spring–dashpot contact (Cundall & Strack 1979), for comparison with Hertz–Mindlin.
//   F_n = k_n delta - d_n v_n        (v_n = v_rel . n, negative while approaching)
//   F_t = -k_t xi, Coulomb capped at mu max(F_n, 0) with the same history rule
// k_n, d_n, k_t come straight from the scene (PairParams). The attractive tail of the damped
// normal force is kept while the bodies overlap, as for Hertz–Mindlin.
#pragma once

#include "kernels/contact_input.h"
#include "kernels/pair_params.h"
#include "kernels/tangential_coulomb.h"

namespace regolith {

struct LinearSpringDashpot {
  REGOLITH_HD static ContactResult evaluate(const PairParams& p, const ContactInput& c,
                                            Vec3& shear) {
    const Real vn = dot(c.relVelocity, c.normal);
    const Real fn = p.normalStiffness * c.overlap - p.normalDamping * vn;
    const Vec3 vt = c.relVelocity - c.normal * vn;
    const Real limit = p.friction * maxOf(fn, Real(0));
    const Vec3 ft =
        tangentialCoulomb(shear, c.normal, vt, p.tangentialStiffness, Real(0), limit, c.dt);
    return {c.normal * fn + ft, fn};
  }
};

}  // namespace regolith
