// Clumps of more than kClumpChunk spheres are placed and summed a chunk a thread
// (kernels/integration/clump_chunks.h, issue 25 hazard 2): a raft of 144 spheres (three chunks)
// resting on a plane carries its weight through every chunk's contacts, and a raft of 100
// (two chunks) tumbling with grains in the drum gives the same run bit for bit in every
// stream mode.
#include <gtest/gtest.h>

#include <cmath>

#include "core/clump_template.h"
#include "core/simulation.h"
#include "core/world_builder.h"
#include "tests/support/drum_scene.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_support.h"

namespace regolith {
namespace {

// n x n spheres of radius r touching in a square in the template's xy plane. Its principal
// axes are the template's (the square is symmetric); moments of the point masses plus each
// sphere's own 2/5 m r^2.
ClumpTemplate raft(double r, int n, double density) {
  ClumpTemplate t;
  t.name = "raft";
  const double m1 = test::sphereMass(r, density);
  double ixx = 0, iyy = 0, izz = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const Vec3d x((i - 0.5 * (n - 1)) * 2 * r, (j - 0.5 * (n - 1)) * 2 * r, 0);
      t.offsets.push_back(x);
      t.radii.push_back(r);
      t.materials.push_back(0);
      const double own = 0.4 * m1 * r * r;
      ixx += m1 * x.y * x.y + own;
      iyy += m1 * x.x * x.x + own;
      izz += m1 * (x.x * x.x + x.y * x.y) + own;
    }
  t.mass = m1 * n * n;
  t.principalInertia = Vec3d(ixx, iyy, izz);
  return t;
}

TEST(LargeClump, RaftOnAPlaneCarriesItsWeightThroughEveryChunk) {
  const double r = 0.002, rho = 2600, g = 9.81;
  Model model = test::modelWith({test::material("grain", 1e7, 0.3, rho, 0.3, 0.5)}, 2e-5, Vec3(0, 0, Real(-g)));
  model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 0)};
  WorldBuilder w;
  const ClumpTemplate t = raft(r, 12, rho);
  w.addClump(t, Vec3d(0, 0, 1.02 * r));
  Simulation sim(model, w.take());
  sim.step(10000);  // 0.2 s: dropped 40 um, the bounce damped out
  const StateArrays s = sim.state();
  // At rest the plane carries the weight: every one of the 144 spheres touches it, so a
  // chunk whose contacts were left out would take away a third or more. The residual
  // vibration of the Hertzian contacts (e = 0.3, period ~0.1 ms) after 0.2 s is far below
  // 0.1 % of the weight.
  EXPECT_NEAR(double(s.ownerForce[0].z), t.mass * g, 1e-3 * t.mass * g);
  EXPECT_NEAR(double(s.ownerForce[0].x), 0, 1e-6 * t.mass * g);
  EXPECT_NEAR(s.ownerPosition[0].z, r, 0.02 * r) << "resting on the plane with a small overlap";
  EXPECT_EQ(sim.touchingWalls(), 144u) << "every sphere, in every chunk, placed on the plane";
}

TEST(LargeClump, RaftTumblingWithGrainsGivesTheSameRunInEveryMode) {
  auto scene = [](StreamMode mode) {
    test::DrumScene d = test::drumScene();
    d.model.streams.mode = mode;
    WorldBuilder w(std::move(d.state));
    w.addClump(raft(0.0015, 10, 2600), Vec3d(0, 0, 0.0));  // just above the grains, inside the drum
    d.state = w.take();
    return d;
  };
  const test::DrumScene ref = scene(StreamMode::Sync);
  Simulation reference(ref.model, ref.state);
  reference.step(4000);  // 0.08 s: the raft falls onto the grains
  const StateArrays after = reference.state();
  ASSERT_GT(std::abs(double(after.ownerForce.back().z)), 0.0) << "the raft must be in contact";
  for (StreamMode mode : {StreamMode::Async, StreamMode::Verlet}) {
    SCOPED_TRACE(streamModeName(mode));
    const test::DrumScene d = scene(mode);
    Simulation sim(d.model, d.state);
    sim.step(4000);
    test::expectIdenticalOwnerStates(sim.state(), after);
  }
}

}  // namespace
}  // namespace regolith
