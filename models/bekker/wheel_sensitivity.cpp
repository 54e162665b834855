// Soil-parameter derivatives of the rigid-wheel integrals (see wheel_sensitivity.h).
#include "models/bekker/wheel_sensitivity.h"

#include <cmath>

#include "models/bekker/wheel_stress.h"

namespace regolith::bekker {

namespace {

// Columns of the Jacobian, in SoilParameters::toVector() order.
enum Column { kParamKc = 0, kParamKphi = 1, kParamN = 2, kParamC = 3, kParamPhi = 4, kParamK = 5 };

// d sigma / d p and d tau / d p at one angle, for the parameter of column `p`.
struct StressDerivative {
  double sigma = 0, tau = 0;
};

StressDerivative derivativeAt(const SoilParameters& soil, const stress::SoilTerms& terms, const Wheel& wheel,
                              const stress::Arc& a, double s, int p, double theta) {
  const double depth = stress::pressureDepth(wheel, a, theta);
  const double j = stress::jAt(wheel.radius, a.f, a.sinF, s, theta);
  StressDerivative d;
  if (!(depth > 0) && j == 0) return d;
  const double k = terms.k;
  const double dn = depth > 0 ? std::pow(depth, soil.n) : 0.0;  // d^n
  const double sigma = k * dn;
  const double sign = j > 0 ? 1.0 : (j < 0 ? -1.0 : 0.0);
  const double mobil = j == 0 ? 0.0 : stress::mobilisation(j, soil.shearModulus);
  const double tanPhi = terms.tanPhi;
  switch (p) {
    case kParamKphi:
      d.sigma = dn;
      d.tau = sign * tanPhi * mobil * d.sigma;
      break;
    case kParamN:
      d.sigma = depth > 0 ? sigma * std::log(depth) : 0.0;
      d.tau = sign * tanPhi * mobil * d.sigma;
      break;
    case kParamC:
      d.tau = sign * mobil;
      break;
    case kParamPhi: {
      const double cosPhi = std::cos(soil.frictionAngle);
      d.tau = sign * sigma * mobil / (cosPhi * cosPhi);
      break;
    }
    case kParamK:
      if (j != 0 && !std::isinf(j)) {
        const double x = std::fabs(j) / soil.shearModulus;
        d.tau = -sign * (soil.cohesion + sigma * tanPhi) * std::exp(-x) * x / soil.shearModulus;
      }
      break;
    default:
      break;
  }
  return d;
}

}  // namespace

WheelSensitivity wheelSensitivity(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double z,
                                  double s, const QuadratureOptions& q) {
  WheelSensitivity out;
  out.forces = wheelForces(soil, shape, wheel, z, s, q);  // validates every input
  out.converged = out.forces.converged;
  const stress::Arc a = stress::arcOf(shape, wheel, z, s);
  const stress::SoilTerms terms = stress::soilTerms(soil, wheel);
  const double r = wheel.radius, b = wheel.width;
  const std::vector<double> edges = {-a.r, a.m, a.f};
  for (int p : {kParamKphi, kParamN, kParamC, kParamPhi, kParamK}) {
    auto integrand = [&](double theta) -> Values {
      const StressDerivative d = derivativeAt(soil, terms, wheel, a, s, p, theta);
      const double c = std::cos(theta), sn = std::sin(theta);
      return {d.sigma * c + d.tau * sn, d.tau * c - d.sigma * sn, d.tau};
    };
    const QuadratureResult res = integrate(integrand, edges, q);
    out.jacobian(0, p) = r * b * res.integral[0];
    out.jacobian(1, p) = r * b * res.integral[1];
    out.jacobian(2, p) = r * r * b * res.integral[2];
    out.converged = out.converged && res.converged;
  }
  out.jacobian.col(kParamKc) = out.jacobian.col(kParamKphi) / b;
  return out;
}

}  // namespace regolith::bekker
