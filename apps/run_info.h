// `regolith info run.h5`: what a run file holds, as text for a person.
#pragma once

#include <ostream>
#include <string>

namespace regolith {

// A run file of `regolith robot` is described as one (model, terrain, control, how it
// ended, frames, bodies, wheels). Otherwise: scene file, version and revision, backend, seed, start time, time step, frames and
// their time span, owners and spheres of the last frame, bodies with their series lengths.
// Throws std::runtime_error naming the file when it cannot be read.
void printRunInfo(const std::string& h5Path, std::ostream& out);

}  // namespace regolith
