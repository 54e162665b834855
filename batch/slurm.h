// Slurm job arrays for a batch (`regolith batch slurm` and `batch status`,
// apps/batch_command.cpp): an sbatch job-array script over the batch's unfinished runs
// (Slurm schedules, retries and accounts; each task resumes its run from its checkpoint),
// its submission, and the manifest refreshed from the run folders with Slurm's own view
// from squeue / sacct when those commands exist.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "batch/manifest.h"

namespace regolith::batch {

struct SlurmOptions {
  std::string partition;
  std::string gres;  // e.g. gpu:1
  std::string time = "01:00:00";
  int throttle = 0;      // at most this many tasks at once (%N); 0: no limit
  int threads = 0;       // --threads of each run; 0: $SLURM_CPUS_PER_TASK or the default
  int signalLead = 120;  // seconds before the time limit at which the task checkpoints
  bool submit = false;
  std::string exe;  // the regolith binary the tasks run (default: this one)
};

// The script's text for the runs `runIds` (array index k runs runIds[k]).
std::string slurmScript(const std::string& dir, const std::vector<std::string>& runIds, const SlurmOptions& o);

// The runs not finished, in manifest order: those a job array still has to run.
std::vector<std::string> unfinishedRuns(const Manifest& m);

// Writes DIR/batch.sbatch (executable) over `runIds`; returns its path.
std::string writeSlurmScript(const std::string& dir, const std::vector<std::string>& runIds, const SlurmOptions& o);

// Submits the script with `sbatch --parsable`: the job id, or "" when sbatch failed or is
// not on PATH.
std::string submitSlurmScript(const std::string& script);

// Marks runs from what their folders hold: metrics.json (or, without a study, an
// exit_code file of 0) means finished; an exit_code file other than 0 or an interruption's
// (130, 143) means failed. Returns true when something changed.
bool refreshFromRunFolders(const std::string& dir, Manifest& m);

// Slurm's view of a batch's array tasks: the run of each array index (the RUNS of
// DIR/batch.sbatch, in index order; none without a script) and the state of each index
// that sacct, then squeue (live, so it wins), report for `job` (none without a job or
// when neither command answers).
struct SlurmTasks {
  std::vector<std::string> runs;
  std::map<std::string, std::string> state;  // array index -> state
};
SlurmTasks slurmTasks(const std::string& dir, const std::string& job);

// Runs a command found on PATH without a shell; its stdout into `output` (stderr
// discarded). False when it is not on PATH, cannot run or exits non-zero.
bool commandOutput(const std::vector<std::string>& args, std::string& output);

}  // namespace regolith::batch
