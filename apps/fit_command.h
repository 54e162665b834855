// `regolith fit rft|regression|bekker` and `regolith predict`: their command-line options
// (the work is in calibrate/).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "calibrate/calibrate_command.h"

namespace regolith {

struct CalibrateCommandOptions {
  CLI::App* fit = nullptr;
  CLI::App* predict = nullptr;
  calibrate::FitCommandOptions fitOptions;
  std::vector<std::string> holdoutRuns;
  std::vector<std::string> fixed;  // NAME=VALUE for bekker
  std::string modelPath;
  std::vector<std::string> inputs;
  bool json = false;
  bool extrapolate = false;  // predict: inputs outside the training runs allowed
};

// Adds "fit" (with rft, regression, bekker) and "predict" to `app`.
void addCalibrateCommands(CLI::App& app, CalibrateCommandOptions& o);

// The exit status of whichever of them was given; -1 when neither was.
int runCalibrateCommands(CalibrateCommandOptions& o);

}  // namespace regolith
