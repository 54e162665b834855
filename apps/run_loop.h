// `regolith run scene.json --out DIR [--resume]`: builds the scene, steps it to its end
// time, writes DIR/run.h5 (+ run.xmf, series.csv) frame by frame and DIR/checkpoint.h5
// every checkpoint interval and at the end; a resumed run continues from the checkpoint and
// appends to run.h5 as if it had never stopped (docs/output-format.md).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "scenes/scene.h"

namespace regolith {

struct RunOptions {
  std::string outDir;
  bool resume = false;                 // continue DIR/checkpoint.h5
  bool overwrite = false;              // replace an existing DIR/run.h5 (refused otherwise)
  int threads = 0;                     // OpenMP threads (CPU build); 0 = the OpenMP default
  double checkpointEvery = -1;         // wall seconds between checkpoints; < 0: the scene's value
  std::FILE* progress = stderr;        // null: no progress lines
  std::FILE* errors = stderr;          // problems, warnings, failures and stop messages
  std::vector<std::string> overrides;  // --set POINTER=VALUE (loadScene, scenes/scene.h)
};

// Exit codes of `regolith run`.
inline constexpr int kRunOk = 0;
inline constexpr int kRunFailed = 1;  // I/O, a checkpoint that does not fit, DIR in use, ...
// A blow-up (core/blow_up_guard.h): a particle not finite or faster than r_min / dt, or a
// contact list past its cap; a last frame is written for post-mortem and the last good
// checkpoint is left as it was.
inline constexpr int kRunBlowUp = 5;
// kSceneErrorExitCode (2, scenes/scene.h) for a scene that fails validation or a checkpoint
// that fails its checks (io/checkpoint_check.h); 128 + signal
// number after SIGINT or SIGTERM (a checkpoint was written first, unless the signal ended
// a long contact-list build mid-step: the last checkpoint then stands).

// Runs the scene; prints the summary line on stdout, progress on options.progress and
// errors on options.errors (both stderr by default).
// Returns the exit code.
int runScene(const std::string& scenePath, const RunOptions& options);
// The same for a scene already built (options.overrides are then ignored: the scene has
// them, and `--resume` checks its text against the checkpoint's).
int runScene(const Scene& scene, const RunOptions& options);

}  // namespace regolith
