// Analytic soil-parameter derivatives of the rigid-wheel integrals (wheel_sensitivity.h)
// against central differences of wheelForces (suite BekkerSensitivity).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "models/bekker/wheel_sensitivity.h"

namespace regolith::bekker {
namespace {

// Central difference of (W, DP, T) in soil parameter `p` (toVector() order) with step h.
Eigen::Vector3d centralDifference(const SoilParameters& soil, const StressShape& shape, const Wheel& wheel, double z,
                                  double s, int p, double h, const QuadratureOptions& q) {
  Eigen::VectorXd up = soil.toVector(), down = soil.toVector();
  up[p] += h;
  down[p] -= h;
  const WheelForces fu = wheelForces(SoilParameters::fromVector(up), shape, wheel, z, s, q);
  const WheelForces fd = wheelForces(SoilParameters::fromVector(down), shape, wheel, z, s, q);
  return Eigen::Vector3d(fu.load - fd.load, fu.drawbarPull - fd.drawbarPull, fu.torque - fd.torque) / (2 * h);
}

TEST(BekkerSensitivity, AnalyticDerivativesMatchCentralDifferences) {
  // Steps, relative to the parameter (phi: absolute, in rad):
  //  - k_c, k_phi, c: W, DP and T are linear in them (sigma is linear in k, tau in c and in
  //    sigma), so the central difference is exact but for rounding; 1e-3 keeps the
  //    rounding (about 1e-16 |F| / 1e-3) far below 1e-6.
  //  - n, phi, K: truncation error h^2 |F'''| / 6. With u = ln(depth) between -7 and -2
  //    here, F''' / F' is at most about u^2 (n) and O(10) (phi: tan and sec^2; K: e^-x
  //    terms): h = 1e-4 gives about 1e-8 |F'| / 6 * 50 < 1e-7. The quadrature, run to
  //    1e-13 here for both, adds about 1e-14 |F| / 1e-4 = 1e-10 |F|.
  // Both sides use the same tight quadrature so the comparison measures the derivative
  // formulas, not the integration (the default 1e-10 is checked below).
  QuadratureOptions tight;
  tight.relTol = 1e-13;
  tight.maxPanels = 20000;
  const Wheel wheel{0.25, 0.15};
  double worst = 0;
  std::string worstAt;
  for (const SoilPreset& preset : soilPresets()) {
    for (double rear : {0.0, 0.3}) {
      StressShape shape;
      shape.rearRatio = rear;
      for (double z : {0.004, 0.02, 0.06}) {
        for (double s : {-0.5, 0.1, 0.4, 0.9}) {
          const SoilParameters& soil = preset.soil;
          const WheelSensitivity a = wheelSensitivity(soil, shape, wheel, z, s, tight);
          ASSERT_TRUE(a.converged);
          const Eigen::VectorXd v = soil.toVector();
          for (int p = 0; p < SoilParameters::kCount; ++p) {
            const bool linear = p == 0 || p == 1 || p == 3;
            const double h = p == 4 ? 1e-4 : (linear ? 1e-3 : 1e-4) * v[p];
            const Eigen::Vector3d fd = centralDifference(soil, shape, wheel, z, s, p, h, tight);
            for (int row = 0; row < 3; ++row) {
              // Relative to the derivative itself, for every entry (none vanishes at
              // these points: c > 0 in every preset and every slip here is nonzero).
              const double err = std::fabs(a.jacobian(row, p) - fd[row]);
              const double rel = err / std::fabs(fd[row]);
              worst = std::max(worst, rel);
              if (rel == worst)
                worstAt = preset.name + " rear " + std::to_string(rear) + " z " + std::to_string(z) + " s " +
                          std::to_string(s) + " p " + SoilParameters::names()[p] + " row " + std::to_string(row);
              EXPECT_LE(err, 1e-6 * std::fabs(fd[row]))
                  << preset.name << " rear " << rear << " z " << z << " s " << s << " d/d" << SoilParameters::names()[p]
                  << " row " << row << " analytic " << a.jacobian(row, p) << " fd " << fd[row];
            }
          }
        }
      }
    }
  }
  // Measured: 8.0e-8 (lll-dry-sand, z = 4 mm, s = 0.9, dW/dn), the truncation of the n step.
  std::printf("worst relative error %.3g at %s\n", worst, worstAt.c_str());
}

TEST(BekkerSensitivity, DefaultQuadratureGivesTheSameJacobian) {
  // The default tolerance (1e-10 of each parameter's largest integral, conservative) against
  // the 1e-13 one: every entry to 1e-8 of its row's largest entry in the W, DP, T columns
  // scaled by the parameter (p dF/dp, rad for phi), which is what an estimator's step sees.
  QuadratureOptions tight;
  tight.relTol = 1e-13;
  tight.maxPanels = 20000;
  const Wheel wheel{0.25, 0.15};
  for (const SoilPreset& preset : soilPresets()) {
    for (double z : {0.004, 0.03}) {
      for (double s : {-0.3, 0.2, 0.8}) {
        const WheelSensitivity d = wheelSensitivity(preset.soil, StressShape{}, wheel, z, s);
        const WheelSensitivity t = wheelSensitivity(preset.soil, StressShape{}, wheel, z, s, tight);
        ASSERT_TRUE(d.converged);
        Eigen::VectorXd scale = preset.soil.toVector();
        scale[4] = 1;
        const Eigen::MatrixXd ds = d.jacobian * scale.asDiagonal(), ts = t.jacobian * scale.asDiagonal();
        for (int row = 0; row < 3; ++row)
          for (int p = 0; p < SoilParameters::kCount; ++p)
            EXPECT_NEAR(ds(row, p), ts(row, p), 1e-8 * ts.row(row).cwiseAbs().maxCoeff())
                << preset.name << " z " << z << " s " << s << " row " << row << " p " << p;
      }
    }
  }
}

}  // namespace
}  // namespace regolith::bekker
