// Batch (bad inputs): a sweep that would expand to more than kMaxSweepRuns runs is refused
// with the file, the pointer of the field and the count, quickly and before anything is
// allocated for it; a FIFO as the sweep file does not block; manifest errors of `batch
// plan` and `batch run` exit 2 (invalid input) with the file and the field's pointer.
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "batch/manifest.h"
#include "batch/sweep.h"
#include "tests/support/batch_test_support.h"
#include "tests/support/child_process.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::batchDir;
using test::writeSweep;

// `regolith ARGS`: its exit code, or -1 when it is still running after `seconds` (then
// killed): what a hang looks like to a test.
int runRegolithWithin(const std::vector<std::string>& args, const fs::path& log, double seconds) {
  std::vector<std::string> all = {REGOLITH_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  test::ChildProcess p(all, log.string());
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (p.running()) {
    if (std::chrono::steady_clock::now() > end) {
      p.signal(SIGKILL);
      p.wait();
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const int status = p.wait();
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Plans `sweep` with the binary; expects exit 2 within 20 s (a plan of the batch test scene
// refused by its sweep file takes well under a second) and `needles` in its output.
void expectPlanRefused(const fs::path& dir, const std::string& sweep, const std::vector<std::string>& needles) {
  const fs::path log = dir / "plan.log";
  EXPECT_EQ(runRegolithWithin({"batch", "plan", sweep, "--out", (dir / "out").string()}, log, 20), 2)
      << test::readText(log);
  const std::string text = test::readText(log);
  for (const std::string& n : needles) EXPECT_NE(text.find(n), std::string::npos) << n << "\n" << text;
  EXPECT_FALSE(fs::exists(dir / "out" / "manifest.json"));
}

TEST(BatchInputs, RepeatsOfAMillionAreRefusedWithThePointerAndTheRunCount) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(
      dir, {{"axes", {{{"pointer", "/study/slip"}, {"values", {0.1, 0.2}}}}}, {"repeats", 1000000}});
  expectPlanRefused(dir, sweep,
                    {sweep + ": /repeats: found 1000000 repeats of 2 parameter points: 2000000 runs",
                     "at most 100000 runs in one sweep"});
  // As the campaign wrote it: 1e6, a number with an exponent.
  std::ofstream(sweep) << "{\"scene\": \"" << test::kBatchScene
                       << "\", \"axes\": [{\"pointer\": \"/study/slip\", \"values\": [0.2]}], \"repeats\": 1e6}";
  expectPlanRefused(dir, sweep, {sweep + ": /repeats: found 1000000 repeats of 1 parameter points: 1000000 runs"});
}

TEST(BatchInputs, RangesOfABillionValuesAreRefusedBeforeTheyAreExpanded) {
  const fs::path dir = batchDir();
  std::string sweep = writeSweep(
      dir, {{"axes", {{{"pointer", "/study/slip"}, {"range", {{"from", 0}, {"to", 1}, {"count", 1e9}}}}}}});
  expectPlanRefused(dir, sweep, {sweep + ": /axes/0/range/count: found 1000000000 values", "at most 100000 runs"});
  // The same by a tiny step, and by a span too wide for a double.
  sweep = writeSweep(dir, {{"axes", {{{"pointer", "/x"}, {"range", {{"from", 0}, {"to", 1}, {"step", 1e-12}}}}}}});
  expectPlanRefused(dir, sweep, {sweep + ": /axes/0/range/step: found 1000000000001 values"});
  sweep = writeSweep(dir, {{"axes", {{{"pointer", "/x"}, {"range", {{"from", -1e308}, {"to", 1e308}, {"step", 1}}}}}}});
  expectPlanRefused(dir, sweep, {sweep + ": /axes/0/range/step: found inf values"});
}

TEST(BatchInputs, AProductOfAxesPastTheCapIsRefusedWithItsCount) {
  const fs::path dir = batchDir();
  const json thousand = {{"from", 1}, {"to", 1000}, {"count", 1000}};
  const std::string sweep = writeSweep(dir, {{"axes",
                                              {{{"pointer", "/a"}, {"range", thousand}},
                                               {{"pointer", "/b"}, {"range", thousand}},
                                               {{"pointer", "/c"}, {"range", thousand}}}}});
  expectPlanRefused(dir, sweep, {sweep + ": /axes: found 1000000000 runs (the product of the axes' lengths)"});

  // Zipped axes count once; at the cap itself the sweep is read.
  const std::string zipped = writeSweep(
      dir, {{"combine", "zip"},
            {"axes",
             {{{"pointer", "/a"}, {"range", {{"from", 1}, {"to", 100000}, {"count", 100000}}}},
              {{"pointer", "/b"}, {"range", {{"from", 1}, {"to", 100000}, {"count", 100000}}}}}}});
  const Sweep s = loadSweep(zipped);
  EXPECT_EQ(sweepRunCount(s), kMaxSweepRuns);
}

TEST(BatchInputs, ASweepBuiltInCodeIsCappedBeforeItIsExpanded) {
  Sweep s;
  s.file = "inline";
  s.axes = {{"a", "/a", std::vector<json>(1000, 1), "a"}, {"b", "/b", std::vector<json>(1000, 2), "b"}};
  s.repeats = 1000;
  EXPECT_EQ(sweepRunCount(s), 1000000000u);
  try {
    (void)expandSweep(s);
    ADD_FAILURE() << "a sweep of 1e9 runs was expanded";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].pointer, "/repeats");
    EXPECT_NE(e.problems()[0].found.find("1000000000 runs"), std::string::npos) << e.what();
  }
  // Saturates rather than wrapping around to a small count.
  s.axes[0].values.resize(100000);
  s.axes[1].values.resize(100000);
  s.repeats = 2000000000;
  EXPECT_GT(sweepRunCount(s), kMaxSweepRuns);
}

TEST(BatchInputs, AFifoAsTheSweepFileIsRefusedWithoutBlocking) {
  const fs::path dir = batchDir();
  const fs::path fifo = dir / "sweep.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  expectPlanRefused(
      dir, fifo.string(),
      {fifo.string() + ": : found not a regular file (a folder, a FIFO or a device), expected a sweep file"});
}

TEST(BatchInputs, PlanIntoAPlannedFolderExitsTwo) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(dir, {{"axes", {{{"pointer", "/study/slope_deg"}, {"values", {20}}}}}});
  const fs::path log = dir / "plan.log";
  ASSERT_EQ(test::runRegolith({"batch", "plan", sweep, "--out", (dir / "out").string()}, log), 0)
      << test::readText(log);
  EXPECT_EQ(test::runRegolith({"batch", "plan", sweep, "--out", (dir / "out").string()}, log), 2)
      << test::readText(log);
  EXPECT_NE(
      test::readText(log).find((dir / "out" / "manifest.json").string() +
                               ": (file): found a batch already planned here, expected --out naming a new folder"),
      std::string::npos)
      << test::readText(log);
}

TEST(BatchInputs, MalformedManifestsExitTwoWithTheFieldsPointer) {
  const fs::path dir = batchDir();
  const std::string sweep = writeSweep(dir, {{"axes", {{{"pointer", "/study/slope_deg"}, {"values", {20, 22}}}}}});
  const fs::path out = dir / "out", log = dir / "run.log";
  ASSERT_EQ(test::runRegolith({"batch", "plan", sweep, "--out", out.string()}, log), 0) << test::readText(log);
  const std::string manifest = (out / "manifest.json").string();
  const json good = test::readJson(manifest);

  struct Case {
    std::string pointer;
    json value;
    std::string expected;  // in the message, after "<file>: <pointer>: "
  };
  const std::vector<Case> cases = {
      {"/runs/1/id", "../../escape", "found \"../../escape\", expected a folder name inside the batch"},
      {"/runs/0/status", "done", "found \"done\", expected pending, running, interrupted, finished or failed"},
      {"/runs/1/attempts", "two", "found \"two\", expected an integer"},
      {"/runs", json::object(), "found {}, expected a list"},
  };
  for (const Case& c : cases) {
    json bad = good;
    bad[json::json_pointer(c.pointer)] = c.value;
    std::ofstream(manifest) << bad.dump(2);
    for (const char* command : {"run", "status"}) {
      EXPECT_EQ(runRegolithWithin({"batch", command, out.string()}, log, 20), 2) << command << "\n"
                                                                                 << test::readText(log);
      EXPECT_NE(test::readText(log).find(manifest + ": " + c.pointer + ": " + c.expected), std::string::npos)
          << test::readText(log);
    }
  }
  // No manifest at all, and one that is not JSON.
  std::ofstream(manifest) << "{\"runs\": [";
  EXPECT_EQ(runRegolithWithin({"batch", "run", out.string()}, log, 20), 2) << test::readText(log);
  EXPECT_NE(test::readText(log).find(manifest + ": (document): not JSON"), std::string::npos) << test::readText(log);
  fs::remove(manifest);
  EXPECT_EQ(runRegolithWithin({"batch", "run", out.string()}, log, 20), 2) << test::readText(log);
  EXPECT_NE(test::readText(log).find(manifest + ": (file): found no manifest"), std::string::npos)
      << test::readText(log);
  EXPECT_EQ(runRegolithWithin({"collect", out.string(), "--out", (dir / "d.csv").string()}, log, 20), 2)
      << test::readText(log);
}

}  // namespace
}  // namespace regolith::batch
