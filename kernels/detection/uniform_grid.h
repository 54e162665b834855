// A uniform grid over the spheres' bounding box. Cell keys are linear, x fastest, so the
// three cells x-1..x+1 of one (y, z) row are one contiguous key range (two at the seam of
// a periodic x). Along a periodic axis the grid spans the period exactly, in at least
// three cells, and a position's cell wraps: so a cell's neighbours across the seam are the
// cells at the other end (docs/periodic.md).
#pragma once

#include "kernels/backend/sorted_search.h"
#include "kernels/backend/vec3.h"

namespace regolith {

struct UniformGrid {
  Vec3d origin;         // lower corner [m]
  Vec3d cell{1, 1, 1};  // edge lengths [m], each at least the largest contact reach
  int nx = 1, ny = 1, nz = 1;
  bool wrapX = false, wrapY = false, wrapZ = false;  // periodic axes

  // The cell along one axis of coordinate u (from the origin), edge h, n cells: wrapped
  // onto [0, n) along a periodic axis, else clamped. Clamped in double before the cast: a
  // position far out (or NaN, which goes to cell 0) would make the int conversion
  // undefined.
  REGOLITH_HD static int cellAlong(double u, double h, int n, bool wrap) {
    double c = floor(u / h);
    if (wrap) c -= double(n) * floor(c / double(n));
    return c >= 0 ? (c < double(n) ? static_cast<int>(c) : n - 1) : 0;
  }
  REGOLITH_HD void cellOf(const Vec3d& x, int& ix, int& iy, int& iz) const {
    ix = cellAlong(x.x - origin.x, cell.x, nx, wrapX);
    iy = cellAlong(x.y - origin.y, cell.y, ny, wrapY);
    iz = cellAlong(x.z - origin.z, cell.z, nz, wrapZ);
  }
  // Cell index c of an axis of n cells brought onto [0, n) by whole periods.
  REGOLITH_HD static int wrappedCell(int c, int n) {
    const int r = c % n;
    return r < 0 ? r + n : r;
  }
  // Cell index c of an axis with n cells as a grid index: wrapped along a periodic axis,
  // -1 past the ends of another (the modulo only at the seam).
  REGOLITH_HD static int neighbourAlong(int c, int n, bool wrap) {
    if (c >= 0 && c < n) return c;
    return wrap ? wrappedCell(c, n) : -1;
  }
  REGOLITH_HD PairKey key(int ix, int iy, int iz) const { return (static_cast<PairKey>(iz) * ny + iy) * nx + ix; }
  PairKey cellCount() const { return static_cast<PairKey>(nx) * ny * nz; }
  // The low bits that hold every cell key (0 for a one-cell grid): at most 60, since each
  // axis has at most 2^20 cells (kernels/detection/bin_spheres.cpp). The radix sort of the keys
  // passes over these bits only (kernels/backend/radix_sort.h).
  int keyBits() const {
    const PairKey largest = cellCount() - 1;
    int bits = 0;
    while (bits < 64 && (largest >> bits) != 0) ++bits;
    return bits;
  }
};

// Where the spheres of a key range of cells sit in the cell-sorted order. With a table of
// cell starts (grids of at most a few cells per sphere) a lookup is two loads; sparse grids
// (a few spheres far apart) have no table and binary-search the sorted keys instead.
struct CellLookup {
  const PairKey* sortedKeys;  // cell key per slot, sorted
  Index count;                // spheres
  const Index* cellStart;     // cells + 1 entries, or null

  // Slots [begin, end) of the spheres in cells lo..hi (inclusive).
  REGOLITH_HD void range(PairKey lo, PairKey hi, Index& begin, Index& end) const {
    if (cellStart) {
      begin = cellStart[lo];
      end = cellStart[hi + 1];
    } else {
      begin = lowerBound(sortedKeys, count, lo);
      end = upperBound(sortedKeys, count, hi);
    }
  }
};

}  // namespace regolith
