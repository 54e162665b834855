// Determinism with periodic boundaries (docs/periodic.md): the wrap is a per-owner pass in
// a fixed place of the step and the seam adds key ranges in a fixed order, so a periodic
// run keeps every promise a walled one makes, to the last bit: the same states for one
// and two threads, the async stream mode equal to sync, and a run saved and resumed equal
// to one that never stopped (image counts included). The scene: the benchmark's lattice of
// 1500 spheres with periodic sides (bench/settle_scene.h), falling onto its floor.
#include <gtest/gtest.h>

#include <string>

#include "bench/settle_scene.h"
#include "core/simulation.h"
#include "tests/support/checkpoint_round_trip.h"
#include "tests/support/state_compare.h"
#include "tests/support/sync_async.h"

namespace regolith {
namespace {

// The lattice drifting sideways at (0.5, 0.3) m/s besides its random velocities, so that a
// tenth of its grains cross a seam within 20 ms (its 126 mm wide box).
SettleScene periodicLattice() {
  SettleScene scene = makeSettleScene(1500, 99);
  makeSidesPeriodic(scene, "xy");
  for (Vec3& v : scene.state.ownerVelocity) v += Vec3(Real(0.5), Real(0.3), Real(0));
  return scene;
}

// How many owners have crossed the seam (a nonzero image count).
std::size_t crossed(const StateArrays& s) {
  std::size_t n = 0;
  for (const Vec3i& k : s.ownerImage) n += isZero(k) ? 0 : 1;
  return n;
}

StateArrays runPeriodic(int threads) {
  setThreadCount(threads);
  const SettleScene scene = periodicLattice();
  Simulation sim(scene.model, scene.state);
  sim.step(4000);  // through impact on the floor: many contacts, grains across the seam
  EXPECT_GT(sim.touchingContacts(), 500u);
  EXPECT_GT(crossed(sim.state()), 10u) << "grains must have crossed the seam";
  return sim.state();
}

TEST(Determinism, PeriodicOneAndTwoThreadsAreBitIdentical) {
  if (backendName() != "cpu-omp") GTEST_SKIP() << "thread count applies to the CPU build only";
  const int before = threadCount();
  const StateArrays one = runPeriodic(1);
  const StateArrays two = runPeriodic(2);
  setThreadCount(before);
  test::expectIdenticalOwnerStates(one, two);
}

// The async mode adopts the kinematic stream's lists, built from snapshots that were
// wrapped with the owners; its results must be sync's bit for bit (as DualStream's
// MatchesSyncReference for walled scenes).
TEST(Determinism, PeriodicAsyncEqualsSync) {
  const SettleScene scene = periodicLattice();
  const test::SyncAndAsync models = test::syncAndAsync(scene.model);
  Simulation a(models.sync, scene.state), b(models.async, scene.state);
  test::expectTheSameBitsChunkByChunk(a, b, 4, 500);
  // By 2,000 steps the lowest layers have landed (425 contacts measured) and grains have
  // crossed the seams: far from a free fall, where async = sync would be trivial.
  EXPECT_GT(a.touchingContacts(), 300u);
  EXPECT_GT(crossed(a.state()), 10u);
  EXPECT_GT(b.streamStats().adopted, 100u) << "the async run must actually have adopted kinematic lists";
}

// Saved at step 2000 (grains across the seam, contacts with shear history), written to a
// checkpoint file and read back, resumed for 2000 steps: the states of a run that never
// stopped, image counts and all.
TEST(Determinism, PeriodicRunResumesBitForBit) {
  const SettleScene scene = periodicLattice();
  Simulation reference(scene.model, scene.state);
  reference.step(4000);

  Simulation first(scene.model, scene.state);
  first.step(2000);
  ASSERT_GT(crossed(first.state()), 10u);
  Simulation resumed(scene.model, scene.state);
  resumed.restoreState(test::throughCheckpointFile(first.saveState(), "regolith_periodic_checkpoint.h5"));
  resumed.step(2000);
  test::expectIdenticalOwnerStates(resumed.state(), reference.state());
  EXPECT_GT(crossed(reference.state()), 10u);
}

}  // namespace
}  // namespace regolith
