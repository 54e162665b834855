// Runs a helper program (Debian's python3 for the plots, pvpython for pictures) and
// waits for it: the one fork/exec the post-processing commands share.
#pragma once

#include <string>
#include <vector>

namespace regolith {

// Runs argv[0] (a path, or a name looked up on PATH) with argv and waits. Returns its exit
// status, 127 when it could not be started, 128 + N when signal N ended it.
int runProgram(const std::vector<std::string>& argv);

// The first executable `name` on PATH, or "" (a name with a '/' is returned when it is
// executable).
std::string findOnPath(const std::string& name);

}  // namespace regolith
