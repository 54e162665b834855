// Internal pieces of a candidate-list build (kernels/detection/rebuild_contacts.cpp drives them).
// A build reads the immutable sphere data of the DeviceState (radii, owners, largest
// radius) and positions/boundaries given explicitly: the dynamic stream's live arrays in a
// synchronous rebuild, a PositionSnapshot in the kinematic stream. It writes only the
// ContactBuilder and the CandidateList it is given.
#pragma once

#include "kernels/device_state.h"
#include "kernels/detection/uniform_grid.h"

namespace regolith {

// Sorts spheres by grid cell: fills b.cellKey (sorted) and b.cellSphere (sphere per slot),
// and b.cellStart where the grid has at most kDenseCellsPerSphere cells per sphere.
// The cell edge is 2 r_max + reach, so every candidate partner lies in the 27 adjacent cells.
UniformGrid binSpheres(const DeviceState& s, const DeviceVector<Vec3d>& x, Real reach, ContactBuilder& b);
inline constexpr PairKey kDenseCellsPerSphere = 8;

// The lookup over the grid that binSpheres built.
CellLookup cellLookup(const ContactBuilder& b);

// Candidate sphere pairs (first < second, different owners, centre distance below
// r_i + r_j + reach), sorted by key, into out.pairKeys, with out.firstBegin.
void findCandidatePairs(const DeviceState& s, const DeviceVector<Vec3d>& x, const UniformGrid& grid, Real reach,
                        ContactBuilder& b, CandidateList& out);

// Lists the mesh triangles of `boundaries` by the cells of `grid` they may reach within
// r_max + reach (b.triangleCellKey sorted, b.triangleCellBoundary); kernels/bin_triangles.cpp.
void binTriangles(const DeviceState& s, const DeviceVector<BoundaryPrimitive>& boundaries, const UniformGrid& grid,
                  Real reach, ContactBuilder& b);

// Candidate sphere–boundary pairs (gap below reach), sorted by key, into out.wallKeys,
// with out.wallBegin: every analytic boundary is tested, triangles only those binTriangles
// listed in the sphere's cell.
void findCandidateWalls(const DeviceState& s, const DeviceVector<Vec3d>& x,
                        const DeviceVector<BoundaryPrimitive>& boundaries, const UniformGrid& grid, Real reach,
                        ContactBuilder& b, CandidateList& out);

// The index of pairs by second sphere: out.secondOrder and out.secondBegin from out.pairKeys.
void buildSecondIndex(std::size_t sphereCount, ContactBuilder& b, CandidateList& out);

// The whole build: both lists, their index, and the positions they were built from.
void buildCandidateList(const DeviceState& s, const DeviceVector<Vec3d>& x,
                        const DeviceVector<BoundaryPrimitive>& boundaries, Real reach, ContactBuilder& b,
                        CandidateList& out);

// Makes `list` the live list of s: shear history carried over by key, per-contact result
// arrays sized. Afterwards `list` holds the previous live list (a spare buffer).
void adoptCandidateList(DeviceState& s, CandidateList& list);

// For every key in newKeys, the shear of the same key in oldKeys (both sorted), else zero.
void remapHistory(const DeviceVector<PairKey>& oldKeys, const DeviceVector<Vec3>& oldShear,
                  const DeviceVector<PairKey>& newKeys, DeviceVector<Vec3>& newShear);

// With owned boundaries: s.wallByBoundary and the reaction segments from s.wallKeys (for
// the reaction sums). Called when a list is adopted (kernels/boundaries/owned_boundaries.cpp).
void indexWallsByBoundary(DeviceState& s);

}  // namespace regolith
