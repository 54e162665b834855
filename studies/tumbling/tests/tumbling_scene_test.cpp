// StudyScene, tumbling (studies/tumbling/tumbling_study.cpp): the ring's spin is the
// study's (prescribed) or left to the contacts (free).
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

const std::string kTumblingDir = kSourceDir + "/studies/tumbling";
Json tumblingScene() { return Json::parse(readText(kTumblingDir + "/tumbling_rigid.smoke.json")); }

const MotionPhase& releasePhase(const Scene& s) {
  for (std::size_t f = 0; f < s.familyNames.size(); ++f)
    if (s.familyNames[f] == "ring") return s.model.families.at(f).phases.back();
  throw std::runtime_error("no ring family");
}

TEST(StudyScene, TumblingPrescribesTheSpinOrLeavesItFree) {
  Json j = tumblingScene();
  const Scene prescribed = parseScene(j.dump(1), "scene.json", kTumblingDir);
  const MotionPhase& roll = releasePhase(prescribed);
  EXPECT_EQ(roll.dof[0].kind, DofRuleKind::Free);  // translation free
  EXPECT_EQ(roll.dof[2].kind, DofRuleKind::Free);
  EXPECT_EQ(roll.dof[3].kind, DofRuleKind::Fixed);  // it does not tip
  EXPECT_EQ(roll.dof[4].kind, DofRuleKind::Constant);
  EXPECT_NEAR(roll.dof[4].velocity(1.0), 3.14159265, 1e-15);
  EXPECT_EQ(Json::parse(prescribed.studyJson)["spin"], "prescribed");

  j["study"]["spin"] = "free";
  j["study"].erase("angular_velocity");  // not needed for a free spin
  const Scene free = parseScene(j.dump(1), "scene.json", kTumblingDir);
  EXPECT_EQ(releasePhase(free).dof[4].kind, DofRuleKind::Free);
  const Json study = Json::parse(free.studyJson);
  EXPECT_EQ(study["spin"], "free");
  EXPECT_FALSE(study.contains("angular_velocity"));
}

TEST(StudyScene, TumblingPrescribedSpinNeedsItsRate) {
  Json j = tumblingScene();
  j["study"].erase("angular_velocity");
  expectProblem(problemsOf(j, kTumblingDir), "/study", "", "angular_velocity (rad/s) for a prescribed spin");
  j["study"]["spin"] = "spinning";
  expectProblem(problemsOf(j, kTumblingDir), "/study/spin", "\"spinning\"", "");
}

}  // namespace
}  // namespace regolith
