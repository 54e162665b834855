// Rolling resistance: a sphere rolling on a level plane under a constant resisting torque
// M = Crr F_n R decelerates at (5/7) Crr g (rolling constraint v = omega R with
// I = (2/5) m R^2: (m + I/R^2) dv/dt = -M/R), then stops and stays stopped (no chatter).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_support.h"

namespace regolith::test {
namespace {

TEST(RollingResistance, RollingSphereDeceleratesAtFiveSeventhsCrrG) {
  const double R = 0.01, g = 9.81, crr = 0.1, v0 = 0.1;
  Material mat = material("steel", 2e9, 0.3, 7800, 0.5, 0.5, crr);
  Model model = modelWith({mat}, 2e-6, Vec3(0, 0, Real(-g)));
  model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  const double m = sphereMass(R, mat.density);
  const double Estar = 1.0 / (2 * (1 - 0.09) / 2e9);
  const double delta = std::pow(m * g / (4.0 / 3.0 * Estar * std::sqrt(R)), 2.0 / 3.0);
  WorldBuilder w;
  // Rolling along +x: omega about +y with v = omega R.
  w.addClump(sphereTemplate("ball", R, 0, mat.density), Vec3d(0, 0, R - delta), Quat(), Vec3d(v0, 0, 0),
             Vec3d(0, v0 / R, 0));
  Simulation sim(model, w.state());
  sim.step(10000);  // 20 ms
  const double va = sim.state().ownerVelocity[0].x, ta = sim.time();
  sim.step(40000);  // to 100 ms, still rolling (it stops at ~143 ms)
  const double vb = sim.state().ownerVelocity[0].x, tb = sim.time();
  const double decel = (va - vb) / (tb - ta);
  // 1 %: the lever arm is R - delta/2 rather than R (delta/R ~ 1e-5) and the tangential
  // spring adds a small oscillation that averages out over 80 ms.
  EXPECT_NEAR(decel / (5.0 / 7.0 * crr * g), 1.0, 0.01);

  sim.step(50000);  // to 200 ms: well past the stop
  const StateArrays s = sim.state();
  const double stopped = std::fabs(s.ownerVelocity[0].x);
  const double spin = std::fabs(s.ownerAngularVelocity[0].y);
  sim.step(10000);
  const StateArrays later = sim.state();
  // At rest and staying there: no drift back and forth beyond the elastic micro-motion.
  EXPECT_LT(stopped, 1e-4);
  EXPECT_LT(spin * R, 1e-4);
  EXPECT_LT(std::fabs(later.ownerVelocity[0].x), 1e-4);
  EXPECT_LT(std::fabs(later.ownerPosition[0].x - s.ownerPosition[0].x), 1e-6);
}

}  // namespace
}  // namespace regolith::test
