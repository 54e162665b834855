// Bed sources: a scene that takes its particles from a frame of an earlier run gets them
// as they were, and is refused when its templates do not describe the bed's particles.
#include <cstring>

#include "io/run_file/run_file.h"
#include "tests/support/bed_source_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

TEST(SceneValidation, BedSourcePlacesTheParticlesOfTheFrame) {
  const RunFileReader run((earlierRun() / "run.h5").string());
  const FrameData last = run.frame(run.frameCount() - 1);
  const Scene s = parse(bedScene(-1).dump());
  // The smoke scene's drum body is an owner of its own; the bed brings only particles.
  std::size_t particles = 0;
  for (Index t : last.ownerTemplate) particles += t >= 0 ? 1 : 0;
  std::size_t placed = 0;
  for (Index t : s.ownerTemplate) placed += t >= 0 ? 1 : 0;
  ASSERT_EQ(placed, particles);
  ASSERT_GT(placed, 100u);

  std::size_t k = 0;
  for (std::size_t o = 0; o < last.state.ownerCount(); ++o) {
    if (last.ownerTemplate[o] < 0) continue;
    while (s.ownerTemplate[k] < 0) ++k;  // skip this scene's bodies
    SCOPED_TRACE("particle " + std::to_string(o));
    EXPECT_EQ(run.header().templates[std::size_t(last.ownerTemplate[o])].name,
              s.templates[std::size_t(s.ownerTemplate[k])].name);
    EXPECT_EQ(std::memcmp(&s.initial.ownerPosition[k], &last.state.ownerPosition[o], sizeof(Vec3d)), 0);
    EXPECT_EQ(std::memcmp(&s.initial.ownerVelocity[k], &last.state.ownerVelocity[o], sizeof(Vec3)), 0);
    // Orientation: the template's principal frame is taken off and put back on (q P* P),
    // exact to a few rounding errors of unit quaternions.
    const Quat a = s.initial.ownerOrientation[k], b = last.state.ownerOrientation[o];
    EXPECT_NEAR(std::abs(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z), 1.0, 1e-14);
    ++k;
  }
}

TEST(SceneValidation, BedSourceFrameOutOfRange) {
  expectProblem(problemsOf(bedScene(1000)), "/sources/0/frame", "1000", "which has 11");
}

TEST(SceneValidation, BedSourceNeedsTheBedsTemplates) {
  Json s = bedScene(-1);
  // "pair" is gone: its particles in the bed have no shape here.
  Json templates = Json::array();
  for (const Json& t : s["templates"])
    if (t["name"] != "pair") templates.push_back(t);
  s["templates"] = templates;
  expectProblem(problemsOf(s), "/sources/0/file", "particles of template \"pair\"",
                "a template \"pair\" defined in this scene");

  s = bedScene(-1);
  s["templates"][1]["spheres"][0]["radius"] = 0.0016;  // "fine" is not the bed's fine
  expectProblem(problemsOf(s), "/sources/0/file", "template \"fine\" with other spheres",
                "the same sphere offsets, radii and material names");
}

}  // namespace
}  // namespace regolith
