// Running a scene (`regolith run scene.json --out DIR [--resume]`, regolith.run in Python):
// builds the scene, steps it to its end time, writes DIR/run.h5 (+ run.xmf, series.csv)
// frame by frame and DIR/checkpoint.h5 every checkpoint interval and at the end; a resumed
// run continues from the checkpoint and appends to run.h5 as if it had never stopped
// (docs/output-format.md). It returns a typed outcome (service/outcome.h); the front ends
// turn it into an exit status or an exception.
#pragma once

#include <string>
#include <vector>

#include "scenes/scene.h"
#include "service/outcome.h"

namespace regolith {

struct RunOptions {
  std::string outDir;
  bool resume = false;                 // continue DIR/checkpoint.h5
  bool overwrite = false;              // replace an existing DIR/run.h5 (refused otherwise)
  int threads = 0;                     // OpenMP threads (CPU build); 0 = the free cores (core/free_cores.h)
  double checkpointEvery = -1;         // wall seconds between checkpoints; < 0: the scene's value
  std::vector<std::string> overrides;  // --set POINTER=VALUE (loadScene, scenes/scene.h)
};

// Runs the scene. The outcome:
//   finished      every frame and the last checkpoint written;
//   invalid input a scene that fails validation, a time step over the Rayleigh limit, a
//                 checkpoint that fails its checks (io/checkpoint/checkpoint_check.h);
//   blew up       a particle not finite or faster than r_min / dt, or a contact list past
//                 its cap (core/blow_up_guard.h): a last frame is written for post-mortem
//                 (`place`: the run file) and the last good checkpoint is left as it was;
//                 a scene whose initial state already breaks the rule runs nothing;
//   stopped       SIGINT or SIGTERM: a checkpoint was written first, unless the signal ended
//                 a long contact-list build mid-step (the last checkpoint then stands);
//   failed        I/O, a checkpoint that does not fit, DIR in use, ...
// `feedback` gets the line saying what will run, the scene's warnings, the progress line
// and the line saying what was written.
Outcome runScene(const std::string& scenePath, const RunOptions& options, const Feedback& feedback);
// The same for a scene already built (options.overrides are then ignored: the scene has
// them, and `resume` checks its text against the checkpoint's).
Outcome runScene(const Scene& scene, const RunOptions& options, const Feedback& feedback);

}  // namespace regolith
