// The linear spring–dashpot model against its closed-form damped-oscillator solution:
// m* x'' + d x' + k x = 0 during contact gives duration t_c = pi / w_d with
// w_d = sqrt(k/m* - (d/2m*)^2) and restitution e = exp(-d t_c / 2m*).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/impact_recorder.h"
#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

TEST(LinearSpringDashpot, WallImpactMatchesDampedOscillator) {
  const double R = 0.005, rho = 2600, v = 1.0;
  const double m = sphereMass(R, rho);
  const double k = 2e4, d = 0.02;  // N/m, N s/m: light damping
  Material mat = material("grain", 1e8, 0.3, rho, 1.0, 0.0);
  const double wd = std::sqrt(k / m - std::pow(d / (2 * m), 2));
  const double tc = M_PI / wd;
  const double e = std::exp(-d * tc / (2 * m));
  Model model = modelWith({mat}, tc / 2000);
  model.contactModel = ContactModelKind::LinearSpringDashpot;
  settingsOf<LinearSpringDashpot>(model.contactSettings) = {k, d, 2.0 / 7.0 * k};
  model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  WorldBuilder w;
  w.addClump(sphereTemplate("ball", R, 0, rho), Vec3d(0, 0, R + 10 * v * model.timeStep), Quat(), Vec3d(0, 0, -v));
  Simulation sim(model, w.state());
  const ImpactRecord r = recordImpact(
      sim, [&](const StateArrays& s) { return R - s.ownerPosition[0].z; }, 100000);
  ASSERT_TRUE(r.separated);
  // dt = t_c/2000: the Verlet phase error is ~(w dt)^2 ~ 1e-6; 0.2 % leaves room for the
  // interpolated contact start and end.
  EXPECT_NEAR(r.duration / tc, 1.0, 0.002);
  EXPECT_NEAR(r.after.ownerVelocity[0].z / v / e, 1.0, 0.002) << "e = " << e;
  // Peak overlap of the damped oscillator, x(t) = (v/w_d) exp(-d t/2m) sin(w_d t), at its
  // maximum t* = atan(2 m w_d / d) / w_d.
  const double tPeak = std::atan(2 * m * wd / d) / wd;
  const double xPeak = v / wd * std::exp(-d * tPeak / (2 * m)) * std::sin(wd * tPeak);
  EXPECT_NEAR(r.peakOverlap / xPeak, 1.0, 0.002);
}

TEST(LinearSpringDashpot, RefusesMissingStiffness) {
  Model model = modelWith({material("grain", 1e8, 0.3, 2600)}, 1e-6);
  model.contactModel = ContactModelKind::LinearSpringDashpot;
  WorldBuilder w;
  w.addClump(sphereTemplate("ball", 0.005, 0, 2600), Vec3d());
  try {
    Simulation sim(model, w.state());
    ADD_FAILURE() << "a linear model without k_n was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "contact model linear_spring_dashpot: k_n (normal_stiffness) = 0, expected k_n > 0 N/m");
  }
}

}  // namespace
}  // namespace regolith::test
