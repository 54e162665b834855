// The Bekker-Wong wheel integrals from a table (robots/wheel_force_table.h) against the
// direct integrals, over the sinkage and slip a rover meets: within the interpolation
// error the header states, and exact at the nodes.
#include "robots/wheel_force_table.h"

#include <cmath>

#include <gtest/gtest.h>

namespace regolith::test {
namespace {

TEST(WheelForceTable, InterpolatesTheWheelIntegralsWithinTheStatedError) {
  bekker::Wheel wheel;
  wheel.radius = 0.1, wheel.width = 0.08;
  const bekker::ValidatedWheel model(bekker::soilPreset("lll-dry-sand").soil, bekker::StressShape{}, wheel);
  bekker::QuadratureOptions q;
  q.relTol = 1e-6;
  const double dz = 1e-4, ds = 2e-3;  // the rover's (examples/robots/rover/rover.terrain.json)
  robots::WheelForceTable table(wheel.radius, q, dz, ds);
  // At a node: the integrals themselves.
  const bekker::WheelForces node = table.at(model, 50 * dz, 40 * ds);
  const bekker::WheelForces direct = model.forces(50 * dz, 40 * ds, q);
  EXPECT_NEAR(node.load, direct.load, 1e-12 * direct.load);
  EXPECT_NEAR(node.drawbarPull, direct.drawbarPull, 1e-12 * direct.load);
  // Between nodes, over the rover's band (sinkage 3 to 20 mm, slip -0.3 to 0.9): W to
  // (n + 1/2)(n - 1/2)(dz / z)^2 / 8 = 1e-4 at 3 mm (n = 1.1 for LLL sand; 2e-4 allowed:
  // the estimate is the leading term), DP and T to 1e-4 of W and W r (the slip's
  // curvature). Measured: 7.6e-5, 4.8e-5 and 2.8e-5, from 6,722 nodes.
  double worstLoad = 0, worstPull = 0, worstTorque = 0;
  for (double z = 0.003; z <= 0.02; z += 0.000731)
    for (double s = -0.3; s <= 0.9; s += 0.0173) {
      const bekker::WheelForces t = table.at(model, z, s), d = model.forces(z, s, q);
      worstLoad = std::max(worstLoad, std::fabs(t.load - d.load) / d.load);
      worstPull = std::max(worstPull, std::fabs(t.drawbarPull - d.drawbarPull) / d.load);
      worstTorque = std::max(worstTorque, std::fabs(t.torque - d.torque) / (d.load * wheel.radius));
    }
  EXPECT_LT(worstLoad, 2e-4);
  EXPECT_LT(worstPull, 1e-4);
  EXPECT_LT(worstTorque, 1e-4);
  EXPECT_LT(table.nodes(), 40000u) << "nodes only where asked";
  EXPECT_THROW(robots::WheelForceTable(wheel.radius, q, 0, ds), std::invalid_argument);
  EXPECT_THROW(robots::WheelForceTable(wheel.radius, q, 2 * wheel.radius, ds), std::invalid_argument);
}

}  // namespace
}  // namespace regolith::test
