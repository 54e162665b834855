// Body loads from wall contacts; see body_loads.h.
#include "core/body_loads.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace regolith {

std::vector<BodyLoad> bodyLoads(const std::vector<WallContact>& contacts, const std::vector<Vec3d>& spherePosition,
                                const std::vector<Index>& bodyOfBoundary, const std::vector<Vec3d>& reference,
                                const PeriodicBox& box) {
  std::vector<BodyLoad> loads(reference.size());
  std::vector<double> weight(reference.size(), 0.0);
  for (const WallContact& c : contacts) {
    if (c.boundary < 0 || static_cast<std::size_t>(c.boundary) >= bodyOfBoundary.size() ||
        static_cast<std::size_t>(c.sphere) >= spherePosition.size())
      throw std::invalid_argument("bodyLoads: contact of sphere " + std::to_string(c.sphere) + " with boundary " +
                                  std::to_string(c.boundary) + " is outside the arrays given");
    const Index k = bodyOfBoundary[c.boundary];
    if (k < 0) continue;
    BodyLoad& l = loads[k];
    const Vec3d F(c.force), n(c.normal), arm = c.point - reference[k];
    const Vec3d Fn = n * dot(F, n), Ft = F - Fn;
    // tau_s = (p - x_s) x F + rolling, so -(x_s - x_r) x F - tau_s = -(p - x_r) x F - rolling.
    const Vec3d xs = box.imageNear(spherePosition[c.sphere], c.point);
    const Vec3d rolling = Vec3d(c.torque) - cross(c.point - xs, F);
    l.force -= F;
    l.torque -= cross(xs - reference[k], F) + Vec3d(c.torque);
    l.forceNormal -= Fn;
    l.forceTangential -= Ft;
    l.torqueNormal -= cross(arm, Fn);
    l.torqueTangential -= cross(arm, Ft) + rolling;
    ++l.contacts;
    const double w = std::fabs(dot(F, n));
    l.patchCentroid += c.point * w;
    weight[k] += w;
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t k = 0; k < loads.size(); ++k)
    loads[k].patchCentroid = weight[k] > 0 ? loads[k].patchCentroid * (1.0 / weight[k]) : Vec3d(nan, nan, nan);
  return loads;
}

}  // namespace regolith
