// Determinism: the same scene gives bit-identical states when run twice, and (CPU build)
// with 1 and with 2 OpenMP threads. Force reduction is a gather in a fixed order and every
// other reduction is exact (max, integer sums), so this must hold to the last bit.
#include <gtest/gtest.h>

#include "bench/settle_scene.h"
#include "core/simulation.h"
#include "tests/support/state_compare.h"

namespace regolith {
namespace {

StateArrays runSettle(int threads) {
  setThreadCount(threads);
  SettleScene scene = makeSettleScene(1500, 99);
  Simulation sim(scene.model, scene.state);
  sim.step(6000);  // through impact on the floor: many contacts, several rebuilds
  EXPECT_GT(sim.streamStats().builds, 2u);
  EXPECT_GT(sim.touchingContacts(), 500u);
  return sim.state();
}

TEST(Determinism, TwoRunsAreBitIdentical) {
  const int threads = threadCount();
  test::expectIdenticalOwnerStates(runSettle(threads), runSettle(threads));
}

TEST(Determinism, OneAndTwoThreadsAreBitIdentical) {
  if (backendName() != "cpu-omp") GTEST_SKIP() << "thread count applies to the CPU build only";
  const int before = threadCount();
  const StateArrays one = runSettle(1);
  const StateArrays two = runSettle(2);
  setThreadCount(before);
  test::expectIdenticalOwnerStates(one, two);
}

}  // namespace
}  // namespace regolith
