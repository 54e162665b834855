// Scaling and principal axes of mass properties (core/mass_properties.h).
#include "core/mass_properties.h"

#include <cmath>

#include <Eigen/Dense>

namespace regolith {

void diagonalize(MassProperties& p) {
  Eigen::Matrix3d inertia;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) inertia(i, j) = p.inertia[i][j];
  const double offDiagonal = std::abs(inertia(0, 1)) + std::abs(inertia(0, 2)) + std::abs(inertia(1, 2));
  if (offDiagonal <= 1e-12 * inertia.trace()) {
    p.principalMoments = Vec3d(inertia(0, 0), inertia(1, 1), inertia(2, 2));
    p.principalFrame = Quat();
    return;
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(inertia);
  Eigen::Matrix3d axes = solver.eigenvectors();     // columns: principal axes in the input frame
  if (axes.determinant() < 0) axes.col(2) *= -1.0;  // a rotation, not a reflection
  const Eigen::Quaterniond q(axes);
  const Eigen::Vector3d moments = solver.eigenvalues();
  p.principalMoments = Vec3d(moments(0), moments(1), moments(2));
  p.principalFrame = normalized(Quat(q.w(), q.x(), q.y(), q.z()));
}

MassProperties scaled(const MassProperties& p, double s) {
  const double s3 = s * s * s, s5 = s3 * s * s;
  MassProperties q = p;
  q.volume *= s3;
  q.mass *= s3;
  q.centre = p.centre * s;
  for (auto& row : q.inertia)
    for (double& x : row) x *= s5;
  q.principalMoments = p.principalMoments * s5;
  q.volumeErrorBound *= s3;
  q.massErrorBound *= s3;
  q.centreErrorBound *= s;
  q.inertiaErrorBound *= s5;
  return q;
}

}  // namespace regolith
