// Linear spring–dashpot contact (Cundall & Strack 1979), for comparison with Hertz–Mindlin.
//   F_n = k_n delta - d_n v_n        (v_n = v_rel . n, negative while approaching)
//   F_t = -k_t xi, Coulomb capped at mu max(F_n, 0) with the same history rule
// Pair parameters: k_n, d_n, k_t come straight from the scene's /contact, the same for
// every pair (no mixing; the restitution is not used). The attractive tail of the damped
// normal force is kept while the bodies overlap, as for Hertz–Mindlin.
#pragma once

#include "kernels/contact_input.h"
#include "kernels/tangential_coulomb.h"

namespace regolith {

// Stiffness and damping of the linear spring–dashpot model (given directly, all pairs).
struct LinearSpringSettings {
  double normalStiffness = 0;      // k_n [N/m]
  double normalDamping = 0;        // d_n [N s/m]
  double tangentialStiffness = 0;  // k_t [N/m]
};

// The linear model's share of a pair's parameters (kernels/contact_models.h: PairParams).
struct LinearSpringDashpotPair {
  Real normalStiffness = 0;      // k_n [N/m]
  Real normalDamping = 0;        // d_n [N s/m]
  Real tangentialStiffness = 0;  // k_t [N/m]
};

struct LinearSpringDashpot {
  using Pair = LinearSpringDashpotPair;
  static constexpr const char* kName = "linear_spring_dashpot";  // the scene's /contact/model

  // The scene's k_n, d_n, k_t (m.linear), whatever the materials.
  template <class MaterialPair>
  static void mix(Pair& p, const MaterialPair& m) {
    p.normalStiffness = Real(m.linear.normalStiffness);
    p.normalDamping = Real(m.linear.normalDamping);
    p.tangentialStiffness = Real(m.linear.tangentialStiffness);
  }
  static void setRestitution(Pair&, double) {}  // d_n is given, not derived from e

  template <class PairParams>
  REGOLITH_HD static ContactResult evaluate(const PairParams& p, const ContactInput& c, Vec3& shear) {
    const Real vn = dot(c.relVelocity, c.normal);
    const Real fn = p.normalStiffness * c.overlap - p.normalDamping * vn;
    const Vec3 vt = c.relVelocity - c.normal * vn;
    const Real limit = p.friction * maxOf(fn, Real(0));
    const Vec3 ft = tangentialCoulomb(shear, c.normal, vt, p.tangentialStiffness, Real(0), limit, c.dt);
    return {c.normal * fn + ft, fn};
  }
};

}  // namespace regolith
