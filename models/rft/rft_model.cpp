// 3D RFT force evaluation over plates (formulas in rft_model.h).
#include "models/rft/rft_model.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/require.h"
#include "models/rft/rft_kernel.h"

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
  return rftKernel(PreparedRft(p), plate.normal, velocity, depth, plate.area);
}

PlateForceKernel::PlateForceKernel(const RftParameters& p) : m_prepared((p.validate(), p)) {}

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
  const PreparedRft pp(p);
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
    accumulate(r, rftKernel(pp, n, v, depth, b.area), c, ref, i, options.perPlateForces);
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
  const PreparedRft pp(p);
  RftResult r;
  if (options.perPlateForces) r.plateForces.assign(worldPlates.size(), Eigen::Vector3d::Zero());
  for (std::size_t i = 0; i < worldPlates.size(); ++i) {
    const Plate pl = checkedPlate(worldPlates[i], i);
    requireFiniteVector(velocities[i], "rft velocity of plate " + std::to_string(i));
    const double depth = surface.heightAt(pl.centroid.x(), pl.centroid.y()) - pl.centroid.z();
    accumulate(r, rftKernel(pp, pl.normal, velocities[i], depth, pl.area), pl.centroid, ref, i, options.perPlateForces);
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
