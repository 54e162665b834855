// Hertz–Mindlin contact with restitution-calibrated viscous damping (the model of
// Tsuji, Tanaka & Ishida 1992 in the form used by EDEM and LIGGGHTS; see also
// Di Renzo & Di Maio 2004 for the Mindlin no-slip tangential stiffness).
//
//   a   = sqrt(R* delta)            contact radius
//   S_n = 2 E* a,  k_n = (2/3) S_n   normal stiffness (elastic force (4/3) E* sqrt(R*) delta^1.5)
//   beta = ln e / sqrt(ln^2 e + pi^2)  (<= 0, from the pair's restitution e)
//   c_n = -2 sqrt(5/6) beta sqrt(S_n m*)  >= 0
//   F_n = k_n delta - c_n v_n,   v_n = v_rel . n  (negative while approaching)
//   k_t = 8 G* a,  c_t = -2 sqrt(5/6) beta sqrt(m* k_t),  F_t = -k_t xi - c_t v_t, Coulomb capped
//
// Pair parameters (mixed on the host, kernels/forces/contact_models.h):
//   1/E* = (1-nu1^2)/E1 + (1-nu2^2)/E2,   1/G* = 2(2-nu1)(1+nu1)/E1 + 2(2-nu2)(1+nu2)/E2
//   e = (e1 + e2) / 2 unless a named pair overrides it; beta and the damping prefactors from e.
//
// The damped normal force may turn slightly attractive just before separation (the
// damping term outweighs the spring as delta -> 0). By default ("normal_force": "damped")
// that tail is kept while the spheres overlap: with it, this damping reproduces e exactly.
// Friction uses only the compressive part, mu max(F_n, 0), so there is no friction while
// the net normal force pulls, and a sliding impact's friction impulse is mu times the
// compressive normal impulse, up to 14 % more than mu times the net one (e = 0.1).
// "normal_force": "compressive" clips F_n at 0 (LIGGGHTS' limitForce): the normal force
// never pulls, friction is mu times the net normal impulse, and beta is found for the
// clipped law so the declared e still holds (kernels/forces/hertz_restitution.h; with the
// tail clipped and beta unchanged, a target e = 0.1 would rebound at 0.25).
#pragma once

#include <cmath>

#include "kernels/forces/contact_input.h"
#include "kernels/forces/contact_setting_key.h"
#include "kernels/forces/hertz_restitution.h"
#include "kernels/forces/tangential_coulomb.h"

namespace regolith {

// beta = ln e / sqrt(ln^2 e + pi^2), 0 for e = 1.
inline double dampingRatioFromRestitution(double e) {
  if (e >= 1.0) return 0.0;
  const double l = std::log(e);
  return l / std::sqrt(l * l + M_PI * M_PI);
}

// Hertz–Mindlin's share of a pair's parameters (kernels/forces/contact_models.h: PairParams).
struct HertzMindlinPair {
  Real effectiveYoung = 0;  // E*  [Pa]
  Real effectiveShear = 0;  // G*  [Pa]
  Real beta = 0;            // ln e / sqrt(ln^2 e + pi^2), <= 0
  // Damping prefactors, so c_n = dampNormal sqrt(a m*) and c_t = dampTangential sqrt(a m*)
  // cost one square root per contact: -2 sqrt(5/6) beta sqrt(2 E*) and ... sqrt(8 G*).
  Real dampNormal = 0;
  Real dampTangential = 0;
  Real compressive = 0;  // 1: F_n clipped at 0 ("normal_force": "compressive")
};

// Hertz–Mindlin's one setting: whether the normal force may pull ("normal_force" in the
// scene's /contact, read by scenes/settings.cpp); the materials give everything else.
struct HertzMindlinSettings {
  bool compressive = false;
};

struct HertzMindlin {
  using Pair = HertzMindlinPair;
  using Settings = HertzMindlinSettings;
  static constexpr const char* kName = "hertz_mindlin";             // the scene's /contact/model
  static constexpr ContactSettingKeys<Settings, 0> kSettingKeys{};  // no scene keys
  static constexpr Settings kReferenceSettings{};                   // of its golden reference case

  // E* and G* of the two materials (`m`: youngA, poissonA, youngB, poissonB); the damping
  // follows from the pair's restitution (setRestitution).
  template <class MaterialPair>
  static void mix(Pair& p, const MaterialPair& m, const Settings& s) {
    p.compressive = s.compressive ? Real(1) : Real(0);
    const double invE = (1 - m.poissonA * m.poissonA) / m.youngA + (1 - m.poissonB * m.poissonB) / m.youngB;
    const double invG = 2 * (2 - m.poissonA) * (1 + m.poissonA) / m.youngA +
                        2 * (2 - m.poissonB) * (1 + m.poissonB) / m.youngB;
    p.effectiveYoung = Real(1 / invE);
    p.effectiveShear = Real(1 / invG);
  }

  // beta and the damping prefactors for restitution e (E*, G* and the normal-force rule
  // already set).
  static void setRestitution(Pair& p, double e) {
    const double beta = p.compressive != Real(0) ? compressiveDampingRatio(e) : dampingRatioFromRestitution(e);
    const double k = -2.0 * std::sqrt(5.0 / 6.0) * beta;
    p.beta = Real(beta);
    p.dampNormal = Real(k * std::sqrt(2.0 * double(p.effectiveYoung)));
    p.dampTangential = Real(k * std::sqrt(8.0 * double(p.effectiveShear)));
  }

  template <class PairParams>
  REGOLITH_HD REGOLITH_INLINE static ContactResult evaluate(const PairParams& p, const ContactInput& c, Vec3& shear) {
    const Real a = sqrt(c.effRadius * c.overlap);
    const Real kn = Real(4) / Real(3) * p.effectiveYoung * a;  // (2/3) S_n
    // c_n = -2 sqrt(5/6) beta sqrt(S_n m*) = dampNormal sqrt(a m*); likewise c_t.
    const Real root = sqrt(a * c.effMass);
    const Real cn = p.dampNormal * root;
    const Real vn = dot(c.relVelocity, c.normal);
    const Real damped = kn * c.overlap - cn * vn;
    const Real fn = p.compressive != Real(0) ? maxOf(damped, Real(0)) : damped;

    const Vec3 vt = c.relVelocity - c.normal * vn;
    const Real kt = Real(8) * p.effectiveShear * a;
    const Real ct = p.dampTangential * root;
    const Real limit = p.friction * maxOf(fn, Real(0));
    const Vec3 ft = tangentialCoulomb(shear, c.normal, vt, kt, ct, limit, c.dt);
    return {c.normal * fn + ft, fn};
  }
};

}  // namespace regolith
