// `regolith mesh wheel|ring`: write a generated mesh as OBJ and print what it is.
#pragma once

#include <ostream>
#include <string>

#include "apps/command_action.h"
#include "core/mesh_generators.h"

namespace regolith {

struct MeshCommandOptions {
  CLI::App* wheel = nullptr;
  CLI::App* ring = nullptr;
  WheelSpec wheelSpec;
  RingSpec ringSpec;
  double facetAngleDeg = 3;  // the largest angle a rim chord spans [degrees]
  int segments = 1;          // ring: rigid segments, one file each when > 1
  std::string out;
};

// Adds "mesh" (and its wheel and ring) to `app`; chosen, it sets `action` to
// runMeshCommand on stdout.
void registerMeshCommand(CLI::App& app, CommandAction& action);

// Writes the file(s) of the chosen subcommand and one summary line per file on `out`.
// Throws std::invalid_argument for an impossible spec (the parameter is named).
int runMeshCommand(MeshCommandOptions o, std::ostream& out);

}  // namespace regolith
