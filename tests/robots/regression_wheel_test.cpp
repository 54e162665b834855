// Wheels on regression terrain (robots/regression_wheel.h): the traction coefficients are
// the fitted polynomials on the fitted slips and the stated continuation outside them,
// and a single-wheel rig at the DEM sweep's own scale runs at the slip where the fitted
// drawbar pull balances its load, at the fitted sinkage.
#include "robots/regression_wheel.h"

#include <cmath>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "robots/controls.h"
#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

const std::string kFittedWheelFile = std::string(REGOLITH_SOURCE_DIR) + "/models/fitted/single_wheel_slip_W0.98N.json";

// The file's quadratics in slip (`regolith fit regression` on the W = 0.98 N runs, s = 0.1
// to 0.9), read from its JSON as written: the test evaluates c0 + c1 s + c2 s^2 itself.
struct Quadratic {
  double c0 = 0, c1 = 0, c2 = 0;
  double operator()(double s) const { return c0 + c1 * s + c2 * s * s; }
};

Quadratic fittedQuadratic(const std::string& name) {
  std::ifstream in(kFittedWheelFile);
  const nlohmann::json m = nlohmann::json::parse(in).at("models").at(name);
  EXPECT_EQ(m.at("term_names"), nlohmann::json({"1", "slip", "slip^2"})) << name << ": a quadratic in slip alone";
  const nlohmann::json& c = m.at("coefficients");
  return {c.at(0).get<double>(), c.at(1).get<double>(), c.at(2).get<double>()};
}

double fittedPull(double s) { return fittedQuadratic("drawbar_pull_coefficient")(s); }
double fittedTorque(double s) { return fittedQuadratic("torque_coefficient")(s); }

robots::RegressionWheelOptions fittedWheelOptions() {
  robots::RegressionWheelOptions o;
  o.radius = 0.03, o.width = 0.02, o.referenceLoad = 0.981;
  return o;
}

TEST(RegressionWheel, CoefficientsAreTheFitOnItsSlipsAndTheStatedRuleOutside) {
  const robots::RegressionWheelModel model = robots::regressionWheelModelFromFile(kFittedWheelFile);
  // The runs' measured slips: the prescribed 0.1 and 0.9 to round-off of the wheel's
  // measured speed.
  EXPECT_NEAR(model.slipMin, 0.1, 1e-9) << "run_0000's slip";
  EXPECT_NEAR(model.slipMax, 0.9, 1e-9);
  const robots::RegressionWheelTerrain wheel(model, fittedWheelOptions());
  for (double s : {0.1, 0.3, 0.55, 0.9}) {
    EXPECT_NEAR(wheel.coefficients(s, 0.981).x(), fittedPull(s), 1e-12) << s;
    EXPECT_NEAR(wheel.coefficients(s, 0.981).y(), fittedTorque(s), 1e-12) << s;
  }
  const double lo = model.slipMin;
  EXPECT_NEAR(wheel.coefficients(lo / 2, 1).x(), fittedPull(lo) / 2, 1e-12) << "linear to 0 at s = 0";
  EXPECT_EQ(wheel.coefficients(0, 1), Eigen::Vector2d::Zero());
  EXPECT_EQ(wheel.coefficients(1, 1), wheel.coefficients(model.slipMax, 1)) << "held past the largest fitted slip";
  EXPECT_EQ(wheel.coefficients(-0.4, 1), Eigen::Vector2d(-wheel.coefficients(0.4, 1))) << "odd for braking";
  EXPECT_THROW(
      robots::regressionWheelModelFromFile(std::string(REGOLITH_SOURCE_DIR) + "/models/fitted/single_wheel_soil.json"),
      std::runtime_error)
      << "a Bekker model is not a regression";
}

// The DEM sweep's wheel (R 30 mm, 0.1 kg: W = 0.981 N at 9.81 m/s^2, its reference load)
// on a free carriage, spun at 3 rad/s by a stiff servo and held back by a constant 0.2 W.
// Steady, DP = 0.2 W: the slip where the fitted DP/W is 0.2 (the larger root of the
// quadratic; the other, if any, is on the falling branch), to 1e-3 (the servo's sag is
// T / kv = 1e-6 rad/s), and the sinkage the fit gives there under W = F_ref, to 0.5 %
// (the spring's equilibrium; the pull has decayed to e^-15 of its start by 2 s).
TEST(RegressionWheel, RigRunsAtTheSlipWhereTheFittedPullBalancesItsLoad) {
  const std::string xml = R"(<mujoco><option timestep="0.0002" gravity="0 0 -9.81" integrator="implicit"/>
    <worldbody><body name="carriage" pos="0 0 0.031"><joint name="x" type="slide" axis="1 0 0"/>
    <geom type="box" size="0.01 0.01 0.01" mass="1" contype="0" conaffinity="0"/>
    <body name="wheel"><joint name="z" type="slide" axis="0 0 1"/><joint name="spin" type="hinge" axis="0 1 0"/>
    <geom type="cylinder" size="0.03 0.01" zaxis="0 1 0" mass="0.1" contype="0" conaffinity="0"/>
    </body></body></worldbody>
    <actuator><motor name="pull" joint="x"/><velocity name="spin" joint="spin" kv="1000"/></actuator></mujoco>)";
  const std::string terrain = R"({"surface": {"type": "flat", "height": 0}, "interact": [], "gravity": "earth",
    "wheels": [{"body": "wheel", "radius": 0.03, "width": 0.02,
                "regression": {"model": ")" +
                              kFittedWheelFile + R"(", "reference_load": 0.981}}]})";
  robots::RobotSimulation sim(writeScratchFile("regression_rig.xml", xml),
                              robots::loadTerrain(writeScratchFile("regression_rig.terrain.json", terrain)));
  const double load = 0.1 * 9.81, pull = 0.2 * load;
  sim.setController(robots::controlTableFromCsv(
      writeScratchFile("regression_rig.csv",
                       "time,pull,spin\n0," + std::to_string(-pull) + ",3\n100," + std::to_string(-pull) + ",3\n"),
      sim.model()));
  while (sim.time() < 2) sim.step();
  ASSERT_TRUE(sim.finite());
  const robots::WheelSoilWrench& w = sim.wheels().wheels().at(0).last;
  const Quadratic dp = fittedQuadratic("drawbar_pull_coefficient");
  const double c0 = dp.c0 - 0.2, c1 = dp.c1, c2 = dp.c2;
  const double expected = (-c1 + std::sqrt(c1 * c1 - 4 * c2 * c0)) / (2 * c2);
  ASSERT_GT(expected, 0.1) << "the fit's DP/W must reach 0.2 inside its slips";
  ASSERT_LT(expected, 0.9) << "the fit's DP/W must reach 0.2 inside its slips";
  EXPECT_NEAR(w.slip, expected, 1e-3);
  EXPECT_NEAR(w.drawbarPull, pull, 1e-3 * pull);
  const double z = -fittedQuadratic("sinkage")(w.slip);  // the fit's z is negative down
  EXPECT_NEAR(w.sinkage, z, 0.005 * z);
  EXPECT_NEAR(w.torque, load * 0.03 * fittedTorque(w.slip), 1e-3 * load * 0.03 * fittedTorque(w.slip));
}

// A regression wheel names its model file and its reference load; a missing file or one
// that is no regression gives the pointer of its model.
TEST(RegressionWheel, TerrainFileProblemsGiveTheirPointers) {
  auto problemsOf = [](const std::string& regression) {
    const std::string text = R"({"surface": {"type": "flat", "height": 0}, "interact": [],
      "wheels": [{"body": "w", "radius": 0.03, "width": 0.02, "regression": )" +
                             regression + "}]}";
    try {
      robots::loadTerrain(writeScratchFile("regression_bad.terrain.json", text));
    } catch (const robots::TerrainError& e) {
      return e.problems().at(0).pointer;
    }
    return std::string("none");
  };
  EXPECT_EQ(problemsOf(R"({"model": "no_such.json", "reference_load": 1})"), "/wheels/0/regression/model");
  EXPECT_EQ(problemsOf(R"({"model": ")" + std::string(REGOLITH_SOURCE_DIR) +
                       R"(/models/fitted/single_wheel_soil.json", "reference_load": 1})"),
            "/wheels/0/regression/model");
  EXPECT_EQ(problemsOf(R"({"model": "x.json"})"), "/wheels/0/regression");
  EXPECT_EQ(problemsOf(R"({"model": "x.json", "reference_load": 0})"), "/wheels/0/regression/reference_load");
  // The soil estimator's measurement model is the Bekker-Wong wheel: it refuses a
  // regression wheel.
  const std::string withEstimator = R"({"surface": {"type": "flat", "height": 0}, "interact": [],
    "wheels": [{"body": "w", "radius": 0.03, "width": 0.02,
                "regression": {"model": ")" +
                                    kFittedWheelFile + R"(", "reference_load": 1}}],
    "estimator": {"prior": {"preset": "lll-dry-sand"}, "measurement_sd": {"load": 1, "torque": 0.1}}})";
  try {
    robots::loadTerrain(writeScratchFile("regression_estimator.terrain.json", withEstimator));
    FAIL() << "expected a TerrainError";
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].pointer, "/wheels/0/regression");
  }
}

}  // namespace
}  // namespace regolith::test
