// `regolith collect DIR --out dataset.h5|dataset.csv`: a batch's finished runs as one table
// (batch/collect.h), the runs left out named on stderr.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "apps/command_action.h"

namespace regolith {

// Writes each of `outputs` by extension (.h5/.hdf5 or .csv); prints a line per output and
// the unfinished runs on `err`. Returns the exit code (0; 2 for a malformed manifest; 1
// with the reason on `err` otherwise).
int collectCommand(const std::string& dir, const std::vector<std::string>& outputs, std::ostream& out,
                   std::ostream& err);

// Adds "collect" to `app`; chosen, it sets `action` to collectCommand on stdout and stderr.
void registerCollectCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
