// postprocess/plot_command.h.
#include "postprocess/plot_command.h"

#include <filesystem>
#include <iostream>

#include "io/data_files.h"
#include "postprocess/run_metrics.h"
#include "postprocess/run_program.h"

namespace regolith::postprocess {

namespace fs = std::filesystem;

std::string plotScript() { return dataFile("plot_study.py", "REGOLITH_PLOT_SCRIPT"); }

int plotCommand(const std::string& dir, std::ostream& out) {
  if (!fs::is_regular_file(fs::path(dir) / "metrics.json")) {
    const int rc = metricsCommand(dir, out);
    if (rc != 0) return rc;
  }
  const std::string script = plotScript();
  if (!fs::is_regular_file(script)) {
    std::cerr << "regolith plot: " << script
              << ": no plotting script (set REGOLITH_PLOT_SCRIPT to postprocess/plot_study.py)" << std::endl;
    return 1;
  }
  out.flush();
  // Debian's interpreter, whose python3-matplotlib and python3-h5py the README installs,
  // not whatever python3 comes first on PATH.
  if (runProgram({"/usr/bin/python3", script, dir}) != 0) {
    std::cerr << "regolith plot: " << script << " failed for " << dir
              << " (it needs python3-matplotlib and python3-h5py)" << std::endl;
    return 1;
  }
  return 0;
}

}  // namespace regolith::postprocess
