// 3D granular resistive force theory on a plate mesh (Treers, Cao & Stuart 2021, on Li,
// Zhang & Goldman 2013; as used in RFT-SiM, arXiv 2606.19504). Coefficient maps and shape
// functions: rft_coefficients.h.
//
// For each plate (centroid c, unit outward normal n, area A, velocity v) at depth
// z = h(c_x, c_y) - c_z > 0 whose outward face leads (n . v_hat > 0):
//   e2  = horizontal projection of n, normalised; when n is within verticalTolerance of
//         vertical (|n_h| <= tol), the horizontal projection of v_hat instead; when that is
//         also degenerate (a horizontal plate moving vertically) e2 = world x. That last
//         choice cannot change the force: then v1 = 0 (no F1) and beta is 0 or pi with
//         gamma = +-pi/2, where alpha_X = sum(C) cos(+-pi/2) + D10 sin(0 or 2 pi) = 0;
//   e1  = e2 x E3;  v1 = (v_hat . e1) e1,  v23 = v_hat - v1;  sin psi = |v1|, cos psi = |v23|;
//   beta  = atan2(n_z, n . e2) + pi/2;  gamma = -atan2(v23_z, v23 . e2);
//   F = zeta z A [-f1(psi) alpha_Y sign(v_hat . e1) e1 - f23(psi) alpha_X e2
//                 + f23(psi) alpha_Z E3]
// plus, optionally, the dynamic (inertial) term of dynamic RFT on the same leading plates,
//   F_dyn = -lambda rho (v . n)^2 A n,
// and the moment about a reference point p, M = sum (c - p) x F. A plate receding from its
// face (n . v_hat < 0), sliding exactly along it (= 0), above the surface, or slower than
// minSpeed gets no force: quasi-static RFT depends on the direction of motion only, which
// a resting plate does not have.
//
// The switch of e2 at near-vertical normals is where the 3D formulation is itself
// discontinuous: a horizontal plate moving down and sideways takes e2 along the motion
// (psi = 0, the 2D vertical-plane formula), while one tilted by more than the tolerance
// across the motion takes e2 across it (psi > 0). For descents between 15 and 75 degrees
// the two differ by up to 2.3 % in F_z and up to 31 % in the horizontal force.
// Tessellated curved bodies rarely meet the switch; flat-bottomed ones do (docs/models.md).
//
// Units: SI throughout. zeta [N/m^3] (literature N/cm^3: use zetaFromNPerCm3), lengths
// [m], areas [m^2], velocities [m/s], rho [kg/m^3], forces [N], moments [N m].
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <optional>
#include <vector>

#include "models/rft/free_surface.h"
#include "models/rft/plate_mesh.h"
#include "models/rft/rft_coefficients.h"

namespace regolith::rft {

struct RftParameters {
  double zeta = 0;  // [N/m^3], > 0
  FourierCoefficients coefficients = FourierCoefficients::generic();
  ShapeConstants shape = ShapeConstants::treers2021();
  double inertialLambda = 0;              // lambda >= 0 of the dynamic term; 0 turns it off
  double grainDensity = 0;                // rho [kg/m^3] of the bed, >= 0 (used when lambda > 0)
  double verticalNormalTolerance = 1e-6;  // |n_h| below which e2 comes from the velocity
  double minSpeed = 1e-9;                 // [m/s]: slower plates get no force

  // Throws std::invalid_argument naming the first parameter out of range.
  void validate() const;
};

struct EvaluateOptions {
  // Moment reference point (world frame); default: the pose position for a rigid body,
  // the origin for per-plate evaluation.
  std::optional<Eigen::Vector3d> reference;
  bool perPlateForces = false;  // fill RftResult::plateForces
};

struct RftResult {
  Eigen::Vector3d force = Eigen::Vector3d::Zero();   // [N], world frame
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // [N m] about the reference point
  std::size_t platesInContact = 0;                   // plates that received a force
  std::vector<Eigen::Vector3d> plateForces;          // per plate, when asked for
};

// The force on one plate in world coordinates (depth [m] > 0 below the surface; <= 0
// gives zero). The parameters are not re-validated here (evaluate() does that).
Eigen::Vector3d plateForce(const RftParameters& p, const Plate& plate, const Eigen::Vector3d& velocity, double depth);

// PlateForceKernel (rft_kernel.h): plateForce with its constants prepared once.

// A rigid body: body-frame plates, its pose and twist.
RftResult evaluate(const RftParameters& p, const PlateMesh& body, const Pose& pose, const Twist& twist,
                   const FreeSurface& surface, const EvaluateOptions& options = {});

// Plates already in the world frame with their own velocities (articulated bodies).
// plates and velocities must have the same length; each plate is checked (checkedPlate).
RftResult evaluate(const RftParameters& p, const std::vector<Plate>& worldPlates,
                   const std::vector<Eigen::Vector3d>& velocities, const FreeSurface& surface,
                   const EvaluateOptions& options = {});

// Force smoothing for use inside a dynamics loop (RFT-SiM):
//   F_s,n = kappa F_n + (1 - kappa) F_s,n-1,  F_s,0 = F_0,
// applied to the force, the moment and (when present) the per-plate forces. kappa in
// [0, 1]: 1 is no smoothing, 0 holds the first value.
class ForceSmoother {
 public:
  explicit ForceSmoother(double kappa);
  // Returns the smoothed result (platesInContact is the raw count). Per-plate forces must
  // keep their length between calls (std::invalid_argument otherwise).
  RftResult apply(const RftResult& raw);
  void reset() { m_last.reset(); }
  double kappa() const { return m_kappa; }
  // The smoothed result of the last call (empty before the first), for checkpoints.
  const std::optional<RftResult>& last() const { return m_last; }
  void restore(std::optional<RftResult> last) { m_last = std::move(last); }

 private:
  double m_kappa;
  std::optional<RftResult> m_last;
};

}  // namespace regolith::rft
