// Hertz–Mindlin contact with restitution-calibrated viscous damping (the model of
// Tsuji, Tanaka & Ishida 1992 in the form used by EDEM and LIGGGHTS; see also
// Di Renzo & Di Maio 2004 for the Mindlin no-slip tangential stiffness).
//
//   a   = sqrt(R* delta)            contact radius
//   S_n = 2 E* a,  k_n = (2/3) S_n   normal stiffness (elastic force (4/3) E* sqrt(R*) delta^1.5)
//   beta = ln e / sqrt(ln^2 e + pi^2)  (<= 0, from PairParams)
//   c_n = -2 sqrt(5/6) beta sqrt(S_n m*)  >= 0
//   F_n = k_n delta - c_n v_n,   v_n = v_rel . n  (negative while approaching)
//   k_t = 8 G* a,  c_t = -2 sqrt(5/6) beta sqrt(m* k_t),  F_t = -k_t xi - c_t v_t, Coulomb capped
//
// The damped normal force may turn slightly attractive just before separation (the
// damping term outweighs the spring as delta -> 0). That tail is kept while the spheres
// overlap: it is part of what makes this damping reproduce e (with the tail clipped to
// zero, a target e = 0.1 rebounds at about 0.25). Friction uses only the compressive part,
// mu max(F_n, 0), so there is no friction while the net normal force pulls.
#pragma once

#include "kernels/contact_input.h"
#include "kernels/pair_params.h"
#include "kernels/tangential_coulomb.h"

namespace regolith {

struct HertzMindlin {
  REGOLITH_HD REGOLITH_INLINE static ContactResult evaluate(const PairParams& p,
                                                            const ContactInput& c, Vec3& shear) {
    const Real a = sqrt(c.effRadius * c.overlap);
    const Real kn = Real(4) / Real(3) * p.effectiveYoung * a;  // (2/3) S_n
    // c_n = -2 sqrt(5/6) beta sqrt(S_n m*) = dampNormal sqrt(a m*); likewise c_t.
    const Real root = sqrt(a * c.effMass);
    const Real cn = p.dampNormal * root;
    const Real vn = dot(c.relVelocity, c.normal);
    const Real fn = kn * c.overlap - cn * vn;

    const Vec3 vt = c.relVelocity - c.normal * vn;
    const Real kt = Real(8) * p.effectiveShear * a;
    const Real ct = p.dampTangential * root;
    const Real limit = p.friction * maxOf(fn, Real(0));
    const Vec3 ft = tangentialCoulomb(shear, c.normal, vt, kt, ct, limit, c.dt);
    return {c.normal * fn + ft, fn};
  }
};

}  // namespace regolith
