// StudyScene, plate intrusion (studies/plate_intrusion/plate_intrusion_study.cpp): the study turns its plate by beta and
// drives it along gamma at its speed, and what it cannot resolve is refused at its pointer.
// Checked on the smoke scene (studies/plate_intrusion/plate_intrusion.smoke.json).
#include <cmath>

#include <nlohmann/json.hpp>

#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

const std::string kPlateDir = kSourceDir + "/studies/plate_intrusion";

Json plateScene() { return Json::parse(readText(kPlateDir + "/plate_intrusion.smoke.json")); }
Scene parsePlate(const Json& j) { return parseScene(j.dump(1), "scene.json", kPlateDir); }
std::vector<SceneProblem> plateProblems(const Json& j) { return problemsOf(j, kPlateDir); }

// The plate is the last body; its family the scene's only one (family 1).
std::size_t plateIndex(const Json& j) { return j["bodies"].size() - 1; }

// The unit normal of triangle k of the plate's boundaries, from its corners (outward: the
// generator winds them counter-clockwise seen from outside).
Vec3d normalOf(const BoundaryPrimitive& b) {
  const Vec3d n = cross(b.corner1 - b.point, b.corner2 - b.point);
  return n * (1.0 / norm(n));
}

TEST(StudyScene, PlateIsTurnedByBetaAndDrivenAlongGamma) {
  Json j = plateScene();
  j["study"]["beta_deg"] = 30;
  j["study"]["gamma_deg"] = 60;
  j["study"]["travel"] = 0.02;  // ends at 0.44 s, before the run's 0.48 s: then held
  const Scene s = parsePlate(j);
  const SceneBody& plate = s.bodies.back();
  ASSERT_EQ(plate.name, "plate");
  ASSERT_EQ(plate.boundaries.size(), 12u);  // a box: two triangles a face
  // Li et al.'s convention: the lower face's normal is (sin b, 0, -cos b), the long axis
  // rises towards +x. The generator's first two triangles are the lower face.
  const double b = 30 * M_PI / 180, g = 60 * M_PI / 180;
  for (std::size_t k = 0; k < 2; ++k) {
    const Vec3d n = normalOf(s.model.boundaries[plate.boundaries[k]]);
    EXPECT_NEAR(n.x, std::sin(b), 1e-12);
    EXPECT_NEAR(n.y, 0, 1e-12);
    EXPECT_NEAR(n.z, -std::cos(b), 1e-12);
  }
  // The settle hold, then the stroke at 0.1 m/s along (cos g, 0, -sin g) from "intrude"
  // (0.14 + 0.1 s), held again once it has gone `travel`.
  const std::vector<MotionPhase>& phases = s.model.families[1].phases;
  const double start = 0.24, speed = 0.1, travel = j["study"]["travel"].get<double>();
  ASSERT_EQ(phases.size(), 4u);  // settle, lower (the scene's), stroke, hold
  const MotionPhase& stroke = phases[2];
  EXPECT_NEAR(stroke.start, start, 1e-15);
  EXPECT_NEAR(stroke.dof[0].velocity(start), speed * std::cos(g), 1e-15);
  EXPECT_EQ(stroke.dof[1].kind, DofRuleKind::Fixed);
  EXPECT_NEAR(stroke.dof[2].velocity(start), -speed * std::sin(g), 1e-15);
  for (int d = 3; d < 6; ++d) EXPECT_EQ(stroke.dof[d].kind, DofRuleKind::Fixed);
  EXPECT_NEAR(phases[3].start, start + travel / speed, 1e-12);
  for (int d = 0; d < 6; ++d) EXPECT_EQ(phases[3].dof[d].kind, DofRuleKind::Fixed);

  const Json study = Json::parse(s.studyJson);
  EXPECT_EQ(study["kind"], "plate_intrusion");
  EXPECT_NEAR(study["area"].get<double>(), 0.016 * 0.010, 1e-18);
  // The top edge reaches the surface when the centre is (L/2) sin b + (t/2) cos b deep.
  EXPECT_NEAR(study["half_height"].get<double>(), 0.008 * std::sin(b) + 0.001 * std::cos(b), 1e-15);
  EXPECT_NEAR(study["stroke_start"].get<double>(), start, 1e-15);
  EXPECT_NEAR(study["stroke_end"].get<double>(), start + travel / speed, 1e-12);
  EXPECT_NEAR(study["direction"][0].get<double>(), std::cos(g), 1e-6);
  EXPECT_NEAR(study["direction"][2].get<double>(), -std::sin(g), 1e-6);
}

TEST(StudyScene, PlatePushedStraightDownHasNoSidewaysSpeed) {
  const Scene s = parsePlate(plateScene());  // beta 0, gamma 90
  const MotionPhase& stroke = s.model.families[1].phases[2];
  // cos(pi/2) is 6e-17, not 0: the study writes an exact zero.
  EXPECT_EQ(stroke.dof[0].velocity(0.3), 0.0);
  EXPECT_NEAR(stroke.dof[2].velocity(0.3), -0.1, 1e-15);
}

TEST(StudyScene, PlateEntryDescendsFirst) {
  Json j = plateScene();
  j["study"]["gamma_deg"] = 0;  // a horizontal stroke, at the depth the entry reached
  j["study"]["entry"] = 0.005;
  j["study"]["travel"] = 0.01;
  const Scene s = parsePlate(j);
  const std::vector<MotionPhase>& phases = s.model.families[1].phases;
  ASSERT_EQ(phases.size(), 5u);  // settle, lower, entry, stroke, hold
  EXPECT_NEAR(phases[2].start, 0.24, 1e-15);
  EXPECT_EQ(phases[2].dof[0].kind, DofRuleKind::Fixed);
  EXPECT_NEAR(phases[2].dof[2].velocity(0.25), -0.1, 1e-15);
  EXPECT_NEAR(phases[3].start, 0.24 + 0.05, 1e-12);
  EXPECT_NEAR(phases[3].dof[0].velocity(0.3), 0.1, 1e-15);
  EXPECT_EQ(phases[3].dof[2].velocity(0.3), 0.0);
  EXPECT_NEAR(phases[4].start, 0.24 + 0.05 + 0.1, 1e-12);
}

TEST(StudyScene, PlateWithARotateOfItsOwnIsRefused) {
  Json j = plateScene();
  const std::string shape = "/bodies/" + std::to_string(plateIndex(j)) + "/shape";
  j["bodies"][plateIndex(j)]["shape"]["rotate"] = {{"axis", {0, 1, 0}}, {"angle_deg", 30}};
  expectProblem(plateProblems(j), shape + "/rotate", "", "the study turns it by /study/beta_deg");
}

TEST(StudyScene, PlateStudyOfANonPlateShapeIsRefused) {
  Json j = plateScene();
  j["bodies"][plateIndex(j)]["shape"] = {
      {"kind", "ring"}, {"radius", 0.01}, {"width", 0.01}, {"thickness", 0.002}, {"translate", {0, 0, 0.089}}};
  expectProblem(plateProblems(j), "/study/plate", "\"plate\", a \"ring\" shape", "a body whose shape is a \"plate\"");
}

TEST(StudyScene, PlateStrokeLongerThanTheRunIsRefused) {
  Json j = plateScene();
  j["study"]["travel"] = 1.0;  // 10 s at 0.1 m/s
  expectProblem(plateProblems(j), "/study/travel", "1 m", "it ends at 10.24 s, after the run's end");
}

TEST(StudyScene, PlateFitDepthMustBeIncreasing) {
  Json j = plateScene();
  j["study"]["fit_depth"] = {0.01, 0.005};
  expectProblem(plateProblems(j), "/study/fit_depth", "[0.01,0.005]", "shallowest < deepest");
}

TEST(StudyScene, PlateAnglesBeyondNinetyDegreesAreRefusedByTheSchema) {
  Json j = plateScene();
  j["study"]["gamma_deg"] = 120;
  expectProblem(plateProblems(j), "/study/gamma_deg", "120", "");
}

}  // namespace
}  // namespace regolith
