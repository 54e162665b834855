// Blow-ups and runaways (issue 20 items 3 and 4): the rule of core/blow_up_guard.h on the
// host and the device, the contact list's cap (kernels/detection/build_guard.h), and the real
// `regolith run` on scenes that blow up: each exits 5 within a bounded time, naming a
// particle, its family and the step, with a post-mortem frame and the last good checkpoint
// untouched. These used to exit 0 with speeds of 1e13 m/s, or spend minutes in one build.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <random>
#include <regex>
#include <string>

#include "tests/support/child_process.h"
#include "core/blow_up_guard.h"
#include "io/checkpoint/checkpoint.h"
#include "io/run_file/run_file.h"
#include "tests/support/json_file.h"
#include "kernels/detection/build_guard.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_support.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

StateArrays threeGrains() {
  WorldBuilder b;
  for (int i = 0; i < 3; ++i) b.addClump(sphereTemplate("s", 0.001, 0, 2600), Vec3d(0.01 * i, 0, 0));
  return b.take();
}

TEST(BlowUp, GuardNamesTheLowestBadOwnerAndWhatIsWrong) {
  StateArrays s = threeGrains();
  const double limit = blowUpSpeed(0.001, 1e-5);  // r_min / dt
  EXPECT_DOUBLE_EQ(limit, 100.0);
  EXPECT_FALSE(firstOwnerFault(s, limit, 0.001));
  s.ownerPosition[2].x = std::numeric_limits<double>::quiet_NaN();
  s.ownerVelocity[1] = Vec3(0, 0, Real(-150));
  auto f = firstOwnerFault(s, limit, 0.001);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->owner, 1);
  EXPECT_EQ(f->fault, OwnerFault::Speed);
  EXPECT_NE(f->what.find("speed 150 m/s"), std::string::npos) << f->what;
  s.ownerAngularVelocity[0] = Vec3(Real(2e5), 0, 0);  // 200 m/s at the surface
  f = firstOwnerFault(s, limit, 0.001);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->owner, 0);
  EXPECT_EQ(f->fault, OwnerFault::Spin);
  s.ownerAngularVelocity[0] = Vec3();
  s.ownerVelocity[1] = Vec3();
  f = firstOwnerFault(s, limit, 0.001);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->owner, 2);
  EXPECT_EQ(f->fault, OwnerFault::Position);
}

TEST(BlowUp, DeviceCheckFindsTheSameOwner) {
  StateArrays s = threeGrains();
  s.ownerVelocity[2] = Vec3(Real(1e3), 0, 0);
  Model m = test::modelWith({test::material("grain", 1e7, 0.3, 2600)}, 1e-5);
  m.streams.mode = StreamMode::Sync;
  const Simulation sim(m, s);
  EXPECT_DOUBLE_EQ(sim.blowUpSpeed(), 100.0);
  EXPECT_EQ(sim.firstBadOwner(), 2);
}

TEST(BlowUp, CandidateListPastItsCapIsAnErrorNotAnAllocation) {
  // 800 grains in a 10 cm box and a margin of 1 m: every pair is a candidate (319,600),
  // past the cap of 256 x 800 = 204,800.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> pos(0, 0.1);
  WorldBuilder b;
  for (int i = 0; i < 800; ++i) b.addClump(sphereTemplate("s", 0.001, 0, 2600), Vec3d(pos(rng), pos(rng), pos(rng)));
  Model m = test::modelWith({test::material("grain", 1e7, 0.3, 2600)}, 1e-6);
  m.streams.mode = StreamMode::Sync;
  m.margin = 1.0;
  const StateArrays grains = b.take();
  try {
    const Simulation sim(m, grains);
    ADD_FAILURE() << "a list of every pair was built";
  } catch (const CandidateOverflow& e) {
    EXPECT_NE(std::string(e.what()).find("319600 candidate sphere pairs for 800 spheres"), std::string::npos)
        << e.what();
  }
  m.margin = 0.001;  // the same grains with an ordinary margin build
  EXPECT_NO_THROW(Simulation(m, grains));
}

// --- The real binary. ---

const std::string kScene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/checkpoint_scene.json";

struct Outcome {
  int code = 0;
  double seconds = 0;
  std::string log;
};

Outcome runWith(const fs::path& dir, std::vector<std::string> extra) {
  std::vector<std::string> args = {"run", kScene, "--out", dir.string(), "--threads", "1", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto start = std::chrono::steady_clock::now();
  Outcome o;
  o.code = test::runRegolith(args, dir.string() + ".log");
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  o.log = test::readText(dir.string() + ".log");
  return o;
}

// Exit 5 within `bound` seconds, a message naming a particle, its family and the step, and
// the post-mortem frame as the run file's last (returned: its step).
std::uint64_t expectBlowUp(const fs::path& dir, const Outcome& o, double bound) {
  EXPECT_EQ(o.code, 5) << o.log;
  EXPECT_LT(o.seconds, bound) << o.log;
  std::smatch m;
  EXPECT_TRUE(std::regex_search(o.log, m, std::regex("blow-up at step (\\d+) .*particle \\d+ \\(family \"\\w+\"")))
      << o.log;
  EXPECT_NE(o.log.find("for post-mortem"), std::string::npos) << o.log;
  if (m.empty()) return 0;
  const std::uint64_t step = std::stoull(m[1].str());
  const RunFileReader run((dir / "run.h5").string());
  EXPECT_EQ(run.frame(run.frameCount() - 1).step, step);
  return step;
}

TEST(BlowUp, ExtremeGravityExitsFiveNamingAParticle) {
  const fs::path dir = test::scratchDir("regolith_blow_up_gravity_");
  const Outcome o = runWith(dir, {"--set", "/gravity=[0, 0, -1e308]"});
  expectBlowUp(dir, o, 60);
  EXPECT_NE(o.log.find("no checkpoint was written yet"), std::string::npos) << o.log;
}

TEST(BlowUp, DrumDrivenIntoTheGrainsExitsFiveAndKeepsTheLastGoodCheckpoint) {
  // The grains settle for 0.1 s (checkpoints all along), then the drum shoots along its
  // axis at 300 m/s: its end cap hits them.
  const fs::path dir = test::scratchDir("regolith_blow_up_drum_");
  const Outcome o = runWith(dir, {"--checkpoint-every", "0", "--set",
                                  "/families/0/phases/1/translation=[{\"constant\": 300}, \"fixed\", \"fixed\"]"});
  const std::uint64_t step = expectBlowUp(dir, o, 120);
  EXPECT_GE(step, 2857u) << "blew up before the drum moved";
  // The last checkpoint is from before the blow-up, and whole.
  const Checkpoint c = readCheckpoint((dir / "checkpoint.h5").string());
  EXPECT_LT(c.engine.steps, step);
  EXPECT_NE(o.log.find("stays at step " + std::to_string(c.engine.steps)), std::string::npos) << o.log;
  EXPECT_FALSE(firstOwnerFault(c.engine.state, blowUpSpeed(0.0015, 3.5e-5), 0.0015));
}

TEST(BlowUp, RunawayAt1000MetresPerSecondExitsFiveWithinBoundedTime) {
  // Issue 20 item 4: a body at 1000 m/s used to size the async margin to metres and spend
  // minutes in one contact-list build. The drum moves from the start.
  const fs::path dir = test::scratchDir("regolith_blow_up_runaway_");
  const Outcome o = runWith(dir,
                            {"--set", "/families/0/phases/0/translation=[{\"constant\": 1000}, \"fixed\", \"fixed\"]"});
  expectBlowUp(dir, o, 60);
}

TEST(BlowUp, InitialStatePastTheLimitExitsFiveBeforeRunning) {
  // Grains released at 1000 m/s: refused at step 0, nothing written but the lock.
  const fs::path dir = test::scratchDir("regolith_blow_up_initial_");
  const Outcome o = runWith(dir, {"--set", "/sources/0/velocity=[0, 0, -1000]"});
  EXPECT_EQ(o.code, 5) << o.log;
  EXPECT_NE(o.log.find("blow-up at step 0"), std::string::npos) << o.log;
  EXPECT_TRUE(std::regex_search(o.log, std::regex("particle \\d+ \\(family \"free\"\\)"))) << o.log;
  EXPECT_FALSE(fs::exists(dir / "run.h5"));
}

}  // namespace
}  // namespace regolith
