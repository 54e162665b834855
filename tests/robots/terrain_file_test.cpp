// Terrain files (robots/terrain_file.h): a full file reads as written, and each bad input
// is reported with its JSON pointer, all of them at once.
#include "robots/terrain_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

using nlohmann::json;

json goodTerrain() {
  return json::parse(R"({
    "surface": {"type": "slope", "height": 0.01, "angle_deg": 10, "direction_deg": 90},
    "soil": {"zeta": 3.75e6, "coefficients": "generic"},
    "interact": [{"body": "leg", "plate_density": 30000}, {"geom": "foot"}],
    "kappa_F": 0.2,
    "dynamic": {"lambda": 1.5, "grain_density": 1600},
    "gravity": "moon",
    "deformation": {"enabled": true, "spacing": 0.01, "extent": [-1, -0.5, 1, 0.5], "repose_angle_deg": 30}
  })");
}

std::vector<std::string> pointersOf(const json& doc) {
  try {
    robots::parseTerrain(doc.dump(), "terrain.json", std::filesystem::path(writeScratchFile("keep", "")).parent_path());
  } catch (const robots::TerrainError& e) {
    std::vector<std::string> p;
    for (const JsonProblem& problem : e.problems()) p.push_back(problem.pointer);
    return p;
  }
  return {};
}

TEST(TerrainFile, ReadsWhatItSays) {
  const robots::TerrainSpec t = robots::parseTerrain(goodTerrain().dump(), "terrain.json", ".");
  EXPECT_EQ(t.surface.kind, robots::SurfaceSpec::Kind::Slope);
  EXPECT_NEAR(t.surface.slopeAngle, 10 * M_PI / 180, 1e-15);
  EXPECT_NEAR(t.surface.slopeDirection, M_PI / 2, 1e-15);
  EXPECT_EQ(t.rft.zeta, 3.75e6);
  ASSERT_EQ(t.interacting.size(), 2u);
  EXPECT_TRUE(t.interacting[0].isBody);
  EXPECT_EQ(t.interacting[0].plateDensity, 30000);
  EXPECT_FALSE(t.interacting[1].isBody);
  EXPECT_EQ(t.interacting[1].pointer, "/interact/1/geom");
  EXPECT_EQ(t.kappa, 0.2);
  EXPECT_EQ(t.rft.inertialLambda, 1.5);
  ASSERT_TRUE(t.gravity.has_value());
  EXPECT_NEAR(t.gravity->z(), -1.62, 1e-15);
  EXPECT_TRUE(t.deformation.enabled);
  EXPECT_EQ(t.deformation.xMax, 1);
}

TEST(TerrainFile, PresetsModelFilesAndHeightMaps) {
  json doc = goodTerrain();
  doc["soil"] = {{"preset", "settled_play_sand"}};
  EXPECT_EQ(robots::parseTerrain(doc.dump(), "t.json", ".").rft.zeta, 3.75e6);

  const std::string model = writeScratchFile("rft_model.json", R"({"model": "rft", "zeta": {"value": 2.5e6},
      "coefficients": {"A00": 0.2, "A10": 0.17, "B11": 0.21, "B01": 0.36, "B-11": 0.05,
                       "C11": -0.12, "C01": 0.25, "C-11": 0.01, "D10": 0.09}})");
  doc["soil"] = {{"model", "rft_model.json"}};
  const std::string dir = std::filesystem::path(model).parent_path();
  const robots::TerrainSpec fitted = robots::parseTerrain(doc.dump(), "t.json", dir);
  EXPECT_EQ(fitted.rft.zeta, 2.5e6);
  EXPECT_EQ(fitted.rft.coefficients.b01, 0.36);

  writeScratchFile("heights.csv", "0, 0.01, 0.02\n0.03, 0.04, 0.05\n");
  doc["surface"] = {{"type", "height_map"}, {"file", "heights.csv"}, {"spacing", 0.1}, {"origin", {1, 2}}};
  const robots::TerrainSpec mapped = robots::parseTerrain(doc.dump(), "t.json", dir);
  EXPECT_EQ(mapped.surface.nx, 3);
  EXPECT_EQ(mapped.surface.ny, 2);
  EXPECT_EQ(mapped.surface.heights[4], 0.04);
  EXPECT_EQ(mapped.surface.x0, 1);
}

// Each bad input on its own gives its own pointer.
TEST(TerrainFile, EachBadInputGivesItsPointer) {
  struct Case {
    std::string pointer;
    json value;
  };
  const std::vector<Case> cases = {
      {"/surface/type", "bumpy"},
      {"/surface/angle_deg", 95},
      {"/soil/zeta", -1},
      {"/soil/coefficients", "special"},
      {"/soil/coefficients/A00", "x"},
      {"/interact/0/plate_density", 0},
      {"/kappa_F", 1.5},
      {"/dynamic/lambda", -1},
      {"/gravity", "jupiter"},
      {"/deformation/spacing", -0.01},
      {"/deformation/extent", json::array({1, 0, -1, 1})},
      {"/deformation/repose_angle_deg", 90},
      {"/unknown_key", 1},
  };
  for (const Case& c : cases) {
    json doc = goodTerrain();
    if (c.pointer == "/soil/coefficients/A00")
      doc["soil"]["coefficients"] = {{"A00", "x"}, {"A10", 0}, {"B11", 0},  {"B01", 0}, {"B-11", 0},
                                     {"C11", 0},   {"C01", 0}, {"C-11", 0}, {"D10", 0}};
    else doc[json::json_pointer(c.pointer)] = c.value;
    const std::vector<std::string> found = pointersOf(doc);
    ASSERT_FALSE(found.empty()) << c.pointer << " accepted";
    EXPECT_EQ(found.front(), c.pointer) << c.pointer;
  }
  // Files it names: missing, or not what they should be.
  json doc = goodTerrain();
  doc["surface"] = {{"type", "height_map"}, {"file", "no_such.csv"}, {"spacing", 0.1}};
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/surface/file"});
  writeScratchFile("ragged.csv", "0, 0.01\n0.03\n");
  doc["surface"]["file"] = "ragged.csv";
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/surface/file"});
  doc = goodTerrain();
  doc["soil"] = {{"model", "no_such_model.json"}};
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/soil/model"});
  writeScratchFile("not_rft.json", R"({"model": "bekker"})");
  doc["soil"]["model"] = "not_rft.json";
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/soil/model"});
  // Soil given two ways, an entry naming both a body and a geom, no entries.
  doc = goodTerrain();
  doc["soil"]["preset"] = "beach_sand";
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/soil"});
  doc = goodTerrain();
  doc["interact"][0]["geom"] = "foot";
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/interact/0"});
  // Nothing interacting is allowed (MuJoCo's own contacts carry the model: rigid ground),
  // and then the RFT soil may be left out; with interacting bodies it may not.
  doc["interact"] = json::array();
  EXPECT_TRUE(pointersOf(doc).empty());
  doc.erase("soil");
  EXPECT_TRUE(pointersOf(doc).empty());
  doc = goodTerrain();
  doc.erase("soil");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/soil"});
  // Wheels: an unknown preset, soil parameters out of range, a model file that is not there.
  doc = goodTerrain();
  doc["wheels"] = json::parse(R"([{"body": "w", "radius": 0.1, "width": 0.05, "soil": {"preset": "mud"}}])");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/wheels/0/soil/preset"});
  doc["wheels"][0]["soil"] = json::parse(R"({"kc": 0, "kphi": 0, "n": 1, "c": 0, "phi_deg": 30, "K": 0.01})");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/wheels/0/soil"});
  doc["wheels"][0]["soil"] = json::parse(R"({"model": "no_such_soil.json"})");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/wheels/0/soil/model"});
  doc["wheels"][0]["soil"] = json::parse(R"({"preset": "lll-dry-sand", "n": 0.9})");
  doc["wheels"][0]["axle"] = json::parse("[0, 0, 0]");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/wheels/0/axle"});
  // Grousers: a count that is not a whole number, a negative height.
  doc["wheels"][0].erase("axle");
  doc["wheels"][0]["grousers"] = json::parse(R"({"height": 0.005, "count": 2.5})");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/wheels/0/grousers/count"});
  doc["wheels"][0]["grousers"] = json::parse(R"({"height": -0.005, "count": 16})");
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/wheels/0/grousers/height"});
}

// A wheel's soil takes the names of a `regolith fit bekker` model's soil (kc, kphi, n, c,
// phi_deg, K), read by that model's reader; the old names are refused with the new one.
TEST(TerrainFile, WheelSoilUsesTheModelFilesNames) {
  json doc = goodTerrain();
  doc["wheels"] = json::parse(R"([
    {"body": "w", "radius": 0.1, "width": 0.05,
     "soil": {"kc": 990, "kphi": 1528430, "n": 1.1, "c": 1040, "phi_deg": 28, "K": 0.01}},
    {"body": "v", "radius": 0.1, "width": 0.05, "soil": {"preset": "lll-dry-sand", "c": 500, "phi_deg": 30}}])");
  const robots::TerrainSpec t = robots::parseTerrain(doc.dump(), "t.json", ".");
  ASSERT_EQ(t.wheels.size(), 2u);
  const bekker::SoilParameters lll = bekker::soilPreset("lll-dry-sand").soil;
  EXPECT_EQ(t.wheels[0].soil.toVector(), lll.toVector());  // the preset's numbers, to the bit
  EXPECT_EQ(t.wheels[1].soil.cohesion, 500);
  EXPECT_EQ(t.wheels[1].soil.frictionAngle, 30 * (M_PI / 180));
  EXPECT_EQ(t.wheels[1].soil.kphi, lll.kphi);

  doc["wheels"][0]["soil"] = json::parse(
      R"({"kc": 990, "kphi": 1528430, "n": 1.1, "cohesion": 1040, "friction_angle_deg": 28, "shear_modulus": 0.01})");
  EXPECT_EQ(pointersOf(doc), (std::vector<std::string>{"/wheels/0/soil/cohesion", "/wheels/0/soil/friction_angle_deg",
                                                       "/wheels/0/soil/shear_modulus"}));
  try {
    robots::parseTerrain(doc.dump(), "t.json", ".");
    FAIL();
  } catch (const robots::TerrainError& e) {
    const std::string text = e.what();
    for (const char* line : {"t.json: /wheels/0/soil/cohesion: found unknown key \"cohesion\", expected c, the "
                             "cohesion [Pa]",
                             "/wheels/0/soil/friction_angle_deg: found unknown key \"friction_angle_deg\", expected "
                             "phi_deg",
                             "/wheels/0/soil/shear_modulus: found unknown key \"shear_modulus\", expected K"})
      EXPECT_NE(text.find(line), std::string::npos) << text;
  }
  doc["wheels"][0]["soil"] = json::parse(R"({"preset": "lll-dry-sand", "cohesion": 500})");
  try {
    robots::parseTerrain(doc.dump(), "t.json", ".");
    FAIL();
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 1u) << e.what();
    EXPECT_EQ(e.problems()[0].pointer, "/wheels/0/soil/cohesion");
    EXPECT_EQ(e.problems()[0].expected.rfind("c, the cohesion [Pa]", 0), 0u) << e.what();
  }
}

TEST(TerrainFile, ReportsEveryProblemAtOnce) {
  json doc = goodTerrain();
  doc["kappa_F"] = -1;
  doc["soil"]["zeta"] = 0;
  doc["surface"]["angle_deg"] = "steep";
  const std::vector<std::string> found = pointersOf(doc);
  EXPECT_EQ(found.size(), 3u);
  for (const char* p : {"/kappa_F", "/soil/zeta", "/surface/angle_deg"})
    EXPECT_NE(std::find(found.begin(), found.end(), p), found.end()) << p;
}

TEST(TerrainFile, MessagesNameFilePointerFoundAndExpected) {
  json doc = goodTerrain();
  doc["kappa_F"] = 1.5;
  try {
    robots::parseTerrain(doc.dump(), "walk/terrain.json", ".");
    FAIL();
  } catch (const robots::TerrainError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("walk/terrain.json: /kappa_F: found 1.5, expected"), std::string::npos) << text;
  }
}

TEST(TerrainFile, OverridesApplyBeforeValidation) {
  const std::string path = writeScratchFile("override.json", goodTerrain().dump());
  EXPECT_EQ(robots::loadTerrain(path, {"/kappa_F=0.5"}).kappa, 0.5);
  EXPECT_FALSE(robots::loadTerrain(path, {"/deformation/enabled=false"}).deformation.enabled);
  try {
    robots::loadTerrain(path, {"/kappa_F=7"});
    FAIL();
  } catch (const robots::TerrainError& e) {
    EXPECT_EQ(e.problems().at(0).pointer, "/kappa_F");
  }
}

// tau_F: the smoothing as a time constant, so the filter is the same whatever the step:
// kappa = 1 - exp(-dt / tau_F) per step, and n steps of dt decay a force as one step of n dt.
TEST(TerrainFile, SmoothingTimeGivesTheSameFilterAtEveryStep) {
  json doc = goodTerrain();
  doc.erase("kappa_F");
  doc["tau_F"] = 0.002;
  const robots::TerrainSpec t = robots::parseTerrain(doc.dump(), "walk/terrain.json", ".");
  ASSERT_TRUE(t.smoothingTime.has_value());
  EXPECT_EQ(*t.smoothingTime, 0.002);
  EXPECT_NEAR(robots::smoothingKappa(t, 0.0008), 1 - std::exp(-0.4), 1e-15);
  // What is left of an old force after 8 steps of 0.1 ms equals one step of 0.8 ms.
  EXPECT_NEAR(std::pow(1 - robots::smoothingKappa(t, 0.0001), 8), 1 - robots::smoothingKappa(t, 0.0008), 1e-14);
  // kappa_F keeps its meaning: a factor per step.
  EXPECT_EQ(robots::smoothingKappa(robots::parseTerrain(goodTerrain().dump(), "walk/terrain.json", "."), 0.0008), 0.2);
  // Not both, and not a time of 0.
  doc["kappa_F"] = 0.5;
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/tau_F"});
  doc.erase("kappa_F");
  doc["tau_F"] = 0;
  EXPECT_EQ(pointersOf(doc), std::vector<std::string>{"/tau_F"});
}

}  // namespace
}  // namespace regolith::test
