// BedSourceOps (periodic): a bed made by a real run in a box periodic in x and y tiles by
// its own period when the tile gives none (docs/scene-format.md, bed), and its copies
// continue it across its seam: placed exactly one period apart, however near its grains
// come to the box's faces.
#include "io/run_file/run_file.h"
#include "tests/support/bed_source_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

constexpr double kPeriod = 0.012;  // [m], in x and y

// 32 spheres of 1 mm on a cubic lattice 3 mm apart, 4 x 4 of them filling the period
// exactly (their images 3 mm apart across the seam), two layers on a floor.
Json smallPeriodicScene() {
  Json s = twoLayerScene();
  s["domain"] = {{"lo", {0, 0, 0}}, {"hi", {kPeriod, kPeriod, 0.05}}, {"periodic", Json::array({"x", "y"})}};
  return s;
}

// The periodic scene run by the real binary (once per test process): its run.h5.
const std::string& periodicBed() {
  static const std::string bed = runOfScene("regolith_periodic_source_", smallPeriodicScene());
  return bed;
}

// A scene of the periodic bed's grains, taken by a bed source with `tile`.
Json tiledScene(const Json& tile) {
  Json s = smallPeriodicScene();
  s.erase("domain");
  s["sources"] = Json::array({{{"kind", "bed"}, {"file", periodicBed()}, {"tile", tile}}});
  return s;
}

TEST(BedSourceOps, APeriodicBedTilesByItsOwnPeriod) {
  const RunFileReader run(periodicBed());
  ASSERT_TRUE(run.header().meta.domain.has_value());
  // `regolith info` says what the run file keeps of the domain.
  const std::string infoLog = periodicBed() + ".info.log";
  ASSERT_EQ(runToEnd({REGOLITH_BINARY, "info", periodicBed()}, infoLog), 0);
  EXPECT_NE(readText(infoLog).find("domain: [0, 0, 0] to [0.012, 0.012, 0.05] m, periodic along x, y"),
            std::string::npos)
      << readText(infoLog);
  const FrameData f = run.frame(run.frameCount() - 1);
  std::vector<std::size_t> stored;  // the grains (a body would have no template)
  for (std::size_t o = 0; o < f.state.ownerCount(); ++o)
    if (f.ownerTemplate[o] >= 0) stored.push_back(o);
  const std::size_t n = stored.size();
  ASSERT_EQ(n, 32u);

  // No period given: the bed's own, 12 mm; copy i + 3 j is the bed moved by (i, j) periods.
  const Scene tiled = parse(tiledScene({{"x", 3}, {"y", 2}}).dump());
  std::vector<std::size_t> grains;
  for (std::size_t o = 0; o < tiled.ownerTemplate.size(); ++o)
    if (tiled.ownerTemplate[o] >= 0) grains.push_back(o);
  ASSERT_EQ(grains.size(), 6 * n);
  for (std::size_t copy = 0; copy < 6; ++copy)
    for (std::size_t k = 0; k < n; ++k) {
      const Vec3d expected = Vec3d(f.state.ownerPosition[stored[k]]) +
                             Vec3d(double(copy % 3) * kPeriod, double(copy / 3) * kPeriod, 0);
      const Vec3d got(tiled.initial.ownerPosition[grains[copy * n + k]]);
      EXPECT_NEAR(got.x, expected.x, 1e-15);
      EXPECT_NEAR(got.y, expected.y, 1e-15);
      EXPECT_EQ(got.z, expected.z);
    }

  // The same period given explicitly is the same tiling; another period is checked for
  // overlapping copies as any bed's (a shorter one presses the seam's grains together).
  EXPECT_EQ(parse(tiledScene({{"x", 3}, {"y", 2}, {"period", {kPeriod, kPeriod}}}).dump()).initial.ownerCount(),
            tiled.initial.ownerCount());
  expectProblem(problemsOf(tiledScene({{"x", 2}, {"period", {0.0105, kPeriod}}})), "/sources/0/tile",
                "copies overlapping", "a longer period");
}

}  // namespace
}  // namespace regolith
