// `regolith info [run.h5]`: without a file, the backend this program was built for,
// whether a device is usable and the threads it would use (exit 3 when a CUDA build finds
// no usable GPU); with one, what the run file holds (apps/run_info.h).
#pragma once

#include <ostream>
#include <string>

#include "apps/command_action.h"

namespace regolith {

// Prints the description on `out`; the exit status.
int infoCommand(const std::string& runFile, std::ostream& out);

// Adds "info" to `app`; chosen, it sets `action` to infoCommand on stdout.
void registerInfoCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
