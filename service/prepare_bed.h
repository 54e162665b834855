// Preparing a bed (`regolith bed scene.json --out bed.h5`): builds the scene, steps it until its "settle"
// criterion holds (mean kinetic energy per grain and fastest grain below the thresholds,
// checked every check_interval from min_time on) or its end time, and stores the bed:
// a run file (docs/output-format.md) with one frame, the settled state, that a bed
// source loads; and a /bed group with the criterion as met and the bed's measures
// (packing fraction and bulk density in a sampling box, free-surface height map,
// coordination numbers). docs/beds.md has the whole workflow.
#pragma once

#include <string>

#include "service/outcome.h"

namespace regolith {

struct BedOptions {
  std::string outFile;
  bool overwrite = false;  // replace an existing file (refused otherwise)
  int threads = 0;         // OpenMP threads (CPU build); 0 = the free cores (core/free_cores.h)
};

// Settles and stores the bed. The outcome is finished, and `shortOfGoal` when the end time
// came first (the bed is stored all the same, with /bed settled = 0); invalid input for a
// scene without a settling criterion; otherwise as runScene's (service/run_scene.h).
// `feedback` gets what will run, the progress line and the report (criterion, packing,
// surface, coordination, the file written).
Outcome prepareBed(const std::string& scenePath, const BedOptions& options, const Feedback& feedback);

}  // namespace regolith
