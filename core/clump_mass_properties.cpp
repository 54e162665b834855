// Clump mass properties: masses, parallel-axis sums and Eigen's symmetric eigensolver.
#include "core/clump_mass_properties.h"

#include <cmath>
#include <stdexcept>

#include <Eigen/Dense>

namespace regolith {

ClumpTemplate clumpFromSpheres(const std::string& name, const std::vector<ClumpSphere>& spheres) {
  if (spheres.empty()) throw std::invalid_argument("clump template '" + name + "': has no spheres");
  if (spheres.size() == 1)
    return sphereTemplate(name, spheres[0].radius, spheres[0].material, spheres[0].density);

  std::vector<double> masses;
  double mass = 0;
  Vec3d com;
  for (const ClumpSphere& s : spheres) {
    const double m = 4.0 / 3.0 * M_PI * s.radius * s.radius * s.radius * s.density;
    masses.push_back(m);
    mass += m;
    com += s.centre * m;
  }
  com = com * (1.0 / mass);

  // I = sum_i [ (2/5) m_i r_i^2 1 + m_i (|d_i|^2 1 - d_i d_i^T) ], d_i from the centre of mass.
  ClumpTemplate t;
  t.name = name;
  t.mass = mass;
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();
  for (std::size_t i = 0; i < spheres.size(); ++i) {
    const Vec3d d = spheres[i].centre - com;
    const Eigen::Vector3d e(d.x, d.y, d.z);
    const double m = masses[i];
    inertia += (0.4 * m * spheres[i].radius * spheres[i].radius + m * e.squaredNorm()) *
                   Eigen::Matrix3d::Identity() - m * e * e.transpose();
    t.offsets.push_back(d);
    t.radii.push_back(spheres[i].radius);
    t.materials.push_back(spheres[i].material);
  }

  const double offDiagonal = std::abs(inertia(0, 1)) + std::abs(inertia(0, 2)) + std::abs(inertia(1, 2));
  if (offDiagonal <= 1e-12 * inertia.trace()) {
    t.principalInertia = Vec3d(inertia(0, 0), inertia(1, 1), inertia(2, 2));
    return t;
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(inertia);
  Eigen::Matrix3d axes = solver.eigenvectors();  // columns: principal axes in the input frame
  if (axes.determinant() < 0) axes.col(2) *= -1.0;  // a rotation, not a reflection
  const Eigen::Quaterniond q(axes);
  const Eigen::Vector3d moments = solver.eigenvalues();
  t.principalInertia = Vec3d(moments(0), moments(1), moments(2));
  t.principalFrame = normalized(Quat(q.w(), q.x(), q.y(), q.z()));
  return t;
}

}  // namespace regolith
