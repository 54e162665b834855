// `regolith batch run DIR --jobs K [--gpus 0,1] [--threads T]`: the pending runs of a
// planned batch, K at a time, as child processes of the regolith binary (fork/exec, each
// in its own process group), the manifest rewritten atomically at every start and end.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace regolith::batch {

struct BatchRunOptions {
  std::string dir;
  int jobs = 0;                   // runs at a time (0: one per GPU, or 1); at most one per GPU
  std::vector<std::string> gpus;  // CUDA_VISIBLE_DEVICES of each slot
  int threads = 0;                // --threads of each run (0: usable cores / jobs, at least 1)
  double checkpointEvery = -1;    // --checkpoint-every of each run (< 0: the scene's)
  bool retryFailed = false;       // run failed runs again too
  std::string exe;                // the regolith binary (default: this process's)
};

// The path of the running executable (/proc/self/exe).
std::string selfExecutable();

// The last `lines` lines of a text file ("" when it cannot be read).
std::string fileTail(const std::string& path, std::size_t lines);

// Runs them; one line per start and end on `out`. The exit code: 0 when every run has
// finished, 1 when some failed (or are still interrupted), 128 + N when stopped by signal N
// (SIGINT or SIGTERM: forwarded as SIGINT to the running children, which checkpoint;
// they are then "interrupted" and the next `batch run` resumes them).
int runBatch(const BatchRunOptions& options, std::ostream& out);

}  // namespace regolith::batch
