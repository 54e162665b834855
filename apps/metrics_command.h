// `regolith metrics DIR`: the run service's computeMetrics (service/run_metrics.h) on a
// terminal: one line per run on stdout, DIR/metrics.json written; exit 4 when a robot run
// among them did not run to its end (its metrics.json says "complete": false).
#pragma once

#include <string>

#include "apps/command_action.h"

namespace regolith {

// Adds "metrics" to `app`; chosen, it sets `action` to metricsCommand.
void registerMetricsCommand(CLI::App& app, CommandAction& action);
// Computes the metrics of the run or sweep in `dir`; the exit status (apps/exit_status.h).
int metricsCommand(const std::string& dir);

}  // namespace regolith
