// The batch and collect subcommands: options only; batch/ does the work.
#include "apps/batch_command.h"

#include <iostream>
#include <sstream>

#include "batch/collect.h"
#include "batch/plan.h"
#include "io/input_file_error.h"
#include "scenes/scene.h"

namespace regolith {

void addBatchCommands(CLI::App& app, BatchCommandOptions& o) {
  CLI::App* batchCmd = app.add_subcommand("batch", "Parameter sweeps: plan run folders, run them locally or on Slurm");
  batchCmd->require_subcommand(1);

  o.plan = batchCmd->add_subcommand(
      "plan", "Validate every run of a sweep file and write DIR/run_*/scene.json and the manifest");
  o.plan->add_option("sweep", o.sweepFile, "sweep file (JSON, docs/batch.md)")->required();
  o.plan->add_option("--out,-o", o.dir, "the batch folder to create")->required();

  o.run = batchCmd->add_subcommand("run", "Run a batch's unfinished runs here, K at a time (resumes checkpoints)");
  o.run->add_option("dir", o.dir, "a planned batch folder")->required();
  o.run->add_option("--jobs,-j", o.runOptions.jobs, "runs at a time (default: one per --gpus entry, or 1)")
      ->check(CLI::PositiveNumber);
  o.run->add_option("--gpus", o.gpus, "GPU ids, comma-separated: one run per GPU (CUDA_VISIBLE_DEVICES)");
  o.run
      ->add_option("--threads,-t", o.runOptions.threads,
                   "OpenMP threads per run (default: the usable cores shared among the --jobs, at least 1)")
      ->check(CLI::NonNegativeNumber);
  o.run
      ->add_option("--checkpoint-every", o.runOptions.checkpointEvery,
                   "wall seconds between checkpoints of each run (default: the scene's)")
      ->check(CLI::NonNegativeNumber);
  o.run->add_flag("--retry-failed", o.runOptions.retryFailed, "run failed runs again too");

  o.slurm = batchCmd->add_subcommand(
      "slurm", "Write DIR/batch.sbatch, a job array over the unfinished runs (--submit: sbatch it)");
  o.slurm->add_option("dir", o.dir, "a planned batch folder")->required();
  o.slurm->add_option("--partition,-p", o.slurmOptions.partition, "Slurm partition");
  o.slurm->add_option("--gres", o.slurmOptions.gres, "generic resources per task, e.g. gpu:1");
  o.slurm->add_option("--time", o.slurmOptions.time, "time limit per task")->capture_default_str();
  o.slurm->add_option("--throttle", o.slurmOptions.throttle, "at most N tasks at once (%N)")
      ->check(CLI::NonNegativeNumber);
  o.slurm->add_option("--threads,-t", o.slurmOptions.threads, "OpenMP threads per run (default: SLURM_CPUS_PER_TASK)")
      ->check(CLI::NonNegativeNumber);
  o.slurm
      ->add_option("--signal-lead", o.slurmOptions.signalLead,
                   "seconds before the time limit at which a task checkpoints and requeues")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  o.slurm->add_flag("--submit", o.slurmOptions.submit, "submit it with sbatch");

  o.status = batchCmd->add_subcommand("status", "Each run's state: manifest, run folders and squeue/sacct");
  o.status->add_option("dir", o.dir, "a batch folder")->required();

  o.collect = app.add_subcommand("collect", "Gather a batch's finished runs' metrics into one table (.h5 and/or .csv)");
  o.collect->add_option("dir", o.dir, "a batch folder")->required();
  o.collect->add_option("--out,-o", o.outputs, "dataset.h5 and/or dataset.csv (repeatable)")->required();
}

int runBatchCommands(BatchCommandOptions& o) {
  if (*o.plan) return batch::planCommand(o.sweepFile, o.dir, std::cout, std::cerr);
  if (*o.run) {
    o.runOptions.dir = o.dir;
    std::stringstream ids(o.gpus);
    for (std::string id; std::getline(ids, id, ',');)
      if (!id.empty()) o.runOptions.gpus.push_back(id);
    // A missing or malformed manifest is invalid input (exit 2), not a failed run (1).
    try {
      return batch::runBatch(o.runOptions, std::cout);
    } catch (const InputFileError& e) {
      std::cerr << "regolith batch run: " << e.what() << std::endl;
      return kSceneErrorExitCode;
    }
  }
  if (*o.slurm) return batch::slurmCommand(o.dir, o.slurmOptions, std::cout, std::cerr);
  if (*o.status) return batch::statusCommand(o.dir, std::cout, std::cerr);
  if (*o.collect) return batch::collectCommand(o.dir, o.outputs, std::cout, std::cerr);
  return -1;
}

}  // namespace regolith
