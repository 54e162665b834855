// `regolith bed scene.json --out bed.h5`: builds the scene, steps it until its "settle"
// criterion holds (mean kinetic energy per grain and fastest grain below the thresholds,
// checked every check_interval from min_time on) or its end time, and stores the bed:
// a run file (docs/output-format.md) with one frame, the settled state, that a bed
// source loads; and a /bed group with the criterion as met and the bed's measures
// (packing fraction and bulk density in a sampling box, free-surface height map,
// coordination numbers). docs/beds.md has the whole workflow.
#pragma once

#include <cstdio>
#include <string>

namespace regolith {

struct BedOptions {
  std::string outFile;
  bool overwrite = false;        // replace an existing file (refused otherwise)
  int threads = 0;               // OpenMP threads (CPU build); 0 = the OpenMP default
  std::FILE* progress = stderr;  // null: no progress lines
};

// Exit codes besides kRunOk (0), kRunFailed (1) and kSceneErrorExitCode (2): the end time
// came first; the bed is stored all the same, with /bed settled = 0.
inline constexpr int kBedNotSettled = 4;

int prepareBed(const std::string& scenePath, const BedOptions& options);

}  // namespace regolith
