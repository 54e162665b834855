// `regolith run --resume` on a checkpoint that is not what it should be: each corruption
// below is refused with exit 2 (invalid input), the file, the dataset and its row, and
// nothing is run. Before the checks, a NaN position or a step of 2^62 was resumed (the
// latter "finished" at once with exit 0) and a key past the spheres was carried silently.
// A finished demo smoke run is the checkpoint; each test writes a changed copy over it.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "io/checkpoint/checkpoint.h"
#include "tests/support/child_process.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

const std::string kSmoke = std::string(REGOLITH_SOURCE_DIR) + "/scenes/demo/demo.smoke.json";

// A finished smoke run whose checkpoint `change` then alters; returns the resume's exit
// code and its output in `log`.
int resumeAfter(const std::string& name, const std::function<void(Checkpoint&)>& change, std::string& log) {
  const fs::path dir = scratchDir("bad_checkpoint_" + name);
  fs::create_directories(dir);
  // Half the spin phase: a short run, and a checkpoint at its end.
  const std::vector<std::string> args = {"run", kSmoke,    "--out", (dir / "run").string(),   "--threads",
                                         "1",   "--quiet", "--set", "/phases/1/duration=0.02"};
  if (runRegolith(args, dir / "first.log") != 0) {
    log = readText(dir / "first.log");
    return -1;
  }
  const std::string path = (dir / "run" / "checkpoint.h5").string();
  Checkpoint c = readCheckpoint(path);
  change(c);
  writeCheckpoint(path, c);
  std::vector<std::string> resume = args;
  resume.push_back("--resume");
  const int code = runRegolith(resume, dir / "resume.log");
  log = readText(dir / "resume.log");
  return code;
}

void expectRefused(int code, const std::string& log, const std::string& dataset, const std::string& expected) {
  EXPECT_EQ(code, 2) << log;
  EXPECT_NE(log.find("checkpoint.h5: " + dataset), std::string::npos) << log;
  EXPECT_NE(log.find("expected " + expected), std::string::npos) << log;
}

TEST(BadCheckpoint, NanPositionIsRefusedWithItsRow) {
  std::string log;
  const int code = resumeAfter(
      "nan", [](Checkpoint& c) { c.engine.state.ownerPosition[7].y = std::numeric_limits<double>::quiet_NaN(); }, log);
  expectRefused(code, log, "/engine/state/owner_position row 7", "finite values");
}

TEST(BadCheckpoint, StepPastTheScenesEndIsRefused) {
  std::string log;
  const int code = resumeAfter(
      "steps", [](Checkpoint& c) { c.engine.steps = std::uint64_t(1) << 62; }, log);
  expectRefused(code, log, "/engine@steps", "a step within the scene's run");
}

TEST(BadCheckpoint, ContactKeyPastTheSpheresIsRefused) {
  std::string log;
  const int code = resumeAfter(
      "keys",
      [](Checkpoint& c) {
        ASSERT_FALSE(c.engine.contacts.pairKeys.empty());
        c.engine.contacts.pairKeys.back() = (1ULL << 32) | 5000000ULL;  // sphere 5,000,000 of 239
      },
      log);
  expectRefused(code, log, "/engine/contacts/pair_keys row", "sorted (first, second) sphere pairs");
}

TEST(BadCheckpoint, NegativeRadiusIsRefused) {
  std::string log;
  const int code = resumeAfter(
      "radius", [](Checkpoint& c) { c.engine.state.sphereRadius[3] = -1e-3; }, log);
  expectRefused(code, log, "/engine/state/sphere_radius row 3", "a radius > 0");
}

TEST(BadCheckpoint, AnEngineOrderThatIsNotAPermutationIsRefused) {
  std::string log;
  const int code = resumeAfter(
      "order",
      [](Checkpoint& c) {
        c.engine.ownerOrder.resize(c.engine.state.ownerCount());
        for (std::size_t k = 0; k < c.engine.ownerOrder.size(); ++k) c.engine.ownerOrder[k] = Index(k);
        c.engine.ownerOrder[9] = 4;  // owner 4 twice
      },
      log);
  expectRefused(code, log, "/engine/owner_order row 9", "each owner index from 0 to");
}

// A permutation that the file check accepts but the engine refuses: it swaps a lone grain
// with a two-sphere clump, whose slot the engine never renumbers. The refusal names the
// file (it used to be the engine's bare message).
TEST(BadCheckpoint, AnEngineOrderThatMovesAClumpIsRefusedWithTheFile) {
  std::string log;
  const int code = resumeAfter(
      "order_clump",
      [](Checkpoint& c) {
        const std::vector<Index>& begin = c.engine.state.ownerSphereBegin;
        const std::size_t owners = c.engine.state.ownerCount();
        std::size_t lone = owners, clump = owners;
        for (std::size_t o = 0; o < owners; ++o) {
          const Index spheres = begin[o + 1] - begin[o];
          if (spheres == 1 && lone == owners) lone = o;
          if (spheres == 2 && clump == owners) clump = o;
        }
        ASSERT_LT(lone, owners);
        ASSERT_LT(clump, owners) << "the smoke scene rains two-sphere clumps";
        c.engine.ownerOrder.resize(owners);
        for (std::size_t k = 0; k < owners; ++k) c.engine.ownerOrder[k] = Index(k);
        std::swap(c.engine.ownerOrder[lone], c.engine.ownerOrder[clump]);
      },
      log);
  EXPECT_EQ(code, 2) << log;
  EXPECT_NE(log.find("checkpoint.h5: /engine: owner order: entry"), std::string::npos) << log;
  EXPECT_NE(log.find("only lone spheres that carry no boundary are renumbered"), std::string::npos) << log;
}

TEST(BadCheckpoint, AGarbageRandomStateIsRefused) {
  // Issue 41: rng_state was read as any string and written on into the next checkpoint.
  std::string log;
  const int code = resumeAfter(
      "rng", [](Checkpoint& c) { c.rngState = "not a random engine"; }, log);
  expectRefused(code, log, "/rng_state", "the text form of a std::mt19937_64");
}

}  // namespace
}  // namespace regolith::test
