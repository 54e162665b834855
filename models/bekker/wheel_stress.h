// Pointwise Wong-Reece stresses over the contact arc (formulas in rigid_wheel.h), shared
// by the wheel integrals (rigid_wheel.cpp) and their parameter derivatives
// (wheel_sensitivity.cpp). Unchecked: callers validate the soil, shape, wheel and state.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "models/bekker/rigid_wheel.h"

namespace regolith::bekker::stress {

// theta_f, theta_m and theta_r (>= 0, behind the vertical) of a contact arc.
struct Arc {
  double f = 0, m = 0, r = 0;
};

inline Arc arcOf(const StressShape& shape, const Wheel& wheel, double z, double s) {
  Arc a;
  a.f = std::acos(std::clamp(1 - z / wheel.radius, -1.0, 1.0));
  a.r = shape.rearRatio * a.f;
  a.m = std::clamp((shape.a0 + shape.a1 * s) * a.f, -a.r, a.f);
  return a;
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
  const double base = std::cos(t) - std::cos(a.f);
  return base > 0 ? wheel.radius * base : 0.0;
}

inline double sigmaAt(const SoilParameters& soil, const Wheel& wheel, const Arc& a, double theta) {
  const double depth = pressureDepth(wheel, a, theta);
  if (!(depth > 0)) return 0;
  return (soil.kc / wheel.width + soil.kphi) * std::pow(depth, soil.n);
}

// Shear displacement j [m] (-inf for a locked wheel, s = -1, below the entry).
inline double jAt(double r, double thetaF, double s, double theta) {
  if (s >= 0) return r * ((thetaF - theta) - (1 - s) * (std::sin(thetaF) - std::sin(theta)));
  if (s <= -1) return theta < thetaF ? -std::numeric_limits<double>::infinity() : 0.0;
  return r * ((thetaF - theta) - (std::sin(thetaF) - std::sin(theta)) / (1 + s));
}

// Janosi-Hanamoto mobilisation 1 - exp(-|j| / K) (1 for infinite j).
inline double mobilisation(double j, double shearModulus) {
  return std::isinf(j) ? 1.0 : -std::expm1(-std::fabs(j) / shearModulus);
}

inline double tauAt(const SoilParameters& soil, double sigma, double j) {
  if (j == 0) return 0;
  const double tmax = soil.cohesion + sigma * std::tan(soil.frictionAngle);
  return (j > 0 ? 1.0 : -1.0) * tmax * mobilisation(j, soil.shearModulus);
}

}  // namespace regolith::bekker::stress
