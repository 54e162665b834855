// `regolith plot`: the study's figures, drawn by postprocess/plot_study.py (matplotlib) in
// a child process, after its metrics if they are missing.
#include "apps/plot_command.h"

#include <filesystem>
#include <iostream>
#include <memory>

#include "io/json/data_files.h"
#include "apps/exit_status.h"
#include "apps/metrics_command.h"
#include "apps/run_program.h"
#include "service/run_metrics.h"

namespace regolith {

namespace fs = std::filesystem;

std::string plotScript() { return dataFile("plot_study.py", "REGOLITH_PLOT_SCRIPT"); }

int plotCommand(const PlotOptions& o, std::ostream& out) {
  const std::string& dir = o.dir;
  // A single run without a study has no metrics: its bodies are plotted instead.
  bool bodies = false;
  try {
    bodies = fs::is_regular_file(fs::path(dir) / "run.h5") && !runHasStudy(dir);
  } catch (const std::exception& e) {
    std::cerr << "regolith plot: " << e.what() << std::endl;
    return 1;
  }
  if (bodies && !o.model.empty()) {
    std::cerr << "regolith plot: --model: " << dir << " has no study to draw a model over" << std::endl;
    return 1;
  }
  if (!o.model.empty() && !fs::is_regular_file(o.model)) {
    std::cerr << "regolith plot: --model " << o.model << ": no such file (a model JSON of `regolith fit`)" << std::endl;
    return 1;
  }
  if (!bodies && !fs::is_regular_file(fs::path(dir) / "metrics.json")) {
    const int rc = metricsCommand(dir);
    if (rc != 0 && rc != int(ExitStatus::kShortOfGoal)) return rc;  // an unfinished run is said, and drawn
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
  std::vector<std::string> argv = {"/usr/bin/python3",   script, dir, "--format", o.format, "--dpi",
                                   std::to_string(o.dpi)};
  if (!o.model.empty()) argv.insert(argv.end(), {"--model", o.model});
  if (bodies) argv.push_back("--bodies");
  if (runProgram(argv) != 0) {
    std::cerr << "regolith plot: " << script << " failed for " << dir
              << " (it needs python3-matplotlib and python3-h5py)" << std::endl;
    return 1;
  }
  return 0;
}

void registerPlotCommand(CLI::App& app, CommandAction& action) {
  const auto o = std::make_shared<PlotOptions>();
  CLI::App* command = app.add_subcommand(
      "plot",
      "Write a study's figures into DIR (metrics first when DIR/metrics.json is missing); "
      "a run without a study: each body against time");
  command->add_option("dir", o->dir, "a run's --out folder, or a folder of run folders")->required();
  command->add_option("--format", o->format, "png, pdf or svg")
      ->check(CLI::IsMember({"png", "pdf", "svg"}))
      ->capture_default_str();
  command->add_option("--dpi", o->dpi, "resolution of raster output")
      ->check(CLI::Range(30, 1200))
      ->capture_default_str();
  command->add_option("--model", o->model,
                      "a model JSON of `regolith fit regression|bekker`, drawn over a single-wheel sweep");
  whenChosen(command, action, [o] { return plotCommand(*o, std::cout); });
}

}  // namespace regolith
