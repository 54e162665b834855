// `regolith check scene.json`: validate and build a scene, report, and return the exit code.
#pragma once

#include <iosfwd>
#include <string>

namespace regolith {

// Prints "<file>: OK (N owners, M spheres, K boundaries, S steps)" to `out` and returns 0,
// or every problem (one per line, "<file>: <pointer>: found ..., expected ...") to `err`
// and returns kSceneErrorExitCode.
int checkScene(const std::string& path, std::ostream& out, std::ostream& err);

}  // namespace regolith
