// The run service (service/) under both front ends: each way a run, a bed or a metrics
// computation ends is a typed Outcome with its message and place, and what the service
// shows while it works goes through the Feedback, not onto a stream of its own choosing
// (issue 42 step 3). The command line's exit codes are these outcomes mapped
// (apps/exit_status.h); the Python module's exceptions likewise.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "service/prepare_bed.h"
#include "service/run_metrics.h"
#include "service/run_scene.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

const std::string kServiceScene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/checkpoint_scene.json";
// The checkpoint scene cut to a few dozen steps, so that each case runs in well under a second.
const std::vector<std::string> kShortRun = {"/phases/0/duration=0.0007", "/phases/1/duration=0.0007"};

// Feedback that keeps what it is given.
struct Kept {
  std::vector<std::string> notes, warnings;
  Feedback feedback() {
    Feedback f;
    f.note = [this](const std::string& s) { notes.push_back(s); };
    f.warning = [this](const std::string& s) { warnings.push_back(s); };
    return f;
  }
};

RunOptions shortRunInto(const fs::path& dir) {
  RunOptions o;
  o.outDir = dir.string();
  o.threads = 1;
  o.overrides = kShortRun;
  return o;
}

TEST(RunService, AFinishedRunSaysWhatItWroteThroughTheFeedback) {
  const fs::path dir = scratchDir("service_finished_");
  Kept kept;
  const Outcome o = runScene(kServiceScene, shortRunInto(dir), kept.feedback());
  EXPECT_EQ(o.kind, Outcome::Kind::kFinished) << o.message;
  EXPECT_FALSE(o.shortOfGoal);
  EXPECT_TRUE(o.message.empty()) << o.message;
  ASSERT_EQ(kept.notes.size(), 2u);  // what will run, what was written
  EXPECT_NE(kept.notes[0].find("400 particles"), std::string::npos) << kept.notes[0];
  EXPECT_NE(kept.notes[1].find("checkpoint.h5 in " + dir.string()), std::string::npos) << kept.notes[1];
  EXPECT_TRUE(fs::is_regular_file(dir / "run.h5"));
}

TEST(RunService, AnInvalidSceneIsInvalidInputPlacedAtItsPointer) {
  const fs::path dir = scratchDir("service_invalid_");
  RunOptions opts = shortRunInto(dir);
  opts.overrides.push_back("/materials/0/friction=-1");
  Kept kept;
  const Outcome o = runScene(kServiceScene, opts, kept.feedback());
  EXPECT_EQ(o.kind, Outcome::Kind::kInvalidInput);
  EXPECT_EQ(o.place, kServiceScene + "#/materials/0/friction");
  EXPECT_NE(o.message.find("/materials/0/friction"), std::string::npos) << o.message;
  EXPECT_FALSE(fs::exists(dir / "run.h5"));  // refused before anything was written
}

TEST(RunService, AnInitialBlowUpRunsNothingAndSaysSo) {
  const fs::path dir = scratchDir("service_blow_up_");
  RunOptions opts = shortRunInto(dir);
  opts.overrides.push_back("/sources/0/velocity=[0, 0, -1e308]");
  Kept kept;
  const Outcome o = runScene(kServiceScene, opts, kept.feedback());
  EXPECT_EQ(o.kind, Outcome::Kind::kBlewUp);
  EXPECT_EQ(o.place, kServiceScene);
  EXPECT_NE(o.message.find("Nothing was run or written"), std::string::npos) << o.message;
  EXPECT_TRUE(kept.notes.empty());
  EXPECT_FALSE(fs::exists(dir / "run.h5"));
}

TEST(RunService, AnExistingRunIsAFailureThatNamesTheWayOut) {
  const fs::path dir = scratchDir("service_exists_");
  Kept first, second;
  ASSERT_EQ(runScene(kServiceScene, shortRunInto(dir), first.feedback()).kind, Outcome::Kind::kFinished);
  const Outcome o = runScene(kServiceScene, shortRunInto(dir), second.feedback());
  EXPECT_EQ(o.kind, Outcome::Kind::kFailed);
  EXPECT_NE(o.message.find("--overwrite"), std::string::npos) << o.message;
}

TEST(RunService, ABedThatDidNotSettleIsFinishedShortOfItsGoal) {
  const fs::path dir = scratchDir("service_bed_");
  fs::create_directories(dir);
  BedOptions opts;
  opts.outFile = (dir / "bed.h5").string();
  opts.threads = 1;
  // Without a criterion: invalid input, placed at /settle.
  Kept refused;
  const Outcome none = prepareBed(kServiceScene, opts, refused.feedback());
  EXPECT_EQ(none.kind, Outcome::Kind::kInvalidInput);
  EXPECT_EQ(none.place, kServiceScene + "#/settle");
  EXPECT_FALSE(fs::exists(opts.outFile));

  // A criterion no bed meets within a few dozen steps: stored all the same, short of its goal.
  nlohmann::json scene = nlohmann::json::parse(readText(kServiceScene));
  scene["phases"][0]["duration"] = 0.0007;
  scene["phases"][1]["duration"] = 0.0007;
  scene["settle"] = {{"max_kinetic_energy", 1e-30}, {"max_speed", 1e-30}};
  const fs::path file = dir / "unsettled.json";
  std::ofstream(file) << scene.dump(2);
  Kept kept;
  const Outcome o = prepareBed(file.string(), opts, kept.feedback());
  EXPECT_EQ(o.kind, Outcome::Kind::kFinished) << o.message;
  EXPECT_TRUE(o.shortOfGoal);
  EXPECT_TRUE(fs::is_regular_file(opts.outFile));
  ASSERT_FALSE(kept.notes.empty());
  EXPECT_NE(kept.notes.back().find("wrote " + opts.outFile), std::string::npos) << kept.notes.back();
}

TEST(RunService, MetricsOfAFolderThatIsNoRunFail) {
  const fs::path dir = scratchDir("service_metrics_");
  Kept kept;
  const Outcome o = computeMetrics((dir / "no_such_folder").string(), kept.feedback());
  EXPECT_EQ(o.kind, Outcome::Kind::kFailed);
  EXPECT_NE(o.message.find("no such folder"), std::string::npos) << o.message;
}

}  // namespace
}  // namespace regolith::test
