// Binning of mesh triangles into the spheres' grid: each triangle is listed in every cell
// whose centre lies within r_max + reach + half a cell diagonal of it, so a sphere finds
// every triangle it may touch before the next build among the triangles of its own cell.
// (If a sphere of radius r <= r_max in cell K is within r + reach of triangle T, K's centre
// is within r_max + reach + |centre - sphere| <= that distance of T.)
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>

#include <cstdint>

#include "kernels/backend/backend.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/backend/radix_sort.h"
#include "kernels/boundaries/triangle_contact.h"

namespace regolith {
namespace {

// The cells [c0, c1] a padded extent [lo, hi] covers along one axis: clamped to the grid,
// or along a periodic axis counted on past its ends (at most n of them).
REGOLITH_HD inline void cellsAlong(double lo, double hi, double origin, double h, int n, bool wrap, int& c0, int& c1) {
  if (!wrap) {
    c0 = UniformGrid::cellAlong(lo - origin, h, n, false);
    c1 = UniformGrid::cellAlong(hi - origin, h, n, false);
    return;
  }
  // Within an Index of the grid: a periodic run's triangles stay within a few periods.
  const double a = floor((lo - origin) / h), b = floor((hi - origin) / h);
  c0 = static_cast<int>(a);
  c1 = static_cast<int>(b - a < double(n) ? b : a + double(n - 1));
}

// Reads: the grid, the triangle boundaries and their topology. Count pass writes counts[t];
// fill pass writes (cell key, boundary) at offsets[t] ..., cells in key order.
template <bool kFill>
struct TriangleCells {
  UniformGrid grid;
  const BoundaryPrimitive* boundaries;
  const TriangleTopology* topology;
  const Index* triangles;
  double expand;  // r_max + reach [m]
  Index* counts;
  const Index* offsets;
  PairKey* cellKey;
  Index* cellBoundary;

  REGOLITH_HD void operator()(Index t) const {
    const Index bi = triangles[t];
    const BoundaryPrimitive& b = boundaries[bi];
    const TriangleTopology& topo = topology[b.triangle];
    const Vec3d &p0 = b.point, &p1 = b.corner1, &p2 = b.corner2;
    Vec3d lo(minOf(p0.x, minOf(p1.x, p2.x)), minOf(p0.y, minOf(p1.y, p2.y)), minOf(p0.z, minOf(p1.z, p2.z)));
    Vec3d hi(maxOf(p0.x, maxOf(p1.x, p2.x)), maxOf(p0.y, maxOf(p1.y, p2.y)), maxOf(p0.z, maxOf(p1.z, p2.z)));
    const Vec3d pad(expand, expand, expand);
    lo -= pad;
    hi += pad;
    const Vec3d top = grid.origin + Vec3d(grid.nx * grid.cell.x, grid.ny * grid.cell.y, grid.nz * grid.cell.z);
    Index found = 0;
    // Along a periodic axis nothing is outside: the cells are counted on from the grid
    // without clamping (the triangle as it stands, its centres' distance true) and wrapped
    // for the key; a triangle wider than the period takes each cell once.
    const bool outside = (!grid.wrapX && (hi.x < grid.origin.x || lo.x > top.x)) ||
                         (!grid.wrapY && (hi.y < grid.origin.y || lo.y > top.y)) ||
                         (!grid.wrapZ && (hi.z < grid.origin.z || lo.z > top.z));
    if (!outside) {
      int x0, y0, z0, x1, y1, z1;
      cellsAlong(lo.x, hi.x, grid.origin.x, grid.cell.x, grid.nx, grid.wrapX, x0, x1);
      cellsAlong(lo.y, hi.y, grid.origin.y, grid.cell.y, grid.ny, grid.wrapY, y0, y1);
      cellsAlong(lo.z, hi.z, grid.origin.z, grid.cell.z, grid.nz, grid.wrapZ, z0, z1);
      // + half a diagonal (of the longest edge: the cells of a periodic axis are stretched)
      const double within = expand + 0.8660254037844387 * maxOf(grid.cell.x, maxOf(grid.cell.y, grid.cell.z));
      for (int z = z0; z <= z1; ++z)
        for (int y = y0; y <= y1; ++y)
          for (int x = x0; x <= x1; ++x) {
            const Vec3d centre = grid.origin +
                                 Vec3d((x + 0.5) * grid.cell.x, (y + 0.5) * grid.cell.y, (z + 0.5) * grid.cell.z);
            if (triangleDistance2(b, topo, centre) > within * within) continue;
            if (kFill) {
              cellKey[offsets[t] + found] = grid.key(UniformGrid::wrappedCell(x, grid.nx),
                                                     UniformGrid::wrappedCell(y, grid.ny),
                                                     UniformGrid::wrappedCell(z, grid.nz));
              cellBoundary[offsets[t] + found] = bi;
            }
            ++found;
          }
    }
    if (!kFill) counts[t] = found;
  }
};

}  // namespace

void binTriangles(const DeviceState& s, const DeviceVector<BoundaryPrimitive>& boundaries, const UniformGrid& grid,
                  Real reach, ContactBuilder& b) {
  const std::size_t n = s.triangleBoundaries.size();
  b.triangleCellKey.clear();
  b.triangleCellBoundary.clear();
  if (n == 0 || s.sphereCount() == 0) return;
  const double expand = double(s.maxRadius) + double(reach);
  b.triangleCounts.resize(n + 1);
  TriangleCells<false> count{grid,
                             raw(boundaries),
                             raw(s.triangleTopology),
                             raw(s.triangleBoundaries),
                             expand,
                             raw(b.triangleCounts),
                             nullptr,
                             nullptr,
                             nullptr};
  parallel_for(n, count);
  // Entries grow with triangles x the cells each covers: summed in 64 bits and checked
  // against the Index limit before the scan, whose Index partial sums would wrap.
  const std::uint64_t total = thrust::reduce(devicePolicy(), b.triangleCounts.begin(), b.triangleCounts.begin() + n,
                                             std::uint64_t(0));
  requireIndexRange(total, "triangle-cell entries");
  b.triangleCounts[n] = 0;
  thrust::exclusive_scan(devicePolicy(), b.triangleCounts.begin(), b.triangleCounts.end(), b.triangleCounts.begin());
  resizeDiscarding(b.triangleCellKey, total);
  resizeDiscarding(b.triangleCellBoundary, total);
  TriangleCells<true> fill{grid,    raw(boundaries),       raw(s.triangleTopology), raw(s.triangleBoundaries),  expand,
                           nullptr, raw(b.triangleCounts), raw(b.triangleCellKey),  raw(b.triangleCellBoundary)};
  parallel_for(n, fill);
  // Stable: within a cell, triangles stay in boundary order, so a sphere's wall keys come
  // out sorted and the build is deterministic.
  stableSortByKeyBits(b.triangleCellKey, b.triangleCellBoundary, grid.keyBits());
}

}  // namespace regolith
