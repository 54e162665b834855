// Determinism: the same scene gives bit-identical states when run twice, and (CPU build)
// with 1 and with 2 OpenMP threads. Force reduction is a gather in a fixed order and every
// other reduction is exact (max, integer sums), so this must hold to the last bit. And a
// different numbering of the same particles agrees to round-off.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/particle_order.h"
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

// Numbering the same particles differently changes only the order in which each sphere's
// contact forces are summed, so the runs agree to round-off: what an engine that reorders
// its particles (issue 25) may promise, and what bench --order relies on to compare speeds.
// A bed past impact (grains up to 0.4 m/s, over 500 contacts), once as numbered and once
// shuffled, 1000 steps. Measured (CPU build): 2.4e-12 m/s of velocity and 2.7e-15 m of
// position apart at most, grown from 6e-17 m/s after 10 steps and 2e-14 m/s after 100
// (the contacts amplify round-off). The bounds, 1e-9 of the largest speed and
// 1e-12 m, leave a factor of 200 to 400 for growth under another compiler's round-off,
// and are far below what a real difference makes: a contact missed or added for one step
// changes a grain's velocity by about 1e-3 m/s.
TEST(Determinism, ANumberingChangesTheRunOnlyByRoundOff) {
  const SettleScene scene = makeSettleScene(1500, 99);
  Simulation settling(scene.model, scene.state);
  settling.step(6000);  // past impact: a bed in contact
  const StateArrays start = settling.state();
  std::vector<Index> newToOld(start.ownerCount());
  std::iota(newToOld.begin(), newToOld.end(), Index(0));
  std::shuffle(newToOld.begin(), newToOld.end(), std::mt19937(7));

  Simulation a(scene.model, start);
  Simulation b(scene.model, withOwnersPermuted(start, newToOld));
  ASSERT_EQ(a.touchingContacts(), b.touchingContacts());
  ASSERT_GT(a.touchingContacts(), 500u);
  a.step(1000);
  b.step(1000);
  const StateArrays sa = a.state(), sb = b.state();
  double dx = 0, dv = 0, vmax = 0;
  for (std::size_t k = 0; k < newToOld.size(); ++k) {
    const std::size_t o = std::size_t(newToOld[k]);
    dx = std::max(dx, norm(sa.ownerPosition[o] - sb.ownerPosition[k]));
    dv = std::max(dv, double(norm(sa.ownerVelocity[o] - sb.ownerVelocity[k])));
    vmax = std::max(vmax, double(norm(sa.ownerVelocity[o])));
  }
  EXPECT_GT(vmax, 0.1) << "the bed should still be moving";
  EXPECT_LE(dv, 1e-9 * vmax);
  EXPECT_LE(dx, 1e-12);
  std::cout << "[          ] 1000 steps apart: " << dx << " m, " << dv << " m/s (largest speed " << vmax << " m/s)\n";
}

// The same spheres behind a body without spheres (owner 0, far from the box: it touches
// nothing), so every sphere's owner index is one more than its own: the general contact path.
StateArrays behindASpherelessOwner(StateArrays state) {
  const auto prepend = [](auto& v, auto value) { v.insert(v.begin(), value); };
  prepend(state.ownerPosition, Vec3d(10, 10, 10));
  prepend(state.ownerOrientation, Quat());
  prepend(state.ownerVelocity, Vec3());
  prepend(state.ownerAngularVelocity, Vec3());
  prepend(state.ownerMass, Real(1));
  prepend(state.ownerInertia, Vec3(1, 1, 1));
  prepend(state.ownerForce, Vec3());
  prepend(state.ownerTorque, Vec3());
  if (!state.ownerFamily.empty()) prepend(state.ownerFamily, Index(0));
  prepend(state.ownerSphereBegin, Index(0));
  for (Index& o : state.sphereOwner) ++o;
  return state;
}

// The contact kernels take a shorter path when every sphere is its owner's only sphere,
// at its centre (DeviceState::sphereIsOwner: a bed of lone spheres): they read neither
// sphereOwner nor ownerPosition, and use the centre offset (+0, +0, +0) the general path
// computes as x - x. The same bed behind a body without spheres (owner 0; every sphere's
// owner index then is one more than its own) takes the general path, and the grains must
// come out bit for bit alike.
TEST(Determinism, TheLoneSpherePathGivesTheGeneralPathsBits) {
  const SettleScene scene = makeSettleScene(1500, 99);
  const StateArrays shifted = behindASpherelessOwner(scene.state);

  Simulation lone(scene.model, scene.state);
  Simulation general(scene.model, shifted);
  lone.step(4000);  // through impact: contacts with history, rebuilds
  general.step(4000);
  ASSERT_GT(lone.touchingContacts(), 500u);
  StateArrays a = lone.state(), b = general.state();
  for (auto* v : {&b.ownerForce, &b.ownerTorque, &b.ownerVelocity, &b.ownerAngularVelocity}) v->erase(v->begin());
  b.ownerPosition.erase(b.ownerPosition.begin());
  b.ownerOrientation.erase(b.ownerOrientation.begin());
  test::expectIdenticalOwnerStates(a, b);
}

// The CPU evaluates sphere-sphere contacts in lanes of vector instructions (kernels/stages.h,
// cpuVectorLevel); each lane does what a CUDA thread does, one contact at a time, with the
// same IEEE operations, so every level must give the scalar loop's bits. Two beds through
// impact (over 500 contacts, so lanes fill and the vector body runs, not only its tail):
// the lone-sphere bed of the benchmark, and the same grains behind an owner without spheres
// (the general path) in two materials, one with rolling resistance (per-lane parameters,
// the rolling torque's select).
TEST(Determinism, EveryCpuVectorLevelGivesTheScalarLoopsBits) {
  if (backendName() != "cpu-omp") GTEST_SKIP() << "vector levels apply to the CPU build only";
  const std::string before = cpuVectorLevel();
  SettleScene scene = makeSettleScene(1500, 99);
  SettleScene mixed = scene;
  Material rolling = mixed.model.materials.at(0);
  rolling.name = "rolling";
  rolling.rollingResistance = 0.1;
  mixed.model.materials.push_back(rolling);
  for (std::size_t s = 0; s < mixed.state.sphereMaterial.size(); s += 2) mixed.state.sphereMaterial[s] = 1;
  mixed.state = behindASpherelessOwner(mixed.state);

  const auto run = [](const SettleScene& sc, const std::string& level) {
    setCpuVectorLevel(level);
    Simulation sim(sc.model, sc.state);
    sim.step(3000);  // through impact
    EXPECT_GT(sim.touchingContacts(), 500u) << level;
    return sim.state();
  };
  const StateArrays lone = run(scene, "scalar"), general = run(mixed, "scalar");
  std::vector<std::string> levels = cpuVectorLevels();
  ASSERT_GE(levels.size(), 2u) << "scalar and baseline run everywhere";
  for (const std::string& level : levels) {
    if (level == "scalar") continue;
    SCOPED_TRACE(level);
    test::expectIdenticalOwnerStates(lone, run(scene, level));
    test::expectIdenticalOwnerStates(general, run(mixed, level));
  }
  setCpuVectorLevel(before);
  std::cout << "[          ] levels run here:";
  for (const std::string& level : levels) std::cout << ' ' << level;
  std::cout << '\n';
}

TEST(Determinism, AnUnknownOrUnrunnableCpuVectorLevelIsRefused) {
  if (backendName() != "cpu-omp") GTEST_SKIP() << "vector levels apply to the CPU build only";
  const std::string before = cpuVectorLevel();
  try {
    setCpuVectorLevel("avx9");
    FAIL() << "an unknown level was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("expected one of scalar, baseline, avx2, avx512"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(cpuVectorLevel(), before);
}

}  // namespace
}  // namespace regolith
