// Rigid wheel on Bekker-Wong soil: stresses, integrals and the sinkage solve (formulas in
// rigid_wheel.h).
#include "models/bekker/rigid_wheel.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "models/bekker/wheel_stress.h"
#include "models/require.h"

namespace regolith::bekker {

namespace {

using stress::Arc;
using stress::arcOf;
using stress::jAt;
using stress::sigmaAt;
using stress::tauAt;

void checkState(const Wheel& wheel, double z, double s) {
  if (!(z > 0 && z <= wheel.radius))
    models::failRange("bekker sinkage z [m]", z, "0 < z <= r = " + models::formatNumber(wheel.radius));
  models::requireInRange(s, "bekker slip s", -1, 1);
}

void checkAll(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel) {
  soil.validate();
  shape.validate();
  wheel.validate();
}

// The three integrals at a checked state.
WheelForces forcesAt(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double z, double s,
                     const QuadratureOptions& q) {
  const Arc a = arcOf(shape, wheel, z, s);
  const stress::SoilTerms terms = stress::soilTerms(soil, wheel);
  const double r = wheel.radius;
  auto integrand = [&](double theta) -> Values {
    const double sg = sigmaAt(soil, terms, wheel, a, theta);
    const double tau = tauAt(soil, terms, sg, jAt(r, a.f, a.sinF, s, theta));
    const double c = std::cos(theta), sn = std::sin(theta);
    return {sg * c + tau * sn, tau * c - sg * sn, tau};
  };
  std::vector<double> edges = {-a.r, a.m, a.f};
  const QuadratureResult res = integrate(integrand, edges, q);
  WheelForces w;
  w.sinkage = z;
  w.slip = s;
  w.entryAngle = a.f;
  w.maxStressAngle = a.m;
  w.rearAngle = a.r;
  w.load = r * wheel.width * res.integral[0];
  w.drawbarPull = r * wheel.width * res.integral[1];
  w.torque = r * r * wheel.width * res.integral[2];
  w.loadError = r * wheel.width * res.error[0];
  w.drawbarPullError = r * wheel.width * res.error[1];
  w.torqueError = r * r * wheel.width * res.error[2];
  w.converged = res.converged;
  return w;
}

}  // namespace

void Wheel::validate() const {
  models::requirePositive(radius, "bekker wheel radius r [m]");
  models::requirePositive(width, "bekker wheel width b [m]");
}

double shearDisplacement(double radius, double entryAngle, double slip, double theta) {
  models::requirePositive(radius, "bekker wheel radius r [m]");
  models::requireInRange(slip, "bekker slip s", -1, 1);
  return jAt(radius, entryAngle, slip, theta);
}

double normalStress(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double z, double s,
                    double theta) {
  checkAll(soil, shape, wheel);
  checkState(wheel, z, s);
  return sigmaAt(soil, wheel, arcOf(shape, wheel, z, s), theta);
}

double shearStress(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double z, double s,
                   double theta) {
  checkAll(soil, shape, wheel);
  checkState(wheel, z, s);
  const Arc a = arcOf(shape, wheel, z, s);
  if (theta > a.f || theta < -a.r) return 0;
  const stress::SoilTerms terms = stress::soilTerms(soil, wheel);
  return tauAt(soil, terms, sigmaAt(soil, terms, wheel, a, theta), jAt(wheel.radius, a.f, a.sinF, s, theta));
}

WheelForces wheelForces(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double z, double s,
                        const QuadratureOptions& q) {
  checkAll(soil, shape, wheel);
  checkState(wheel, z, s);
  return forcesAt(soil, shape, wheel, z, s, q);
}

ValidatedWheel::ValidatedWheel(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel)
    : m_soil(soil), m_shape(shape), m_wheel(wheel) {
  checkAll(m_soil, m_shape, m_wheel);
}

WheelForces ValidatedWheel::forces(double z, double s, const QuadratureOptions& q) const {
  checkState(m_wheel, z, s);
  return forcesAt(m_soil, m_shape, m_wheel, z, s, q);
}

WheelForces solveSinkage(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double load,
                         double s, const SinkageOptions& o) {
  checkAll(soil, shape, wheel);
  models::requirePositive(load, "bekker load W [N]");
  models::requireInRange(s, "bekker slip s", -1, 1);
  const double zmax = o.maxSinkage > 0 ? o.maxSinkage : wheel.radius;
  if (!(zmax <= wheel.radius))
    models::failRange("bekker max sinkage [m]", zmax, "<= r = " + models::formatNumber(wheel.radius));
  if (o.scanPoints < 2)
    throw std::invalid_argument("bekker sinkage: scan points = " + std::to_string(o.scanPoints) + ": expected >= 2");
  models::requirePositive(o.tolerance, "bekker sinkage tolerance");

  // Bracket: W(0) = 0 < load; the first grid point with W >= load closes the bracket.
  double lo = 0, hi = 0, best = 0;
  WheelForces atHi;
  for (int i = 1; i <= o.scanPoints; ++i) {
    const double z = zmax * double(i) * i / (double(o.scanPoints) * o.scanPoints);
    const WheelForces w = forcesAt(soil, shape, wheel, z, s, o.quadrature);
    best = std::max(best, w.load);
    if (w.load >= load) {
      hi = z;
      atHi = w;
      break;
    }
    lo = z;
  }
  if (hi == 0)
    throw NoSinkageSolution("bekker sinkage: load " + models::formatNumber(load) +
                            " N exceeds the largest vertical load found, " + models::formatNumber(best) +
                            " N, for sinkage up to " + models::formatNumber(zmax) + " m at slip " +
                            models::formatNumber(s) + ": no equilibrium sinkage");
  // Bisection on [lo, hi] with W(lo) < load <= W(hi).
  const double tol = o.tolerance * wheel.radius;
  while (hi - lo > tol) {
    const double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi)) break;
    const WheelForces w = forcesAt(soil, shape, wheel, mid, s, o.quadrature);
    if (w.load >= load) {
      hi = mid;
      atHi = w;
    } else {
      lo = mid;
    }
  }
  return atHi;
}

}  // namespace regolith::bekker
