// A uniform grid over the spheres' bounding box. Cell keys are linear, x fastest, so the
// three cells x-1..x+1 of one (y, z) row are one contiguous key range.
#pragma once

#include "kernels/backend/sorted_search.h"
#include "kernels/backend/vec3.h"

namespace regolith {

struct UniformGrid {
  Vec3d origin;     // lower corner [m]
  double cell = 1;  // edge length [m], at least the largest contact reach
  int nx = 1, ny = 1, nz = 1;

  // Clamped in double before the cast: a position far out (or NaN, which goes to cell 0)
  // would make the int conversion undefined.
  REGOLITH_HD int clampCell(double u, int n) const {
    const double c = floor(u / cell);
    return c >= 0 ? (c < double(n) ? static_cast<int>(c) : n - 1) : 0;
  }
  REGOLITH_HD void cellOf(const Vec3d& x, int& ix, int& iy, int& iz) const {
    ix = clampCell(x.x - origin.x, nx);
    iy = clampCell(x.y - origin.y, ny);
    iz = clampCell(x.z - origin.z, nz);
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
