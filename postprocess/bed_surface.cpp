// The bed's free surface in a frame (bed_surface.h): clumps/bed_metrics.h's height map,
// its border cells left out.
#include "postprocess/bed_surface.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "clumps/bed_metrics.h"

namespace regolith::postprocess {

double bedSurfaceHeight(const FrameData& frame) {
  const StateArrays& s = frame.state;
  double lo[2] = {std::numeric_limits<double>::max(), std::numeric_limits<double>::max()};
  double hi[2] = {-lo[0], -lo[1]};
  double largest = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    if (frame.ownerTemplate[o] < 0) continue;
    for (Index k = s.ownerSphereBegin[o]; k < s.ownerSphereBegin[o + 1]; ++k) {
      const Vec3d& c = frame.sphereCentres[static_cast<std::size_t>(k)];
      lo[0] = std::min(lo[0], c.x), hi[0] = std::max(hi[0], c.x);
      lo[1] = std::min(lo[1], c.y), hi[1] = std::max(hi[1], c.y);
      largest = std::max(largest, double(s.sphereRadius[static_cast<std::size_t>(k)]));
    }
  }
  if (largest == 0) return std::numeric_limits<double>::quiet_NaN();
  const double cell = 4 * largest;
  const auto cells = [cell](double a, double b) { return std::max<std::size_t>(1, std::size_t((b - a) / cell)); };
  const std::size_t nx = cells(lo[0], hi[0]), ny = cells(lo[1], hi[1]);
  const HeightMap map = surfaceHeights(s, frame.sphereCentres, lo[0], lo[1], hi[0], hi[1], nx, ny);
  if (nx < 3 || ny < 3) return map.mean();
  double sum = 0;
  std::size_t n = 0;
  for (std::size_t iy = 1; iy + 1 < ny; ++iy)
    for (std::size_t ix = 1; ix + 1 < nx; ++ix)
      if (std::isfinite(map.at(ix, iy))) sum += map.at(ix, iy), ++n;
  return n > 0 ? sum / double(n) : map.mean();
}

}  // namespace regolith::postprocess
