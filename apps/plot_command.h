// `regolith plot DIR`: figures of a run's or a sweep's study (postprocess/plot_study.py,
// matplotlib and h5py), from DIR/metrics.json, which it first writes when it is missing;
// for a run without a study, each body's position, velocity and contact force.
#pragma once

#include <ostream>
#include <string>

#include "apps/command_action.h"

namespace regolith {

// The plotting script: $REGOLITH_PLOT_SCRIPT, else the package's plot_study.py (io/json/data_files.h).
std::string plotScript();

// Returns the exit code: 0, or 1 with the reason on stderr (the script's own message when
// it fails, e.g. a missing python3-matplotlib).
struct PlotOptions {
  std::string dir;             // a run's or a sweep's folder
  std::string format = "png";  // png, pdf or svg
  int dpi = 150;
  std::string model;  // a `regolith fit regression|bekker` file drawn over a single-wheel sweep
};

int plotCommand(const PlotOptions& options, std::ostream& out);

// Adds "plot" to `app`; chosen, it sets `action` to plotCommand on stdout.
void registerPlotCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
