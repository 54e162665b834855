// Random sequential addition of particles into a region (clumps/rain.h).
#include "clumps/rain.h"

namespace regolith {

std::uint64_t rainSequential(std::mt19937_64& rng, const PlacementGrid& grid, const Vec3d& lo, const Vec3d& hi,
                             std::uint64_t count, double gap, const std::function<Index()>& draw,
                             const std::function<double(Index)>& radius,
                             const std::function<void(Index, const Vec3d&, const Quat&)>& place) {
  for (std::uint64_t placed = 0; placed < count; ++placed) {
    const Index t = draw();
    const double rt = radius(t);
    // The inset of the centres from the region's faces, per axis.
    const PeriodicBox& box = grid.periodic();
    const Vec3d in(box.periodic(0) ? 0 : rt, box.periodic(1) ? 0 : rt, box.periodic(2) ? 0 : rt);
    bool fitted = false;
    for (int k = 0; k < kRainTriesPerParticle && !fitted; ++k) {
      const Vec3d p(uniform(rng, lo.x + in.x, hi.x - in.x), uniform(rng, lo.y + in.y, hi.y - in.y),
                    uniform(rng, lo.z + in.z, hi.z - in.z));
      const Quat q = randomOrientation(rng);
      fitted = grid.fits(p, rt, gap);
      if (fitted) place(t, p, q);
    }
    if (!fitted) return placed;
  }
  return count;
}

}  // namespace regolith
