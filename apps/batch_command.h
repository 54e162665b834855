// `regolith batch plan|run|slurm|status` and `regolith collect`: their command-line options
// (the work is in batch/).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch/runner.h"
#include "batch/slurm.h"

namespace regolith {

struct BatchCommandOptions {
  CLI::App* plan = nullptr;
  CLI::App* run = nullptr;
  CLI::App* slurm = nullptr;
  CLI::App* status = nullptr;
  CLI::App* collect = nullptr;
  std::string sweepFile;
  std::string dir;
  std::string gpus;  // comma-separated
  batch::BatchRunOptions runOptions;
  batch::SlurmOptions slurmOptions;
  std::vector<std::string> outputs;
};

// Adds "batch" (plan, run, slurm, status) and "collect" to `app`.
void addBatchCommands(CLI::App& app, BatchCommandOptions& o);

// The exit status of whichever of them was given; -1 when none was.
int runBatchCommands(BatchCommandOptions& o);

}  // namespace regolith
