// Bad DEM levels give their pointers (issue 43, validation 5): a body the model lacks, a
// body with no collision geometry, an exchange interval past the stability bound, a DEM
// scene that does not load; each a robots::TerrainError naming the terrain file, the JSON
// pointer and what was expected, and `regolith robot` exits 2 with it.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "tests/coupling/coupling_test_support.h"
#include "tests/support/child_process.h"

namespace regolith::test {
namespace {

// The drop-box terrain with `edit` applied to its DEM level, written next to the scene
// it names (so the relative path still resolves).
std::string terrainWith(const std::string& name, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json t = nlohmann::json::parse(fileText(kData / "drop_box_terrain.json"));
  t["dem"]["scene"] = (kData / "lattice_bed.json").string();
  edit(t["dem"]);
  return writeFile(name, t.dump(2));
}

// The problem at `pointer` of what building the terrain threw, or a failure.
JsonProblem problemAt(const std::string& mjcf, const std::string& terrain, const std::string& pointer) {
  try {
    CoupledRun run(mjcf, robots::loadTerrain(terrain));
  } catch (const robots::TerrainError& e) {
    for (const JsonProblem& p : e.problems())
      if (p.pointer == pointer) return p;
    ADD_FAILURE() << "no problem at " << pointer << " in:\n" << e.what();
    return {};
  }
  ADD_FAILURE() << "the terrain built";
  return {};
}

const std::string kBox = (kData / "drop_box.xml").string();

TEST(DemTerrainInputs, ABodyTheModelLacks) {
  const std::string t = terrainWith("no_body.json", [](nlohmann::json& d) { d["bodies"][0]["body"] = "wheel"; });
  const JsonProblem p = problemAt(kBox, t, "/dem/bodies/0/body");
  EXPECT_EQ(p.found, "\"wheel\"");
  EXPECT_NE(p.expected.find("a body of the model (box)"), std::string::npos) << p.expected;
}

TEST(DemTerrainInputs, ABodyWithNoCollisionGeometry) {
  const std::string mjcf = writeFile("bare.xml", R"(<mujoco><worldbody>
    <body name="box" pos="0 0 0.05"><freejoint/><geom type="box" size="0.05 0.05 0.02" mass="2"/></body>
    <body name="empty" pos="0 0 0.2"><freejoint/><inertial pos="0 0 0" mass="1" diaginertia="1e-3 1e-3 1e-3"/></body>
  </worldbody></mujoco>)");
  const std::string t = terrainWith("empty_body.json", [](nlohmann::json& d) { d["bodies"][0]["body"] = "empty"; });
  const JsonProblem p = problemAt(mjcf, t, "/dem/bodies/0/body");
  EXPECT_NE(p.found.find("without geoms"), std::string::npos) << p.found;
  EXPECT_NE(p.expected.find("collision geometry"), std::string::npos) << p.expected;
}

TEST(DemTerrainInputs, AnIntervalPastTheStabilityBound) {
  // 0.02 s is 40 MuJoCo steps and 400 DEM steps: whole, but far past 2 sqrt(I / (k L^2))
  // ~ 1.7 ms of the 2 kg box on 4 mm grains (exchange_stability.h).
  const std::string t = terrainWith("unstable.json", [](nlohmann::json& d) { d["exchange"] = {{"interval", 0.02}}; });
  const JsonProblem p = problemAt(kBox, t, "/dem/exchange/interval");
  EXPECT_NE(p.found.find("stability bound"), std::string::npos) << p.found;
  EXPECT_NE(p.expected.find("at most"), std::string::npos) << p.expected;
  // "warn" accepts it with a warning.
  const std::string warned = terrainWith("unstable_warn.json", [](nlohmann::json& d) {
    d["exchange"] = {{"interval", 0.02}, {"stability", "warn"}};
  });
  robots::RobotSimulation robot(kBox, robots::loadTerrain(warned));
  std::vector<std::string> warnings;
  coupling::DemTerrain dem(robot.model(), robot.data(), robots::loadTerrain(warned), &warnings);
  ASSERT_FALSE(warnings.empty());
  EXPECT_NE(warnings.back().find("stability bound"), std::string::npos) << warnings.back();
}

TEST(DemTerrainInputs, AnIntervalThatIsNotWholeSteps) {
  const std::string t = terrainWith("fraction.json", [](nlohmann::json& d) {
    d["exchange"] = {{"interval", 0.00075}};
  });
  const JsonProblem p = problemAt(kBox, t, "/dem/exchange/interval");
  EXPECT_NE(p.expected.find("whole number of MuJoCo steps"), std::string::npos) << p.expected;
}

TEST(DemTerrainInputs, ADemSceneThatDoesNotLoad) {
  const std::string scene = writeFile("broken_scene.json", R"({"units": "SI", "time_step": -1})");
  const std::string t = terrainWith("broken.json", [&](nlohmann::json& d) { d["scene"] = scene; });
  const JsonProblem p = problemAt(kBox, t, "/dem/scene");
  EXPECT_EQ(p.found, scene);
  EXPECT_NE(p.expected.find("a DEM scene that loads"), std::string::npos) << p.expected;
  EXPECT_NE(p.expected.find("time_step"), std::string::npos) << p.expected;  // the scene's own pointer
}

TEST(DemTerrainInputs, AGravityOtherThanMujocos) {
  const std::string t = writeFile("moon.json", R"({"gravity": "moon", "dem": {"scene": ")" +
                                                   (kData / "lattice_bed.json").string() +
                                                   R"(", "bodies": [{"body": "box"}]}})");
  const JsonProblem p = problemAt(kBox, t, "/dem/scene");
  EXPECT_NE(p.found.find("gravity"), std::string::npos) << p.found;
}

// The lattice bed periodic along x, its walls open there, following `follow` (with "body"
// set by the caller): the DEM scene inline in the terrain file, so that its problems carry
// pointers below /dem/scene.
std::string followingTerrain(const std::string& name, const nlohmann::json& follow) {
  return terrainWith(name, [&](nlohmann::json& d) {
    nlohmann::json scene = nlohmann::json::parse(fileText(kData / "lattice_bed.json"));
    scene["bodies"][0]["shape"]["open"] = {"+z", "-x", "+x"};
    scene["domain"] = {
        {"lo", {-0.066, -0.066, -0.01}}, {"hi", {0.066, 0.066, 0.2}}, {"periodic", {"x"}}, {"follow", follow}};
    d["scene"] = scene;
  });
}

const nlohmann::json kFollowBox = {{"body", "box"}, {"direction", "+x"}, {"strip", 0.02}, {"behind", 0.03}};

TEST(DemTerrainInputs, AFollowingBedTracksACoupledBody) {
  // The DEM scene has no body "box": the coupling adds it, and the bed follows that owner.
  CoupledRun run(kBox, robots::loadTerrain(followingTerrain("follow_box.json", kFollowBox)));
  const std::optional<BedFollow>& f = run.dem->scene().model.follow;
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->body, run.dem->bodies()[0].owner);
  EXPECT_EQ(f->axis, 0);
  EXPECT_EQ(f->strip, 0.02);
  EXPECT_EQ(followedBodyName(run.dem->scene()), "box");
}

TEST(DemTerrainInputs, AFollowingBedTooLongForItsCoupledBody) {
  // The box reaches 0.0735 m from its centre (its corners): with a strip of 0.05 m and 0.03 m
  // behind it, more than the 0.132 m period.
  nlohmann::json follow = kFollowBox;
  follow["strip"] = 0.05;
  try {
    CoupledRun run(kBox, robots::loadTerrain(followingTerrain("follow_long.json", follow)));
    ADD_FAILURE() << "the terrain built";
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 1u) << e.what();
    EXPECT_EQ(e.problems()[0].pointer.rfind("/dem/scene/domain/follow/", 0), 0u) << e.what();
    EXPECT_NE(e.problems()[0].found.find("a bed following \"box\" along +x"), std::string::npos) << e.what();
  }
  // A body neither the scene's nor coupled is the scene's problem, as before.
  follow = kFollowBox;
  follow["body"] = "rover";
  const JsonProblem p = problemAt(kBox, followingTerrain("follow_none.json", follow), "/dem/scene");
  EXPECT_NE(p.expected.find("undefined body \"rover\""), std::string::npos) << p.expected;
}

TEST(DemTerrainInputs, RegolithRobotExitsTwoWithThePointer) {
  const std::string t = terrainWith("cli_no_body.json", [](nlohmann::json& d) { d["bodies"][0]["body"] = "wheel"; });
  const fs::path log = scratchDir("coupling_test_cli") / "robot.log";
  fs::create_directories(log.parent_path());
  const int code = runRegolith(
      {"robot", kBox, "--terrain", t, "--duration", "0.01", "--out", (log.parent_path() / "run").string(), "-q"}, log);
  const std::string output = fileText(log);
  EXPECT_EQ(code, 2) << output;
  EXPECT_NE(output.find("/dem/bodies/0/body"), std::string::npos) << output;
}

}  // namespace
}  // namespace regolith::test
