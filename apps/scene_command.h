// The frame of the commands that run a scene (`regolith run`, `regolith bed`): load and
// validate it, run the command's body, and turn what goes wrong into the exit codes and
// messages of apps/run_loop.h: an invalid scene (or a time step over the Rayleigh limit)
// prints its problems and gives kSceneErrorExitCode; any other failure prints
// "regolith <command>: <what>" and gives kRunFailed.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "scenes/scene.h"

namespace regolith {

// `overrides`: `--set POINTER=VALUE` (loadScene, scenes/scene.h). Problems, warnings and
// failures are printed on `errors` (the Python API passes a memory stream, so that its
// exception carries the command's message).
int runSceneCommand(const std::string& scenePath, const char* command, const std::function<int(const Scene&)>& body,
                    const std::vector<std::string>& overrides = {}, std::FILE* errors = stderr);
// The same for a scene already built (the Python API's regolith.run): its warnings printed,
// then the body, with the same exit codes and messages.
int runBuiltSceneCommand(const Scene& scene, const char* command, const std::function<int(const Scene&)>& body,
                         std::FILE* errors = stderr);

}  // namespace regolith
