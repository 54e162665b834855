// The rotating intruders of examples/robots/intruders/ (RFT-SiM, arXiv 2606.19504 Figs. 4
// and 5): a flat plate and a C-shaped leg turned 180 degrees through tilled sand (zeta =
// 0.94 N/cm^3, flat surface) by a velocity servo, on a fixed base and on a free carriage.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

const std::string kIntruderDir = std::string(REGOLITH_SOURCE_DIR) + "/examples/robots/intruders/";

struct Sweep {
  double peakFz = 0, peakFx = 0;  // [N] terrain force on the intruder
  double carriage = 0;            // [m] the carriage's travel (0 on the fixed base)
};

// Half a turn of `model` at `omega` rad/s, with the scene's terrain and control table.
Sweep sweep(const std::string& model, const std::string& omega) {
  robots::RobotSimulation sim(kIntruderDir + model, robots::loadTerrain(kIntruderDir + "flat.terrain.json"));
  sim.setController(robots::controlTableFromCsv(kIntruderDir + "spin_" + omega + ".csv", sim.model()));
  const int intruder = mj_name2id(sim.model(), mjOBJ_BODY, "intruder");
  const int rail = mj_name2id(sim.model(), mjOBJ_JOINT, "rail");
  const double end = M_PI / std::stod(omega);
  Sweep s;
  while (sim.time() < end - 0.5 * sim.timeStep()) {
    sim.step();
    const robots::BodySample b = sim.sample()[static_cast<std::size_t>(intruder - 1)];  // body 0 is the world
    s.peakFz = std::max(s.peakFz, b.terrainForce.z());
    s.peakFx = std::max(s.peakFx, b.terrainForce.x());
  }
  EXPECT_TRUE(sim.finite());
  if (rail >= 0) s.carriage = sim.data()->qpos[sim.model()->jnt_qposadr[rail]];
  return s;
}

// Quasi-static RFT has no speed in it: a servo turning the leg at 0.5 or 2 rad/s meets
// the same forces at the same angles. What differs is where the angle is sampled (every
// omega dt = 0.5 or 2 mrad): the force changes by at most about 70 N over the 0.5 rad of
// its rise, so a 2 mrad offset moves the sampled peak by under 0.3 N, 0.4 % of 70 N. 1 %.
// Published (RFT-SiM, fixed base, closed C): the same peaks at all three speeds.
TEST(RobotIntruders, PeakForcesAreIndependentOfSpeed) {
  for (const char* shape : {"flat_fixed.xml", "c_closed_fixed.xml"}) {
    const Sweep slow = sweep(shape, "0.5"), fast = sweep(shape, "2");
    EXPECT_GT(slow.peakFz, 1) << shape;
    EXPECT_GT(slow.peakFx, 1) << shape;
    EXPECT_NEAR(fast.peakFz, slow.peakFz, 0.01 * slow.peakFz) << shape;
    EXPECT_NEAR(fast.peakFx, slow.peakFx, 0.01 * slow.peakFx) << shape;
  }
}

// The closed C's peak F_z / F_x against the published 16.2 N / 8.5 N = 1.91. RFT forces of
// geometrically similar legs scale as zeta L^3, so the ratio depends neither on zeta nor
// on size, only on the shape and how deep it goes for its size, which we had to assume
// (README): 20 %. Measured 2.07 (70.7 N / 34.1 N).
TEST(RobotIntruders, ClosedCForceRatioAsPublished) {
  const Sweep s = sweep("c_closed_fixed.xml", "2");
  EXPECT_NEAR(s.peakFz / s.peakFx, 16.2 / 8.5, 0.2 * 16.2 / 8.5) << s.peakFz << " N / " << s.peakFx << " N";
}

// On the free carriage the closed C (convex side leading, in the sand longest) pushes the
// carriage farthest and the open C (scooping) least, the flat plate between: RFT-SiM's
// ordering in experiment and simulation (Fig. 5D, at every speed). Measured at 2 rad/s:
// 148, 136 and 124 mm.
TEST(RobotIntruders, CarriageOrderClosedFlatOpen) {
  const double closed = sweep("c_closed_carriage.xml", "2").carriage;
  const double flat = sweep("flat_carriage.xml", "2").carriage;
  const double open = sweep("c_open_carriage.xml", "2").carriage;
  EXPECT_GT(open, 0.02) << "the carriage moves forward";
  EXPECT_GT(closed, flat);
  EXPECT_GT(flat, open);
}

}  // namespace
}  // namespace regolith::test
