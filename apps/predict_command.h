// `regolith predict MODEL.json NAME=VALUE...`: a model file of `regolith fit` evaluated
// for given inputs (calibrate/predict.h) on the command line (exit status 0, or 1 with
// the reason on stderr).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "apps/command_action.h"

namespace regolith {

// Prints the outputs for NAME=VALUE inputs: one "name value unit" line each, or one JSON
// object; a warning on `err` for each input evaluated outside the training runs.
int predictCommand(const std::string& modelPath, const std::vector<std::string>& inputs, bool json, bool extrapolate,
                   std::ostream& out, std::ostream& err);

// Adds "predict" to `app`; chosen, it sets `action` to predictCommand on stdout and stderr.
void registerPredictCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
