// Determinism: the same scene gives bit-identical states when run twice, and (CPU build)
// with 1 and with 2 OpenMP threads. Force reduction is a gather in a fixed order and every
// other reduction is exact (max, integer sums), so this must hold to the last bit.
#include <gtest/gtest.h>

#include <cstring>

#include "bench/settle_scene.h"
#include "core/simulation.h"

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

template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

void expectIdentical(const StateArrays& a, const StateArrays& b) {
  EXPECT_TRUE(sameBits(a.ownerPosition, b.ownerPosition));
  EXPECT_TRUE(sameBits(a.ownerOrientation, b.ownerOrientation));
  EXPECT_TRUE(sameBits(a.ownerVelocity, b.ownerVelocity));
  EXPECT_TRUE(sameBits(a.ownerAngularVelocity, b.ownerAngularVelocity));
  EXPECT_TRUE(sameBits(a.ownerForce, b.ownerForce));
  EXPECT_TRUE(sameBits(a.ownerTorque, b.ownerTorque));
}

TEST(Determinism, TwoRunsAreBitIdentical) {
  const int threads = threadCount();
  expectIdentical(runSettle(threads), runSettle(threads));
}

TEST(Determinism, OneAndTwoThreadsAreBitIdentical) {
  if (backendName() != "cpu-omp") GTEST_SKIP() << "thread count applies to the CPU build only";
  const int before = threadCount();
  const StateArrays one = runSettle(1);
  const StateArrays two = runSettle(2);
  setThreadCount(before);
  expectIdentical(one, two);
}

}  // namespace
}  // namespace regolith
