// `regolith plot DIR`: PNG figures of a run's or a sweep's study (postprocess/plot_study.py,
// matplotlib and h5py), from DIR/metrics.json, which it first writes when it is missing.
#pragma once

#include <ostream>
#include <string>

namespace regolith {

// The plotting script: $REGOLITH_PLOT_SCRIPT, else the package's plot_study.py (io/data_files.h).
std::string plotScript();

// Returns the exit code: 0, or 1 with the reason on stderr (the script's own message when
// it fails, e.g. a missing python3-matplotlib).
int plotCommand(const std::string& dir, std::ostream& out);

}  // namespace regolith
