// Internal pieces of the contact-list rebuild (kernels/rebuild_contacts.cpp drives them).
#pragma once

#include "kernels/device_state.h"
#include "kernels/uniform_grid.h"

namespace regolith {

// Sorts spheres by grid cell: fills s.cellKey (sorted) and s.cellSphere (sphere per slot),
// and s.cellStart where the grid has at most kDenseCellsPerSphere cells per sphere.
// The cell edge is 2 r_max + margin, so every candidate partner lies in the 27 adjacent cells.
UniformGrid binSpheres(DeviceState& s, Real margin);
inline constexpr PairKey kDenseCellsPerSphere = 8;

// The lookup over the grid that binSpheres built.
CellLookup cellLookup(const DeviceState& s);

// Candidate sphere pairs (first < second, different owners, centre distance below
// r_i + r_j + margin), sorted by key. Writes s.scratchKeys; s.counts becomes the exclusive
// offsets per sphere (size spheres + 1), which is the firstBegin index of the new list.
void findCandidatePairs(DeviceState& s, const UniformGrid& grid, Real margin);

// Candidate sphere–boundary pairs (gap below margin), sorted by key, into s.scratchKeys;
// s.counts becomes the per-sphere offsets.
void findCandidateWalls(DeviceState& s, Real margin);

// For every key in newKeys, the shear of the same key in oldKeys (both sorted), else zero.
void remapHistory(const DeviceVector<PairKey>& oldKeys, const DeviceVector<Vec3>& oldShear,
                  const DeviceVector<PairKey>& newKeys, DeviceVector<Vec3>& newShear);

// The index of pairs by second sphere: s.secondOrder and s.secondBegin from s.pairKeys.
void buildSecondIndex(DeviceState& s);

// With owned boundaries: s.wallByBoundary and s.boundaryWallBegin from s.wallKeys (for the
// reaction sums), and the boundary poses of this build (kernels/owned_boundaries.cpp).
void indexWallsByBoundary(DeviceState& s);

}  // namespace regolith
