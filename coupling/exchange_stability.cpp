// The explicit exchange's stability bound (exchange_stability.h).
#include "coupling/exchange_stability.h"

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace regolith::coupling {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Areal fraction of a grain layer's contacts under a flat footprint (a random close packing
// shows about 0.5 to 0.6 of a plane covered by its grains' cross-sections).
constexpr double kArealFraction = 0.5;

// 1 / (the largest eigenvalue of J M^-1 J^T) for the 3 x nv Jacobian J: the smallest
// effective mass (or inertia) over directions; inf when J M^-1 J^T is zero.
double smallestEffective(const mjModel* m, mjData* d, const std::vector<mjtNum>& jac) {
  const int nv = m->nv;
  std::vector<mjtNum> solved(jac.size());
  mj_solveM(m, d, solved.data(), jac.data(), 3);  // rows: M^-1 J_i^T (M symmetric)
  Eigen::Matrix3d a;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0;
      for (int k = 0; k < nv; ++k) s += jac[std::size_t(i * nv + k)] * solved[std::size_t(j * nv + k)];
      a(i, j) = s;
    }
  const double largest = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(0.5 * (a + a.transpose())).eigenvalues()(2);
  return largest > 0 ? 1.0 / largest : kInf;
}

}  // namespace

double effectiveYoung(const Material& a, const Material& b) {
  return 1.0 / ((1 - a.poissonRatio * a.poissonRatio) / a.youngsModulus +
                (1 - b.poissonRatio * b.poissonRatio) / b.youngsModulus);
}

StabilityBound exchangeStabilityBound(const mjModel* m, mjData* d, int body, const TriangleMesh& mesh,
                                      const BedContact& bed, double load) {
  StabilityBound out;
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_crb(m, d);
  mj_factorM(m, d);
  std::vector<mjtNum> jacp(std::size_t(3 * m->nv)), jacr(std::size_t(3 * m->nv));
  if (m->nv > 0) {
    mj_jacBodyCom(m, d, jacp.data(), jacr.data(), body);
    out.effectiveMass = smallestEffective(m, d, jacp);
    out.effectiveInertia = smallestEffective(m, d, jacr);
  } else {
    out.effectiveMass = out.effectiveInertia = kInf;
  }
  // The footprint: the mesh's horizontal bounding box, and its radius of gyration.
  double xLo = kInf, xHi = -kInf, yLo = kInf, yHi = -kInf;
  for (const Vec3d& v : mesh.vertices)
    xLo = std::min(xLo, v.x), xHi = std::max(xHi, v.x), yLo = std::min(yLo, v.y), yHi = std::max(yHi, v.y);
  const double lx = std::max(0.0, xHi - xLo), ly = std::max(0.0, yHi - yLo);
  const double area = lx * ly;
  out.reach = std::sqrt((lx * lx + ly * ly) / 12);
  const double r = bed.grainRadius;
  out.contacts = std::max(1.0, kArealFraction * area / (M_PI * r * r));
  out.load = load;
  if (bed.model == ContactModelKind::LinearSpringDashpot) {
    out.stiffness = out.contacts * bed.linearStiffness;
  } else {
    // Hertz: F = (4/3) E* sqrt(r) delta^1.5, so delta_i = (3 F_i / (4 E* sqrt(r)))^(2/3) and
    // dF/ddelta = 2 E* sqrt(r delta_i).
    const double fi = std::max(load, 0.0) / out.contacts;
    const double delta = std::pow(3 * fi / (4 * bed.effectiveYoung * std::sqrt(r)), 2.0 / 3.0);
    out.stiffness = out.contacts * 2 * bed.effectiveYoung * std::sqrt(r * delta);
  }
  if (!(out.stiffness > 0)) {
    out.interval = kInf;
    return out;
  }
  const double factor = std::sqrt(2.0 / 3.0);  // a = (k / m) H^2 < 2/3 (exchange_stability.h)
  const double translation = factor * std::sqrt(out.effectiveMass / out.stiffness);
  const double rotation = out.reach > 0
                              ? factor * std::sqrt(out.effectiveInertia / (out.stiffness * out.reach * out.reach))
                              : kInf;
  out.interval = std::min(translation, rotation);
  return out;
}

}  // namespace regolith::coupling
