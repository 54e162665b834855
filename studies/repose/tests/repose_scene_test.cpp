// StudyScene, repose (studies/repose/repose_study.cpp): the study lifts the column; what it
// cannot lift is refused at its pointer.
#include <nlohmann/json.hpp>

#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

const std::string kReposeDir = kSourceDir + "/studies/repose";
Json reposeScene() { return Json::parse(readText(kReposeDir + "/repose.smoke.json")); }
std::vector<SceneProblem> reposeProblems(const Json& j) { return problemsOf(j, kReposeDir); }

TEST(StudyScene, ReposeAppendsTheLiftPhase) {
  Json j = reposeScene();
  j["study"]["lift_speed"] = 0.02;
  j["study"]["measure_at"] = 1.0;
  const Scene s = parseScene(j.dump(1), "scene.json", kReposeDir);
  // Family 1 is "tube": held during settle, then the study's lift at the "lift" phase.
  const std::vector<MotionPhase>& phases = s.model.families[1].phases;
  ASSERT_EQ(phases.size(), 2u);
  const MotionPhase& lift = phases.back();
  const double liftStart = j["phases"][0]["duration"].get<double>();
  EXPECT_NEAR(lift.start, liftStart, 1e-15);
  EXPECT_EQ(lift.dof[2].kind, DofRuleKind::Constant);
  EXPECT_NEAR(lift.dof[2].velocity(0.5), 0.02, 1e-15);
  for (int k : {0, 1, 3, 4, 5}) EXPECT_EQ(lift.dof[static_cast<std::size_t>(k)].kind, DofRuleKind::Fixed) << k;

  const Json study = Json::parse(s.studyJson);
  EXPECT_EQ(study["kind"], "repose");
  const Json& shape = j["bodies"][1]["shape"];
  EXPECT_NEAR(study["radius"].get<double>(), shape["radius"].get<double>(), 0);
  EXPECT_NEAR(study["cylinder_bottom"].get<double>(),
              shape["point"][2].get<double>() - shape["length"].get<double>() / 2, 1e-15);
  EXPECT_EQ(study["centre"], Json({0.0, 0.0}));  // the cylinder's axis
  EXPECT_NEAR(study["measure_at"].get<double>(), 1.0, 0);
}

TEST(StudyScene, ReposeMeasuresAtTheEndByDefault) {
  const Scene s = parseScene(reposeScene().dump(1), "scene.json", kReposeDir);
  EXPECT_NEAR(Json::parse(s.studyJson)["measure_at"].get<double>(), s.endTime, 0);
}

TEST(StudyScene, ReposeNeedsAVerticalFiniteOpenCylinder) {
  Json j = reposeScene();
  j["bodies"][1]["shape"]["axis"] = {1, 0, 0};
  expectProblem(reposeProblems(j), "/bodies/1/shape", "", "vertical (\"axis\" along z)");
  j = reposeScene();
  j["bodies"][1]["shape"].erase("length");  // infinite: it would never leave the heap
  expectProblem(reposeProblems(j), "/bodies/1/shape", "", "a finite (\"length\" > 0)");
  j = reposeScene();
  j["study"]["cylinder"] = "base";  // a plane
  expectProblem(reposeProblems(j), "/study/cylinder", "\"plane\"", "a \"cylinder\"");
}

TEST(StudyScene, ReposeMeasureMustFollowTheLift) {
  Json j = reposeScene();
  j["study"]["measure_at"] = "settle";
  expectProblem(reposeProblems(j), "/study/measure_at", "0 s", "after lift_start");
  j["study"]["measure_at"] = 99.0;
  expectProblem(reposeProblems(j), "/study/measure_at", "99 s", "not after the end");
}

}  // namespace
}  // namespace regolith
