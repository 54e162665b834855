// `regolith run scene.json --out DIR [--resume] ...`: the run service's runScene
// (service/run_scene.h) on a terminal, its outcome printed and turned into the exit status.
#pragma once

#include <string>

#include "apps/command_action.h"
#include "service/run_scene.h"

namespace regolith {

struct RunCommand {
  std::string scene;
  RunOptions options;
  bool quiet = false;  // no progress line
};

// Adds "run" to `app`; chosen, it sets `action` to runRunCommand.
void registerRunCommand(CLI::App& app, CommandAction& action);
// Runs it; the exit status (apps/exit_status.h).
int runRunCommand(const RunCommand& c);

}  // namespace regolith
