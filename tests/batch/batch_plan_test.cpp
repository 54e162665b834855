// Batch (plan): sweep files expanded into runs (product, zip, groups, ranges, repeats),
// malformed sweep files named by pointer, and plans refused before anything is written
// when one run's scene is invalid.
#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "batch/manifest.h"
#include "batch/plan.h"
#include "batch/sweep.h"
#include "tests/support/batch_test_support.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;
using test::batchDir;
using test::writeSweep;

// The problems of a sweep file that loadSweep refuses ("" when it accepts it).
std::vector<SceneProblem> sweepProblems(const std::string& path) {
  try {
    (void)loadSweep(path);
  } catch (const SceneError& e) {
    return e.problems();
  }
  return {};
}

bool hasProblemAt(const std::vector<SceneProblem>& problems, const std::string& pointer) {
  for (const SceneProblem& p : problems)
    if (p.pointer == pointer) return true;
  return false;
}

TEST(Batch, PlanProductWithRepeatsWritesEveryRunAndTheManifest) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(
      dir, {{"axes",
             {{{"name", "friction"}, {"pointer", "/pair_overrides/0/friction"}, {"values", {0.4, 0.8}}},
              {{"pointer", "/study/slope_deg"}, {"range", {{"from", 20}, {"to", 24}, {"step", 2}}}}}},
            {"repeats", 2}});
  const Manifest m = planSweep(sweep, (dir / "out").string());
  ASSERT_EQ(m.runs.size(), 2u * 3u * 2u);
  ASSERT_EQ(m.parameters.size(), 2u);
  EXPECT_EQ(m.parameters[1].name, "study.slope_deg");  // named from its pointer
  EXPECT_TRUE(m.hasStudy);
  // The last axis varies fastest, replicates innermost; replicates differ only in seed.
  EXPECT_EQ(m.runs[0].id, "run_0000");
  EXPECT_EQ(m.runs[11].id, "run_0011");
  EXPECT_EQ(m.runs[0].values["friction"], 0.4);
  EXPECT_EQ(m.runs[2].values["study.slope_deg"], 22);
  EXPECT_EQ(m.runs[6].values["friction"], 0.8);
  ASSERT_TRUE(m.runs[0].seed && m.runs[1].seed);
  EXPECT_EQ(*m.runs[0].seed, 5);  // the base scene's seed, then the next
  EXPECT_EQ(*m.runs[1].seed, 6);
  EXPECT_EQ(m.runs[1].name, "friction=0.4 study.slope_deg=20 seed=6");

  // Each run's scene holds its values at their pointers.
  const nlohmann::json scene = test::readJson(dir / "out" / "run_0007" / "scene.json");
  EXPECT_EQ(scene["pair_overrides"][0]["friction"], 0.8);
  EXPECT_EQ(scene["study"]["slope_deg"], 20);
  EXPECT_EQ(scene["seed"], 6);

  // The manifest, both forms.
  const Manifest back = readManifest((dir / "out").string());
  ASSERT_EQ(back.runs.size(), 12u);
  EXPECT_EQ(back.runs[7].status, kPending);
  const std::string csv = test::readText(dir / "out" / "manifest.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "id,name,friction,study.slope_deg,seed,status,wall_time_s,exit_code,result");
  EXPECT_NE(csv.find("\nrun_0007,friction=0.8 study.slope_deg=20 seed=6,0.8,20,6,pending,"), std::string::npos) << csv;
}

TEST(Batch, PlanZipPairsAxesAndGroupsZipInsideAProduct) {
  const fs::path dir = batchDir();
  Sweep s;
  s.file = "inline";
  s.axes = {{"a", "/a", {1, 2, 3}, "g"}, {"b", "/b", {10, 20, 30}, "g"}, {"c", "/c", {"x", "y"}, "h"}};
  const std::vector<SweepPoint> runs = expandSweep(s);
  ASSERT_EQ(runs.size(), 6u);  // 3 zipped pairs x 2
  EXPECT_EQ(runs[0].name, "a=1 b=10 c=x");
  EXPECT_EQ(runs[1].name, "a=1 b=10 c=y");
  EXPECT_EQ(runs[5].name, "a=3 b=30 c=y");
  EXPECT_EQ(runs[5].overrides(), (std::vector<std::string>{"/a=3", "/b=30", "/c=\"y\""}));

  // "combine": "zip" in a file zips every axis; unequal lengths are refused by pointer.
  const std::string sweep = writeSweep(
      dir, {{"combine", "zip"},
            {"axes",
             {{{"pointer", "/study/slope_deg"}, {"values", {20, 24}}},
              {{"pointer", "/pair_overrides/0/friction"}, {"range", {{"from", 0.5}, {"to", 0.7}, {"count", 2}}}}}}});
  const std::vector<SweepPoint> zipped = expandSweep(loadSweep(sweep));
  ASSERT_EQ(zipped.size(), 2u);
  EXPECT_EQ(zipped[1].values[0], 24);
  EXPECT_EQ(zipped[1].values[1], 0.7);
  s.axes[1].values.pop_back();
  try {
    (void)expandSweep(s);
    FAIL() << "zipped axes of unequal length were accepted";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].pointer, "/axes/1");
  }
}

TEST(Batch, RangesByStepAndCountRoundToTheirDecimals) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(dir,
                                       {{"axes",
                                         {{{"pointer", "/x"}, {"range", {{"from", 0.1}, {"to", 0.5}, {"step", 0.1}}}},
                                          {{"pointer", "/y"}, {"range", {{"from", 1}, {"to", 0}, {"count", 3}}}}}}});
  const Sweep s = loadSweep(sweep);
  ASSERT_EQ(s.axes[0].values.size(), 5u);
  EXPECT_EQ(s.axes[0].values[2].dump(), "0.3");  // not 0.30000000000000004
  EXPECT_EQ(s.axes[0].values[4].dump(), "0.5");
  ASSERT_EQ(s.axes[1].values.size(), 3u);
  EXPECT_EQ(s.axes[1].values[1].get<double>(), 0.5);
}

TEST(Batch, MalformedSweepNamesTheFileThePointerAndTheExpectation) {
  const fs::path dir = batchDir();
  std::string sweep = writeSweep(
      dir, {{"axes", {{{"pointer", "/x"}, {"values", nlohmann::json::array()}}}}, {"repeats", 0}, {"combin", "zip"}});
  std::vector<SceneProblem> p = sweepProblems(sweep);
  EXPECT_TRUE(hasProblemAt(p, "/axes/0/values"));
  EXPECT_TRUE(hasProblemAt(p, "/repeats"));
  EXPECT_TRUE(hasProblemAt(p, "/combin"));
  try {
    (void)loadSweep(sweep);
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(sweep + ": ", 0), 0u) << e.what();
  }

  // Pointers that are not RFC 6901, both values and range, a /seed axis with repeats.
  sweep = writeSweep(dir, {{"axes",
                            {{{"pointer", "materials/0"}, {"values", {1}}},
                             {{"pointer", "/x"}, {"values", {1}}, {"range", {{"from", 0}, {"to", 1}, {"count", 2}}}},
                             {{"pointer", "/seed"}, {"values", {1, 2}}}}},
                           {"repeats", 2}});
  p = sweepProblems(sweep);
  ASSERT_TRUE(hasProblemAt(p, "/axes/0/pointer"));
  EXPECT_TRUE(hasProblemAt(p, "/axes/1"));
  EXPECT_TRUE(hasProblemAt(p, "/axes/2/pointer"));
  for (const SceneProblem& q : p)
    if (q.pointer == "/axes/0/pointer") {
      EXPECT_NE(q.expected.find("JSON pointer"), std::string::npos);
    }

  // A base scene that is not there.
  sweep = writeSweep(dir, {{"scene", "no_such_scene.json"}, {"axes", {{{"pointer", "/x"}, {"values", {1}}}}}});
  EXPECT_TRUE(hasProblemAt(sweepProblems(sweep), "/scene"));
}

TEST(Batch, InvalidValueOnOneAxisIsRefusedWithTheRunIdAndPointerBeforeWriting) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(
      dir, {{"axes",
             {{{"name", "friction"}, {"pointer", "/pair_overrides/0/friction"}, {"values", {0.5, -1, 0.7}}},
              {{"pointer", "/study/slope_deg"}, {"values", {20, 24}}}}}});
  const fs::path out = dir / "out";
  try {
    (void)planSweep(sweep, out.string());
    FAIL() << "a negative friction was planned";
  } catch (const PlanError& e) {
    // friction = -1 is runs 2 and 3 (with each slope); nothing else is wrong.
    ASSERT_EQ(e.problems().size(), 2u) << e.what();
    EXPECT_EQ(e.problems()[0].runId, "run_0002");
    EXPECT_EQ(e.problems()[1].runId, "run_0003");
    EXPECT_EQ(e.problems()[0].problem.pointer, "/pair_overrides/0/friction");
    EXPECT_NE(
        std::string(e.what()).find("run_0002 (friction=-1 study.slope_deg=20): /pair_overrides/0/friction: found -1"),
        std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(out)) << "a refused plan wrote its folder";
}

TEST(Batch, PointerWithoutAParentIsRefusedForEveryRunWithTheOtherAxesChecked) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(
      dir, {{"axes",
             {{{"pointer", "/nope/deeper"}, {"values", {1}}},
              {{"name", "friction"}, {"pointer", "/pair_overrides/0/friction"}, {"values", {0.5, "soft"}}}}}});
  try {
    (void)planSweep(sweep, (dir / "out").string());
    FAIL() << "a pointer into nothing was planned";
  } catch (const PlanError& e) {
    std::set<std::string> at;
    for (const RunProblem& p : e.problems()) at.insert(p.runId + " " + p.problem.pointer);
    EXPECT_EQ(at, (std::set<std::string>{"run_0000 /nope/deeper", "run_0001 /nope/deeper",
                                         "run_0001 /pair_overrides/0/friction"}))
        << e.what();
  }
}

TEST(Batch, PlanRefusesAFolderThatHoldsABatch) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(dir, {{"axes", {{{"pointer", "/study/slope_deg"}, {"values", {20}}}}}});
  (void)planSweep(sweep, (dir / "out").string());
  EXPECT_THROW((void)planSweep(sweep, (dir / "out").string()), std::runtime_error);
}

TEST(Batch, RelativeFilesOfTheSceneBecomeAbsoluteWhenTheyExist) {
  const fs::path dir = batchDir();
  std::ofstream(dir / "wheel.obj") << "v 0 0 0\n";
  const std::string text = absolutizeFiles(
      R"({"bodies": [{"shape": {"kind": "mesh", "file": "wheel.obj"}}],
          "templates": [{"file": "sphere_2mm.json"}]})",
      dir.string());
  const nlohmann::json doc = nlohmann::json::parse(text);
  EXPECT_EQ(doc["bodies"][0]["shape"]["file"], (dir / "wheel.obj").string());
  // Not beside the scene: left for the loader's other places (data/clumps/).
  EXPECT_EQ(doc["templates"][0]["file"], "sphere_2mm.json");
}

TEST(Batch, ExampleSweepOfTheDocsPlans) {
  const fs::path dir = batchDir();
  const Manifest m = planSweep(std::string(REGOLITH_SOURCE_DIR) + "/studies/single_wheel/slip.sweep.json",
                               (dir / "out").string());
  ASSERT_EQ(m.runs.size(), 12u);  // docs/batch.md says so
  EXPECT_EQ(m.runs[11].name, "slip=0.5 wheel_mass=0.018 seed=12");
}

}  // namespace
}  // namespace regolith::batch
