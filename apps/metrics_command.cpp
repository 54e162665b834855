// `regolith metrics`'s options and its ending (metrics_command.h).
#include "apps/metrics_command.h"

#include "apps/exit_status.h"
#include "service/run_metrics.h"

namespace regolith {

void addMetricsCommand(CLI::App& app, MetricsCommand& c) {
  c.command = app.add_subcommand(
      "metrics", "Compute a study's metrics from a run folder (or a sweep of them) into DIR/metrics.json");
  c.command->add_option("dir", c.dir, "a run's --out folder, or a folder of run folders")->required();
}

int metricsCommand(const std::string& dir) { return finishWith(computeMetrics(dir, terminalFeedback())); }

}  // namespace regolith
