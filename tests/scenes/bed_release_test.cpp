// Beds (release): rain released at a rate or layer by layer, each batch carried down to the
// region by its own family and handed to the source's family when it gets there.
#include <cmath>

#include "core/simulation.h"
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

// 100 spheres released in batches of 20 at 2000 particles/s (one batch every 0.01 s)
// from a 10 mm slab, with nothing below: the batches fall freely once released.
Json releaseScene(const Json& release) {
  Json s = smokeScene();
  s.erase("bodies");
  s.erase("families");
  s.erase("phases");
  s["end_time"] = 0.1;
  s["sources"] = Json::array({{{"kind", "rain"},
                               {"template", "fine"},
                               {"count", 100},
                               {"release", release},
                               {"lo", {0, 0, 0.05}},
                               {"hi", {0.04, 0.04, 0.06}}}});
  return s;
}

TEST(Beds, RainIsReleasedInBatchesAtTheRate) {
  const Scene scene = parse(releaseScene({{"rate", 2000}, {"batch", 20}}).dump());
  const StateArrays& s0 = scene.initial;
  ASSERT_EQ(s0.ownerCount(), 100u);
  const double h = 0.01, interval = 0.01, v = h / interval;
  // Four switches, batch k at t = k interval, each to the source's family (free).
  ASSERT_EQ(scene.model.familySwitches.size(), 4u);
  for (std::size_t k = 1; k <= 4; ++k) {
    EXPECT_NEAR(scene.model.familySwitches[k - 1].time, double(k) * interval, 1e-15);
    EXPECT_EQ(scene.model.familySwitches[k - 1].to, 0);
  }
  // Batch k starts k slab heights above the region.
  for (std::size_t o = 0; o < 100; ++o) {
    const double k = double(o / 20);
    EXPECT_GE(s0.ownerPosition[o].z, 0.05 + k * h);
    EXPECT_LE(s0.ownerPosition[o].z, 0.06 + k * h);
  }

  Simulation sim(scene.model, scene.initial);
  const auto stepTo = [&](double t) { sim.step(stepsFor(t, scene.model.timeStep) - sim.stepCount()); };
  // At 0.025 s batches 3 and 4 are still carried: straight down at v, nothing else.
  stepTo(0.025);
  StateArrays s = sim.state();
  for (std::size_t o = 60; o < 100; ++o) {
    EXPECT_NEAR(s.ownerPosition[o].z, s0.ownerPosition[o].z - v * sim.time(), 1e-9);
    EXPECT_EQ(s.ownerPosition[o].x, s0.ownerPosition[o].x);
    EXPECT_NEAR(s.ownerVelocity[o].z, -v, 1e-6);
  }
  // Batch 0 has fallen freely since t = 0 from v downwards: z0 - v t - g t^2 / 2 (Verlet
  // is exact for constant acceleration, to rounding).
  const double g = 9.81, t = sim.time();
  for (std::size_t o = 0; o < 20; ++o)
    EXPECT_NEAR(s.ownerPosition[o].z, s0.ownerPosition[o].z - v * t - 0.5 * g * t * t, 1e-6);
  // At 0.03 s batch 3 has reached the region and is released: from then it falls faster
  // than the conveyor carried it.
  stepTo(0.03);
  s = sim.state();
  for (std::size_t o = 60; o < 80; ++o) {
    EXPECT_GE(s.ownerPosition[o].z, 0.05 - 1e-6);
    EXPECT_LE(s.ownerPosition[o].z, 0.06 + 1e-6);
  }
  stepTo(0.04);
  s = sim.state();
  const double fall = 0.5 * g * 0.01 * 0.01;  // 0.49 mm beyond the conveyor in 0.01 s
  for (std::size_t o = 60; o < 80; ++o)
    EXPECT_NEAR(s.ownerPosition[o].z, s0.ownerPosition[o].z - v * 0.04 - fall, 2e-5);
  for (std::size_t o = 80; o < 100; ++o)  // batch 4, released now, not yet falling freely
    EXPECT_NEAR(s.ownerPosition[o].z, s0.ownerPosition[o].z - v * 0.04, 2e-5);
}

TEST(Beds, LayersAreReleasedAtTheirInterval) {
  const Scene scene = parse(releaseScene({{"layers", 4}, {"interval", 0.02}}).dump());
  ASSERT_EQ(scene.model.familySwitches.size(), 3u);  // layers of 25, the first free at once
  for (std::size_t k = 1; k <= 3; ++k) EXPECT_NEAR(scene.model.familySwitches[k - 1].time, 0.02 * double(k), 1e-15);
  for (std::size_t o = 0; o < 100; ++o) EXPECT_GE(scene.initial.ownerPosition[o].z, 0.05 + 0.01 * double(o / 25));
}

TEST(Beds, ReleaseMistakesAreRefusedAtTheirPointers) {
  expectProblem(problemsOf(releaseScene({{"rate", 100}, {"layers", 2}})), "/sources/0/release", "both", "exactly one");
  // 5 batches of 20 at 50 particles/s: the last at 1.6 s, after the end (0.1 s).
  expectProblem(problemsOf(releaseScene({{"rate", 50}, {"batch", 20}})), "/sources/0/release", "released at t = 1.6 s",
                "before the end time");
  Json withVelocity = releaseScene({{"rate", 2000}, {"batch", 20}});
  withVelocity["sources"][0]["velocity"] = {0, 0, -1};
  expectProblem(problemsOf(withVelocity), "/sources/0/velocity", "", "conveyor speed");
  Json withSpin = releaseScene({{"rate", 2000}, {"batch", 20}});
  withSpin["sources"][0]["angular_velocity"] = {0, 50, 0};
  expectProblem(problemsOf(withSpin), "/sources/0/angular_velocity", "", "conveyor speed");
}

TEST(Beds, SourcesStartParticlesWithTheirAngularVelocity) {
  // A lattice and a rain source each give every particle its world-frame spin (the set-up
  // of spin-impact tests), and velocity alongside.
  Json s = releaseScene({{"rate", 2000}, {"batch", 20}});
  s["sources"] = Json::array({{{"kind", "lattice"},
                               {"template", "pair"},
                               {"lo", {0, 0, 0.05}},
                               {"hi", {0.02, 0.02, 0.06}},
                               {"spacing", 0.005},
                               {"angular_velocity", {0, 40, 0}},
                               {"velocity", {0, 0, -1}}},
                              {{"kind", "rain"},
                               {"template", "fine"},
                               {"count", 10},
                               {"lo", {0.03, 0, 0.05}},
                               {"hi", {0.06, 0.03, 0.06}},
                               {"angular_velocity", {-7, 0, 3}}}});
  const Scene scene = parse(s.dump());
  const StateArrays& st = scene.initial;
  ASSERT_GT(st.ownerCount(), 10u);
  const std::size_t lattice = st.ownerCount() - 10;
  for (std::size_t o = 0; o < st.ownerCount(); ++o) {
    const Vec3 w = st.ownerAngularVelocity[o];
    const Vec3 expected = o < lattice ? Vec3(0, 40, 0) : Vec3(-7, 0, 3);
    EXPECT_EQ(w.x, expected.x);
    EXPECT_EQ(w.y, expected.y);
    EXPECT_EQ(w.z, expected.z);
  }
  EXPECT_EQ(st.ownerVelocity[0].z, -1);
}

}  // namespace
}  // namespace regolith
