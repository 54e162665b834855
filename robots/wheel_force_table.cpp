// A Bekker-Wong wheel's integrals tabulated over sinkage and slip (wheel_force_table.h).
#include "robots/wheel_force_table.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace regolith::robots {
namespace {

constexpr std::int64_t kSlipKeyOffset = 1 << 20;  // slip indices from -2^20, keys stay positive

}  // namespace

WheelForceTable::WheelForceTable(double radius, const bekker::QuadratureOptions& q, double dz, double ds)
    : m_radius(radius), m_quadrature(q), m_dz(dz), m_ds(ds) {
  if (!(dz > 0) || !(ds > 0) || !std::isfinite(dz) || !std::isfinite(ds) || ds > 1 || dz > radius)
    throw std::invalid_argument("wheel force table: steps: expected 0 < dz <= r and 0 < ds <= 1");
}

const WheelForceTable::Node& WheelForceTable::node(const bekker::ValidatedWheel& model, std::int64_t i,
                                                   std::int64_t j) {
  const std::int64_t key = i * (2 * kSlipKeyOffset) + (j + kSlipKeyOffset);
  const auto found = m_nodes.find(key);
  if (found != m_nodes.end()) return found->second;
  // Nodes at the ends are the ends: z in (0, r], s in [-1, 1].
  const double z = std::clamp(i * m_dz, 1e-9 * m_radius, m_radius);
  const double s = std::clamp(j * m_ds, -1.0, 1.0);
  const bekker::WheelForces f = model.forces(z, s, m_quadrature);
  return m_nodes.emplace(key, Node{f.load, f.drawbarPull, f.torque, f.entryAngle, f.rearAngle}).first->second;
}

bekker::WheelForces WheelForceTable::at(const bekker::ValidatedWheel& model, double z, double s) {
  const double u = z / m_dz, v = s / m_ds;
  const auto i = static_cast<std::int64_t>(std::floor(u)), j = static_cast<std::int64_t>(std::floor(v));
  const double fu = u - i, fv = v - j;
  const Node &a = node(model, i, j), &b = node(model, i + 1, j), &c = node(model, i, j + 1),
             &d = node(model, i + 1, j + 1);
  Node f;
  for (std::size_t k = 0; k < f.size(); ++k)
    f[k] = (1 - fv) * ((1 - fu) * a[k] + fu * b[k]) + fv * ((1 - fu) * c[k] + fu * d[k]);
  bekker::WheelForces out;
  out.sinkage = z, out.slip = s;
  out.load = f[0], out.drawbarPull = f[1], out.torque = f[2], out.entryAngle = f[3], out.rearAngle = f[4];
  out.converged = true;
  return out;
}

}  // namespace regolith::robots
