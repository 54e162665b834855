// The four-wheeled lunar rover of examples/robots/rover/ on Bekker-Wong wheels: its slip up a
// slope against the Bekker-Wong prediction, and the slope past which it cannot climb.
#include <cmath>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include "models/bekker/rigid_wheel.h"
#include "robots/robot_simulation.h"

namespace regolith::test {
namespace {

const std::string kRoverDir = std::string(REGOLITH_SOURCE_DIR) + "/examples/robots/rover/";
constexpr double kRoverMass = 21.6, kMoonGravity = 1.62, kRoverWheelRadius = 0.1;

struct Climb {
  double speed = 0;  // [m/s] of the chassis along the slope, second half of the run
  double slip = 0;   // 1 - speed / (omega r), omega the wheels' mean spin
};

Climb climb(double slopeDeg, double duration, const std::string& terrain = "rover.terrain.json") {
  const double height = -0.25 * std::tan(slopeDeg * M_PI / 180) - 0.005;  // just under the front wheels
  const std::string surface = R"(/surface={"type": "slope", "angle_deg": )" + std::to_string(slopeDeg) +
                              R"(, "height": )" + std::to_string(height) + "}";
  robots::RobotSimulation sim(kRoverDir + "rover.xml", robots::loadTerrain(kRoverDir + terrain, {surface}));
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

// On regression terrain (rover_regression.terrain.json: the DEM-fitted DP/W(s) of
// models/fitted/single_wheel_slip_W0.98N.json, a quadratic c0 + c1 s + c2 s^2 fitted on
// s = 0.1 to 0.9) every wheel runs at the rover's one slip, so the pulls sum to
// DP/W(s) times the weight's normal part: the rover climbs at the slip where DP/W(s) =
// tan(theta), the quadratic's larger root (the smaller is on the falling branch, where a
// slower rover would pull less: unstable). Closed form against the closed loop: 0.01
// (the servos' sag and the run's last wobble; measured 0.534 and 0.741 against 0.533 and
// 0.741). On level ground the fit's coefficients, positive at every fitted slip, give no
// root: below the smallest fitted slip the rule runs to no pull at s = 0
// (regression_wheel.h), where the rover then rolls (measured -0.0000).
double regressionClimbSlip(double slopeDeg) {
  std::ifstream in(std::string(REGOLITH_SOURCE_DIR) + "/models/fitted/single_wheel_slip_W0.98N.json");
  const nlohmann::json c = nlohmann::json::parse(in)["models"]["drawbar_pull_coefficient"]["coefficients"];
  const double c0 = c[0].get<double>() - std::tan(slopeDeg * M_PI / 180), c1 = c[1], c2 = c[2];
  return (-c1 + std::sqrt(c1 * c1 - 4 * c2 * c0)) / (2 * c2);
}

TEST(RoverOnRegression, ClimbsAtTheSlipWhereTheFittedPullHoldsTheSlope) {
  for (double slope : {10.0, 20.0}) {
    const Climb c = climb(slope, 12, "rover_regression.terrain.json");
    EXPECT_GT(c.speed, 0) << slope;
    EXPECT_NEAR(c.slip, regressionClimbSlip(slope), 0.01) << slope;
  }
  EXPECT_NEAR(climb(0, 12, "rover_regression.terrain.json").slip, 0, 0.01);
}

// The fit's largest pull, DP/W at its largest slip (0.9, where DP/W rises to), holds
// atan(DP/W(0.9)) of slope: half a degree below it the rover climbs on the fit's last
// slips; 1.5 degrees past it no slip climbs and the rover slides back (Bekker-Wong's LLL
// sand: 26.1 degrees).
double regressionStallDeg() {
  std::ifstream in(std::string(REGOLITH_SOURCE_DIR) + "/models/fitted/single_wheel_slip_W0.98N.json");
  const nlohmann::json c = nlohmann::json::parse(in)["models"]["drawbar_pull_coefficient"]["coefficients"];
  const double s = 0.9, pull = c[0].get<double>() + c[1].get<double>() * s + c[2].get<double>() * s * s;
  return std::atan(pull) * 180 / M_PI;
}

TEST(RoverOnRegression, SlidesBackPastTheFitsLargestPull) {
  const double stall = regressionStallDeg();
  ASSERT_GT(stall, 10) << "the fit must climb more than the 10 and 20 degrees above";
  EXPECT_GT(regressionClimbSlip(stall - 0.5), 0.8);  // climbing near the stall takes the fit's last slips
  EXPECT_GT(climb(stall - 0.5, 12, "rover_regression.terrain.json").speed, 0);
  EXPECT_LT(climb(stall + 1.5, 8, "rover_regression.terrain.json").speed, 0);
}

}  // namespace
}  // namespace regolith::test
