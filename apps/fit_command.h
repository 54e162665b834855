// `regolith fit rft|regression|bekker RUNS... --out MODEL.json`: the fits of calibrate/ on
// the command line: the runs' metrics read, the model fitted, its file written and
// summarised (exit status 0, or 1 with the reason on stderr).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "apps/command_action.h"
#include "calibrate/fit_bekker.h"
#include "calibrate/fit_regression.h"
#include "calibrate/fit_rft.h"

namespace regolith {

struct FitCommandOptions {
  std::string model;              // rft, regression or bekker
  std::vector<std::string> runs;  // run or sweep folders
  std::string out;                // the model JSON to write
  calibrate::HoldoutRule holdout;
  bool skipMissing = false;                    // leave out sweep runs without metrics.json, with a warning each
  calibrate::RegressionFitOptions regression;  // its holdout is replaced by the one above
  calibrate::BekkerFitOptions bekker;          // likewise
};

// Fits, writes the model JSON and prints a summary on `out`.
int fitCommand(const FitCommandOptions& options, std::ostream& out, std::ostream& err);

// Adds "fit" (with rft, regression and bekker) to `app`; chosen, it sets `action` to
// fitCommand on stdout and stderr.
void registerFitCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
