// Loading an MJCF file for RobotSimulation, with the checks MuJoCo 2.2 (Debian 12's) does
// not make and the hints its messages lack (issue 41): a path that is not a regular file
// (a FIFO would block mj_loadXML forever) is refused before MuJoCo opens it; a time step
// that is not a positive finite number (MuJoCo accepts 0, which steps forever); and a
// `range` without `limited` (MJCF written for MuJoCo 2.3+, where autolimits is the default)
// gets the file, the element and the fix.
#pragma once

#include <mujoco/mujoco.h>

#include <string>

namespace regolith::robots {

// The compiled model (the caller owns it: mj_deleteModel). Throws std::invalid_argument
// whose message starts with the path.
mjModel* loadMjcf(const std::string& path);

// MuJoCo's load error rewritten for the user: the file, the line and element it names,
// and for "has `range` but not `limited`" the fix. Exposed for the tests.
std::string mjcfErrorMessage(const std::string& path, const std::string& mujocoError);

}  // namespace regolith::robots
