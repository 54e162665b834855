// The per-plate kernel of 3D RFT (formulas in rft_model.h), inline so that loops over
// plates (rft_model.cpp, robots/terrain_forces.cpp) compile it into their bodies: the
// kernel is a chain of divisions and square roots, and a call per plate keeps the
// processor from overlapping consecutive plates.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "models/rft/rft_coefficients.h"
#include "models/rft/rft_model.h"

namespace regolith::rft {

// What the kernel needs from RftParameters, with the shape functions' constant parts
// (tanh c3, atanh d3, c1/c4, d1/d4) computed once per evaluation rather than per plate.
struct PreparedRft {
  FourierCoefficients k;                // a copy: a PreparedRft may outlive the parameters
  double zeta, tol, minSpeed, inertia;  // inertia = lambda rho
  double alphaY;
  double c1c4, c2, c3, tanhC3;
  double d1d4, d2, d3, atanhD3;

  explicit PreparedRft(const RftParameters& p)
      : k(p.coefficients),
        zeta(p.zeta),
        tol(p.verticalNormalTolerance),
        minSpeed(p.minSpeed),
        inertia(p.inertialLambda * p.grainDensity),
        alphaY(rft::alphaY(p.coefficients)),
        c1c4(p.shape.c[0] / p.shape.c[3]),
        c2(p.shape.c[1]),
        c3(p.shape.c[2]),
        tanhC3(std::tanh(p.shape.c[2])),
        d1d4(p.shape.d[0] / p.shape.d[3]),
        d2(p.shape.d[1]),
        d3(p.shape.d[2]),
        atanhD3(std::atanh(p.shape.d[2])) {}
  // f1 and f23 as in rft_coefficients.cpp, with sin psi and cos psi already in [0, 1];
  // tanh x = 1 - 2 / (e^2x + 1) and atanh x = ln((1 + x) / (1 - x)) / 2 through exp and
  // log, about twice as fast as libm's tanh/atanh. Both lose relative accuracy near x = 0
  // but not absolute accuracy (a few 1e-16), and each is added to tanh c3 = 0.92 or
  // atanh d3 = 2.16, so f1 and f23 stay within a few ulp of the libm forms. The atanh
  // argument stays in [-0.974, 0.638] (rft_coefficients.h), far from the poles at +-1.
  double f1(double sinPsi) const { return c1c4 * (1 - 2 / (std::exp(2 * (c2 * sinPsi - c3)) + 1) + tanhC3); }
  double f23(double cosPsi) const {
    const double x = d2 * cosPsi - d3;
    return d1d4 * (0.5 * std::log((1 + x) / (1 - x)) + atanhD3);
  }
};

// The kernel of plateForce, on raw components. All angles are carried as direction
// cosines: cos 2b, sin 2b from the normal's (n . e2, n_z), cos g, sin g from (v23 . e2,
// v23_z), so the only transcendental calls are tanh and atanh of the shape functions.
// Plain sqrt(x^2 + y^2) instead of hypot: the components are of unit size (no overflow).
inline Eigen::Vector3d rftKernel(const PreparedRft& p, const Eigen::Vector3d& n, const Eigen::Vector3d& v, double depth,
                                 double area) {
  if (!(depth > 0)) return Eigen::Vector3d::Zero();
  const double vn = n.dot(v);
  if (!(vn > 0)) return Eigen::Vector3d::Zero();  // receding from, or sliding along, the face
  const double speed = v.norm();
  if (!(speed > p.minSpeed)) return Eigen::Vector3d::Zero();
  const Eigen::Vector3d u = v * (1 / speed);

  // e2: the normal's horizontal direction, else the velocity's, else world x.
  double e2x = 1, e2y = 0;
  const double nh = std::sqrt(n.x() * n.x() + n.y() * n.y());
  if (nh > p.tol) {
    const double inv = 1 / nh;
    e2x = n.x() * inv;
    e2y = n.y() * inv;
  } else {
    const double uh = std::sqrt(u.x() * u.x() + u.y() * u.y());
    if (uh > p.tol) {
      const double inv = 1 / uh;
      e2x = u.x() * inv;
      e2y = u.y() * inv;
    }
  }
  const double e1x = e2y, e1y = -e2x;  // e1 = e2 x E3

  // beta = atan2(nz, n2) + pi/2: cos b = -nz/r, sin b = n2/r.
  const double n2 = n.x() * e2x + n.y() * e2y, nz = n.z();
  const double invR2 = 1 / (n2 * n2 + nz * nz);  // r^2 = 1 with the normal's own e2, else >= 1 - tol^2
  const double cos2b = (nz * nz - n2 * n2) * invR2;
  const double sin2b = -2 * n2 * nz * invR2;

  // gamma = -atan2(w_z, w_2) for w = v23 = w_2 e2 + w_z E3.
  const double v1 = u.x() * e1x + u.y() * e1y;
  const double w2 = u.x() * e2x + u.y() * e2y, wz = u.z();
  const double rho = std::sqrt(w2 * w2 + wz * wz);  // |v23| = cos psi
  double cosg = 1, sing = 0;                        // f23 = 0 when v23 = 0: gamma is irrelevant
  if (rho > 0) {
    const double inv = 1 / rho;
    cosg = w2 * inv;
    sing = -wz * inv;
  }

  const FourierCoefficients& k = p.k;
  const double sin2bg = sin2b * cosg + cos2b * sing;   // sin(2b + g)
  const double singm2b = sing * cos2b - cosg * sin2b;  // sin(g - 2b)
  const double cos2bg = cos2b * cosg - sin2b * sing;   // cos(2b + g)
  const double cosgm2b = cosg * cos2b + sing * sin2b;  // cos(g - 2b)
  const double az = k.a00 + k.a10 * cos2b + k.b11 * sin2bg + k.b01 * sing + k.bm11 * singm2b;
  const double ax = k.c11 * cos2bg + k.c01 * cosg + k.cm11 * cosgm2b + k.d10 * sin2b;

  const double g1 = v1 == 0 ? 0.0 : p.f1(std::min(std::fabs(v1), 1.0));
  const double g23 = p.f23(std::min(rho, 1.0));
  const double s1 = v1 > 0 ? 1.0 : (v1 < 0 ? -1.0 : 0.0);
  const double scale = p.zeta * depth * area;
  const double a1 = -scale * g1 * p.alphaY * s1;  // along e1
  const double a2 = -scale * g23 * ax;            // along e2
  Eigen::Vector3d f(a1 * e1x + a2 * e2x, a1 * e1y + a2 * e2y, scale * g23 * az);

  if (p.inertia > 0) f -= (p.inertia * vn * vn * area) * n;
  return f;
}

// plateForce for many plates with the same parameters, whose constant parts (the shape
// functions' tanh c3 and atanh d3, c1/c4, d1/d4) are computed once here rather than at
// every call: robots/ evaluates every plate in the sand at every step. It keeps what it
// needs of the parameters, validated on construction (std::invalid_argument).
class PlateForceKernel {
 public:
  explicit PlateForceKernel(const RftParameters& p);
  // The same as plateForce(parameters, plate, velocity, depth).
  Eigen::Vector3d operator()(const Plate& plate, const Eigen::Vector3d& velocity, double depth) const {
    return rftKernel(m_prepared, plate.normal, velocity, depth, plate.area);
  }

 private:
  PreparedRft m_prepared;
};

}  // namespace regolith::rft
