// `regolith bed scene.json --out bed.h5`: the run service's prepareBed
// (service/prepare_bed.h) on a terminal; exit 4 when the bed did not settle by the end time.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "service/prepare_bed.h"

namespace regolith {

struct BedCommand {
  CLI::App* command = nullptr;
  std::string scene;
  BedOptions options;
  bool quiet = false;  // no progress line
};

// Adds "bed" to `app`, filling `c`.
void addBedCommand(CLI::App& app, BedCommand& c);
// Prepares the bed; the exit status (apps/exit_status.h).
int runBedCommand(const BedCommand& c);

}  // namespace regolith
