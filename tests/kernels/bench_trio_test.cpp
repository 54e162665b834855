// The clump bed of `regolith bench settle|dense --template trio` (bench/settle_scene.h,
// issue 46): its clump is data/clumps/trio_irregular_1mm.json at five times its size, its
// lattice starts every clump clear of the others, and the bench reports its rates per clump
// and per sphere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "bench/bench_runner.h"
#include "bench/settle_scene.h"

namespace regolith {
namespace {

TEST(BenchScene, TrioIsTheClumpFileAtFiveTimesItsSize) {
  std::ifstream in(std::string(REGOLITH_SOURCE_DIR) + "/data/clumps/trio_irregular_1mm.json");
  const nlohmann::json file = nlohmann::json::parse(in);
  const ClumpTemplate t = benchTrioTemplate();
  const auto& spheres = file.at("spheres");
  ASSERT_EQ(t.radii.size(), spheres.size());
  for (std::size_t i = 0; i < spheres.size(); ++i) {
    EXPECT_DOUBLE_EQ(t.radii[i], 5 * spheres[i].at("radius").get<double>());
    for (std::size_t j = 0; j < i; ++j) {
      // Centre distances are the file's times 5 whatever the template's origin and axes
      // (its offsets are from the centre of mass, in the principal frame).
      double file2 = 0;
      for (int a = 0; a < 3; ++a) {
        const double d = spheres[i]["offset"][a].get<double>() - spheres[j]["offset"][a].get<double>();
        file2 += d * d;
      }
      EXPECT_NEAR(norm(t.offsets[i] - t.offsets[j]), 5 * std::sqrt(file2), 1e-12) << i << ", " << j;
    }
  }
}

TEST(BenchScene, ATrioBedStartsWithEveryClumpClearOfTheOthers) {
  const SettleScene s = makeSettleScene(200, 12345, "trio");
  ASSERT_EQ(s.state.ownerCount(), 200u);
  ASSERT_EQ(s.state.sphereCount(), 600u);
  // Sphere surfaces of different clumps apart (the lattice pitch is 1.05 bounding diameters).
  const StateArrays& a = s.state;
  std::vector<Vec3d> centre(a.sphereCount());
  for (std::size_t i = 0; i < a.sphereCount(); ++i) {
    const std::size_t o = std::size_t(a.sphereOwner[i]);
    centre[i] = a.ownerPosition[o] + Vec3d(rotate(a.ownerOrientation[o], a.sphereOffset[i]));
  }
  double closest = 1e9;
  for (std::size_t i = 0; i < a.sphereCount(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      if (a.sphereOwner[i] == a.sphereOwner[j]) continue;
      closest = std::min(closest, norm(centre[i] - centre[j]) - a.sphereRadius[i] - a.sphereRadius[j]);
    }
  EXPECT_GT(closest, 0.0);
  // Each clump turned its own way: 200 distinct orientations.
  std::set<double> turns;
  for (const Quat& q : s.state.ownerOrientation) turns.insert(q.w);
  EXPECT_EQ(turns.size(), 200u);
  EXPECT_THROW(makeSettleScene(10, 1, "pebble"), std::invalid_argument);
}

TEST(BenchRun, ATrioDenseBenchReportsRatesPerClumpAndPerSphere) {
  BenchOptions o;
  o.particles = 125;
  o.steps = 20;
  o.threads = 1;
  o.maxSettleSteps = 20000;  // 0.2 s: the 5 layers have fallen and touch
  o.grain = "trio";
  const BenchResult r = runDenseBench(o);
  EXPECT_EQ(r.grain, "trio");
  EXPECT_EQ(r.particles, 125u);
  EXPECT_EQ(r.spheres, 375u);
  EXPECT_NEAR(r.sphereStepsPerSecond / r.particleStepsPerSecond, 3.0, 1e-12);
  EXPECT_GT(r.contacts, 100u);    // a bed: clumps resting on clumps (125 of them)
  EXPECT_GT(r.wallContacts, 0u);  // and on the floor
  EXPECT_NE(benchText(r).find("clump-steps/s"), std::string::npos) << benchText(r);
  EXPECT_NE(benchJson(r).find("\"sphere_steps_per_s\""), std::string::npos);
}

}  // namespace
}  // namespace regolith
