// Shared helpers of the RFT tests (rft_test.cpp, rft_input_test.cpp).
#pragma once

#include <Eigen/Geometry>

#include "models/rft/rft_model.h"

namespace regolith::rft::test {

inline const double kZeta = zetaFromNPerCm3(3.75);  // settled play sand of RFT-SiM [N/m^3]

inline RftParameters params() {
  RftParameters p;
  p.zeta = kZeta;
  return p;
}

inline Plate plate(const Eigen::Vector3d& c, const Eigen::Vector3d& n, double area) {
  Plate p;
  p.centroid = c;
  p.normal = n.normalized();
  p.area = area;
  return p;
}

inline Eigen::Matrix3d rotation(double angle, const Eigen::Vector3d& axis) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

inline double relErr(const Eigen::Vector3d& a, const Eigen::Vector3d& b) { return (a - b).norm() / b.norm(); }

}  // namespace regolith::rft::test
