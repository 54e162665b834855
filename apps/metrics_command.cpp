// `regolith metrics`'s options and its ending (metrics_command.h).
#include "apps/metrics_command.h"

#include <memory>

#include "apps/exit_status.h"
#include "service/run_metrics.h"

namespace regolith {

void registerMetricsCommand(CLI::App& app, CommandAction& action) {
  const auto dir = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand(
      "metrics", "Compute a study's metrics from a run folder (or a sweep of them) into DIR/metrics.json");
  command->add_option("dir", *dir, "a run's --out folder, or a folder of run folders")->required();
  whenChosen(command, action, [dir] { return metricsCommand(*dir); });
}

int metricsCommand(const std::string& dir) { return finishWith(computeMetrics(dir, terminalFeedback())); }

}  // namespace regolith
