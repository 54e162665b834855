// Lattice sites in a box (clumps/lattice.h).
#include "clumps/lattice.h"

#include "clumps/placement.h"

namespace regolith {
namespace {

// Sites along one axis from a to b, `step` apart (a site on b is inside).
double sitesAlong(double a, double b, double step) { return std::floor((b - a) / step + 1e-9) + 1; }

}  // namespace

double latticeSiteCount(const LatticeShape& shape, const Vec3d& lo, const Vec3d& hi) {
  const double nx = sitesAlong(lo.x, hi.x, shape.a), ny = sitesAlong(lo.y, hi.y, shape.dy()),
               nz = sitesAlong(lo.z, hi.z, shape.dz());
  return nx * ny * nz;
}

std::vector<std::pair<Vec3d, Quat>> latticeSites(const LatticeShape& shape, const Vec3d& lo, const Vec3d& hi,
                                                 double jitter, bool randomTurn, std::mt19937_64& rng) {
  const double spacing = shape.a;
  const double nx = sitesAlong(lo.x, hi.x, spacing), ny = sitesAlong(lo.y, hi.y, shape.dy()),
               nz = sitesAlong(lo.z, hi.z, shape.dz());
  const double slack = 1e-9 * spacing;  // a site on `hi` is inside
  std::vector<std::pair<Vec3d, Quat>> sites;
  for (int k = 0; k < int(nz); ++k)
    for (int jy = 0; jy < int(ny); ++jy)
      for (int i = 0; i < int(nx); ++i) {
        Vec3d p = lo + Vec3d(i * spacing, jy * shape.dy(), k * shape.dz()) + shape.offset(jy, k);
        if (p.x > hi.x + slack || p.y > hi.y + slack) continue;
        if (jitter > 0)
          for (double* x : {&p.x, &p.y, &p.z}) *x += uniform(rng, -jitter, jitter);
        sites.emplace_back(p, randomTurn ? randomOrientation(rng) : Quat());
      }
  return sites;
}

}  // namespace regolith
