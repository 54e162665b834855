// `regolith check scene.json`: validate and build a scene, report, and return the exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "apps/command_action.h"

namespace regolith {

// Prints "<file>: OK (N owners, M spheres, K boundaries, S steps)" to `out` and returns 0,
// or every problem (one per line, "<file>: <pointer>: found ..., expected ...") to `err`
// and returns kSceneErrorExitCode.
// `overrides`: `--set POINTER=VALUE` (loadScene, scenes/scene.h).
int checkScene(const std::string& path, std::ostream& out, std::ostream& err,
               const std::vector<std::string>& overrides = {});

// Adds "check" to `app`; chosen, it sets `action` to checkScene on stdout and stderr.
void registerCheckCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
