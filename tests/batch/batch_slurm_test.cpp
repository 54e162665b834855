// Batch (Slurm, without a cluster): the job-array script's directives and its task body,
// run by bash as Slurm would run array task 1; `batch status` then sees the run finished
// from its folder. The real-cluster test is tests/slurm/batch_slurm_cluster.sh (label slurm).
#include <filesystem>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "apps/batch_command.h"
#include "batch/manifest.h"
#include "batch/plan.h"
#include "batch/slurm.h"
#include "tests/support/batch_test_support.h"
#include "tests/support/child_process.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

TEST(Batch, SlurmScriptIsAThrottledRequeueingArrayOverUnfinishedRuns) {
  const fs::path dir = test::batchDir();
  const fs::path out = dir / "out";
  (void)planSweep(test::writeSweep(dir, {{"axes", {{{"pointer", "/study/slope_deg"}, {"values", {20, 22, 24}}}}}}),
                  out.string());
  // run_0000 finished elsewhere: it gets no array task.
  std::ofstream(out / "run_0000" / "metrics.json") << R"({"study": "tumbling", "metrics": {}})";

  SlurmOptions o;
  o.partition = "gpu";
  o.gres = "gpu:1";
  o.time = "00:30:00";
  o.throttle = 2;
  o.exe = REGOLITH_BINARY;
  std::ostringstream text, err;
  ASSERT_EQ(batchSlurmCommand(out.string(), o, text, err), 0) << err.str();
  const std::string script = test::readText(out / "batch.sbatch");
  for (const char* line : {"#SBATCH --array=0-1%2\n", "#SBATCH --requeue\n", "#SBATCH --signal=B:USR1@120\n",
                           "#SBATCH --open-mode=append\n", "#SBATCH --partition=gpu\n", "#SBATCH --gres=gpu:1\n",
                           "#SBATCH --time=00:30:00\n", "RUNS=( run_0001 run_0002 )\n", "ARGS+=(--resume)",
                           "trap stop USR1 TERM INT", "scontrol requeue", " metrics \"$DIR\""})
    EXPECT_NE(script.find(line), std::string::npos) << line << "\n" << script;
  EXPECT_EQ(readManifest(out.string()).runs[0].status, kFinished);  // refreshed from its folder

  // bash accepts it, and array task 1 runs run_0002 to its metrics.
  EXPECT_EQ(test::runToEnd({"/bin/bash", "-n", (out / "batch.sbatch").string()}, (dir / "syntax.log").string()), 0);
  setenv("SLURM_ARRAY_TASK_ID", "1", 1);
  const int rc = test::runToEnd({"/bin/bash", (out / "batch.sbatch").string()}, (dir / "task.log").string());
  unsetenv("SLURM_ARRAY_TASK_ID");
  ASSERT_EQ(rc, 0) << test::readText(dir / "task.log") << test::readText(out / "run_0002" / "log.txt");
  EXPECT_TRUE(fs::exists(out / "run_0002" / "metrics.json"));
  EXPECT_EQ(test::readText(out / "run_0002" / "exit_code"), "0\n");

  std::ostringstream status;
  ASSERT_EQ(batchStatusCommand(out.string(), status, err), 0) << err.str();
  const Manifest m = readManifest(out.string());
  EXPECT_EQ(m.runs[1].status, kPending);
  EXPECT_EQ(m.runs[2].status, kFinished);
  EXPECT_NE(status.str().find("2 finished"), std::string::npos) << status.str();
}

}  // namespace
}  // namespace regolith::batch
