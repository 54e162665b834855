// RFT plates: the triangles of an intruder's surface mesh, each with its centroid, unit
// outward normal and area, in the body frame; and the rigid-body pose and twist that
// carry them into the world frame.
//
// Orientation: a triangle (a, b, c) has outward normal (b - a) x (c - a) / |...|, i.e. its
// vertices run counter-clockwise seen from outside (right-hand rule). Only the outward
// face of a plate is resistive (rft_model.h), so a mesh with inward winding gets no force
// on its leading side.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstddef>
#include <vector>

namespace regolith::rft {

struct Plate {
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();  // [m]
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();   // unit, outward
  double area = 0;                                     // [m^2], > 0
};

// Throws std::invalid_argument (naming the plate index) unless the centroid is finite, the
// normal finite and nonzero, and the area finite and > 0. Returns the plate with its
// normal normalised.
Plate checkedPlate(const Plate& p, std::size_t index);

struct TriangleMesh {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::array<int, 3>> triangles;  // vertex indices, counter-clockwise outside
};

// Body-to-world placement: x_world = rotation x_body + position.
struct Pose {
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
};

// World-frame velocity of the pose origin [m/s] and angular velocity [rad/s]; a point x
// moves at linear + angular x (x - position).
struct Twist {
  Eigen::Vector3d linear = Eigen::Vector3d::Zero();
  Eigen::Vector3d angular = Eigen::Vector3d::Zero();
};

class PlateMesh {
 public:
  PlateMesh() = default;
  // One plate per triangle. Throws std::invalid_argument for an index out of range, a
  // non-finite vertex or a triangle of zero area (naming the triangle).
  static PlateMesh fromTriangles(const TriangleMesh& mesh);
  // Plates given directly (each checked by checkedPlate).
  static PlateMesh fromPlates(const std::vector<Plate>& plates);

  const std::vector<Plate>& plates() const { return m_plates; }
  std::size_t size() const { return m_plates.size(); }
  double totalArea() const;
  // The plates placed in the world frame.
  std::vector<Plate> placed(const Pose& pose) const;

 private:
  std::vector<Plate> m_plates;
};

}  // namespace regolith::rft
