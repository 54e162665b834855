// Batch (runner death): a `regolith batch run` killed with SIGKILL takes its children with
// it (issue 20 item 2: the child used to run on as an orphan, and the next runner then
// failed it on the output lock or truncated its run.h5), and the next `batch run` resumes
// the run to completion.
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "batch/manifest.h"
#include "batch/plan.h"
#include "tests/support/batch_test_support.h"
#include "tests/support/child_process.h"
#include "io/run_file/run_file.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

// Alive and not a zombie (an orphan's zombie may wait for a reaper that never comes).
bool alive(long pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const std::size_t close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z' && text[close + 2] != 'X';
}

TEST(Batch, RunnerKilledWithSigkillLeavesNoOrphanAndTheNextRunnerResumes) {
  const fs::path dir = test::batchDir();
  const fs::path out = dir / "out";
#ifdef REGOLITH_SANITIZED
  const double tumble = 0.15;
#else
  const double tumble = 0.6;  // about 3 s of run: the kill lands mid-run
#endif
  (void)planSweep(test::writeSweep(
                      dir, {{"axes", {{{"name", "tumble"}, {"pointer", "/phases/3/duration"}, {"values", {tumble}}}}}}),
                  out.string());
  test::ChildProcess runner(
      {REGOLITH_BINARY, "batch", "run", out.string(), "--threads", "1", "--checkpoint-every", "0"},
      (dir / "batch1.log").string());
  ASSERT_TRUE(test::waitForFile(runner, out / "run_0000" / "checkpoint.h5"));
  const long child = readManifest(out.string()).runs[0].pid;
  ASSERT_GT(child, 0);
  ASSERT_TRUE(alive(child)) << "the run ended before the runner was killed";

  runner.signal(SIGKILL);
  runner.wait();
  // The child got SIGTERM with its runner's death: it checkpoints and stops within seconds.
  const auto start = std::chrono::steady_clock::now();
  while (alive(child) && std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(alive(child)) << "the run outlived its killed runner (PID " << child << ")";
  if (alive(child)) kill(pid_t(child), SIGKILL);                   // leave nothing behind either way
  EXPECT_EQ(readManifest(out.string()).runs[0].status, kRunning);  // as the dead runner left it

  ASSERT_EQ(test::runRegolith({"batch", "run", out.string(), "--threads", "1"}, dir / "batch2.log"), 0)
      << test::readText(dir / "batch2.log") << test::readText(out / "run_0000" / "log.txt");
  EXPECT_NE(test::readText(dir / "batch2.log").find("run_0000: resumed"), std::string::npos)
      << test::readText(dir / "batch2.log");
  const Manifest m = readManifest(out.string());
  EXPECT_EQ(m.runs[0].status, kFinished);
  EXPECT_EQ(m.runs[0].attempts, 2);
  const RunFileReader run((out / "run_0000" / "run.h5").string());
  EXPECT_GT(run.frameCount(), 1u);
}

}  // namespace
}  // namespace regolith::batch
