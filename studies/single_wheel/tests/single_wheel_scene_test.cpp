// StudyScene, single wheel (studies/single_wheel/single_wheel_study.cpp) and `--set`
// overrides on its scene: the slip rig writes the drive phase from the slip, and what it
// cannot resolve is refused at its pointer.
#include <nlohmann/json.hpp>

#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

const std::string kWheelDir = kSourceDir + "/studies/single_wheel";
const std::string kWheelSmoke = kWheelDir + "/single_wheel.smoke.json";

Json wheelScene() { return Json::parse(readText(kWheelSmoke)); }
Scene parseWheel(const Json& j) { return parseScene(j.dump(1), "scene.json", kWheelDir); }
std::vector<SceneProblem> wheelProblems(const Json& j) { return problemsOf(j, kWheelDir); }

TEST(StudyScene, SingleWheelAppendsTheDrivePhaseFromTheSlip) {
  Json j = wheelScene();
  j["study"]["slip"] = 0.25;
  const Scene s = parseWheel(j);
  // Family 1 is "wheel": settle, load, then the study's drive phase at 0.08 + 0.05 s.
  ASSERT_EQ(s.model.families.size(), 2u);
  const std::vector<MotionPhase>& phases = s.model.families[1].phases;
  ASSERT_EQ(phases.size(), 3u);
  const MotionPhase& drive = phases.back();
  EXPECT_NEAR(drive.start, 0.13, 1e-15);
  const double speed = (1 - 0.25) * 6.0 * 0.010;  // (1 - s) w R, R the wheel shape's radius
  EXPECT_EQ(drive.dof[0].kind, DofRuleKind::Constant);
  EXPECT_NEAR(drive.dof[0].velocity(0.2), speed, 1e-15);
  EXPECT_EQ(drive.dof[1].kind, DofRuleKind::Fixed);
  EXPECT_EQ(drive.dof[2].kind, DofRuleKind::Free);  // the load: the wheel's weight
  EXPECT_EQ(drive.dof[3].kind, DofRuleKind::Fixed);
  EXPECT_NEAR(drive.dof[4].velocity(0.2), 6.0, 1e-15);
  EXPECT_EQ(drive.dof[5].kind, DofRuleKind::Fixed);

  const Json study = Json::parse(s.studyJson);
  EXPECT_EQ(study["kind"], "single_wheel");
  EXPECT_NEAR(study["forward_speed"].get<double>(), speed, 1e-15);
  EXPECT_NEAR(study["drive_start"].get<double>(), 0.13, 1e-15);
  EXPECT_NEAR(study["drive_end"].get<double>(), 0.53, 1e-15);
  EXPECT_NEAR(study["mass"].get<double>(), 0.012, 1e-15);
  EXPECT_NEAR(study["gravity"][2].get<double>(), -9.81, 1e-6);
  EXPECT_EQ(study["width"].get<double>(), 0.010);  // the generated wheel's, for Bekker fits
}

TEST(StudyScene, BrakingSlipUsesTheBrakingDefinition) {
  // s = w R / v - 1 for s < 0 (Kern et al.), so v = w R / (1 + s), not (1 - s) w R.
  Json j = wheelScene();
  j["study"]["slip"] = -0.2;
  const Scene s = parseWheel(j);
  EXPECT_NEAR(s.model.families[1].phases.back().dof[0].velocity(0), 6.0 * 0.010 / 0.8, 1e-15);
}

TEST(StudyScene, AnExplicitRadiusWins) {
  Json j = wheelScene();
  j["study"]["radius"] = 0.0115;  // the grouser tips instead of the rim
  const Scene s = parseWheel(j);
  EXPECT_NEAR(s.model.families[1].phases.back().dof[0].velocity(0), 0.8 * 6.0 * 0.0115, 1e-15);
}

TEST(StudyScene, UnknownWheelIsRefused) {
  Json j = wheelScene();
  j["study"]["wheel"] = "wheell";
  expectProblem(wheelProblems(j), "/study/wheel", "undefined body \"wheell\"", "\"wheel\"");
}

TEST(StudyScene, StaticWheelIsRefused) {
  Json j = wheelScene();
  j["study"]["wheel"] = "floor";
  expectProblem(wheelProblems(j), "/study/wheel", "static body", "a body with a \"family\"");
}

TEST(StudyScene, DriveStartMustFollowTheFamilysPhases) {
  Json j = wheelScene();
  j["study"]["drive_start"] = "settle";
  expectProblem(wheelProblems(j), "/study/drive_start", "0 s", "a start after every phase of family \"wheel\"");
}

TEST(StudyScene, DriveStartMustComeBeforeTheEnd) {
  Json j = wheelScene();
  j["study"]["drive_start"] = 0.53;
  expectProblem(wheelProblems(j), "/study/drive_start", "0.53 s", "before the end of the run");
}

TEST(StudyScene, AWheelThatIsNoWheelShapeNeedsARadius) {
  Json j = wheelScene();
  j["bodies"][2]["shape"] = {
      {"kind", "ring"}, {"radius", 0.01}, {"width", 0.01}, {"thickness", 0.002}, {"translate", {-0.018, 0, 0.0215}}};
  expectProblem(wheelProblems(j), "/study", "", "a \"radius\"");
}

TEST(StudyScene, SlipOfOneIsRefusedByTheSchema) {
  Json j = wheelScene();
  j["study"]["slip"] = 1.0;
  expectProblem(wheelProblems(j), "/study/slip", "1", "a number < 1");
}

TEST(StudyScene, SetOverridesAValueAndTheStoredText) {
  const Scene s = loadScene(kWheelSmoke, {"/study/slip=0.5", "/seed=3", "/gravity=moon"});
  EXPECT_NEAR(Json::parse(s.studyJson)["slip"].get<double>(), 0.5, 0);
  EXPECT_EQ(s.seed, 3u);
  EXPECT_NEAR(double(s.model.gravity.z), -1.62, 1e-6);  // a bare word is a string
  const Json stored = Json::parse(s.text);              // what run.h5 keeps is the overridden scene
  EXPECT_EQ(stored["study"]["slip"], 0.5);
  EXPECT_EQ(stored["gravity"], "moon");
}

TEST(StudyScene, SetWithoutAParentOrAPointerIsRefused) {
  try {
    loadScene(kWheelSmoke, {"/studyy/slip=0.5", "slip=0.5"});
    FAIL() << "the overrides were accepted";
  } catch (const SceneError& e) {
    expectProblem(e.problems(), "/studyy/slip", "no /studyy", "a pointer whose parent exists");
    expectProblem(e.problems(), "", "--set slip=0.5", "POINTER=VALUE");
  }
}

}  // namespace
}  // namespace regolith
