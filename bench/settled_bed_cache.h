// A cache of the settled benchmark bed, so `bench dense` at large N settles once per
// machine (as run.sh does for LIGGGHTS). Owner poses and velocities only, raw binary in
// native byte order with a small header; contact history starts afresh after loading.
// This is a benchmark convenience, not the checkpoint format.
#pragma once

#include <cstdint>
#include <string>

#include "kernels/state_arrays.h"

namespace regolith {

// Replaces the owner poses and velocities of `state` with the cached ones. Returns false
// (leaving `state` untouched) when the file is absent or holds another particle count.
bool loadSettledBed(const std::string& path, StateArrays& state, std::uint64_t& settleSteps);

// Throws std::runtime_error when the file cannot be written.
void saveSettledBed(const std::string& path, const StateArrays& state, std::uint64_t settleSteps);

}  // namespace regolith
