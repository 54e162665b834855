// A periodic model's checks; see periodic_model.h.
#include "core/periodic_model.h"

#include <cmath>
#include <sstream>

namespace regolith {
namespace {

// Unit vectors within this of perpendicular (or parallel) to an axis count as such: the
// scene's normals are unit vectors normalized in double.
constexpr double kAlignment = 1e-9;

// Whether a wall's in-plane half extent along axis a covers half the period: one of its
// unit tangents lies along the axis with a half extent of at least L / 2.
bool spansAxis(const BoundaryPrimitive& b, int a, double period) {
  const double u = std::fabs(component(b.tangentU, a)), v = std::fabs(component(b.tangentV, a));
  if (u > 1 - kAlignment && double(b.halfU) >= 0.5 * period) return true;
  return v > 1 - kAlignment && double(b.halfV) >= 0.5 * period;
}

std::string boundaryProblem(const BoundaryPrimitive& b, const PeriodicBox& box) {
  std::ostringstream msg;
  for (int a = 0; a < 3; ++a) {
    if (!box.periodic(a)) continue;
    const double period = component(box.length, a);
    switch (b.kind) {
      case BoundaryKind::Plane:
        if (std::fabs(component(b.normal, a)) > kAlignment) {
          msg << "a plane whose normal has a component along the periodic axis " << kAxisNames[a]
              << " would cut the periodic box: only planes parallel to the periodic axes (a floor, a side wall "
                 "along them) can stand in a periodic run";
          return msg.str();
        }
        break;
      case BoundaryKind::FiniteWall:
        if (std::fabs(component(b.normal, a)) > kAlignment || !spansAxis(b, a, period)) {
          msg << "a finite wall in a periodic run must be parallel to the periodic axis " << kAxisNames[a]
              << " and span its whole period (" << period
              << " m: a half extent of at least half the period along it); walls across a periodic axis, or "
                 "shorter than the period, have no images";
          return msg.str();
        }
        break;
      case BoundaryKind::Cylinder:
        if (std::fabs(component(b.normal, a)) < 1 - kAlignment ||
            (b.halfLength > 0 && double(b.halfLength) < 0.5 * period)) {
          msg << "a cylinder in a periodic run must lie along the periodic axis " << kAxisNames[a]
              << " and span its period (" << period << " m)";
          return msg.str();
        }
        break;
      case BoundaryKind::Triangle:
        break;
    }
  }
  return "";
}

}  // namespace

PeriodicBox periodicBoxOf(const Vec3d& lo, const Vec3d& hi, bool x, bool y, bool z) {
  return PeriodicBox::along(lo, Vec3d(x ? hi.x - lo.x : 0.0, y ? hi.y - lo.y : 0.0, z ? hi.z - lo.z : 0.0));
}

std::string periodicModelProblem(const Model& m, int* boundary) {
  if (boundary) *boundary = -1;
  const PeriodicBox& box = m.periodic;
  for (int a = 0; a < 3; ++a) {
    const double period = component(box.length, a);
    if (!(std::isfinite(period) && period >= 0) || !std::isfinite(component(box.lo, a))) {
      std::ostringstream msg;
      msg << "the periodic box along " << kAxisNames[a] << " is not a finite period from a finite corner (period "
          << period << " m)";
      return msg.str();
    }
  }
  if (!box.any()) return "";
  for (std::size_t i = 0; i < m.boundaries.size(); ++i) {
    const std::string problem = boundaryProblem(m.boundaries[i], box);
    if (problem.empty()) continue;
    if (boundary) *boundary = int(i);
    return problem;
  }
  return "";
}

}  // namespace regolith
