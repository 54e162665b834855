// 3D RFT force evaluation over plates (formulas in rft_model.h).
#include "models/rft/rft_model.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/require.h"

namespace regolith::rft {

void RftParameters::validate() const {
  models::requirePositive(zeta, "rft zeta [N/m^3]");
  coefficients.validate();
  shape.validate();
  models::requireNonNegative(inertialLambda, "rft inertial lambda");
  models::requireNonNegative(grainDensity, "rft grain density [kg/m^3]");
  models::requireInRange(verticalNormalTolerance, "rft vertical normal tolerance", 0, 0.5);
  models::requireNonNegative(minSpeed, "rft min speed [m/s]");
}

namespace {

// What the kernel needs from RftParameters, with the shape functions' constant parts
// (tanh c3, atanh d3, c1/c4, d1/d4) computed once per evaluation rather than per plate.
struct Prepared {
  const FourierCoefficients* k;
  double zeta, tol, minSpeed, inertia;  // inertia = lambda rho
  double alphaY;
  double c1c4, c2, c3, tanhC3;
  double d1d4, d2, d3, atanhD3;

  explicit Prepared(const RftParameters& p)
      : k(&p.coefficients),
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
inline Eigen::Vector3d kernel(const Prepared& p, const Eigen::Vector3d& n, const Eigen::Vector3d& v, double depth,
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

  const FourierCoefficients& k = *p.k;
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

void accumulate(RftResult& r, const Eigen::Vector3d& f, const Eigen::Vector3d& centroid, const Eigen::Vector3d& ref,
                std::size_t i, bool perPlate) {
  if (perPlate) r.plateForces[i] = f;
  if (f.x() == 0 && f.y() == 0 && f.z() == 0) return;
  r.force += f;
  r.moment += (centroid - ref).cross(f);
  ++r.platesInContact;
}

void requireFiniteVector(const Eigen::Vector3d& v, const std::string& what) {
  if (!v.allFinite()) throw std::invalid_argument(what + " must be finite");
}

}  // namespace

Eigen::Vector3d plateForce(const RftParameters& p, const Plate& plate, const Eigen::Vector3d& velocity, double depth) {
  return kernel(Prepared(p), plate.normal, velocity, depth, plate.area);
}

struct PlateForceKernel::State {
  explicit State(const RftParameters& p) : parameters(p), prepared(parameters) {}
  RftParameters parameters;
  Prepared prepared;  // points into `parameters`: State never moves (held by pointer)
};

PlateForceKernel::PlateForceKernel(const RftParameters& p) {
  p.validate();
  m_state = std::make_unique<const State>(p);
}
PlateForceKernel::~PlateForceKernel() = default;
PlateForceKernel::PlateForceKernel(PlateForceKernel&&) noexcept = default;
PlateForceKernel& PlateForceKernel::operator=(PlateForceKernel&&) noexcept = default;

Eigen::Vector3d PlateForceKernel::operator()(const Plate& plate, const Eigen::Vector3d& velocity, double depth) const {
  return kernel(m_state->prepared, plate.normal, velocity, depth, plate.area);
}

RftResult evaluate(const RftParameters& p, const PlateMesh& body, const Pose& pose, const Twist& twist,
                   const FreeSurface& surface, const EvaluateOptions& options) {
  p.validate();
  if (!pose.rotation.allFinite()) throw std::invalid_argument("rft pose rotation must be finite");
  const double orthoError =
      (pose.rotation.transpose() * pose.rotation - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (!(orthoError < 1e-6) || !(pose.rotation.determinant() > 0))
    throw std::invalid_argument("rft pose rotation: |R^T R - I| = " + models::formatNumber(orthoError) +
                                ": expected a proper rotation (error < 1e-6, det R = +1)");
  requireFiniteVector(pose.position, "rft pose position");
  requireFiniteVector(twist.linear, "rft twist linear velocity");
  requireFiniteVector(twist.angular, "rft twist angular velocity");

  const Eigen::Vector3d ref = options.reference.value_or(pose.position);
  requireFiniteVector(ref, "rft moment reference point");
  const Prepared pp(p);
  RftResult r;
  const std::vector<Plate>& plates = body.plates();
  if (options.perPlateForces) r.plateForces.assign(plates.size(), Eigen::Vector3d::Zero());
  const bool flat = surface.isFlat();
  const double h0 = surface.flatHeight();
  for (std::size_t i = 0; i < plates.size(); ++i) {
    const Plate& b = plates[i];
    const Eigen::Vector3d c = pose.rotation * b.centroid + pose.position;
    const double depth = (flat ? h0 : surface.heightAt(c.x(), c.y())) - c.z();
    if (!(depth > 0)) continue;
    const Eigen::Vector3d n = pose.rotation * b.normal;
    const Eigen::Vector3d v = twist.linear + twist.angular.cross(c - pose.position);
    accumulate(r, kernel(pp, n, v, depth, b.area), c, ref, i, options.perPlateForces);
  }
  return r;
}

RftResult evaluate(const RftParameters& p, const std::vector<Plate>& worldPlates,
                   const std::vector<Eigen::Vector3d>& velocities, const FreeSurface& surface,
                   const EvaluateOptions& options) {
  p.validate();
  if (worldPlates.size() != velocities.size())
    throw std::invalid_argument("rft evaluate: " + std::to_string(velocities.size()) +
                                " velocities: expected one per plate (" + std::to_string(worldPlates.size()) + ")");
  const Eigen::Vector3d ref = options.reference.value_or(Eigen::Vector3d::Zero());
  requireFiniteVector(ref, "rft moment reference point");
  const Prepared pp(p);
  RftResult r;
  if (options.perPlateForces) r.plateForces.assign(worldPlates.size(), Eigen::Vector3d::Zero());
  for (std::size_t i = 0; i < worldPlates.size(); ++i) {
    const Plate pl = checkedPlate(worldPlates[i], i);
    requireFiniteVector(velocities[i], "rft velocity of plate " + std::to_string(i));
    const double depth = surface.heightAt(pl.centroid.x(), pl.centroid.y()) - pl.centroid.z();
    accumulate(r, kernel(pp, pl.normal, velocities[i], depth, pl.area), pl.centroid, ref, i, options.perPlateForces);
  }
  return r;
}

ForceSmoother::ForceSmoother(double kappa) : m_kappa(kappa) {
  models::requireInRange(kappa, "rft smoothing kappa", 0, 1);
}

RftResult ForceSmoother::apply(const RftResult& raw) {
  if (!m_last) {
    m_last = raw;
    return raw;
  }
  RftResult& s = *m_last;
  if (s.plateForces.size() != raw.plateForces.size())
    throw std::invalid_argument("rft smoother: " + std::to_string(raw.plateForces.size()) +
                                " per-plate forces: expected " + std::to_string(s.plateForces.size()) +
                                " as in the last call");
  const double k = m_kappa;
  s.force = k * raw.force + (1 - k) * s.force;
  s.moment = k * raw.moment + (1 - k) * s.moment;
  for (std::size_t i = 0; i < s.plateForces.size(); ++i)
    s.plateForces[i] = k * raw.plateForces[i] + (1 - k) * s.plateForces[i];
  s.platesInContact = raw.platesInContact;
  return s;
}

}  // namespace regolith::rft
