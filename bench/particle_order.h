// The order in which the benchmark's particles are numbered, to measure what memory
// locality is worth before the engine reorders particles itself (issue 25: "reorder
// spheres and owners by cell"). The engine reads and writes per-particle arrays in index
// order and a contact's two particles at their indices, so the order decides how often a
// neighbour's data is already in cache.
//   as-built  as the scene made them: a lattice, x fastest, then y, then z (the settled
//             bed keeps that numbering: layer by layer)
//   morton    along a Z-order (Morton) curve of cells one diameter wide: neighbours in
//             space are mostly neighbours in memory, in all three directions
//   shuffled  a fixed random permutation (seed 1): the worst case, where no neighbour is
//             near in memory; what a long flowing run drifts towards without reordering
#pragma once

#include <string>
#include <vector>

#include "kernels/state_arrays.h"

namespace regolith {

enum class ParticleOrder { AsBuilt, Morton, Shuffled };

ParticleOrder parseParticleOrder(const std::string& name);  // throws std::invalid_argument
const char* particleOrderName(ParticleOrder order);

// The owners of `state` renumbered in `order` (each with its spheres, kept contiguous and
// in their own order); every per-owner and per-sphere array is permuted alike.
StateArrays inParticleOrder(const StateArrays& state, ParticleOrder order);

// The same, for a given permutation: owner k of the result is owner newToOld[k] of `state`.
StateArrays withOwnersPermuted(const StateArrays& state, const std::vector<Index>& newToOld);

}  // namespace regolith
