// A wheel's rut in the deforming grid (wheel_rut.h).
#include "robots/wheel_rut.h"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

namespace regolith::robots {

Eigen::Vector3d bodySpoke(const Eigen::Vector3d& axle) {
  // Any vector not along the axle, made normal to it.
  const Eigen::Vector3d trial = std::fabs(axle.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitZ();
  return (trial - trial.dot(axle) * axle).normalized();
}

double spokeAngle(const Eigen::Vector3d& axle, const Eigen::Vector3d& spoke) {
  Eigen::Vector3d down = -Eigen::Vector3d::UnitZ();
  down -= down.dot(axle) * axle;
  if (!(down.norm() > 1e-9)) return 0;  // a vertical axle: no rut (wheelRutImprints)
  down.normalize();
  return std::atan2(down.cross(spoke).dot(axle), down.dot(spoke));
}

std::vector<GridImprint> wheelRutImprints(const HeightGrid& grid, const Eigen::Vector3d& centre,
                                          const Eigen::Vector3d& axle, double phi, double slip,
                                          const WheelRutShape& shape) {
  std::vector<GridImprint> imprints;
  const Eigen::Vector3d up = Eigen::Vector3d::UnitZ();
  Eigen::Vector3d side = axle - axle.dot(up) * up;
  if (!(side.norm() > 1e-9)) return imprints;  // a wheel lying flat rolls nowhere
  side.normalize();
  const Eigen::Vector3d forward = side.cross(up);
  const double r = shape.radius, halfWidth = shape.width / 2;
  // The rim's lowest point is c_z - r: no node whose reference surface is below it.
  const double reach = r * std::fabs(forward.x()) + halfWidth * std::fabs(side.x());
  const double reachY = r * std::fabs(forward.y()) + halfWidth * std::fabs(side.y());
  const double s = grid.spacing();
  const int i0 = std::max(0, static_cast<int>(std::floor((centre.x() - reach - grid.x0()) / s)));
  const int i1 = std::min(grid.nx() - 1, static_cast<int>(std::ceil((centre.x() + reach - grid.x0()) / s)));
  const int j0 = std::max(0, static_cast<int>(std::floor((centre.y() - reachY - grid.y0()) / s)));
  const int j1 = std::min(grid.ny() - 1, static_cast<int>(std::ceil((centre.y() + reachY - grid.y0()) / s)));
  const double amplitude = shape.grouserHeight * (1 - std::min(std::fabs(slip), 1.0));
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const double x = grid.x0() + i * s, y = grid.y0() + j * s;
      const double dx = x - centre.x(), dy = y - centre.y();
      const double xi = dx * forward.x() + dy * forward.y();
      const double eta = dx * side.x() + dy * side.y();
      if (!(std::fabs(xi) < r) || !(std::fabs(eta) <= halfWidth)) continue;
      const double rim = centre.z() - std::sqrt(r * r - xi * xi);
      const double reference = grid.node(i, j) - grid.permanentDepth(i, j) - grid.trace(i, j);
      if (!(rim < reference)) continue;
      const double trace = shape.grouserCount > 0 && amplitude > 0
                               ? -amplitude * (1 + std::cos(shape.grouserCount * (xi / r + phi))) / 2
                               : 0.0;
      imprints.push_back({i, j, rim - reference, trace});
    }
  return imprints;
}

}  // namespace regolith::robots
