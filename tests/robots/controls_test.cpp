// Actuator targets (robots/controls.h): CSV tables interpolate and refuse bad files with
// their line; the tripod gait is continuous, pushes in stance and lifts in swing, and its
// two tripods are half a cycle apart.
#include "robots/controls.h"

#include <cmath>

#include <gtest/gtest.h>

#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

const char* kTwoActuators =
    "<mujoco><worldbody><body name=\"arm\"><joint name=\"a\" type=\"hinge\"/><joint name=\"b\" type=\"hinge\" "
    "axis=\"1 0 0\"/><geom type=\"capsule\" size=\"0.01 0.1\" mass=\"0.1\"/></body></worldbody><actuator>"
    "<position name=\"shoulder\" joint=\"a\" kp=\"10\"/><position name=\"elbow\" joint=\"b\" kp=\"10\"/>"
    "</actuator></mujoco>";

TEST(RobotControls, CsvTableInterpolatesAndHolds) {
  ModelPtr m = loadMjcf(kTwoActuators, "arm.xml");
  DataPtr d(mj_makeData(m.get()));
  const std::string csv = writeScratchFile("targets.csv", "time,elbow,shoulder\n0,0,1\n1,2,3\n2,2,-1\n");
  const auto table = robots::controlTableFromCsv(csv, m.get());
  const int elbow = mj_name2id(m.get(), mjOBJ_ACTUATOR, "elbow"),
            shoulder = mj_name2id(m.get(), mjOBJ_ACTUATOR, "shoulder");
  for (const auto& [t, e, s] :
       std::vector<std::array<double, 3>>{{-1, 0, 1}, {0.25, 0.5, 1.5}, {1.5, 2, 1}, {9, 2, -1}}) {
    d->time = t;
    table->apply(m.get(), d.get());
    EXPECT_DOUBLE_EQ(d->ctrl[elbow], e) << "t = " << t;
    EXPECT_DOUBLE_EQ(d->ctrl[shoulder], s) << "t = " << t;
  }
}

TEST(RobotControls, CsvProblemsNameTheirLine) {
  ModelPtr m = loadMjcf(kTwoActuators, "arm.xml");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"time,wrist\n0,1\n", "line 1, column 2"},
      {"time,elbow\n0,1\n0,2\n", "line 3"},
      {"time,elbow\n0,x\n", "line 2, column 2"},
      {"time,elbow\n0,1,2\n", "line 2"},
      {"t,elbow\n0,1\n", "line 1"},
  };
  for (const auto& [text, where] : cases) {
    const std::string path = writeScratchFile("bad.csv", text);
    try {
      robots::controlTableFromCsv(path, m.get());
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
    }
  }
}

TEST(RobotControls, TripodGaitIsContinuousAndPushesInStance) {
  robots::TripodGait g;
  g.stride = 0.6;
  g.lift = 0.5;
  g.duty = 0.6;
  // Continuous over the whole cycle, wrapping from 1 back to 0.
  double maxJump = 0;
  robots::LegTargets last = robots::tripodLegTargets(g, 0);
  for (int i = 1; i <= 1000; ++i) {
    const robots::LegTargets t = robots::tripodLegTargets(g, (i % 1000) / 1000.0);
    maxJump = std::max({maxJump, std::fabs(t.swing - last.swing), std::fabs(t.lift - last.lift)});
    last = t;
  }
  EXPECT_LT(maxJump, 0.01);
  // Stance: from +stride/2 backwards to -stride/2 on the ground; swing: lifted, forward.
  EXPECT_DOUBLE_EQ(robots::tripodLegTargets(g, 0).swing, 0.3);
  EXPECT_NEAR(robots::tripodLegTargets(g, 0.6 - 1e-12).swing, -0.3, 1e-9);
  EXPECT_EQ(robots::tripodLegTargets(g, 0.3).lift, 0);
  EXPECT_NEAR(robots::tripodLegTargets(g, 0.8).lift, 0.5, 1e-12);
  EXPECT_NEAR(robots::tripodLegTargets(g, 0.8).swing, 0, 1e-12);
}

}  // namespace
}  // namespace regolith::test
