// The buffers that travel between the two streams of the dual-stream engine, and the
// scratch of a candidate-list build. Only kernels/*.cpp include this header.
//
//   PositionSnapshot: sphere positions and boundary geometry at one step, published by
//                     the dynamic stream for the kinematic stream to build from.
//   CandidateList:    the sorted candidate lists with their per-sphere index, built by the
//                     kinematic stream and adopted by the dynamic stream (which then swaps
//                     them into its DeviceState, carrying shear history over by key).
//   ContactBuilder:   grid and count scratch, owned by whichever stream builds.
#pragma once

#include "kernels/backend/backend.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/backend/stream_event.h"

namespace regolith {

struct PositionSnapshot {
  DeviceVector<Vec3d> spherePosition;
  DeviceVector<BoundaryPrimitive> boundaries;
  StreamEvent ready;
};

struct CandidateList {
  DeviceVector<PairKey> pairKeys;   // sorted, first < second
  DeviceVector<Index> firstBegin;   // spheres + 1
  DeviceVector<Index> secondBegin;  // spheres + 1
  DeviceVector<Index> secondOrder;  // pair indices sorted by second sphere (stable)
  DeviceVector<PairKey> wallKeys;   // sorted (sphere << 32 | boundary)
  DeviceVector<Index> wallBegin;    // spheres + 1
  DeviceVector<Vec3d> positionsAtBuild;
  DeviceVector<BoundaryPrimitive> boundariesAtBuild;
  Real reach = 0;  // pairs kept within r_i + r_j + reach, walls within a gap of reach [m]
  StreamEvent ready;
};

struct ContactBuilder {
  DeviceVector<PairKey> cellKey;
  DeviceVector<Index> cellSphere;
  DeviceVector<Index> cellStart;  // cells + 1, only for grids that are not sparse
  DeviceVector<Index> counts;
  DeviceVector<Index> scratchIndex;
  // Mesh triangles by grid cell (kernels/detection/bin_triangles.cpp): sorted cell keys, the triangle
  // boundary of each entry, and the per-triangle counts/offsets of the build.
  DeviceVector<PairKey> triangleCellKey;
  DeviceVector<Index> triangleCellBoundary;
  DeviceVector<Index> triangleCounts;
};

// Device memory held by each buffer [bytes] (allocated size, for the memory report).
inline std::size_t snapshotBytes(const PositionSnapshot& p) {
  return bytesOf(p.spherePosition) + bytesOf(p.boundaries);
}
inline std::size_t candidateListBytes(const CandidateList& l) {
  return bytesOf(l.pairKeys) + bytesOf(l.firstBegin) + bytesOf(l.secondBegin) + bytesOf(l.secondOrder) +
         bytesOf(l.wallKeys) + bytesOf(l.wallBegin) + bytesOf(l.positionsAtBuild) + bytesOf(l.boundariesAtBuild);
}
inline std::size_t builderBytes(const ContactBuilder& b) {
  return bytesOf(b.cellKey) + bytesOf(b.cellSphere) + bytesOf(b.cellStart) + bytesOf(b.counts) +
         bytesOf(b.scratchIndex) + bytesOf(b.triangleCellKey) + bytesOf(b.triangleCellBoundary) +
         bytesOf(b.triangleCounts);
}

// Frees every array of a buffer (its event stays, so a hand-over buffer keeps its
// protocol). Beside the byte counts so that a new member is counted and freed alike.
inline void releaseArrays(CandidateList& l) {
  release(l.pairKeys), release(l.firstBegin), release(l.secondBegin), release(l.secondOrder);
  release(l.wallKeys), release(l.wallBegin), release(l.positionsAtBuild), release(l.boundariesAtBuild);
}
inline void releaseArrays(ContactBuilder& b) {
  release(b.cellKey), release(b.cellSphere), release(b.cellStart), release(b.counts), release(b.scratchIndex);
  release(b.triangleCellKey), release(b.triangleCellBoundary), release(b.triangleCounts);
}

}  // namespace regolith
