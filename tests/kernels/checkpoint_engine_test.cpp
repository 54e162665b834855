// Restoring a saved engine state (what checkpoint.h5 holds) continues the run bit for bit
// as if it had never stopped, in every stream mode. The whole-program test (a real
// `regolith run` killed with SIGKILL and resumed) is in checkpoint_test.cpp.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/simulation.h"
#include "tests/support/drum_scene.h"
#include "tests/support/state_compare.h"

namespace regolith {
namespace {

// The drum scene with a family switch after the save point, so the restored run must also
// know which switches already fired and fire the later one.
test::DrumScene drumWithSwitches(StreamMode mode) {
  test::DrumScene d = test::drumScene();
  d.model.streams.mode = mode;
  // The drum stops turning at t = 0.046 s (family 1 -> 0 would free it; 1 -> 2 fixes it).
  MotionPhase stop;
  for (DofRule& r : stop.dof) r = DofRule::fixed();
  d.model.families.push_back(FamilyMotion{{stop}});
  d.model.familySwitches = {{0.0, 3, 3}, {0.046, 1, 2}};
  return d;
}

class CheckpointEngine : public ::testing::TestWithParam<StreamMode> {};

TEST_P(CheckpointEngine, RestoredRunContinuesBitIdentical) {
  // 2000 steps bring the first grains onto the drum wall (they start 7 mm above it), so
  // the saved state carries frictional shear history on sphere-wall and sphere-sphere
  // contacts; 400 more steps cross the switch at 2300.
  const std::uint64_t before = 2000, after = 400;
  const test::DrumScene d = drumWithSwitches(GetParam());

  Simulation reference(d.model, d.state);
  reference.step(before + after);

  Simulation first(d.model, d.state);
  first.step(before);
  const EngineState saved = first.saveState();
  ASSERT_GT(first.touchingContacts(), 10u) << "the saved state must hold contact history";
  std::size_t sheared = 0;
  for (const Vec3& xi : saved.contacts.wallShear) sheared += isZero(xi) ? 0 : 1;
  ASSERT_GT(sheared, 0u) << "some wall contact must carry shear history";
  ASSERT_EQ(saved.switched, (std::vector<std::uint8_t>{1, 0}));

  Simulation resumed(d.model, d.state);
  resumed.restoreState(saved);
  EXPECT_EQ(resumed.stepCount(), before);
  EXPECT_DOUBLE_EQ(resumed.time(), first.time());
  resumed.step(after);

  test::expectIdenticalOwnerStates(resumed.state(), reference.state());
  EXPECT_EQ(resumed.touchingContacts(), reference.touchingContacts());
  EXPECT_EQ(resumed.streamStats().forcedRebuilds, reference.streamStats().forcedRebuilds);
}

INSTANTIATE_TEST_SUITE_P(Modes, CheckpointEngine,
                         ::testing::Values(StreamMode::Sync, StreamMode::Verlet, StreamMode::Async),
                         [](const auto& info) { return streamModeName(info.param); });

TEST(CheckpointEngine, RefusesAStateOfAnotherScene) {
  const test::DrumScene d = drumWithSwitches(StreamMode::Sync);
  Simulation first(d.model, d.state);
  first.step(10);
  EngineState saved = first.saveState();
  saved.state.sphereRadius[3] *= 2;  // not the scene this Simulation was built from
  Simulation other(d.model, d.state);
  try {
    other.restoreState(saved);
    FAIL() << "a state with other spheres must be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("does not fit this model"), std::string::npos);
  }
  Simulation stepped(d.model, d.state);
  stepped.step(1);
  EXPECT_THROW(stepped.restoreState(first.saveState()), std::logic_error);
}

}  // namespace
}  // namespace regolith
