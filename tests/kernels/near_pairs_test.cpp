// The near pairs (kernels/detection/near_pairs.cpp): the pair pass visits only the candidates within
// a reach well inside the list margin, and marks them again before the spheres could have
// closed that reach. The claim is exact: the results are the bits of a visit to every
// candidate. The sync mode builds a new list every step, so its near pairs are marked
// afresh every step from the positions of that step: it is the reference the runs below
// must equal bit for bit, while a verlet run keeps its near pairs for many steps.
#include <gtest/gtest.h>

#include <algorithm>

#include "bench/settle_scene.h"
#include "core/clump_template.h"
#include "core/motion_rule.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_support.h"

namespace regolith {
namespace {

using test::material;
using test::modelWith;

// One scene run twice, in sync (the reference) and verlet mode, stepped side by side and
// compared bit for bit after every stride; `touched` is the most touching pairs seen.
struct SyncAndVerlet {
  Simulation sync, verlet;
  std::size_t touched = 0;

  static Model inMode(Model m, StreamMode mode) {
    m.streams.mode = mode;
    return m;
  }
  SyncAndVerlet(const Model& m, const StateArrays& s)
      : sync(inMode(m, StreamMode::Sync), s), verlet(inMode(m, StreamMode::Verlet), s) {}

  void step(int strides, std::uint64_t stride) {
    for (int k = 0; k < strides; ++k) {
      sync.step(stride);
      verlet.step(stride);
      test::expectIdenticalOwnerStates(sync.state(), verlet.state());
      touched = std::max(touched, sync.touchingPairs());
    }
  }
};

// The grains of the two small scenes: r = 5 mm, in zero gravity, dt = 1e-5 s, a 2 mm list
// margin (the benchmark's).
constexpr double kGrainRadius = 0.005;
Model zeroGravityGrains() {
  Model model = modelWith({material("grain", 1e8, 0.3, 2600, 0.4, 0.5)}, 1e-5);
  model.margin = 0.002;
  return model;
}
ClumpTemplate grainTemplate(const Model& m) { return sphereTemplate("grain", kGrainRadius, 0, m.materials[0].density); }

// A bed of 1,500 grains falling onto the floor, its lowest layers landing: speeds from 0 to
// about 1 m/s, so the near reach is sized anew from each pace and marked over and over.
TEST(NearPairs, AVerletRunThroughImpactHasTheSyncRunsBits) {
  const SettleScene scene = makeSettleScene(1500, 5);
  SyncAndVerlet runs(scene.model, scene.state);
  runs.step(4, 500);
  const Simulation& b = runs.verlet;
  EXPECT_GT(runs.sync.touchingPairs(), 300u) << "the bed must be in contact";
  // The verlet run kept each list for many steps and marked its near pairs between builds
  // (measured: 2000 steps, 5 builds, 71 markings), and at the end its near pairs were 42 %
  // of the candidates (1,947 of 4,687, for 560 touching): the runs compared above really
  // left candidates unvisited.
  const StreamStats st = b.streamStats();
  EXPECT_LT(st.builds, 100u);
  EXPECT_GT(b.nearPairs().marks, 3 * st.builds);
  EXPECT_LT(b.nearPairs().pairs, b.candidateContacts());
}

// A 5 x 5 raft of grains at rest in zero gravity, 0.5 mm apart, and a projectile held
// 0.5 mm above its centre grain: every gap is inside the 2 mm list margin (the pairs are
// candidates) and far outside the near reach of a bed at rest (1/64 of the margin), so no
// pair is near. Then the projectile is fired at 5 m/s (50 um a step) and touches ten steps
// later, before the verlet list is rebuilt (at 1 mm of travel) or the near pairs would be
// marked again for their age (64 steps): only the slack its steps spend can bring the pair
// in. The sync run, which marks every step, must agree bit for bit at every step.
TEST(NearPairs, AProjectileFiredFromBeyondTheNearReachIsNotMissed) {
  const double R = kGrainRadius, gap = 0.0005;
  Model model = zeroGravityGrains();
  WorldBuilder w;
  const ClumpTemplate ball = grainTemplate(model);
  for (int iy = 0; iy < 5; ++iy)
    for (int ix = 0; ix < 5; ++ix) w.addClump(ball, Vec3d((2 * R + gap) * ix, (2 * R + gap) * iy, 0));
  const Vec3d centre((2 * R + gap) * 2, (2 * R + gap) * 2, 0);
  w.addClump(ball, centre + Vec3d(0, 0, 2 * R + gap), Quat(), Vec3d(), Vec3d(), 1);
  MotionPhase held, fired;
  for (DofRule& d : held.dof) d = DofRule::fixed();
  fired = held;
  fired.start = 100 * model.timeStep;
  fired.dof[2] = DofRule::constant(-5);  // vz [m/s]
  model.families = {FamilyMotion{}, FamilyMotion{{held, fired}}};

  SyncAndVerlet runs(model, w.state());
  runs.step(1, 99);
  ASSERT_EQ(runs.verlet.nearPairs().pairs, 0u) << "nothing may be near before the projectile moves";
  ASSERT_GT(runs.verlet.candidateContacts(), 0u);
  runs.step(18, 1);  // 0.9 mm of travel: contact from the tenth step
  EXPECT_GT(runs.touched, 0u) << "the projectile must reach the raft";
  EXPECT_EQ(runs.verlet.streamStats().builds, 1u) << "the verlet list must not be rebuilt during the approach";
}

// Pairs of grains in zero gravity closing on each other at 0.05 m/s each, from 1.50 to
// 1.595 mm apart (20 pairs, 5 um apart in their gaps, in rows too far apart to interact):
// the near reach is sized from their pace (64 steps of 0.5 um: 32 um) and the near pairs
// are marked every 30 steps or so while each gap closes by 1 um a step, each grain's step
// counting twice against the slack since both move. A slack spent by one step per step
// instead lets a gap close by twice the reach between markings, and a pair of the rows
// whose gap then lies between the two starts its contact unseen (checked: it fails).
// 1,700 steps: the grains meet after 1,500 to 1,600, before the verlet list is rebuilt
// (at 1 mm of travel each); the sync run must agree bit for bit throughout.
TEST(NearPairs, GrainsClosingOnEachOtherAreNotMissed) {
  const double R = kGrainRadius, v = 0.05;
  const Model model = zeroGravityGrains();
  WorldBuilder w;
  const ClumpTemplate ball = grainTemplate(model);
  const int rows = 20;
  for (int k = 0; k < rows; ++k) {
    const double gap = 0.0015 + 5e-6 * k, y = 3 * R * k;  // rows 5 mm apart: beyond the margin
    w.addClump(ball, Vec3d(0, y, 0), Quat(), Vec3d(v, 0, 0));
    w.addClump(ball, Vec3d(2 * R + gap, y, 0), Quat(), Vec3d(-v, 0, 0));
  }
  SyncAndVerlet runs(model, w.state());
  runs.step(170, 10);
  EXPECT_GE(runs.touched, std::size_t(rows) / 2) << "the grains must meet";
  EXPECT_EQ(runs.verlet.streamStats().builds, 1u) << "the verlet list must not be rebuilt during the approach";
  EXPECT_GT(runs.verlet.nearPairs().marks, 20u);
}

}  // namespace
}  // namespace regolith
