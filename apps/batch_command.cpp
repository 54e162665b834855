// `regolith batch plan|run|slurm|status`: options, what each prints and its exit status
// (batch_command.h); batch/ does the work.
#include "apps/batch_command.h"

#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

#include "batch/plan.h"

namespace regolith {
namespace {

// What the subcommands of "batch" fill.
struct BatchOptions {
  std::string sweepFile;
  std::string dir;
  std::string gpus;  // comma-separated
  batch::BatchRunOptions runOptions;
  batch::SlurmOptions slurmOptions;
};

void addPlan(CLI::App& batchCmd, CommandAction& action, const std::shared_ptr<BatchOptions>& o) {
  CLI::App* plan = batchCmd.add_subcommand(
      "plan", "Validate every run of a sweep file and write DIR/run_*/scene.json and the manifest");
  plan->add_option("sweep", o->sweepFile, "sweep file (JSON, docs/batch.md)")->required();
  plan->add_option("--out,-o", o->dir, "the batch folder to create")->required();
  whenChosen(plan, action, [o] { return batchPlanCommand(o->sweepFile, o->dir, std::cout, std::cerr); });
}

void addRun(CLI::App& batchCmd, CommandAction& action, const std::shared_ptr<BatchOptions>& o) {
  CLI::App* run = batchCmd.add_subcommand("run",
                                          "Run a batch's unfinished runs here, K at a time (resumes checkpoints)");
  run->add_option("dir", o->dir, "a planned batch folder")->required();
  run->add_option("--jobs,-j", o->runOptions.jobs, "runs at a time (default: one per --gpus entry, or 1)")
      ->check(CLI::PositiveNumber);
  run->add_option("--gpus", o->gpus, "GPU ids, comma-separated: one run per GPU (CUDA_VISIBLE_DEVICES)");
  run->add_option("--threads,-t", o->runOptions.threads,
                  "OpenMP threads per run (default: the usable cores shared among the --jobs, at least 1)")
      ->check(CLI::NonNegativeNumber);
  run->add_option("--checkpoint-every", o->runOptions.checkpointEvery,
                  "wall seconds between checkpoints of each run (default: the scene's)")
      ->check(CLI::NonNegativeNumber);
  run->add_flag("--retry-failed", o->runOptions.retryFailed, "run failed runs again too");
  whenChosen(run, action, [o] {
    batch::BatchRunOptions options = o->runOptions;
    options.dir = o->dir;
    return batchRunCommand(options, o->gpus, std::cout, std::cerr);
  });
}

void addSlurm(CLI::App& batchCmd, CommandAction& action, const std::shared_ptr<BatchOptions>& o) {
  CLI::App* slurm = batchCmd.add_subcommand(
      "slurm", "Write DIR/batch.sbatch, a job array over the unfinished runs (--submit: sbatch it)");
  batch::SlurmOptions& s = o->slurmOptions;
  slurm->add_option("dir", o->dir, "a planned batch folder")->required();
  slurm->add_option("--partition,-p", s.partition, "Slurm partition");
  slurm->add_option("--gres", s.gres, "generic resources per task, e.g. gpu:1");
  slurm->add_option("--time", s.time, "time limit per task")->capture_default_str();
  slurm->add_option("--throttle", s.throttle, "at most N tasks at once (%N)")->check(CLI::NonNegativeNumber);
  slurm->add_option("--threads,-t", s.threads, "OpenMP threads per run (default: SLURM_CPUS_PER_TASK)")
      ->check(CLI::NonNegativeNumber);
  slurm
      ->add_option("--signal-lead", s.signalLead,
                   "seconds before the time limit at which a task checkpoints and requeues")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  slurm->add_flag("--submit", s.submit, "submit it with sbatch");
  whenChosen(slurm, action, [o] { return batchSlurmCommand(o->dir, o->slurmOptions, std::cout, std::cerr); });
}

void addStatus(CLI::App& batchCmd, CommandAction& action, const std::shared_ptr<BatchOptions>& o) {
  CLI::App* status = batchCmd.add_subcommand("status", "Each run's state: manifest, run folders and squeue/sacct");
  status->add_option("dir", o->dir, "a batch folder")->required();
  whenChosen(status, action, [o] { return batchStatusCommand(o->dir, std::cout, std::cerr); });
}

// One line per run: its state, its array task's Slurm state, its exit code when it failed.
void printRun(const batch::ManifestRun& r, const batch::SlurmTasks& tasks, const std::string& job, std::ostream& out) {
  out << r.id << "  " << r.status;
  for (std::size_t k = 0; k < tasks.runs.size(); ++k)
    if (tasks.runs[k] == r.id && tasks.state.count(std::to_string(k)))
      out << "  slurm " << job << "_" << k << " " << tasks.state.at(std::to_string(k));
  if (r.exitCode && r.status == batch::kFailed) out << "  exit " << *r.exitCode;
  out << "  " << r.name << "\n";
}

}  // namespace

int batchPlanCommand(const std::string& sweepPath, const std::string& outDir, std::ostream& out, std::ostream& err) {
  try {
    const batch::Manifest m = batch::planSweep(sweepPath, outDir);
    for (const batch::ManifestRun& r : m.runs) out << outDir << "/" << r.id << ": " << r.name << "\n";
    out << outDir << ": " << m.runs.size() << " runs planned (manifest.json, manifest.csv)" << std::endl;
    return 0;
  } catch (const SceneError& e) {
    err << e.what() << std::endl;
  } catch (const batch::PlanError& e) {
    err << e.what() << "\n"
        << sweepPath << ": plan refused (" << e.problems().size() << " problems); nothing written" << std::endl;
  } catch (const InputFileError& e) {
    err << e.what() << std::endl;
  }
  return kSceneErrorExitCode;
}

int batchRunCommand(batch::BatchRunOptions options, const std::string& gpus, std::ostream& out, std::ostream& err) {
  std::stringstream ids(gpus);
  for (std::string id; std::getline(ids, id, ',');)
    if (!id.empty()) options.gpus.push_back(id);
  // A missing or malformed manifest is invalid input (exit 2), not a failed run (1).
  try {
    return batch::runBatch(options, out);
  } catch (const InputFileError& e) {
    err << "regolith batch run: " << e.what() << std::endl;
    return kSceneErrorExitCode;
  }
}

int batchSlurmCommand(const std::string& dir, const batch::SlurmOptions& o, std::ostream& out, std::ostream& err) {
  return withBatchErrors("batch slurm", err, [&] {
    batch::Manifest m = batch::readManifest(dir);
    batch::refreshFromRunFolders(dir, m);
    const std::vector<std::string> ids = batch::unfinishedRuns(m);
    if (ids.empty()) {
      out << dir << ": every run has finished; nothing to submit" << std::endl;
      return 0;
    }
    const std::string script = batch::writeSlurmScript(dir, ids, o);
    out << script << ": " << ids.size() << " array tasks" << std::endl;
    if (o.submit) {
      const std::string job = batch::submitSlurmScript(script);
      if (job.empty()) {
        err << "regolith batch slurm: sbatch failed or is not on PATH" << std::endl;
        return 1;
      }
      m.slurmJob = job;
      out << "submitted job " << m.slurmJob << std::endl;
    }
    batch::writeManifest(dir, m);
    return 0;
  });
}

int batchStatusCommand(const std::string& dir, std::ostream& out, std::ostream& err) {
  return withBatchErrors("batch status", err, [&] {
    batch::Manifest m = batch::readManifest(dir);
    if (batch::refreshFromRunFolders(dir, m)) batch::writeManifest(dir, m);
    const batch::SlurmTasks tasks = batch::slurmTasks(dir, m.slurmJob);
    std::map<std::string, std::size_t> counts;
    for (const batch::ManifestRun& r : m.runs) {
      ++counts[r.status];
      printRun(r, tasks, m.slurmJob, out);
    }
    out << dir << ":";
    for (const auto& [status, n] : counts) out << " " << n << " " << status;
    out << std::endl;
    return 0;
  });
}

void registerBatchCommand(CLI::App& app, CommandAction& action) {
  CLI::App* batchCmd = app.add_subcommand("batch", "Parameter sweeps: plan run folders, run them locally or on Slurm");
  batchCmd->require_subcommand(1);
  const auto o = std::make_shared<BatchOptions>();
  addPlan(*batchCmd, action, o);
  addRun(*batchCmd, action, o);
  addSlurm(*batchCmd, action, o);
  addStatus(*batchCmd, action, o);
}

}  // namespace regolith
