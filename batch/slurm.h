// `regolith batch slurm DIR`: an sbatch job-array script over the batch's unfinished runs
// (Slurm schedules, retries and accounts; each task resumes its run from its checkpoint),
// and `regolith batch status DIR`: the manifest refreshed from the run folders and merged
// with squeue / sacct when those commands exist.
#pragma once

#include <ostream>
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

// Writes DIR/batch.sbatch over the runs not finished; with submit, runs
// `sbatch --parsable` and records the job id in the manifest. Returns the exit code.
int slurmCommand(const std::string& dir, const SlurmOptions& o, std::ostream& out, std::ostream& err);

// Marks runs from what their folders hold: metrics.json (or, without a study, an
// exit_code file of 0) means finished; an exit_code file other than 0 or an interruption's
// (130, 143) means failed. Returns true when something changed.
bool refreshFromRunFolders(const std::string& dir, Manifest& m);

// Refreshes and prints one line per run (plus Slurm's state of its array task when
// squeue/sacct answer); writes the manifest back. Returns the exit code.
int statusCommand(const std::string& dir, std::ostream& out, std::ostream& err);

// Runs a command found on PATH without a shell; its stdout into `output` (stderr
// discarded). False when it is not on PATH, cannot run or exits non-zero.
bool commandOutput(const std::vector<std::string>& args, std::string& output);

}  // namespace regolith::batch
