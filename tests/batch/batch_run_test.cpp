// Batch (run, collect): the real `regolith batch run` over small sweeps of the batch test
// scene (about 1.5 s a run on one core): --jobs 2 completes, a run killed with SIGKILL is
// resumed by the next `batch run` bit for bit (CPU build), SIGINT checkpoints and stops,
// a failing run is recorded while the rest finish, and `regolith collect` has one row per
// finished run with the documented columns.
#include <hdf5.h>
#include <sched.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "batch/manifest.h"
#include "batch/plan.h"
#include "tests/support/batch_test_support.h"
#include "tests/support/run_compare.h"
#include "tests/support/child_process.h"
#include "io/run_file/run_file.h"
#include "tests/support/state_compare.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;
using test::batchDir;
using test::writeSweep;

// Plans `sweep` into DIR/out and returns DIR/out.
fs::path plan(const fs::path& dir, const nlohmann::json& sweep) {
  const fs::path out = dir / "out";
  (void)planSweep(writeSweep(dir, sweep), out.string());
  return out;
}

// The number of rows of a 1-D dataset and one string attribute of it ("" if absent).
std::size_t h5Rows(const std::string& file, const std::string& dataset, const char* attribute, std::string* value) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (f < 0) return 0;
  const hid_t d = H5Dopen2(f, dataset.c_str(), H5P_DEFAULT);
  hsize_t rows = 0;
  if (d >= 0) {
    const hid_t space = H5Dget_space(d);
    H5Sget_simple_extent_dims(space, &rows, nullptr);
    H5Sclose(space);
    if (attribute && value && H5Aexists(d, attribute) > 0) {
      const hid_t a = H5Aopen(d, attribute, H5P_DEFAULT);
      const hid_t type = H5Tcopy(H5T_C_S1);
      H5Tset_size(type, H5T_VARIABLE);
      H5Tset_cset(type, H5T_CSET_UTF8);
      char* text = nullptr;
      if (H5Aread(a, type, &text) >= 0 && text) *value = text;
      H5free_memory(text);
      H5Tclose(type);
      H5Aclose(a);
    }
    H5Dclose(d);
  }
  H5Fclose(f);
  return std::size_t(rows);
}

TEST(Batch, RunWithTwoJobsFinishesEveryRunAndCollectHasOneRowEach) {
  const fs::path dir = batchDir();
  const fs::path out = plan(
      dir, {{"axes",
             {{{"name", "friction"}, {"pointer", "/pair_overrides/0/friction"}, {"values", {0.3, 0.9}}},
              {{"name", "slope"}, {"pointer", "/study/slope_deg"}, {"values", {20, 26}}}}}});
  ASSERT_EQ(test::runRegolith({"batch", "run", out.string(), "--jobs", "2", "--threads", "1"}, dir / "run.log"), 0)
      << test::readText(dir / "run.log");
  const Manifest m = readManifest(out.string());
  ASSERT_EQ(m.runs.size(), 4u);
  for (const ManifestRun& r : m.runs) {
    EXPECT_EQ(r.status, kFinished) << r.id;
    EXPECT_EQ(r.exitCode, 0) << r.id;
    EXPECT_EQ(r.result, r.id + "/metrics.json");
    EXPECT_GT(r.wallSeconds, 0);
    EXPECT_EQ(r.attempts, 1);
    EXPECT_TRUE(fs::exists(out / r.result));
  }
  // Two at a time: the second run starts before the first ends (after the line that says
  // how many runs, jobs and threads).
  EXPECT_EQ(test::readText(dir / "run.log")
                .rfind("4 runs to do, 2 at a time, 1 thread each (--threads)\n"
                       "run_0000: started\nrun_0001: started\n",
                       0),
            0u)
      << test::readText(dir / "run.log");

  // A second run has nothing to do.
  ASSERT_EQ(test::runRegolith({"batch", "run", out.string()}, dir / "again.log"), 0);
  EXPECT_EQ(test::readText(dir / "again.log").find("started"), std::string::npos);

  // Collect: one row per run; run id, parameters, seed, then the metrics with units.
  const std::string csvPath = (dir / "dataset.csv").string(), h5Path = (dir / "dataset.h5").string();
  ASSERT_EQ(test::runRegolith({"collect", out.string(), "--out", csvPath, "--out", h5Path}, dir / "collect.log"), 0)
      << test::readText(dir / "collect.log");
  const std::string csv = test::readText(csvPath);
  std::vector<std::string> lines;
  for (std::size_t a = 0, b; (b = csv.find('\n', a)) != std::string::npos; a = b + 1)
    lines.push_back(csv.substr(a, b - a));
  // Nothing but a header of plain names and the rows: pandas reads it as it is.
  ASSERT_EQ(lines.size(), 1u + 4u) << csv;
  EXPECT_EQ(lines[0].rfind("run_id,friction,slope,seed,", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(",travel"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[0].find(' '), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind("run_0000,0.3,20,5,", 0), 0u) << lines[1];
  EXPECT_EQ(lines[4].rfind("run_0003,0.9,26,5,", 0), 0u) << lines[4];
  // The units, the study and the pointers are in the sidecar.
  const nlohmann::json meta = nlohmann::json::parse(test::readText(dir / "dataset.meta.json"));
  EXPECT_EQ(meta["study"], "tumbling");
  bool travel = false;
  for (const nlohmann::json& c : meta["columns"]) travel = travel || (c["name"] == "travel" && c["unit"] == "m");
  EXPECT_TRUE(travel) << meta.dump();
  EXPECT_EQ(meta["columns"][1]["pointer"], "/pair_overrides/0/friction");

  std::string unit, pointer;
  EXPECT_EQ(h5Rows(h5Path, "/metrics/travel", "unit", &unit), 4u);
  EXPECT_EQ(unit, "m");
  EXPECT_EQ(h5Rows(h5Path, "/parameters/friction", "pointer", &pointer), 4u);
  EXPECT_EQ(pointer, "/pair_overrides/0/friction");
  EXPECT_EQ(h5Rows(h5Path, "/run_id", nullptr, nullptr), 4u);
  EXPECT_EQ(h5Rows(h5Path, "/seed", nullptr, nullptr), 4u);
}

TEST(Batch, JobsTimesThreadsStayWithinTheCores) {
  // Without --threads each of K jobs gets the usable cores / K (at least 1): the runner says
  // so, and every run's command line carries it.
  const fs::path dir = batchDir();
  const fs::path out = plan(dir,
                            {{"axes", {{{"name", "slope"}, {"pointer", "/study/slope_deg"}, {"values", {20, 26}}}}}});
  ASSERT_EQ(test::runRegolith({"batch", "run", out.string(), "--jobs", "2"}, dir / "run.log"), 0)
      << test::readText(dir / "run.log");
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof(set), &set), 0);
  const int cores = CPU_COUNT(&set), expected = std::max(1, cores / 2);
  EXPECT_NE(test::readText(dir / "run.log").find("2 at a time, " + std::to_string(expected)), std::string::npos)
      << test::readText(dir / "run.log");
  for (const char* run : {"run_0000", "run_0001"}) {
    const std::string log = test::readText(out / run / "log.txt");
    const std::size_t at = log.find("--threads ");
    ASSERT_NE(at, std::string::npos) << log;
    const int threads = std::stoi(log.substr(at + 10));
    EXPECT_EQ(threads, expected) << run;
    EXPECT_LE(2 * threads, std::max(2, cores)) << run;  // jobs x threads <= cores (one each at least)
  }
}

TEST(Batch, FailingRunIsRecordedTheOthersFinishAndCollectListsIt) {
  // Also: --gpus gives each slot its own CUDA_VISIBLE_DEVICES.
  const fs::path dir = batchDir();
  const fs::path out = plan(dir, {{"axes", {{{"pointer", "/study/slope_deg"}, {"values", {20, 22, 24}}}}}});
  fs::remove(out / "run_0001" / "scene.json");  // a missing input: `regolith run` exits 2
  // Two GPUs: two slots (no --jobs), each run told its GPU (ignored by the CPU build).
  EXPECT_EQ(test::runRegolith({"batch", "run", out.string(), "--gpus", "3,5", "--threads", "1"}, dir / "run.log"), 1);
  EXPECT_NE(test::readText(out / "run_0000" / "log.txt").find("(CUDA_VISIBLE_DEVICES=3)"), std::string::npos);
  EXPECT_NE(test::readText(out / "run_0001" / "log.txt").find("(CUDA_VISIBLE_DEVICES=5)"), std::string::npos);
  EXPECT_NE(test::readText(out / "run_0002" / "log.txt").find("(CUDA_VISIBLE_DEVICES="), std::string::npos);
  const Manifest m = readManifest(out.string());
  EXPECT_EQ(m.runs[0].status, kFinished);
  EXPECT_EQ(m.runs[2].status, kFinished);
  EXPECT_EQ(m.runs[1].status, kFailed);
  EXPECT_EQ(m.runs[1].exitCode, 2);
  EXPECT_NE(m.runs[1].logTail.find("scene.json"), std::string::npos) << m.runs[1].logTail;
  EXPECT_NE(test::readText(out / "manifest.csv").find("run_0001,study.slope_deg=22,22,5,failed,"), std::string::npos);

  // Failed runs are not retried unless asked.
  EXPECT_EQ(test::runRegolith({"batch", "run", out.string()}, dir / "again.log"), 1);
  EXPECT_EQ(readManifest(out.string()).runs[1].attempts, 1);

  const std::string h5Path = (dir / "dataset.h5").string();
  ASSERT_EQ(test::runRegolith({"collect", out.string(), "--out", h5Path, "--out", (dir / "d.csv").string()},
                              dir / "collect.log"),
            0);
  EXPECT_NE(test::readText(dir / "collect.log").find("run_0001 failed (exit 2)"), std::string::npos)
      << test::readText(dir / "collect.log");
  const nlohmann::json meta = nlohmann::json::parse(test::readText(dir / "d.meta.json"));
  ASSERT_EQ(meta["unfinished"].size(), 1u) << meta.dump();
  EXPECT_EQ(meta["unfinished"][0]["run_id"], "run_0001");
  EXPECT_EQ(meta["unfinished"][0]["status"], "failed (exit 2)");
  EXPECT_EQ(test::readText(dir / "d.csv").find('#'), std::string::npos);
  EXPECT_EQ(h5Rows(h5Path, "/run_id", nullptr, nullptr), 2u);
  EXPECT_EQ(h5Rows(h5Path, "/unfinished/run_id", nullptr, nullptr), 1u);
}

// A longer run (0.6 s of tumbling: about 3 s) to be interrupted mid-way.
#ifdef REGOLITH_SANITIZED
const nlohmann::json kLongSweep = {
    {"axes", {{{"name", "tumble"}, {"pointer", "/phases/3/duration"}, {"values", {0.15}}}}}};
#else
const nlohmann::json kLongSweep = {
    {"axes", {{{"name", "tumble"}, {"pointer", "/phases/3/duration"}, {"values", {0.6}}}}}};
#endif

// Starts `batch run` with a checkpoint after every chunk and waits for the first checkpoint.
std::unique_ptr<test::ChildProcess> startBatch(const fs::path& out, const fs::path& log) {
  auto runner = std::make_unique<test::ChildProcess>(
      std::vector<std::string>{REGOLITH_BINARY, "batch", "run", out.string(), "--threads", "1", "--checkpoint-every",
                               "0"},
      log.string());
  EXPECT_TRUE(test::waitForFile(*runner, out / "run_0000" / "checkpoint.h5"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  return runner;
}

TEST(Batch, RunKilledWithSigkillIsResumedByTheNextBatchRunBitForBit) {
  const fs::path dir = batchDir();
  const fs::path out = plan(dir, kLongSweep);
  // The reference: the same scene run without interruption.
  const fs::path reference = dir / "reference";
  ASSERT_EQ(test::runRegolith({"run", (out / "run_0000" / "scene.json").string(), "--out", reference.string(),
                               "--threads", "1", "--quiet"},
                              dir / "reference.log"),
            0);

  auto runner = startBatch(out, dir / "batch1.log");
  const Manifest running = readManifest(out.string());
  ASSERT_EQ(running.runs[0].status, kRunning);
  ASSERT_GT(running.runs[0].pid, 0);
  ASSERT_EQ(kill(pid_t(running.runs[0].pid), SIGKILL), 0);
  const int status = runner->wait();
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);  // not every run finished
  Manifest m = readManifest(out.string());
  EXPECT_EQ(m.runs[0].status, kInterrupted);
  EXPECT_EQ(m.runs[0].exitCode, 128 + SIGKILL);
  {
    const RunFileReader killed((out / "run_0000" / "run.h5").string());
    const RunFileReader full((reference / "run.h5").string());
    ASSERT_LT(killed.frameCount(), full.frameCount()) << "the kill came after the last frame";
  }

  ASSERT_EQ(test::runRegolith({"batch", "run", out.string(), "--threads", "1"}, dir / "batch2.log"), 0)
      << test::readText(dir / "batch2.log");
  EXPECT_NE(test::readText(dir / "batch2.log").find("run_0000: resumed"), std::string::npos);
  m = readManifest(out.string());
  EXPECT_EQ(m.runs[0].status, kFinished);
  EXPECT_EQ(m.runs[0].attempts, 2);

  // Every frame and every body's series, bit for bit.
  test::expectSameRun(out / "run_0000", reference);
}

TEST(Batch, SigintToTheRunnerCheckpointsRunningRunsAndStops) {
  const fs::path dir = batchDir();
  const fs::path out = plan(dir, kLongSweep);
  auto runner = startBatch(out, dir / "batch.log");
  runner->signal(SIGINT);
  const int status = runner->wait();
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
  const Manifest m = readManifest(out.string());
  EXPECT_EQ(m.runs[0].status, kInterrupted);
  EXPECT_EQ(m.runs[0].exitCode, 128 + SIGINT);  // regolith run's own exit after its checkpoint
  EXPECT_EQ(m.runs[0].pid, 0);
  EXPECT_NE(test::readText(out / "run_0000" / "log.txt").find("checkpoint written"), std::string::npos);
}

}  // namespace
}  // namespace regolith::batch
