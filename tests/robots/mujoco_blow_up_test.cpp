// A MuJoCo blow-up is a blow-up (issue 41, items 4 and 9): MuJoCo 2.2 meets a huge qacc by
// resetting the state and carrying on, so a cart on a position servo too stiff for its
// time step "finished" with exit 0 and its time jumping back to 0. RobotSimulation::step
// now throws MujocoBlowUp naming the warning, the joint and the body, with the state
// before the step put back; `regolith robot` exits 5 with the frames and series written
// before it and /meta end saying why. And the inputs that used to hang or crash it:
// a time step of 0, a FIFO as the model, --duration nan or 1e308, an MJCF range without
// limited.
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "io/h5/h5_file.h"
#include "io/run_file/robot_run_file.h"
#include "robots/mjcf_load.h"
#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"
#include "tests/support/json_file.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

// A 0.1 kg cart on a slide joint, its position servo of kp [N/m] asked to go to x = 0.1 m:
// explicit Euler is unstable for omega dt > 2 (omega = sqrt(kp / m)); at kp = 1e5 and
// dt = 0.01 s, omega dt = 10, the error grows ~100x a step and qacc passes MuJoCo's 1e10
// after a few steps, not in the first.
std::string stiffCart(double kp, double dt = 0.01) {
  return "<mujoco><option timestep=\"" + std::to_string(dt) +
         "\"/><worldbody><body name=\"cart\" pos=\"0 0 0.2\"><joint name=\"slide\" type=\"slide\" axis=\"1 0 "
         "0\"/><geom name=\"deck\" type=\"box\" size=\"0.05 0.05 0.02\" mass=\"0.1\" contype=\"0\" "
         "conaffinity=\"0\"/></body></worldbody><actuator><position name=\"servo\" joint=\"slide\" kp=\"" +
         std::to_string(kp) + "\"/></actuator><keyframe><key ctrl=\"0.1\"/></keyframe></mujoco>";
}

const char* kCartTerrain =
    R"({"surface": {"type": "flat", "height": 0}, "soil": {"preset": "tilled_play_sand"},
        "interact": [{"body": "cart", "plate_density": 2000}]})";

int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// `regolith robot MODEL --terrain TERRAIN ARGS`, its stdout and stderr into `log`.
int regolithRobot(const std::string& model, const std::string& terrain, const std::string& args, const fs::path& log) {
  return shell("timeout 60 " + std::string(REGOLITH_BINARY) + " robot " + model + " --terrain " + terrain + " " + args +
               " > " + log.string() + " 2>&1");
}

TEST(MujocoBlowUp, StiffServoThrowsNamingTheWarningJointAndBody) {
  const std::string model = writeScratchFile("stiff_cart.xml", stiffCart(1e5));
  robots::RobotSimulation sim(model, robots::parseTerrain(kCartTerrain, "terrain.json", "."));
  const fs::path log = fs::current_path() / "MUJOCO_LOG.TXT";
  const bool logBefore = fs::exists(log);
  double lastGood = 0;
  try {
    for (int i = 0; i < 200; ++i) {
      sim.step();
      ASSERT_GT(sim.time(), lastGood) << "time never runs backwards";
      lastGood = sim.time();
    }
    FAIL() << "the stiff servo ran 200 steps without a blow-up";
  } catch (const robots::MujocoBlowUp& e) {
    EXPECT_EQ(e.warning, "mjWARN_BADQACC");
    EXPECT_NE(e.subject.find("joint \"slide\""), std::string::npos) << e.subject;
    EXPECT_NE(e.subject.find("body \"cart\""), std::string::npos) << e.subject;
    EXPECT_NE(e.message.find("QACC"), std::string::npos) << e.message;
    EXPECT_NE(std::string(e.what()).find("armature"), std::string::npos) << e.what();
    EXPECT_GT(e.time, 0) << "not in the first step";
    EXPECT_DOUBLE_EQ(e.time, lastGood);
    // The state before the failed step is back (not MuJoCo's reset to qpos0 = 0, t = 0).
    EXPECT_DOUBLE_EQ(sim.time(), lastGood);
    EXPECT_NE(sim.data()->qpos[0], 0);
  }
  EXPECT_EQ(fs::exists(log), logBefore) << "MuJoCo's own warning print writes no MUJOCO_LOG.TXT";
}

TEST(MujocoBlowUp, StableServoRunsOn) {
  const std::string model = writeScratchFile("soft_cart.xml", stiffCart(1));
  robots::RobotSimulation sim(model, robots::parseTerrain(kCartTerrain, "terrain.json", "."));
  for (int i = 0; i < 200; ++i) EXPECT_NO_THROW(sim.step());
  EXPECT_NEAR(sim.time(), 2.0, 1e-9);
}

TEST(MujocoBlowUp, RegolithRobotExitsFiveAndKeepsWhatItWrote) {
  const fs::path dir = scratchDir("robot_stiff_cart");
  const std::string model = writeScratchFile("stiff_cart_cli.xml", stiffCart(1e5));
  const std::string terrain = writeScratchFile("stiff_cart_terrain.json", kCartTerrain);
  const fs::path log = dir.string() + ".log";
  ASSERT_EQ(regolithRobot(model, terrain,
                          "--duration 1 --frame-every 0.01 --series-every 0.01 -q --out " + dir.string(), log),
            5)
      << readText(log);
  const std::string said = readText(log);
  EXPECT_NE(said.find("blow-up"), std::string::npos) << said;
  EXPECT_NE(said.find("mjWARN_BADQACC"), std::string::npos) << said;
  EXPECT_NE(said.find("joint \"slide\""), std::string::npos) << said;
  EXPECT_NE(said.find("armature"), std::string::npos) << said;
  EXPECT_EQ(said.find("WARNING: Nan"), std::string::npos) << "MuJoCo's own print is replaced by the report";
  const RobotRunSeries run = readRobotRun((dir / "run.h5").string());
  EXPECT_EQ(run.header.end.rfind("blow-up: mjWARN_BADQACC", 0), 0u) << run.header.end;
  EXPECT_FALSE(robotRunCompleted(run.header));
  EXPECT_DOUBLE_EQ(run.header.duration, 1);
  // Rows up to the last good state, time strictly increasing (no jump back to 0).
  const std::vector<double>& rows = run.bodyRows[0];
  ASSERT_GE(rows.size() / 22, 2u);
  for (std::size_t i = 1; i < rows.size() / 22; ++i) EXPECT_GT(rows[i * 22], rows[(i - 1) * 22]) << "row " << i;
  EXPECT_LT(rows[rows.size() - 22], 1.0);
  ASSERT_GE(run.frameTimes.size(), 2u);
  EXPECT_NEAR(run.frameTimes.back(), run.header.endTime, 1e-12) << "the last frame is the last good state";
  // `regolith metrics` says the run did not finish: exit 4, "complete": false.
  EXPECT_EQ(shell(std::string(REGOLITH_BINARY) + " metrics " + dir.string() + " > " + log.string() + " 2>&1"), 4)
      << readText(log);
  EXPECT_NE(readText(log).find("not a finished run"), std::string::npos) << readText(log);
  EXPECT_NE(readText(dir / "metrics.json").find("\"complete\": false"), std::string::npos);
}

// A slope of 89.9999999 degrees: the box slides off a near-vertical wall of sand; whatever
// MuJoCo makes of it, the run never reports success with time running backwards.
TEST(MujocoBlowUp, NearVerticalSlopeNeverPassesSilently) {
  const fs::path dir = scratchDir("robot_vertical_slope");
  const std::string data = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/robots/";
  const std::string terrain = writeScratchFile(
      "vertical_slope.json",
      R"({"surface": {"type": "slope", "angle_deg": 89.9999999}, "soil": {"preset": "tilled_play_sand"},
          "interact": [{"body": "box", "plate_density": 20000}], "kappa_F": 0.5})");
  const fs::path log = dir.string() + ".log";
  const int rc = regolithRobot(data + "drop_box.xml", terrain, "--duration 0.5 -q --out " + dir.string(), log);
  ASSERT_TRUE(rc == 0 || rc == 5) << rc << "\n" << readText(log);
  const RobotRunSeries run = readRobotRun((dir / "run.h5").string());
  const std::vector<double>& rows = run.bodyRows[0];
  for (std::size_t i = 1; i < rows.size() / 22; ++i) ASSERT_GT(rows[i * 22], rows[(i - 1) * 22]) << "row " << i;
  if (rc == 0) {
    EXPECT_EQ(run.header.end, "completed");
    EXPECT_NEAR(rows[rows.size() - 22], 0.5, 1e-9);
    for (double v : rows) ASSERT_TRUE(std::isfinite(v));
  } else {
    EXPECT_EQ(run.header.end.rfind("blow-up", 0), 0u) << run.header.end;
  }
}

TEST(MujocoBlowUp, InputsThatHungAreRefused) {
  const std::string terrain = writeScratchFile("stiff_cart_terrain2.json", kCartTerrain);
  const fs::path dir = scratchDir("robot_refused");
  const fs::path log = dir.string() + ".log";
  // A time step of 0 (and -1): MuJoCo 2.2 loads it and steps forever.
  for (const double dt : {0.0, -1.0}) {
    const std::string model = writeScratchFile("zero_dt.xml", stiffCart(1, dt));
    EXPECT_EQ(regolithRobot(model, terrain, "--duration 1 -q --out " + dir.string(), log), 2) << readText(log);
    EXPECT_NE(readText(log).find(dt == 0 ? "<option timestep=\"0\">" : "<option timestep=\"-1\">"), std::string::npos)
        << readText(log);
    EXPECT_NE(readText(log).find("zero_dt.xml"), std::string::npos) << readText(log);
  }
  // A FIFO as the model: refused before MuJoCo opens (and blocks on) it.
  const fs::path fifo = dir.string() + ".fifo.xml";
  fs::remove(fifo);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(regolithRobot(fifo.string(), terrain, "--duration 1 -q --out " + dir.string(), log), 2) << readText(log);
  EXPECT_NE(readText(log).find("not a regular file"), std::string::npos) << readText(log);
  // And as the control table.
  const std::string soft = writeScratchFile("soft_cart_fifo.xml", stiffCart(1));
  EXPECT_EQ(regolithRobot(soft, terrain, "--control " + fifo.string() + " --duration 1 -q --out " + dir.string(), log),
            2)
      << readText(log);
  EXPECT_NE(readText(log).find("not a regular file"), std::string::npos) << readText(log);
  fs::remove(fifo);
  // --duration nan and 1e308: no step count to run.
  const std::string model = writeScratchFile("soft_cart2.xml", stiffCart(1));
  EXPECT_EQ(regolithRobot(model, terrain, "--duration nan -q --out " + dir.string(), log), 2) << readText(log);
  EXPECT_NE(readText(log).find("--duration"), std::string::npos) << readText(log);
  EXPECT_EQ(regolithRobot(model, terrain, "--duration 1e308 -q --out " + dir.string(), log), 2) << readText(log);
  EXPECT_NE(readText(log).find("at most"), std::string::npos) << readText(log);
  EXPECT_FALSE(fs::exists(dir / "run.h5")) << "nothing written for a refused run";
  EXPECT_EQ(regolithRobot(model, terrain, "--duration 1 --frame-every nan -q --out " + dir.string(), log), 2)
      << readText(log);
  EXPECT_NE(readText(log).find("--frame-every"), std::string::npos) << readText(log);
  // A frame interval past the run's end: the first and last frames only.
  EXPECT_EQ(regolithRobot(model, terrain, "--duration 0.1 --frame-every 1e308 -q --out " + dir.string(), log), 0)
      << readText(log);
  EXPECT_EQ(readRobotRun((dir / "run.h5").string()).frameTimes.size(), 2u);
}

TEST(MujocoBlowUp, RangeWithoutLimitedSaysTheFix) {
  const std::string model = writeScratchFile(
      "no_limited.xml",
      "<mujoco>\n<worldbody>\n<body name=\"arm\">\n<joint name=\"elbow\" type=\"hinge\" range=\"-1 1\"/>\n"
      "<geom type=\"sphere\" size=\"0.1\"/>\n</body>\n</worldbody>\n</mujoco>\n");
  try {
    mj_deleteModel(robots::loadMjcf(model));
    FAIL() << "MuJoCo 2.2 refuses a range without limited";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(model + " line 4: <joint name=\"elbow\">", 0), 0u) << what;
    EXPECT_NE(what.find("<compiler autolimits=\"true\"/>"), std::string::npos) << what;
    EXPECT_NE(what.find("limited=\"true\""), std::string::npos) << what;
  }
  // The fix works with the MuJoCo Regolith is built with.
  const std::string fixed = writeScratchFile(
      "autolimits.xml",
      "<mujoco><compiler autolimits=\"true\"/><worldbody><body name=\"arm\"><joint name=\"elbow\" type=\"hinge\" "
      "range=\"-1 1\"/><geom type=\"sphere\" size=\"0.1\"/></body></worldbody></mujoco>");
  mjModel* m = robots::loadMjcf(fixed);
  EXPECT_EQ(m->jnt_limited[0], 1);
  mj_deleteModel(m);
}

// A run killed before its end (here: a writer dropped without finish(), as SIGKILL leaves
// it) says so: no end in /meta, `regolith metrics` exits 4, `regolith info` says NOT FINISHED.
TEST(RobotRunEnd, AKilledRunIsNotFinished) {
  const fs::path dir = scratchDir("robot_killed");
  fs::create_directories(dir);
  {
    RobotRunHeader h;
    h.bodyNames = {"cart"};
    h.duration = 2;
    h.timeStep = 0.01;
    RobotRunWriter w((dir / "run.h5").string(), "", h);
    for (int i = 0; i < 10; ++i) {
      RobotBodyRow r;
      r.position = {0.01 * i, 0, 0.1};
      w.appendSeries(0.01 * i, {r});
      w.appendActuatorWork(0.01 * i, 0, 0);
    }
  }
  const RobotRunSeries run = readRobotRun((dir / "run.h5").string());
  EXPECT_EQ(run.header.end, "");
  EXPECT_DOUBLE_EQ(run.header.duration, 2);
  std::string why;
  EXPECT_FALSE(robotRunCompleted(run.header, &why));
  EXPECT_NE(why.find("killed"), std::string::npos) << why;
  const fs::path log = dir.string() + ".log";
  EXPECT_EQ(shell(std::string(REGOLITH_BINARY) + " metrics " + dir.string() + " > " + log.string() + " 2>&1"), 4)
      << readText(log);
  EXPECT_EQ(shell(std::string(REGOLITH_BINARY) + " info " + (dir / "run.h5").string() + " > " + log.string() + " 2>&1"),
            0)
      << readText(log);
  EXPECT_NE(readText(log).find("NOT FINISHED"), std::string::npos) << readText(log);
  EXPECT_NE(readText(log).find("duration asked: 2 s"), std::string::npos) << readText(log);
}

// The issue's case itself: `regolith robot` killed with SIGKILL mid-run. Its run.h5 has the
// asked duration and no end; `metrics` exits 4 and `info` says NOT FINISHED; the lock it
// left does not block the rerun with --overwrite, which completes.
TEST(RobotRunEnd, SigkillLeavesARunThatSaysSoAndCanBeRedone) {
  const fs::path dir = scratchDir("robot_sigkill");
  const std::string model = writeScratchFile("slow_cart.xml", stiffCart(1, 1e-4));
  const std::string terrain = writeScratchFile("slow_cart_terrain.json", kCartTerrain);
  const fs::path log = dir.string() + ".log";
  const std::string robot = std::string(REGOLITH_BINARY) + " robot " + model + " --terrain " + terrain + " -q --out " +
                            dir.string() + " --frame-every 0.01";
  // Started in the background, killed once it has written a few frames.
  ASSERT_EQ(shell("bash -c '" + robot + " --duration 1000 > " + log.string() +
                  " 2>&1 & pid=$!; for i in $(seq 1 200); do " + "grep -q frame_000003 " + dir.string() +
                  "/run.xmf 2>/dev/null && break; sleep 0.05; done; " + "kill -9 $pid; wait $pid; test $? -eq 137'"),
            0)
      << readText(log);
  EXPECT_TRUE(fs::exists(dir / ".regolith.lock"));
  const RobotRunSeries run = readRobotRun((dir / "run.h5").string());
  EXPECT_DOUBLE_EQ(run.header.duration, 1000);
  EXPECT_EQ(run.header.end, "");
  EXPECT_FALSE(robotRunCompleted(run.header));
  EXPECT_EQ(shell(std::string(REGOLITH_BINARY) + " metrics " + dir.string() + " > " + log.string() + " 2>&1"), 4)
      << readText(log);
  EXPECT_EQ(shell(std::string(REGOLITH_BINARY) + " info " + (dir / "run.h5").string() + " > " + log.string() + " 2>&1"),
            0);
  EXPECT_NE(readText(log).find("NOT FINISHED"), std::string::npos) << readText(log);
  std::ofstream(dir / "run.xmf.tmp") << "half a sidecar";
  EXPECT_EQ(shell(robot + " --duration 0.05 --overwrite > " + log.string() + " 2>&1"), 0) << readText(log);
  EXPECT_FALSE(fs::exists(dir / "run.xmf.tmp"));
  EXPECT_EQ(readRobotRun((dir / "run.h5").string()).header.end, "completed");
  EXPECT_EQ(shell(std::string(REGOLITH_BINARY) + " metrics " + dir.string() + " > " + log.string() + " 2>&1"), 0)
      << readText(log);
}

}  // namespace
}  // namespace regolith::test
