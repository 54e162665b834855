// Large clumps in chunks (issue 25, hazard 2): an owner with more than kClumpChunk spheres
// has its spheres placed and its contact results summed a chunk of kClumpChunk consecutive
// spheres a thread, then its chunks' sums added in order by its own thread. One thread
// walked all of a large clump's spheres, twice a step: on a GPU, a body made of 10^4
// spheres was a serial loop beside thousands of idle threads. The chunks are fixed by the
// sphere numbering alone, so the sums have one shape in every stream mode, thread count
// and backend. Internal to kernels/.
#pragma once

#include <vector>

#include "kernels/backend/hd.h"

namespace regolith {

inline constexpr Index kClumpChunk = 64;

// Chunk j belongs to owner[j] and holds its spheres first(j) ... end(j) - 1; owner o's
// chunks are [chunkBegin[o], chunkBegin[o + 1]) (empty unless o has more than kClumpChunk
// spheres).
struct ClumpChunks {
  const Index* owner;
  const Index* sphereBegin;  // ownerSphereBegin
  const Index* chunkBegin;   // owners + 1

  REGOLITH_HD Index first(Index j) const {
    const Index o = owner[j];
    return sphereBegin[o] + (j - chunkBegin[o]) * kClumpChunk;
  }
  REGOLITH_HD Index end(Index j) const {
    const Index e = first(j) + kClumpChunk, last = sphereBegin[owner[j] + 1];
    return e < last ? e : last;
  }
};

// Whether owner o is a large clump, placed and gathered in chunks; chunkBegin is the
// state's ownerChunkBegin, null when no owner is one.
REGOLITH_HD REGOLITH_INLINE bool isLargeClump(const Index* chunkBegin, Index o) {
  return chunkBegin && chunkBegin[o + 1] > chunkBegin[o];
}

// The chunk layout of owners with these sphere ranges (owners + 1 entries): chunkBegin
// (owners + 1) and the owner of each chunk. Both empty when no owner has more than
// kClumpChunk spheres.
inline void layClumpChunks(const std::vector<Index>& sphereBegin, std::vector<Index>& chunkBegin,
                           std::vector<Index>& chunkOwner) {
  chunkBegin.clear();
  chunkOwner.clear();
  const std::size_t owners = sphereBegin.empty() ? 0 : sphereBegin.size() - 1;
  std::vector<Index> begin(owners + 1, 0);
  for (std::size_t o = 0; o < owners; ++o) {
    const Index n = sphereBegin[o + 1] - sphereBegin[o];
    const Index chunks = n > kClumpChunk ? (n + kClumpChunk - 1) / kClumpChunk : 0;
    begin[o + 1] = begin[o] + chunks;
    for (Index c = 0; c < chunks; ++c) chunkOwner.push_back(static_cast<Index>(o));
  }
  if (!chunkOwner.empty()) chunkBegin = std::move(begin);
}

}  // namespace regolith
