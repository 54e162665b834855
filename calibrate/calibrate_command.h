// `regolith fit rft|regression|bekker RUNS... --out MODEL.json` and `regolith predict`:
// the commands over the fits (exit status 0, or 1 with the reason on stderr).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "calibrate/fit_bekker.h"
#include "calibrate/fit_regression.h"
#include "calibrate/fit_rft.h"

namespace regolith::calibrate {

struct FitCommandOptions {
  std::string model;              // rft, regression or bekker
  std::vector<std::string> runs;  // run or sweep folders
  std::string out;                // the model JSON to write
  HoldoutRule holdout;
  bool skipMissing = false;         // leave out sweep runs without metrics.json, with a warning each
  RegressionFitOptions regression;  // its holdout is replaced by the one above
  BekkerFitOptions bekker;          // likewise
};

// Fits, writes the model JSON and prints a summary on `out`.
int fitCommand(const FitCommandOptions& options, std::ostream& out, std::ostream& err);

// Prints the outputs for NAME=VALUE inputs: one "name value unit" line each, or one JSON
// object; a warning on `err` for each input evaluated outside the training runs.
int predictCommand(const std::string& modelPath, const std::vector<std::string>& inputs, bool json, bool extrapolate,
                   std::ostream& out, std::ostream& err);

}  // namespace regolith::calibrate
