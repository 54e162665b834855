// Analytic derivatives of the rigid-wheel integrals (rigid_wheel.h) with respect to the
// Bekker-Wong soil parameters, at a given sinkage z and slip s.
//
// The arc [-theta_r, theta_f] and the peak angle theta_m depend on z, s and the stress
// shape only, never on the soil, so each derivative is the integral of the integrand's
// derivative (no boundary terms). With d = r (cos theta* - cos theta_f) the depth whose
// pressure acts at theta, k = k_c / b + k_phi, M = 1 - exp(-|j| / K), g = sign(j):
//   sigma = k d^n                 d sigma/d k_phi = d^n,   d sigma/d n = sigma ln d,
//                                 d sigma/d k_c = d^n / b
//   tau = g (c + sigma tan phi) M d tau/d c   = g M,       d tau/d phi = g sigma M / cos^2 phi,
//                                 d tau/d K   = -g (c + sigma tan phi) e^(-|j|/K) |j| / K^2,
//                                 d tau/d p   = g tan phi M d sigma/d p  (p = k_phi, n, k_c)
// (M = 1 and d tau/d K = 0 where j is infinite: a locked wheel). Each is put through the
// W, DP and T integrals of rigid_wheel.h. The k_c column is the k_phi column over b
// (sigma depends on k_c and k_phi only through k).
//
// Accuracy: the k_phi, n, c, phi and K derivatives are each integrated by the same adaptive
// Gauss-Kronrod 7-15 as the forces (quadrature.h), one call per parameter, with the
// breakpoints -theta_r, theta_m, theta_f and the tolerance of `q` relative to the largest
// of that parameter's three integrals.
#pragma once

#include <Eigen/Core>

#include "models/bekker/rigid_wheel.h"

namespace regolith::bekker {

struct WheelSensitivity {
  WheelForces forces;  // W, DP, T at (z, s), as wheelForces gives them
  // Rows W [N], DP [N], T [N m]; columns the soil parameters in SoilParameters::names()
  // order (kc kphi n c phi K), each in its SI unit (phi in rad).
  Eigen::Matrix<double, 3, SoilParameters::kCount> jacobian = Eigen::Matrix<double, 3, SoilParameters::kCount>::Zero();
  bool converged = false;  // the forces and every derivative integral converged
};

// W, DP, T and their soil-parameter Jacobian at sinkage z in (0, r] and slip s in [-1, 1].
// Throws std::invalid_argument for parameters out of range (as wheelForces).
WheelSensitivity wheelSensitivity(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel,
                                  double sinkage, double slip, const QuadratureOptions& q = {});

}  // namespace regolith::bekker
