// Linear spring–dashpot contact (Cundall & Strack 1979), for comparison with Hertz–Mindlin.
//   F_n = k_n delta - d_n v_n        (v_n = v_rel . n, negative while approaching)
//   F_t = -k_t xi, Coulomb capped at mu max(F_n, 0) with the same history rule
// Pair parameters: k_n, d_n, k_t come straight from the model's settings (the scene's
// /contact keys below), the same for every pair (no mixing; the restitution is not used).
// The attractive tail of the damped normal force is kept while the bodies overlap, as for
// Hertz–Mindlin.
#pragma once

#include "kernels/forces/contact_input.h"
#include "kernels/forces/contact_setting_key.h"
#include "kernels/forces/tangential_coulomb.h"

namespace regolith {

// The linear model's settings: stiffness and damping, given directly for all pairs (the
// defaults are the members' initializers; kSettingKeys below names them in scene files).
struct LinearSpringSettings {
  double normalStiffness = 0;      // k_n [N/m]
  double normalDamping = 0;        // d_n [N s/m]
  double tangentialStiffness = 0;  // k_t [N/m]
};

// The linear model's share of a pair's parameters (kernels/forces/contact_models.h: PairParams).
struct LinearSpringDashpotPair {
  Real normalStiffness = 0;      // k_n [N/m]
  Real normalDamping = 0;        // d_n [N s/m]
  Real tangentialStiffness = 0;  // k_t [N/m]
};

struct LinearSpringDashpot {
  using Pair = LinearSpringDashpotPair;
  using Settings = LinearSpringSettings;
  static constexpr const char* kName = "linear_spring_dashpot";  // the scene's /contact/model

  // The settings' keys in the scene's /contact object, their bounds, and which a scene that
  // selects the model must give (kernels/forces/contact_setting_key.h).
  static constexpr ContactSettingKeys<Settings, 3> kSettingKeys{{
      {"normal_stiffness", &Settings::normalStiffness, "k_n", "N/m", 0, ContactBound::Above, true},
      {"normal_damping", &Settings::normalDamping, "d_n", "N s/m", 0, ContactBound::AtLeast, false},
      {"tangential_stiffness", &Settings::tangentialStiffness, "k_t", "N/m", 0, ContactBound::AtLeast, false},
  }};

  // The settings of its golden reference case (tests/support/golden_case.h,
  // data/reference/golden_linear_spring_dashpot.json): k_n near the Hertz pair's tangent
  // stiffness at that case's overlaps (2 E* sqrt(R* delta) ~ 1e4 N/m), damping ~0.15 of
  // critical for two grains, k_t = 2/7 k_n.
  static constexpr Settings kReferenceSettings{1e4, 0.2, 2.0 / 7.0 * 1e4};

  // The settings' k_n, d_n, k_t, whatever the materials.
  template <class MaterialPair>
  static void mix(Pair& p, const MaterialPair&, const Settings& s) {
    p.normalStiffness = Real(s.normalStiffness);
    p.normalDamping = Real(s.normalDamping);
    p.tangentialStiffness = Real(s.tangentialStiffness);
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
