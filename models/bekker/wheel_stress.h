// Pointwise Wong-Reece stresses over the contact arc (formulas in rigid_wheel.h), shared
// by the wheel integrals (rigid_wheel.cpp) and their parameter derivatives
// (wheel_sensitivity.cpp). Unchecked: callers validate the soil, shape, wheel and state.
// What does not vary over the arc (cos and sin theta_f in Arc, k and tan phi in
// SoilTerms) is computed once per evaluation, not at every quadrature node: the same
// expressions, so the same values to the bit.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "models/bekker/rigid_wheel.h"

namespace regolith::bekker::stress {

// theta_f, theta_m and theta_r (>= 0, behind the vertical) of a contact arc, and cos and
// sin of theta_f.
struct Arc {
  double f = 0, m = 0, r = 0;
  double cosF = 1, sinF = 0;
};

inline Arc arcOf(const StressShape& shape, const Wheel& wheel, double z, double s) {
  Arc a;
  a.f = std::acos(std::clamp(1 - z / wheel.radius, -1.0, 1.0));
  a.r = shape.rearRatio * a.f;
  a.m = std::clamp((shape.a0 + shape.a1 * s) * a.f, -a.r, a.f);
  a.cosF = std::cos(a.f);
  a.sinF = std::sin(a.f);
  return a;
}

// The soil's constants of the stresses: k = k_c / b + k_phi and tan phi.
struct SoilTerms {
  double k = 0, tanPhi = 0;
};

inline SoilTerms soilTerms(const SoilParameters& soil, const Wheel& wheel) {
  return {soil.kc / wheel.width + soil.kphi, std::tan(soil.frictionAngle)};
}

// r (cos theta* - cos theta_f) >= 0, the depth below the surface whose Bekker pressure
// acts at theta (theta* = theta in front of the peak, mapped from the rear region behind
// it); 0 outside the arc. sigma = k depth^n with k = k_c / b + k_phi: the geometry alone,
// independent of the soil parameters.
inline double pressureDepth(const Wheel& wheel, const Arc& a, double theta) {
  if (theta > a.f || theta < -a.r) return 0;
  double t = theta;
  if (theta < a.m) {
    const double span = a.m + a.r;
    if (!(span > 0)) return 0;
    t = a.f - (theta + a.r) / span * (a.f - a.m);
  }
  const double base = std::cos(t) - a.cosF;
  return base > 0 ? wheel.radius * base : 0.0;
}

inline double sigmaAt(const SoilParameters& soil, const SoilTerms& terms, const Wheel& wheel, const Arc& a,
                      double theta) {
  const double depth = pressureDepth(wheel, a, theta);
  if (!(depth > 0)) return 0;
  return terms.k * std::pow(depth, soil.n);
}

inline double sigmaAt(const SoilParameters& soil, const Wheel& wheel, const Arc& a, double theta) {
  return sigmaAt(soil, soilTerms(soil, wheel), wheel, a, theta);
}

// Shear displacement j [m] (-inf for a locked wheel, s = -1, below the entry), with
// sinF = sin(thetaF).
inline double jAt(double r, double thetaF, double sinF, double s, double theta) {
  if (s >= 0) return r * ((thetaF - theta) - (1 - s) * (sinF - std::sin(theta)));
  if (s <= -1) return theta < thetaF ? -std::numeric_limits<double>::infinity() : 0.0;
  return r * ((thetaF - theta) - (sinF - std::sin(theta)) / (1 + s));
}

inline double jAt(double r, double thetaF, double s, double theta) {
  return jAt(r, thetaF, std::sin(thetaF), s, theta);
}

// Janosi-Hanamoto mobilisation 1 - exp(-|j| / K) (1 for infinite j).
inline double mobilisation(double j, double shearModulus) {
  return std::isinf(j) ? 1.0 : -std::expm1(-std::fabs(j) / shearModulus);
}

inline double tauAt(const SoilParameters& soil, const SoilTerms& terms, double sigma, double j) {
  if (j == 0) return 0;
  const double tmax = soil.cohesion + sigma * terms.tanPhi;
  return (j > 0 ? 1.0 : -1.0) * tmax * mobilisation(j, soil.shearModulus);
}

}  // namespace regolith::bekker::stress
