// SceneValidation, bad input: every class of it is refused with the JSON pointer of the
// offending value and a found/expected message, all problems of a scene at once.
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

TEST(SceneValidation, UnknownKey) {
  Json s = smokeScene();
  s["materials"][0]["densty"] = 2500;
  const auto ps = problemsOf(s);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "/materials/0/densty", "unknown key \"densty\"", "one of: density, friction, name");
}

TEST(SceneValidation, UnknownKeyPointerIsEscaped) {
  Json s = smokeScene();
  s["materials"][0]["a/b~c"] = 1;  // RFC 6901: "/" is ~1, "~" is ~0
  expectProblem(problemsOf(s), "/materials/0/a~1b~0c", "unknown key \"a/b~c\"", "youngs_modulus");
}

TEST(SceneValidation, UnknownTopLevelKeysAreEachReported) {
  Json s = smokeScene();
  s["gravityy"] = "moon";
  s["sed"] = 3;
  const auto ps = problemsOf(s);
  expectProblem(ps, "/gravityy", "unknown key", "gravity");
  expectProblem(ps, "/sed", "unknown key", "seed");
}

TEST(SceneValidation, WrongType) {
  Json s = smokeScene();
  s["materials"][0]["youngs_modulus"] = "1e7";
  const auto ps = problemsOf(s);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "/materials/0/youngs_modulus", "\"1e7\" (a string)", "a number > 0");
}

TEST(SceneValidation, WrongTypeAmongAlternatives) {
  Json s = smokeScene();
  s["gravity"] = "jupiter";
  expectProblem(problemsOf(s), "/gravity", "\"jupiter\"", "one of \"earth\", \"moon\", \"mars\"");
  s["gravity"] = 9.81;
  expectProblem(problemsOf(s), "/gravity", "9.81", "an array of 3 numbers, or one of \"earth\"");
}

TEST(SceneValidation, MissingRequiredValue) {
  Json s = smokeScene();
  s["materials"][0].erase("friction");
  const auto ps = problemsOf(s);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "/materials/0", "no key \"friction\"", "a key \"friction\": a number >= 0");
}

TEST(SceneValidation, NegativeRadius) {
  Json s = smokeScene();
  s["templates"][2]["spheres"][0]["radius"] = -0.0015;
  expectProblem(problemsOf(s), "/templates/2/spheres/0/radius", "-0.0015", "a number > 0");
}

TEST(SceneValidation, PoissonRatioOfHalfOrMore) {
  Json s = smokeScene();
  for (double nu : {0.5, 0.6}) {
    s["materials"][0]["poisson_ratio"] = nu;
    expectProblem(problemsOf(s), "/materials/0/poisson_ratio", nu == 0.5 ? "0.5" : "0.6", "a number < 0.5");
  }
}

TEST(SceneValidation, RestitutionOutsideZeroToOne) {
  Json s = smokeScene();
  s["materials"][1]["restitution"] = 0;
  expectProblem(problemsOf(s), "/materials/1/restitution", "0", "a number > 0");
  s["materials"][1]["restitution"] = 1.2;
  expectProblem(problemsOf(s), "/materials/1/restitution", "1.2", "a number <= 1");
  s["materials"][1]["restitution"] = 1;  // 1 is allowed: perfectly elastic
  EXPECT_NO_THROW(parse(s.dump()));
}

TEST(SceneValidation, NegativeFriction) {
  Json s = smokeScene();
  s["pair_overrides"][0]["friction"] = -0.1;
  expectProblem(problemsOf(s), "/pair_overrides/0/friction", "-0.1", "a number >= 0");
}

TEST(SceneValidation, ZeroDensity) {
  Json s = smokeScene();
  s["materials"][0]["density"] = 0;
  expectProblem(problemsOf(s), "/materials/0/density", "0", "a number > 0");
}

TEST(SceneValidation, InfiniteNumber) {
  std::string text = smokeScene().dump(1);
  const std::size_t at = text.find("2500");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 4, "1e999");
  const auto ps = problemsOfText(text);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "/materials/0/density", "1e999", "a finite number");
}

TEST(SceneValidation, NaNIsNotJson) {
  std::string text = smokeScene().dump(1);
  text.replace(text.find("2500"), 4, "NaN");
  const auto ps = problemsOfText(text);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "", "invalid JSON at line", "a JSON document");
}

TEST(SceneValidation, SyntaxErrorGivesLineAndColumn) {
  const auto ps = problemsOfText("{\n  \"time_step\": 1e-5,\n  \"materials\": [}\n");
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "", "line 3, column 17", "a JSON document");
}

TEST(SceneValidation, UndefinedMaterial) {
  Json s = smokeScene();
  s["templates"][2]["spheres"][0]["material"] = "basalt";
  expectProblem(problemsOf(s), "/templates/2/spheres/0/material", "undefined material \"basalt\"",
                "\"grain\", \"steel\"");
}

TEST(SceneValidation, UndefinedFamily) {
  Json s = smokeScene();
  s["bodies"][0]["family"] = "rotor";
  expectProblem(problemsOf(s), "/bodies/0/family", "undefined family \"rotor\"", "\"drum\", \"free\"");
}

TEST(SceneValidation, UndefinedTemplate) {
  Json s = smokeScene();
  s["sources"][0]["templates"][1]["template"] = "boulder";
  expectProblem(problemsOf(s), "/sources/0/templates/1/template", "undefined template \"boulder\"",
                "\"coarse\", \"fine\", \"pair\"");
}

TEST(SceneValidation, UndefinedRunPhase) {
  Json s = smokeScene();
  s["families"][0]["phases"][1]["start"] = "spinn";
  expectProblem(problemsOf(s), "/families/0/phases/1/start", "undefined run phase \"spinn\"", "\"settle\", \"spin\"");
}

TEST(SceneValidation, TimeStepAboveRayleighGuard) {
  Json s = smokeScene();
  s["time_step"] = 1e-4;
  const auto ps = problemsOf(s);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  // E = 5e6 Pa, nu = 0.3, rho = 2500 kg/m^3, r = 1.5 mm: t_R = 1.836e-4 s, limit 0.2 t_R.
  expectProblem(ps, "/time_step", "0.0001 s", "at most 3.672e-05 s");
  expectProblem(ps, "/time_step", "", "Rayleigh time 0.0001836 s of material \"grain\" at radius 0.0015 m");
  s["allow_large_time_step"] = true;  // the explicit override
  EXPECT_NO_THROW(parse(s.dump()));
}

TEST(SceneValidation, DuplicateNames) {
  Json s = smokeScene();
  s["materials"][1]["name"] = "grain";
  expectProblem(problemsOf(s), "/materials/1/name", "a second material named \"grain\"", "first at /materials/0");
}

TEST(SceneValidation, RegionWithLoAboveHi) {
  Json s = smokeScene();
  s["sources"][0]["hi"][2] = -0.02;
  expectProblem(problemsOf(s), "/sources/0/hi", "-0.02", "a corner above /sources/0/lo");
}

TEST(SceneValidation, EndTimeOfZeroSteps) {
  Json s = smokeScene();
  s.erase("phases");
  s["families"][0]["phases"][0]["start"] = 0;
  s["families"][0]["phases"][1]["start"] = 0.05;
  s["end_time"] = 1e-6;
  expectProblem(problemsOf(s), "/end_time", "(0 steps)", "at least half a time step");
  s["phases"] = Json::array();
  expectProblem(problemsOf(s), "/phases", "an empty array", "an array of at least 1");
}

TEST(SceneValidation, MotionRuleProblems) {
  Json s = smokeScene();
  s["families"][0]["phases"][1]["rotation"][0] = {{"table", {{"times", {0.1, 0.05}}, {"values", {0, 1}}}}};
  s["families"][0]["phases"][1]["translation"][2] = {{"ramp", {{"rate", 1}, {"end_value", -1}}}};
  auto ps = problemsOf(s);
  expectProblem(ps, "/families/0/phases/1/rotation/0", "table times must be strictly increasing",
                "a valid motion rule");
  expectProblem(ps, "/families/0/phases/1/translation/2", "ramp end value lies behind", "a valid motion rule");

  s = smokeScene();
  s["families"][0]["phases"][1]["start"] = 0;  // "settle" also starts at 0
  expectProblem(problemsOf(s), "/families/0/phases/1/start", "0 s", "a start after the previous phase's");
}

TEST(SceneValidation, BedSourceOfAMissingFile) {
  Json s = smokeScene();
  s["sources"].push_back({{"kind", "bed"}, {"file", "runs/none/run.h5"}, {"frame", -1}});
  expectProblem(problemsOf(s), "/sources/1/file", "runs/none/run.h5", "a run.h5 written by regolith run");
}

TEST(SceneValidation, ReportsEveryProblemAtOnce) {
  Json s = smokeScene();
  s["materials"][0]["poisson_ratio"] = 0.7;
  s["materials"][1]["friction"] = -1;
  s["output"]["frame_interval"] = "often";
  s["streams"] = {{"mode", "fast"}};
  auto ps = problemsOf(s);
  EXPECT_EQ(ps.size(), 4u) << listed(ps);
  expectProblem(ps, "/materials/0/poisson_ratio", "0.7", "< 0.5");
  expectProblem(ps, "/materials/1/friction", "-1", ">= 0");
  expectProblem(ps, "/output/frame_interval", "\"often\"", "a number > 0");
  expectProblem(ps, "/streams/mode", "\"fast\"", "\"async\", \"sync\" or \"verlet\"");

  // References are checked together too, once the structure is right.
  s = smokeScene();
  s["templates"][0]["material"] = "basalt";
  s["bodies"][0]["family"] = "rotor";
  s["family_switches"] = {{{"time", "spin"}, {"from", "drum"}, {"to", "idle"}}};
  ps = problemsOf(s);
  expectProblem(ps, "/templates/0/material", "\"basalt\"", "\"grain\"");
  expectProblem(ps, "/bodies/0/family", "\"rotor\"", "\"drum\"");
  expectProblem(ps, "/family_switches/0/to", "\"idle\"", "\"drum\"");
}

TEST(SceneValidation, ErrorTextNamesFileAndPointer) {
  Json s = smokeScene();
  s["materials"][0]["poisson_ratio"] = 0.6;
  try {
    parse(s.dump());
    FAIL() << "accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()), "scene.json: /materials/0/poisson_ratio: found 0.6, expected a number < 0.5");
  }
}

TEST(SceneValidation, MissingFile) {
  try {
    loadScene(kDemoDir + "/no_such_scene.json");
    FAIL() << "accepted";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].pointer, "");
    EXPECT_EQ(e.problems()[0].found, "no such file or not readable");
  }
}

// output.deflate and output.shuffle: the run file's filters (docs/output-format.md).
TEST(SceneValidation, OutputCompressionSettings) {
  Json s = smokeScene();
  EXPECT_EQ(parse(s.dump()).output.compression.deflate, RunFileCompression{}.deflate);
  EXPECT_EQ(parse(s.dump()).output.compression.shuffle, RunFileCompression{}.shuffle);
  s["output"]["deflate"] = 6;
  s["output"]["shuffle"] = false;
  const Scene scene = parse(s.dump());
  EXPECT_EQ(scene.output.compression.deflate, 6);
  EXPECT_FALSE(scene.output.compression.shuffle);
  s["output"]["deflate"] = 10;
  expectProblem(problemsOf(s), "/output/deflate", "10", "an integer <= 9");
  s["output"]["deflate"] = 1.5;
  expectProblem(problemsOf(s), "/output/deflate", "1.5", "an integer");
}

}  // namespace
}  // namespace regolith
