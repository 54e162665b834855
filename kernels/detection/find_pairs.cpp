// Candidate contact search: sphere pairs over the 27 neighbouring grid cells, and
// sphere–boundary pairs. Each runs twice (count, then fill at scanned offsets), so the
// output order is fixed: by first sphere, then by second sphere / boundary.
#include <thrust/copy.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>

#include <cstdint>
#include <sstream>

#include "kernels/backend/backend.h"
#include "kernels/boundaries/boundary_geometry.h"
#include "kernels/detection/build_guard.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/boundaries/triangle_contact.h"

namespace regolith {
namespace {

// Insertion sort of one sphere's few candidate keys (short, often nearly sorted).
REGOLITH_HD inline void sortKeys(PairKey* seg, Index n) {
  for (Index a = 1; a < n; ++a) {
    const PairKey v = seg[a];
    Index c = a;
    for (; c > 0 && seg[c - 1] > v; --c) seg[c] = seg[c - 1];
    seg[c] = v;
  }
}

// Reads: grid (sorted cell keys and spheres), sphere positions, radii, owners.
// Count pass writes counts[i]; fill pass writes keys at out[offset[i] ...], sorted by second.
template <bool kFill>
struct PairSearch {
  UniformGrid grid;
  CellLookup cells;
  const Index* cellSphere;
  const Vec3d* x;
  const Real* radius;
  const Index* owner;
  Real reach;
  PeriodicBox box;
  Index* counts;         // count pass
  const Index* offsets;  // fill pass
  PairKey* out;          // fill pass

  // Sphere i's partners among the spheres of cells lo..hi (one key range).
  REGOLITH_HD REGOLITH_INLINE void scan(Index i, PairKey lo, PairKey hi, Index& found) const {
    Index b, e;
    cells.range(lo, hi, b, e);
    for (Index k = b; k < e; ++k) {
      const Index j = cellSphere[k];
      if (j <= i || owner[j] == owner[i]) continue;
      const double within = double(radius[i] + radius[j] + reach);
      if (norm2(box.image(x[i] - x[j])) >= within * within) continue;
      if (kFill) out[offsets[i] + found] = makePairKey(i, j);
      ++found;
    }
  }

  REGOLITH_HD void operator()(Index i) const {
    int ix, iy, iz;
    grid.cellOf(x[i], ix, iy, iz);
    // x-1..x+1 is one key range; at the seam of a periodic x, the cell across it is a
    // second (the grid has at least three cells along it, so never the same cell twice).
    int x0 = ix - 1, x1 = ix + 1, across = -1;
    if (x0 < 0) {
      x0 = 0;
      if (grid.wrapX) across = grid.nx - 1;
    }
    if (x1 >= grid.nx) {
      x1 = grid.nx - 1;
      if (grid.wrapX) across = 0;
    }
    Index found = 0;
    for (int dz = -1; dz <= 1; ++dz) {
      const int z = UniformGrid::neighbourAlong(iz + dz, grid.nz, grid.wrapZ);
      if (z < 0) continue;
      for (int dy = -1; dy <= 1; ++dy) {
        const int y = UniformGrid::neighbourAlong(iy + dy, grid.ny, grid.wrapY);
        if (y < 0) continue;
        scan(i, grid.key(x0, y, z), grid.key(x1, y, z), found);
        if (across >= 0) scan(i, grid.key(across, y, z), grid.key(across, y, z), found);
      }
    }
    if (!kFill) {
      counts[i] = found;
      return;
    }
    sortKeys(out + offsets[i], found);  // this sphere's few partners, by second sphere
  }
};

// Reads: sphere positions and radii, boundaries, the triangles of the sphere's cell. Same
// count/fill protocol as PairSearch.
template <bool kFill>
struct WallSearch {
  const BoundaryPrimitive* boundaries;
  const Index* analytic;
  Index analyticCount;
  UniformGrid grid;
  const PairKey* triangleCellKey;  // sorted
  const Index* triangleCellBoundary;
  Index triangleEntries;
  const TriangleTopology* topology;
  const Vec3d* x;
  const Real* radius;
  Real reach;
  PeriodicBox box;  // a triangle meets the sphere's image nearest to it
  Index* counts;
  const Index* offsets;
  PairKey* out;

  REGOLITH_HD void operator()(Index i) const {
    Index found = 0;
    for (Index k = 0; k < analyticCount; ++k) {
      const Index b = analytic[k];
      Real gap;
      Vec3 normal;
      if (!boundaryGap(boundaries[b], x[i], radius[i], reach, gap, normal)) continue;
      if (gap >= reach) continue;
      if (kFill) out[offsets[i] + found] = makePairKey(i, b);
      ++found;
    }
    if (triangleEntries > 0) {
      int ix, iy, iz;
      grid.cellOf(x[i], ix, iy, iz);
      const PairKey cell = grid.key(ix, iy, iz);
      const Index e = upperBound(triangleCellKey, triangleEntries, cell);
      const double within = double(radius[i]) + double(reach);
      for (Index k = lowerBound(triangleCellKey, triangleEntries, cell); k < e; ++k) {
        const Index b = triangleCellBoundary[k];
        const BoundaryPrimitive& t = boundaries[b];
        if (triangleDistance2(t, topology[t.triangle], box.imageNear(x[i], t.point)) >= within * within) continue;
        if (kFill) out[offsets[i] + found] = makePairKey(i, b);
        ++found;
      }
    }
    if (!kFill) {
      counts[i] = found;
      return;
    }
    // Analytic boundaries and triangles each came in index order; merge them.
    sortKeys(out + offsets[i], found);
  }
};

// The total of counts[0..n), summed in 64 bits (a runaway's total overflows an Index).
// Throws CandidateOverflow when it is more than the cap (kernels/detection/build_guard.h), and
// IndexRangeError when a list that size would not fit the Index offsets of scanCounts:
// both before the list of that size is allocated.
std::uint64_t checkedTotal(const DeviceVector<Index>& counts, std::size_t n, Real reach, const char* what) {
  const std::uint64_t total = thrust::reduce(devicePolicy(), counts.begin(), counts.begin() + n, std::uint64_t(0));
  if (total > kMaxCandidatesPerSphere * n) {
    std::ostringstream msg;
    msg << "the contact search found " << total << " candidate " << what << " for " << n << " spheres, more than "
        << kMaxCandidatesPerSphere << " per sphere (search reach " << double(reach)
        << " m beyond touching): particles moved so fast that the contact "
        << "margin spans the bed, or piled into one place";
    throw CandidateOverflow(msg.str());
  }
  // Within the cap, yet past 2^31 - 1 from 8.4 million spheres on (256 per sphere).
  requireIndexRange(total, what);
  return total;
}

// counts[0..n) -> exclusive offsets in counts[0..n]. Their total, checkedTotal's, fits
// an Index, so no partial sum wraps.
void scanCounts(DeviceVector<Index>& counts, std::size_t n) {
  counts[n] = 0;
  thrust::exclusive_scan(devicePolicy(), counts.begin(), counts.begin() + n + 1, counts.begin());
}

}  // namespace

void findCandidatePairs(const DeviceState& s, const DeviceVector<Vec3d>& x, const UniformGrid& grid, Real reach,
                        ContactBuilder& b, CandidateList& out) {
  const std::size_t n = s.sphereCount();
  b.counts.resize(n + 1);
  PairSearch<false> count{
      grid,       cellLookup(b), raw(b.cellSphere), raw(x), raw(s.sphereRadius), raw(s.sphereOwner), reach,
      s.periodic, raw(b.counts), nullptr,           nullptr};
  parallel_for(n, count);
  const std::uint64_t total = checkedTotal(b.counts, n, reach, "sphere pairs");
  scanCounts(b.counts, n);
  resizeDiscarding(out.pairKeys, total);
  PairSearch<true> fill{grid,  cellLookup(b), raw(b.cellSphere), raw(x),        raw(s.sphereRadius), raw(s.sphereOwner),
                        reach, s.periodic,    nullptr,           raw(b.counts), raw(out.pairKeys)};
  parallel_for(n, fill);
  out.firstBegin.resize(n + 1);
  thrust::copy(devicePolicy(), b.counts.begin(), b.counts.begin() + n + 1, out.firstBegin.begin());
}

void findCandidateWalls(const DeviceState& s, const DeviceVector<Vec3d>& x,
                        const DeviceVector<BoundaryPrimitive>& boundaries, const UniformGrid& grid, Real reach,
                        ContactBuilder& b, CandidateList& out) {
  const std::size_t n = s.sphereCount();
  b.counts.resize(n + 1);
  WallSearch<false> search{raw(boundaries),
                           raw(s.analyticBoundaries),
                           static_cast<Index>(s.analyticBoundaries.size()),
                           grid,
                           raw(b.triangleCellKey),
                           raw(b.triangleCellBoundary),
                           static_cast<Index>(b.triangleCellKey.size()),
                           s.triangleTopology.empty() ? nullptr : raw(s.triangleTopology),
                           raw(x),
                           raw(s.sphereRadius),
                           reach,
                           s.periodic,
                           raw(b.counts),
                           nullptr,
                           nullptr};
  parallel_for(n, search);
  const std::uint64_t total = checkedTotal(b.counts, n, reach, "sphere-boundary pairs");
  scanCounts(b.counts, n);
  resizeDiscarding(out.wallKeys, total);
  WallSearch<true> fill{search.boundaries,
                        search.analytic,
                        search.analyticCount,
                        grid,
                        search.triangleCellKey,
                        search.triangleCellBoundary,
                        search.triangleEntries,
                        search.topology,
                        search.x,
                        search.radius,
                        reach,
                        search.box,
                        nullptr,
                        raw(b.counts),
                        raw(out.wallKeys)};
  parallel_for(n, fill);
  out.wallBegin.resize(n + 1);
  thrust::copy(devicePolicy(), b.counts.begin(), b.counts.begin() + n + 1, out.wallBegin.begin());
}

}  // namespace regolith
