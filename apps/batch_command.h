// `regolith batch plan|run|slurm|status`: parameter sweeps on the command line. The work
// is batch/'s (plan, runner, slurm, manifest); here are the options, what each prints and
// its exit status: 0, 2 for an invalid sweep, scene or manifest (kSceneErrorExitCode), 1
// for anything else that failed.
#pragma once

#include <ostream>
#include <string>

#include "apps/command_action.h"
#include "apps/exit_status.h"
#include "batch/runner.h"
#include "batch/slurm.h"
#include "io/input_file_error.h"
#include "scenes/scene.h"

namespace regolith {

// `body`'s exit status, or that of what it throws, told on `err` as "regolith <command>:
// <what>". What it throws is sorted as every command's errors are (service/outcome.h,
// apps/exit_status.h): a malformed manifest or run file is invalid input (2), anything
// else of the run's own a failure (1). How the commands over a batch's folder (batch
// slurm, batch status, collect) end.
template <class Body>
int withBatchErrors(const char* command, std::ostream& err, Body&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    const Outcome outcome = outcomeOf(e, std::string("regolith ") + command + ": ");
    err << outcome.message << std::endl;
    return exitCodeOf(outcome);
  }
}

// `batch plan`: plans the sweep into `outDir`, one line per run (or the errors on `err`).
int batchPlanCommand(const std::string& sweepPath, const std::string& outDir, std::ostream& out, std::ostream& err);

// `batch run`: runs the batch's unfinished runs; `gpus` comma-separated ids.
int batchRunCommand(batch::BatchRunOptions options, const std::string& gpus, std::ostream& out, std::ostream& err);

// `batch slurm`: writes DIR/batch.sbatch over the runs not finished; with submit, runs
// `sbatch --parsable` and records the job id in the manifest.
int batchSlurmCommand(const std::string& dir, const batch::SlurmOptions& o, std::ostream& out, std::ostream& err);

// `batch status`: refreshes the manifest from the run folders and prints one line per run
// (plus Slurm's state of its array task when squeue/sacct answer).
int batchStatusCommand(const std::string& dir, std::ostream& out, std::ostream& err);

// Adds "batch" (plan, run, slurm, status) to `app`; chosen, it sets `action` to the
// chosen one's driver on stdout and stderr.
void registerBatchCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
