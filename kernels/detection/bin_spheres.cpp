// Binning of spheres into a uniform grid by sorting their cell keys.
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>

#include <sstream>

#include "kernels/backend/backend.h"
#include "kernels/backend/input_error.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/backend/radix_sort.h"
#include "kernels/backend/sorted_search.h"

namespace regolith {
namespace {

struct Bounds {
  Vec3d lo, hi;
};

struct PointBounds {
  const Vec3d* x;
  REGOLITH_HD Bounds operator()(Index i) const { return {x[i], x[i]}; }
};

struct MergeBounds {
  REGOLITH_HD Bounds operator()(const Bounds& a, const Bounds& b) const {
    return {Vec3d(minOf(a.lo.x, b.lo.x), minOf(a.lo.y, b.lo.y), minOf(a.lo.z, b.lo.z)),
            Vec3d(maxOf(a.hi.x, b.hi.x), maxOf(a.hi.y, b.hi.y), maxOf(a.hi.z, b.hi.z))};
  }
};

// Reads: sphere positions. Writes: cell key and sphere index per slot (unsorted).
struct CellKeyOf {
  UniformGrid grid;
  const Vec3d* x;
  PairKey* key;
  Index* sphere;
  REGOLITH_HD void operator()(Index i) const {
    int ix, iy, iz;
    grid.cellOf(x[i], ix, iy, iz);
    key[i] = grid.key(ix, iy, iz);
    sphere[i] = i;
  }
};

int cellsAlong(double extent, double cell) {
  // Cap the count per axis: a stray sphere far away must not blow up the key space
  // (spheres beyond the cap share the last cell, which stays correct, only slower).
  // A non-finite extent (a NaN or infinite position) takes the cap too: the cast of NaN
  // to int is undefined.
  const double n = floor(extent / cell) + 1.0;
  return n <= double(1 << 20) ? static_cast<int>(n) : 1 << 20;
}

// A periodic axis of period L: the grid spans it exactly in n = floor(L / cell) cells of
// edge L / n >= cell, n >= 3 so that a cell's two neighbours across the seam are two other
// cells (with fewer, a pair would be found twice, or its nearest image missed).
void spanPeriod(double lo, double period, double minCell, const char* axis, double& origin, double& edge, int& n) {
  const double cells = floor(period / minCell);
  if (!(cells >= 3)) {
    std::ostringstream msg;
    msg << "the period along " << axis << " (" << period << " m) is shorter than three contact-search cells of "
        << minCell << " m (twice the largest sphere radius plus the list margin): a sphere would meet its own "
        << "neighbours' images twice; make the periodic box at least " << 3 * minCell << " m long along " << axis;
    throw InvalidInputError(msg.str(), "");
  }
  const double capped = cells <= double(1 << 20) ? cells : double(1 << 20);
  n = static_cast<int>(capped);
  origin = lo;
  edge = period / capped;
}

}  // namespace

UniformGrid binSpheres(const DeviceState& s, const DeviceVector<Vec3d>& x, Real reach, ContactBuilder& out) {
  const std::size_t n = s.sphereCount();
  UniformGrid grid;
  double edge = 2.0 * double(s.maxRadius) + double(reach);
  if (edge <= 0) edge = 1.0;
  grid.cell = Vec3d(edge, edge, edge);
  out.cellKey.resize(n);
  out.cellSphere.resize(n);
  if (n == 0) return grid;

  const Vec3d first = x[0];
  const Bounds b = thrust::transform_reduce(devicePolicy(), thrust::counting_iterator<Index>(0),
                                            thrust::counting_iterator<Index>(static_cast<Index>(n)),
                                            PointBounds{raw(x)}, Bounds{first, first}, MergeBounds{});
  grid.origin = b.lo;
  grid.nx = cellsAlong(b.hi.x - b.lo.x, edge);
  grid.ny = cellsAlong(b.hi.y - b.lo.y, edge);
  grid.nz = cellsAlong(b.hi.z - b.lo.z, edge);
  const PeriodicBox& box = s.periodic;
  if ((grid.wrapX = box.periodic(0)))
    spanPeriod(box.lo.x, box.length.x, edge, "x", grid.origin.x, grid.cell.x, grid.nx);
  if ((grid.wrapY = box.periodic(1)))
    spanPeriod(box.lo.y, box.length.y, edge, "y", grid.origin.y, grid.cell.y, grid.ny);
  if ((grid.wrapZ = box.periodic(2)))
    spanPeriod(box.lo.z, box.length.z, edge, "z", grid.origin.z, grid.cell.z, grid.nz);

  parallel_for(n, CellKeyOf{grid, raw(x), raw(out.cellKey), raw(out.cellSphere)});
  // Stable: spheres of one cell stay in index order, so the build is deterministic.
  stableSortByKeyBits(out.cellKey, out.cellSphere, grid.keyBits());
  const PairKey cells = grid.cellCount();
  if (cells <= kDenseCellsPerSphere * n + 1024) {
    resizeDiscarding(out.cellStart, cells + 1);
    parallel_for(cells + 1, SegmentStarts<PairKey>{raw(out.cellKey), static_cast<Index>(n), raw(out.cellStart)});
  } else {
    out.cellStart.clear();
  }
  return grid;
}

CellLookup cellLookup(const ContactBuilder& b) {
  return {raw(b.cellKey), static_cast<Index>(b.cellKey.size()), b.cellStart.empty() ? nullptr : raw(b.cellStart)};
}

}  // namespace regolith
