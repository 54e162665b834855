// A Bekker-Wong wheel's integrals tabulated over sinkage and slip (issue 24's rover speed):
// W, DP, T and the entry and rear angles at nodes z_i = i dz, s_j = j ds, computed the
// first time a step needs them (a rover visits a narrow band of sinkage and slip, so a
// few hundred nodes serve a whole run) and interpolated bilinearly in between.
//
// Error: bilinear interpolation of a smooth f errs by at most
// (dz^2 |f_zz| + ds^2 |f_ss|) / 8. W grows as z^(n + 1/2) (Bekker's pressure over a contact
// length ~ sqrt(2 r z)), so |W_zz| dz^2 / 8 / W = |(n + 1/2)(n - 1/2)| (dz / z)^2 / 8: at
// the rover's dz = 100 um (examples/robots/rover) and a sinkage of 3 mm, 1e-4 of W for
// n = 1.1, less deeper. In slip the integrals are smooth; at the rover's ds = 0.002 DP
// and T stay within 1e-4 of W and W r. Over sinkage 3-20 mm and slip -0.3 to 0.9 the
// test measures 7.6e-5 (W), 4.8e-5 (DP / W) and 2.8e-5 (T / (W r)) against the direct
// integrals (WheelForceTable.InterpolatesTheWheelIntegralsWithinTheStatedError). The
// table is a speed option: the direct integrals stay the reference.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>

#include "models/bekker/rigid_wheel.h"

namespace regolith::robots {

class WheelForceTable {
 public:
  // dz [m] > 0 and ds > 0 the node spacings, dz <= the wheel's radius r; the integrals to
  // q's accuracy at the nodes.
  WheelForceTable(double radius, const bekker::QuadratureOptions& q, double dz, double ds);

  // The forces of `model` (always the same one: the table keeps its nodes) at sinkage z in
  // (0, r] and slip s in [-1, 1], interpolated (load, drawbarPull, torque, entryAngle,
  // rearAngle; sinkage and slip as asked; the rest 0).
  bekker::WheelForces at(const bekker::ValidatedWheel& model, double z, double s);
  std::size_t nodes() const { return m_nodes.size(); }

 private:
  using Node = std::array<double, 5>;  // W, DP, T, theta_f, theta_r
  const Node& node(const bekker::ValidatedWheel& model, std::int64_t i, std::int64_t j);

  double m_radius;
  bekker::QuadratureOptions m_quadrature;
  double m_dz, m_ds;
  std::unordered_map<std::int64_t, Node> m_nodes;
};

}  // namespace regolith::robots
