// Particle renumbering by cell (streams.reorder_every, issue 25): the engine renumbers its
// lone-sphere owners along a Z-order curve of cells, and everything a user reads stays in
// the scene's numbering. What must hold: the modes stay equal bit for bit (they renumber
// at the same steps from the same positions); a renumbered run agrees with one that never
// renumbers to round-off (only the order contacts are summed in changes); a checkpoint
// taken after renumbering resumes bit for bit; a saved order that moves what the engine
// never moves is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>
#include <stdexcept>

#include "bench/particle_order.h"
#include "bench/settle_scene.h"
#include "core/simulation.h"
#include "tests/support/drum_scene.h"
#include "tests/support/state_compare.h"

namespace regolith {
namespace {

// The settle scene's bed once in contact, numbered at random: the worst order, which a
// mixing run drifts towards. Settled once for the suite.
struct RandomlyNumberedBed {
  Model model;
  StateArrays state;
};

const RandomlyNumberedBed& randomlyNumberedBed() {
  static const RandomlyNumberedBed bed = [] {
    const SettleScene scene = makeSettleScene(1500, 99);
    Simulation settling(scene.model, scene.state);
    settling.step(6000);  // past impact: a bed in contact
    const StateArrays start = settling.state();
    std::vector<Index> newToOld(start.ownerCount());
    std::iota(newToOld.begin(), newToOld.end(), Index(0));
    std::shuffle(newToOld.begin(), newToOld.end(), std::mt19937(7));
    return RandomlyNumberedBed{scene.model, withOwnersPermuted(start, newToOld)};
  }();
  return bed;
}

Model renumberingEvery(Model m, int steps, StreamMode mode) {
  m.streams.reorderEvery = steps;
  m.streams.mode = mode;
  return m;
}

// The drum with grains of three sizes (0.9, 1 and 1.05 r, mass and inertia to match), so
// that a grain put in another's slot is not its twin: the checks below would not see a
// mix-up of equal grains.
test::DrumScene drumOfUnequalGrains() {
  test::DrumScene d = test::drumScene();
  StateArrays& s = d.state;
  const double factors[] = {0.9, 1.0, 1.05};
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    const Index b = s.ownerSphereBegin[o];
    if (s.ownerSphereBegin[o + 1] != b + 1) continue;  // the drum
    const double f = factors[o % 3];
    s.sphereRadius[std::size_t(b)] *= Real(f);
    s.ownerMass[o] *= Real(f * f * f);
    s.ownerInertia[o] = s.ownerInertia[o] * Real(f * f * f * f * f);
  }
  return d;
}

double largestDistance(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  double d = 0;
  for (std::size_t k = 0; k < a.size(); ++k) d = std::max(d, norm(a[k] - b[k]));
  return d;
}

TEST(ParticleReorder, ARenumberedRunReadsInTheScenesNumbering) {
  const RandomlyNumberedBed& bed = randomlyNumberedBed();
  Simulation plain(renumberingEvery(bed.model, 0, StreamMode::Verlet), bed.state);
  Simulation renumbered(renumberingEvery(bed.model, 10, StreamMode::Verlet), bed.state);
  plain.step(10);
  renumbered.step(10);
  ASSERT_FALSE(renumbered.saveState().ownerOrder.empty()) << "a random numbering must have been renumbered";
  EXPECT_TRUE(plain.saveState().ownerOrder.empty());
  // The engine's arrays are in its own order now: no zero-copy view of them. The CUDA build
  // never has one (its arrays are in device memory), which the first GPU run showed.
  EXPECT_EQ(renumbered.hostStateView().ownerPosition, nullptr);
  if (backendName() != "cuda") {
    EXPECT_NE(plain.hostStateView().ownerPosition, nullptr);
  }

  const StateArrays a = plain.state(), b = renumbered.state();
  EXPECT_TRUE(sameBits(a.ownerMass, b.ownerMass));
  EXPECT_TRUE(sameBits(a.sphereRadius, b.sphereRadius));
  EXPECT_TRUE(sameBits(a.sphereOwner, b.sphereOwner));
  EXPECT_TRUE(sameBits(a.ownerSphereBegin, b.ownerSphereBegin));
  // Ten steps of round-off in the contact sums (see the round-off test below for 1000).
  EXPECT_LE(largestDistance(a.ownerPosition, b.ownerPosition), 1e-14);
  EXPECT_LE(largestDistance(plain.spherePositions(), renumbered.spherePositions()), 1e-14);

  // The same touching contacts under the same names, in the same order, with their forces.
  const ContactForces fa = plain.contactForces(), fb = renumbered.contactForces();
  ASSERT_GT(fa.pairFirst.size(), 500u);
  EXPECT_EQ(fa.pairFirst, fb.pairFirst);
  EXPECT_EQ(fa.pairSecond, fb.pairSecond);
  EXPECT_EQ(fa.wallSphere, fb.wallSphere);
  EXPECT_EQ(fa.wallBoundary, fb.wallBoundary);
  double worst = 0, largest = 0;
  for (std::size_t c = 0; c < std::min(fa.pairForce.size(), fb.pairForce.size()); ++c) {
    worst = std::max(worst, double(norm(fa.pairForce[c] - fb.pairForce[c])));
    largest = std::max(largest, double(norm(fa.pairForce[c])));
  }
  EXPECT_LE(worst, 1e-9 * largest);  // round-off, far from a sign or a swapped pair
  const std::vector<WallContact> wa = plain.wallContacts(), wb = renumbered.wallContacts();
  ASSERT_EQ(wa.size(), wb.size());
  for (std::size_t c = 0; c < wa.size(); ++c) {
    EXPECT_EQ(wa[c].sphere, wb[c].sphere);
    EXPECT_EQ(wa[c].boundary, wb[c].boundary);
  }
  const ContactSnapshot history = renumbered.contacts();
  EXPECT_TRUE(std::is_sorted(history.pairKeys.begin(), history.pairKeys.end()));
  EXPECT_TRUE(std::is_sorted(history.wallKeys.begin(), history.wallKeys.end()));
  EXPECT_EQ(renumbered.firstBadOwner(), -1);
}

// Bounds as Determinism.ANumberingChangesTheRunOnlyByRoundOff (which measured 2.4e-12 m/s
// and 2.7e-15 m after 1000 steps for one renumbering at the start): 1e-9 of the largest
// speed and 1e-12 m. Here the bed, numbered at random, is renumbered at step 100 (and at
// any later multiple of 100 where 1/32 of it is out of cell order again): a change of
// summation order only; a real difference (a contact missed for a step) is about 1e-3 m/s.
TEST(ParticleReorder, AgreesWithARunThatNeverRenumbersToRoundOff) {
  const RandomlyNumberedBed& bed = randomlyNumberedBed();
  Simulation plain(renumberingEvery(bed.model, 0, StreamMode::Verlet), bed.state);
  Simulation renumbered(renumberingEvery(bed.model, 100, StreamMode::Verlet), bed.state);
  plain.step(1000);
  renumbered.step(1000);
  const StateArrays a = plain.state(), b = renumbered.state();
  double dv = 0, vmax = 0;
  for (std::size_t o = 0; o < a.ownerCount(); ++o) {
    dv = std::max(dv, double(norm(a.ownerVelocity[o] - b.ownerVelocity[o])));
    vmax = std::max(vmax, double(norm(a.ownerVelocity[o])));
  }
  const double dx = largestDistance(a.ownerPosition, b.ownerPosition);
  EXPECT_GT(vmax, 0.1) << "the bed should still be moving";
  EXPECT_LE(dv, 1e-9 * vmax);
  EXPECT_LE(dx, 1e-12);
  std::cout << "[          ] 1000 steps, renumbering due every 100, apart: " << dx << " m, " << dv
            << " m/s (largest speed " << vmax << " m/s)\n";
}

// The drum: grains of three sizes that mix, a body carrying a boundary, two families. Every mode
// renumbers at the same steps from the same positions, so they stay equal bit for bit.
TEST(ParticleReorder, TheModesStayEqualBitForBit) {
  const test::DrumScene d = drumOfUnequalGrains();
  Simulation sync(renumberingEvery(d.model, 100, StreamMode::Sync), d.state);
  Simulation verlet(renumberingEvery(d.model, 100, StreamMode::Verlet), d.state);
  Simulation async(renumberingEvery(d.model, 100, StreamMode::Async), d.state);
  sync.step(2500);  // the grains reach the wall after about 2000 steps
  verlet.step(2500);
  async.step(2500);
  ASSERT_FALSE(sync.saveState().ownerOrder.empty());
  EXPECT_EQ(sync.saveState().ownerOrder, async.saveState().ownerOrder);
  EXPECT_GT(sync.touchingContacts(), 30u);
  test::expectIdenticalOwnerStates(sync.state(), verlet.state());
  test::expectIdenticalOwnerStates(sync.state(), async.state());
  EXPECT_GT(async.streamStats().adopted, 0u) << "async must have used its kinematic stream between renumberings";
}

class ParticleReorderCheckpoint : public ::testing::TestWithParam<StreamMode> {};

// Saved at step 2050, on the wall with shear history, in the engine's own numbering, and
// resumed across five more renumbering steps.
TEST_P(ParticleReorderCheckpoint, ResumesBitForBit) {
  const test::DrumScene d = drumOfUnequalGrains();
  const Model model = renumberingEvery(d.model, 100, GetParam());
  Simulation reference(model, d.state);
  reference.step(2500);

  Simulation first(model, d.state);
  first.step(2050);
  const EngineState saved = first.saveState();
  ASSERT_FALSE(saved.ownerOrder.empty());
  ASSERT_GT(first.touchingContacts(), 10u);
  Simulation resumed(model, d.state);
  resumed.restoreState(saved);
  EXPECT_EQ(resumed.saveState().ownerOrder, saved.ownerOrder);
  test::expectIdenticalOwnerStates(resumed.state(), first.state());
  resumed.step(450);
  test::expectIdenticalOwnerStates(resumed.state(), reference.state());
  EXPECT_EQ(resumed.saveState().ownerOrder, reference.saveState().ownerOrder);
  EXPECT_GT(reference.streamStats().renumberings, 0u);
  EXPECT_EQ(resumed.streamStats().renumberings, reference.streamStats().renumberings);
}

INSTANTIATE_TEST_SUITE_P(Modes, ParticleReorderCheckpoint, ::testing::Values(StreamMode::Verlet, StreamMode::Async),
                         [](const auto& info) { return streamModeName(info.param); });

TEST(ParticleReorder, ASavedOrderThatMovesABodyIsRefused) {
  const test::DrumScene d = test::drumScene();
  Simulation first(d.model, d.state);
  first.step(1);
  EngineState saved = first.saveState();
  saved.ownerOrder.resize(d.state.ownerCount());
  std::iota(saved.ownerOrder.begin(), saved.ownerOrder.end(), Index(0));
  std::swap(saved.ownerOrder[0], saved.ownerOrder[1]);  // owner 0 is the drum, which carries the wall
  Simulation other(d.model, d.state);
  try {
    other.restoreState(saved);
    FAIL() << "an order that moves the drum must be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("only lone spheres that carry no boundary"), std::string::npos) << e.what();
  }
  saved.ownerOrder[0] = 7;  // not a permutation
  Simulation another(d.model, d.state);
  EXPECT_THROW(another.restoreState(saved), std::invalid_argument);
}

}  // namespace
}  // namespace regolith
