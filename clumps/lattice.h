// Lattice fill: particle sites on a cubic or hexagonal close-packed lattice in a box,
// optionally jittered and randomly turned (the scene's "lattice" source, scenes/sources.cpp).
#pragma once

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "kernels/backend/vec3.h"

namespace regolith {

// Lattice sites from `lo` up to `hi` with nearest neighbours `a` apart. Cubic: a simple
// cubic lattice. HCP: triangular layers (rows a apart in x, rows a sqrt(3)/2 apart in y,
// every other row shifted by a/2) stacked ABAB a sqrt(2/3) apart in z, each B layer over
// the centroids of the A triangles (shifted by a/2, a/(2 sqrt 3)); its packing fraction
// for spheres of diameter a is pi/(3 sqrt 2) = 0.7405.
struct LatticeShape {
  bool hcp = false;
  double a = 0;
  double dy() const { return hcp ? a * std::sqrt(3.0) / 2 : a; }
  double dz() const { return hcp ? a * std::sqrt(2.0 / 3.0) : a; }
  Vec3d offset(int row, int layer) const {
    if (!hcp) return Vec3d();
    const bool b = layer % 2 != 0;
    return Vec3d((row % 2 ? a / 2 : 0) + (b ? a / 2 : 0), b ? a / (2 * std::sqrt(3.0)) : 0, 0);
  }
};

// A period the lattice fills along x and along y (0: none), from the box's lower face
// `from`. Along such an axis the columns (rows) are n = floor(period / spacing) to the
// period, stretched to period / n (for HCP rows an even n, so the shifted rows alternate
// round the seam too), and every site lies in [from, from + period): no gap and no lost
// site at the seam, so a periodic bed starts as even as its middle (docs/periodic.md).
struct LatticeWrap {
  double period[2] = {0, 0};
  double from[2] = {0, 0};
};

// Rows x columns x layers of the lattice in [lo, hi] (an upper bound of the sites: shifted
// HCP rows may lose their last site), as a double so that absurd boxes do not overflow.
double latticeSiteCount(const LatticeShape& shape, const Vec3d& lo, const Vec3d& hi, const LatticeWrap& wrap = {});

// The sites and orientations, layer by layer (z), row by row (y), along x. With jitter > 0
// each coordinate moves by a uniform draw in [-jitter, jitter); with randomTurn each
// particle gets a uniform random orientation (clumps/placement.h draws), else the identity.
std::vector<std::pair<Vec3d, Quat>> latticeSites(const LatticeShape& shape, const Vec3d& lo, const Vec3d& hi,
                                                 double jitter, bool randomTurn, std::mt19937_64& rng,
                                                 const LatticeWrap& wrap = {});

}  // namespace regolith
