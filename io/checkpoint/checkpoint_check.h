// A checkpoint read for --resume, checked for range and finiteness before the engine takes
// it (requireSameStructure in core/ already compares its shape with the scene's): the step
// within the scene's run, every owner and sphere value finite and in range, contact keys
// that name existing spheres and boundaries in sorted order, shear histories finite, and
// the engine's numbering, when saved, a permutation of the owners. Then restoreCheckpoint
// hands it to the engine, whose own refusals name the file too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "io/checkpoint/checkpoint.h"

namespace regolith {

// Throws InputFileError (io/input_file_error.h) naming `path`, the dataset and the first
// bad row.
void checkCheckpoint(const Checkpoint& c, const std::string& path, std::size_t boundaryCount, std::uint64_t totalSteps);

class Simulation;

// Simulation::restoreState of checkCheckpoint's checkpoint `c`, read from `path`, into a
// Simulation that has not stepped; what the engine refuses (a shape that is not the
// scene's, an owner order that moves a clump's or a body's slot) is rethrown as
// InputFileError "<path>: /engine: <reason>" (exit 2, invalid input, from the commands).
// `regolith run --resume` and Python's Simulation.restore both come here.
void restoreCheckpoint(Simulation& sim, const Checkpoint& c, const std::string& path);

}  // namespace regolith
