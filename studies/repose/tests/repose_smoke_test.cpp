// StudySmoke, repose: the heap's smoke twin (studies/repose/tests/smoke.cmake runs it),
// then `regolith metrics` and `regolith plot`, the angle held to a sensible band.
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/study_smoke.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace regolith::test;

TEST(StudySmoke, ReposeAngleWithinBand) {
  const fs::path run = test::studySmokeDir() / "repose";
  const Json m = smokeMetrics("repose");
  ASSERT_FALSE(m.empty());
  // Dry granular materials stand at 25 to 45 degrees, and DEM heaps of frictional,
  // rolling-resisted clumps (mu = 0.5, Crr = 0.05) at 20 to 40; below 15 degrees the heap
  // has flowed out (a lift too fast, grains too smooth or too bouncy), above 45 the
  // column has not failed (still held, or cohesive by overlap).
  EXPECT_GT(metric(m, "angle"), 15);
  EXPECT_LT(metric(m, "angle"), 45);
  // A heap's flank is a straight slope: a least-squares line through the cells' tops
  // explains most of their scatter. With 8 sectors of rough grains 5 mm across on a flank
  // a few grains long, R^2 above 0.7 says the profile is a flank and not a mound or a
  // layer (a layer or a still-standing column gives no flank and is refused).
  EXPECT_GT(metric(m, "r_squared"), 0.7);
  // The heap is lower than the settled column it came from (the column was 35 to 45 mm
  // high) and spreads beyond the cylinder's radius (20 mm).
  EXPECT_LT(metric(m, "height"), 0.045);
  EXPECT_GT(metric(m, "base_radius"), m["parameters"]["radius"].get<double>());

  ASSERT_EQ(runRegolith("plot", run), 0) << "see " << (run / "plot.log");
  EXPECT_TRUE(isPng(run / "repose_profile.png"));
}

}  // namespace
}  // namespace regolith

namespace regolith {
namespace {

// The heap of cohesive grains (w = 0.2 J/m^2) against the same heap without cohesion, same
// seed. Measured on four seeds (docs/cohesion.md): 27.1-28.9 deg without, 31.1-33.8 deg
// with; the closest pair of the two sets differs by 2.2 deg, and on this seed by 5.7 deg.
// 2 deg is that smallest gap: a cohesion that did nothing (both within the cohesionless
// spread, 1.8 deg) fails it.
TEST(StudySmoke, CohesiveReposeStandsSteeper) {
  const fs::path dir = test::studySmokeDir() / "repose_cohesion";
  ASSERT_EQ(runRegolith("metrics", dir), 0) << "see " << (dir / "metrics.log");
  const Json metrics = metricsOf(dir);
  ASSERT_EQ(metrics["runs"].size(), 2u) << metrics.dump().substr(0, 300);
  double angle[2] = {0, 0}, rSquared = 0;
  for (const Json& run : metrics["runs"]) {
    const bool cohesive = run["run"].get<std::string>() == "w_0.2";
    angle[cohesive] = metric(run, "angle");
    if (cohesive) rSquared = metric(run, "r_squared");
  }
  EXPECT_GT(angle[1], angle[0] + 2) << "cohesionless " << angle[0] << " deg, cohesive " << angle[1] << " deg";
  // Still a heap with a straight flank (0.89 measured; the band's own test asks 0.7).
  EXPECT_GT(rSquared, 0.7);
}

}  // namespace
}  // namespace regolith
