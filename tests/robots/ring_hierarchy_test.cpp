// The tumbling study's smoke ring in MuJoCo (examples/robots/ring/, issue 24's hierarchy):
// on rigid ground it must do what the DEM study's rigid runs do and what rigid-body
// mechanics says, before RFT sand and DEM grains are set beside it.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "robots/robot_simulation.h"

namespace regolith::test {
namespace {

const std::string kRingDir = std::string(REGOLITH_SOURCE_DIR) + "/examples/robots/ring/";
const double kRingSlope = 24 * M_PI / 180;
const double kRingRadius = 0.05, kRingMass = 0.1, kRingInertia = 1.875e-4, kRingGravity = 9.8;  // ring.xml

// ring.xml is in the DEM study's frame: the bed flat, gravity tilted (the terrain files'),
// downhill +x.
struct RingState {
  double time = 0;
  double speed = 0;  // [m/s] of the centre, down the slope (x)
  double spin = 0;   // [rad/s] about y
};

RingState ringState(robots::RobotSimulation& sim) {
  const int ring = mj_name2id(sim.model(), mjOBJ_BODY, "ring");
  const robots::BodySample b = sim.sample()[static_cast<std::size_t>(ring - 1)];  // body 0 is the world
  return {sim.time(), b.velocity.x(), b.angularVelocity.y()};
}

// Runs the ring (ring.xml, or ring_spin.xml with its spin held at pi rad/s) on `terrain`
// for 0.35 s; `at` is sampled once time reaches it.
RingState runRing(bool prescribedSpin, const std::string& terrain, double at, RingState* atState = nullptr) {
  robots::RobotSimulation sim(kRingDir + (prescribedSpin ? "ring_spin.xml" : "ring.xml"),
                              robots::loadTerrain(kRingDir + terrain));
  const double end = 0.35;
  while (sim.time() < end - 0.5 * sim.timeStep()) {
    sim.step();
    if (atState && std::abs(sim.time() - at) < 0.5 * sim.timeStep()) *atState = ringState(sim);
  }
  EXPECT_TRUE(sim.finite());
  return ringState(sim);
}

// Rolling without slip down the slope: a = g sin(theta) / (1 + I / (m r^2)) = 2.278 m/s^2
// for I = 0.75 m r^2 (the DEM rigid twin measured 2.26). Measured between 0.15 and 0.35 s
// (after the first contact settles) from the speed difference. MuJoCo's soft contact lets
// the ring sink 43 um into the plane, which shortens the lever by 1e-3 of r, and the
// friction cone is elliptic with no-slip iterations (ring.xml): 0.5 %.
TEST(RingHierarchy, RigidFreeSpinRollsAtTheRollingAcceleration) {
  RingState mid;
  const RingState last = runRing(false, "rigid.terrain.json", 0.15, &mid);
  const double a = (last.speed - mid.speed) / (last.time - mid.time);
  const double expected = kRingGravity * std::sin(kRingSlope) /
                          (1 + kRingInertia / (kRingMass * kRingRadius * kRingRadius));
  EXPECT_NEAR(a, expected, 0.005 * expected);
  EXPECT_NEAR(last.speed, last.spin * kRingRadius, 0.005 * last.speed) << "rolls without slip";
}

// With the spin held at pi rad/s (ring_spin.xml: released spinning, a velocity servo) the
// ring is a braked wheel: friction holds it to omega r = 0.157 m/s (the DEM rigid twin: 0.155; the
// full-size DEM rigid run: 0.1575). The contact's 43 um sink shortens the rolling radius
// by about 1e-3 and the servo (kv 100 N m s) lets the spin sag by its torque / kv =
// m g sin(theta) r / kv = 2e-4 rad/s: 0.5 %.
TEST(RingHierarchy, RigidPrescribedSpinRollsAtOmegaR) {
  const RingState last = runRing(true, "rigid.terrain.json", 0);
  EXPECT_NEAR(last.spin, M_PI, 0.005 * M_PI);
  EXPECT_NEAR(last.speed, M_PI * kRingRadius, 0.005 * M_PI * kRingRadius);
}

// On deformable ground, the orderings the DEM grains show (examples/robots/ring/README.md):
// the free ring sinks and rolls slower than on rigid ground, and the braked ring rolls
// faster than omega r (it sinks, and the ground in front gives way as it is pushed down
// the slope). Orderings, not values: the values belong to the soil model.
void expectRingOrderingsOnSoft(const char* terrain) {
  const RingState rigidFree = runRing(false, "rigid.terrain.json", 0);
  const RingState softFree = runRing(false, terrain, 0);
  const RingState softSpin = runRing(true, terrain, 0);
  EXPECT_GT(softFree.speed, 0.05) << terrain << ": moves down the slope";
  EXPECT_LT(softFree.speed, 0.9 * rigidFree.speed) << terrain;
  EXPECT_GT(softSpin.speed, 1.02 * M_PI * kRingRadius) << terrain;
}

// RFT sand: the same slope, zeta and coefficients fitted from Regolith's plate-intrusion runs.
TEST(RingHierarchy, RftSandSlowsTheFreeRingAndLetsTheBrakedRingRunAhead) {
  expectRingOrderingsOnSoft("sand.terrain.json");
}

// The ring as a Bekker-Wong wheel (bekker.terrain.json: LLL dry sand without cohesion).
// Braked at pi rad/s it runs at a braking slip, its speed where the soil's shear under the
// braking torque balances the weight's pull down the slope (measured 0.266 m/s at 0.35 s,
// 1.7 omega r).
TEST(RingHierarchy, BekkerSoilSlowsTheFreeRingAndLetsTheBrakedRingRunAhead) {
  expectRingOrderingsOnSoft("bekker.terrain.json");
}

}  // namespace
}  // namespace regolith::test
