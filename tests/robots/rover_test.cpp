// The four-wheeled lunar rover of scenes/robots/rover/ on Bekker-Wong wheels: its slip up a
// slope against the Bekker-Wong prediction, and the slope past which it cannot climb.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "models/bekker/rigid_wheel.h"
#include "robots/robot_simulation.h"

namespace regolith::test {
namespace {

const std::string kRoverDir = std::string(REGOLITH_SOURCE_DIR) + "/scenes/robots/rover/";
constexpr double kRoverMass = 21.6, kMoonGravity = 1.62, kRoverWheelRadius = 0.1;

struct Climb {
  double speed = 0;  // [m/s] of the chassis along the slope, second half of the run
  double slip = 0;   // 1 - speed / (omega r), omega the wheels' mean spin
};

Climb climb(double slopeDeg, double duration) {
  const double height = -0.25 * std::tan(slopeDeg * M_PI / 180) - 0.005;  // just under the front wheels
  const std::string surface = R"(/surface={"type": "slope", "angle_deg": )" + std::to_string(slopeDeg) +
                              R"(, "height": )" + std::to_string(height) + "}";
  robots::RobotSimulation sim(kRoverDir + "rover.xml",
                              robots::loadTerrain(kRoverDir + "rover.terrain.json", {surface}));
  sim.setController(robots::controlTableFromCsv(kRoverDir + "speed_0.23.csv", sim.model()));
  double x0 = 0, t0 = 0, spin = 0;
  int samples = 0;
  while (sim.time() < duration - 0.5 * sim.timeStep()) {
    sim.step();
    if (sim.time() < duration / 2) continue;
    const std::vector<robots::BodySample> b = sim.sample();  // chassis, then the four wheels
    if (samples == 0) {
      x0 = b[0].position.x();
      t0 = sim.time();
    }
    for (int w = 1; w <= 4; ++w) spin += b[w].angularVelocity.y() / 4;
    ++samples;
  }
  EXPECT_TRUE(sim.finite());
  Climb c;
  c.speed = (sim.sample()[0].position.x() - x0) / std::cos(slopeDeg * M_PI / 180) / (sim.time() - t0);
  c.slip = 1 - c.speed / (spin / samples * kRoverWheelRadius);
  return c;
}

bekker::Wheel roverWheel() {
  bekker::Wheel w;
  w.radius = kRoverWheelRadius;
  w.width = 0.08;
  return w;
}

// The drawbar pull of one wheel carrying a quarter of the weight at slip s, less the
// quarter of the weight's pull down the slope.
double pullSurplus(double slopeDeg, double s) {
  const double t = slopeDeg * M_PI / 180;
  const bekker::WheelForces f = bekker::solveSinkage(bekker::soilPreset("lll-dry-sand").soil, bekker::StressShape{},
                                                     roverWheel(), kRoverMass * kMoonGravity * std::cos(t) / 4, s);
  return f.drawbarPull - kRoverMass * kMoonGravity * std::sin(t) / 4;
}

// Up 10 degrees the rover runs at the slip where one wheel's drawbar pull at a quarter of
// the load holds a quarter of the weight on the slope (0.260). Its wheels do not share
// the load equally (the rear ones carry 10.2 N, the front 7.3 N), which Bekker-Wong's
// nearly load-proportional pull at this slip forgives: measured 0.261. 0.01.
TEST(RoverOnBekker, SlipUpASlopeIsBekkersForAQuarterLoad) {
  double lo = 0, hi = 0.99;
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (lo + hi);
    (pullSurplus(10, mid) < 0 ? lo : hi) = mid;
  }
  const Climb c = climb(10, 8);
  EXPECT_GT(c.speed, 0);
  EXPECT_NEAR(c.slip, 0.5 * (lo + hi), 0.01);
  EXPECT_GT(c.slip, climb(0, 8).slip + 0.1) << "slip rises with slope";
}

// Past the slope where no slip gives enough pull (Bekker: 26.1 degrees for this rover) it
// cannot hold its place: at 30 degrees it slides back with its wheels spinning forward.
TEST(RoverOnBekker, SlidesBackPastTheStallSlope) {
  EXPECT_LT(pullSurplus(30, 0.999), 0) << "Bekker-Wong: no slip climbs 30 degrees";
  EXPECT_GT(pullSurplus(25, 0.999), 0) << "... but 25 degrees";
  EXPECT_LT(climb(30, 6).speed, 0);
}

}  // namespace
}  // namespace regolith::test
