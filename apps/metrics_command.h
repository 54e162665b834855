// `regolith metrics DIR`: the run service's computeMetrics (service/run_metrics.h) on a
// terminal: one line per run on stdout, DIR/metrics.json written; exit 4 when a robot run
// among them did not run to its end (its metrics.json says "complete": false).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace regolith {

struct MetricsCommand {
  CLI::App* command = nullptr;
  std::string dir;
};

// Adds "metrics" to `app`, filling `c`.
void addMetricsCommand(CLI::App& app, MetricsCommand& c);
// Computes the metrics of the run or sweep in `dir`; the exit status (apps/exit_status.h).
int metricsCommand(const std::string& dir);

}  // namespace regolith
