// Lattice sites in a box (clumps/lattice.h).
#include "clumps/lattice.h"

#include <algorithm>

#include "clumps/placement.h"

namespace regolith {
namespace {

// Sites along one axis from a to b, `step` apart (a site on b is inside).
double sitesAlong(double a, double b, double step) { return std::floor((b - a) / step + 1e-9) + 1; }

// Sites and their spacing along x (axis 0) or y (1): from lo to hi, or round the period.
struct Along {
  double count, step;
};
Along along(const LatticeShape& shape, int axis, double lo, double hi, const LatticeWrap& wrap) {
  const double step = axis == 0 ? shape.a : shape.dy();
  const double period = wrap.period[axis];
  if (!(period > 0)) return {sitesAlong(lo, hi, step), step};
  double n = std::max(1.0, std::floor(period / step + 1e-9));
  if (axis == 1 && shape.hcp && n > 1 && std::fmod(n, 2.0) != 0) n -= 1;  // shifted rows alternate round the seam
  return {n, period / n};
}

double wrapped(double x, double from, double period) {
  return from + (x - from) - period * std::floor((x - from) / period);
}

}  // namespace

double latticeSiteCount(const LatticeShape& shape, const Vec3d& lo, const Vec3d& hi, const LatticeWrap& wrap) {
  return along(shape, 0, lo.x, hi.x, wrap).count * along(shape, 1, lo.y, hi.y, wrap).count *
         sitesAlong(lo.z, hi.z, shape.dz());
}

std::vector<std::pair<Vec3d, Quat>> latticeSites(const LatticeShape& shape, const Vec3d& lo, const Vec3d& hi,
                                                 double jitter, bool randomTurn, std::mt19937_64& rng,
                                                 const LatticeWrap& wrap) {
  const Along x = along(shape, 0, lo.x, hi.x, wrap), y = along(shape, 1, lo.y, hi.y, wrap);
  const double nz = sitesAlong(lo.z, hi.z, shape.dz());
  const double slack = 1e-9 * shape.a;  // a site on `hi` is inside
  std::vector<std::pair<Vec3d, Quat>> sites;
  for (int k = 0; k < int(nz); ++k)
    for (int jy = 0; jy < int(y.count); ++jy)
      for (int i = 0; i < int(x.count); ++i) {
        // HCP's shifts scale with a stretched spacing, so a site keeps its place in its cell
        // (by 1 exactly when nothing is stretched: the sites of a lattice without a period
        // are the bits they always were, summed in the same order).
        const Vec3d shift = shape.offset(jy, k);
        Vec3d p = lo + Vec3d(i * x.step, jy * y.step, k * shape.dz()) +
                  Vec3d(shift.x * (x.step / shape.a), shift.y * (y.step / shape.dy()), shift.z);
        if (wrap.period[0] > 0) p.x = wrapped(p.x, wrap.from[0], wrap.period[0]);
        else if (p.x > hi.x + slack) continue;
        if (wrap.period[1] > 0) p.y = wrapped(p.y, wrap.from[1], wrap.period[1]);
        else if (p.y > hi.y + slack) continue;
        if (jitter > 0)
          for (double* x : {&p.x, &p.y, &p.z}) *x += uniform(rng, -jitter, jitter);
        sites.emplace_back(p, randomTurn ? randomOrientation(rng) : Quat());
      }
  return sites;
}

}  // namespace regolith
