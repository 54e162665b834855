// A checkpoint read for --resume, checked for range and finiteness before the engine takes
// it (requireSameStructure in core/ already compares its shape with the scene's): the step
// within the scene's run, every owner and sphere value finite and in range, contact keys
// that name existing spheres and boundaries in sorted order, shear histories finite, and
// the engine's numbering, when saved, a permutation of the owners.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "io/checkpoint.h"

namespace regolith {

// Throws InputFileError (io/input_file_error.h) naming `path`, the dataset and the first
// bad row.
void checkCheckpoint(const Checkpoint& c, const std::string& path, std::size_t boundaryCount, std::uint64_t totalSteps);

}  // namespace regolith
