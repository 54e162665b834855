// Output: checkpoint.h5 reads back bit for bit, replaces the previous one whole, and files
// of an unknown format version are refused with both versions named.
#include <filesystem>
#include <numeric>

#include <gtest/gtest.h>
#include <hdf5.h>

#include "io/checkpoint/checkpoint.h"
#include "io/run_file/run_file.h"
#include "tests/support/output_compare.h"

namespace regolith {
namespace {

using namespace test;  // the Output helpers (tests/support/output_compare.h)

TEST(Output, CheckpointRoundTripIsBitExact) {
  const fs::path dir = freshDir();
  const Checkpoint& c = sampleRun().checkpoint;
  const std::string path = (dir / "checkpoint.h5").string();
  writeCheckpoint(path, c);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  const Checkpoint r = readCheckpoint(path);
  EXPECT_EQ(r.sceneJson, c.sceneJson);
  EXPECT_EQ(r.seed, c.seed);
  EXPECT_EQ(r.rngState, c.rngState);
  EXPECT_EQ(r.wallSeconds, c.wallSeconds);
  EXPECT_EQ(r.output.framesWritten, c.output.framesWritten);
  EXPECT_EQ(r.output.nextFrameStep, c.output.nextFrameStep);
  EXPECT_EQ(r.output.nextSeriesStep, c.output.nextSeriesStep);
  EXPECT_EQ(r.engine.steps, c.engine.steps);
  EXPECT_EQ(r.engine.rebuilds, c.engine.rebuilds);
  expectSameState(r.engine.state, c.engine.state);
  ASSERT_FALSE(c.engine.contacts.pairKeys.empty());
  expectSameBytes(r.engine.contacts.pairKeys, c.engine.contacts.pairKeys, "pairKeys");
  expectSameBytes(r.engine.contacts.pairShear, c.engine.contacts.pairShear, "pairShear");
  expectSameBytes(r.engine.contacts.wallKeys, c.engine.contacts.wallKeys, "wallKeys");
  expectSameBytes(r.engine.contacts.wallShear, c.engine.contacts.wallShear, "wallShear");
  expectSameBytes(r.engine.switched, c.engine.switched, "switched");
  const StreamStats &a = r.engine.stats, &b = c.engine.stats;
  EXPECT_EQ(a.builds, b.builds);
  EXPECT_EQ(a.adopted, b.adopted);
  EXPECT_EQ(a.discarded, b.discarded);
  EXPECT_EQ(a.waits, b.waits);
  EXPECT_EQ(a.forcedRebuilds, b.forcedRebuilds);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.lagSum, b.lagSum);
  EXPECT_EQ(a.maxLag, b.maxLag);
  EXPECT_EQ(a.renumberings, b.renumberings);
  expectSameBytes(std::vector<double>{a.waitSeconds}, {b.waitSeconds}, "waitSeconds");
  expectSameBytes(r.engine.recentSpeeds, c.engine.recentSpeeds, "recentSpeeds");
  EXPECT_TRUE(r.engine.ownerOrder.empty()) << "a run that never renumbered saves no order";
}

// streams.reorder_every: the engine's numbering travels in the checkpoint, so the resumed
// run sums its contacts in the same order (ParticleReorderCheckpoint checks the resume).
TEST(Output, CheckpointKeepsTheEnginesNumbering) {
  const fs::path dir = freshDir();
  Checkpoint c = sampleRun().checkpoint;
  c.engine.ownerOrder.resize(c.engine.state.ownerCount());
  std::iota(c.engine.ownerOrder.rbegin(), c.engine.ownerOrder.rend(), Index(0));
  c.engine.stats.renumberings = 3;
  const std::string path = (dir / "checkpoint.h5").string();
  writeCheckpoint(path, c);
  const Checkpoint r = readCheckpoint(path);
  expectSameBytes(r.engine.ownerOrder, c.engine.ownerOrder, "ownerOrder");
  EXPECT_EQ(r.engine.stats.renumberings, 3u);
}

TEST(Output, CheckpointReplacesThePreviousOneWhole) {
  const fs::path dir = freshDir();
  const std::string path = (dir / "checkpoint.h5").string();
  Checkpoint c = sampleRun().checkpoint;
  writeCheckpoint(path, c);
  c.engine.steps += 1;
  c.engine.state.ownerPosition.pop_back();
  writeCheckpoint(path, c);
  EXPECT_EQ(readCheckpoint(path).engine.steps, c.engine.steps);
  EXPECT_EQ(readCheckpoint(path).engine.state.ownerCount(), c.engine.state.ownerCount());
}

// Sets an integer attribute on the root of an existing file (a file from the future).
void setRootVersion(const std::string& path, std::int64_t version) {
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  H5Adelete(f, "format_version");
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t a = H5Acreate2(f, "format_version", H5T_NATIVE_INT64, space, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, H5T_NATIVE_INT64, &version);
  H5Aclose(a);
  H5Sclose(space);
  H5Fclose(f);
}

TEST(Output, UnknownFormatVersionsAreRefused) {
  const fs::path dir = freshDir();
  const std::string checkpoint = (dir / "checkpoint.h5").string();
  writeCheckpoint(checkpoint, sampleRun().checkpoint);
  setRootVersion(checkpoint, 99);
  EXPECT_NE(thrownMessage([&] {
              readCheckpoint(checkpoint);
            }).find("regolith-checkpoint format version 99, this build reads version 1"),
            std::string::npos);
  const std::string run = (dir / "run.h5").string();
  RunFileWriter::create(run, sampleRun().header);
  setRootVersion(run, 7);
  EXPECT_NE(thrownMessage([&] { RunFileReader r(run); }).find("format version 7"), std::string::npos);
}

}  // namespace
}  // namespace regolith
