// `regolith plot`: the study's figures, drawn by postprocess/plot_study.py (matplotlib) in
// a child process, after its metrics if they are missing.
#include "apps/plot_command.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "io/data_files.h"
#include "apps/metrics_command.h"

namespace regolith {

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
  const pid_t child = fork();
  if (child == 0) {
    execl("/usr/bin/python3", "python3", script.c_str(), dir.c_str(), static_cast<char*>(nullptr));
    std::perror("regolith plot: /usr/bin/python3");
    _exit(127);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::cerr << "regolith plot: " << script << " failed for " << dir
              << " (it needs python3-matplotlib and python3-h5py)" << std::endl;
    return 1;
  }
  return 0;
}

}  // namespace regolith
