// `regolith bed scene.json --out bed.h5`: the run service's prepareBed
// (service/prepare_bed.h) on a terminal; exit 4 when the bed did not settle by the end time.
#pragma once

#include <string>

#include "apps/command_action.h"
#include "service/prepare_bed.h"

namespace regolith {

struct BedCommand {
  std::string scene;
  BedOptions options;
  bool quiet = false;  // no progress line
};

// Adds "bed" to `app`; chosen, it sets `action` to runBedCommand.
void registerBedCommand(CLI::App& app, CommandAction& action);
// Prepares the bed; the exit status (apps/exit_status.h).
int runBedCommand(const BedCommand& c);

}  // namespace regolith
