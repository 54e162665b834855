// Online estimation of Bekker-Wong soil parameters from what a rover senses at its wheels:
// an extended Kalman filter whose state is the soil and whose measurement model is the
// rigid wheel of rigid_wheel.h, with the analytic Jacobian of wheel_sensitivity.h.
//
// Measurement, per wheel per step (WheelMeasurement):
//   inputs  sinkage z [m] and slip s, taken as exact (a rover measures z from its wheel
//           odometry or a camera, s from wheel speed against body speed; their noise is
//           not propagated: fold it into the measurement covariance if it matters);
//   outputs vertical load W [N] and driving torque T [N m], modelled as
//           y = (W, T)(z, s; soil) + v, v ~ N(0, R), R 2 x 2.
// Taking z as the input makes each prediction one set of integrals (no sinkage solve).
//
// State x, in this order (stateNames()):
//   log k_phi  k_phi in N/m^(n+2): positive and uncertain by factors, not by amounts;
//   n          the sinkage exponent;
//   phi        the friction angle [rad];
//   log K      the Janosi-Hanamoto shear modulus in m: positive, uncertain by factors;
//   c          cohesion [Pa], only with estimateCohesion (it may be 0, so not logged).
// k_c is held at the prior's value: with one wheel width W depends on k_c and k_phi only
// through k = k_c / b + k_phi, so the estimated k_phi is the effective one,
// k_phi + (k_c,true - k_c,prior) / b. Likewise c is held when not estimated.
// After each update (and each iteration of it) n is clamped into [0.05, 3], phi into
// [0, 1.5] rad and c to >= 0 (the ranges the wheel model accepts).
//
// Filter: random-walk parameters, x_k = x_(k-1) + w, w ~ N(0, Q) per step (predict()).
// The wheels' measurements of one step are stacked into one update (update(); NeSAM,
// arXiv 2608.21330, likewise buffers transitions into one EKF update), in Joseph form.
// The update is the iterated EKF: Gauss-Newton on the MAP cost of the prior and the
// measurements, relinearised at the new state until it stops moving, a step halved when
// it raises that cost (maxIterations = 1: the plain EKF). W and T are far from linear in
// log k_phi and n over a prior a factor of e wide, and plain EKF updates linearised at a
// wrong soil can leave the filter confidently wrong (seen while writing the tests, LETE
// sand from their prior, 100 steps: one plain update per wheel ended 12 sigma off in
// log k_phi, one iterated update per wheel 3.6 sigma, stacked and iterated 0.9 sigma).
// step() does one predict and then one update from all wheels.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "models/bekker/rigid_wheel.h"

namespace regolith::bekker {

struct WheelMeasurement {
  double sinkage = 0;  // z [m], input, 0 < z <= r
  double slip = 0;     // s, input, in [-1, 1] (regression/slip.h definitions)
  double load = 0;     // W [N], measured
  double torque = 0;   // T [N m], measured (driving positive)
};

struct SoilEstimatorModel {
  Wheel wheel;                    // the wheel every measurement comes from
  StressShape shape;              // Wong-Reece stress shape, held fixed
  bool estimateCohesion = false;  // add c to the state (5 parameters instead of 4)
  QuadratureOptions quadrature;   // for the predicted forces and their Jacobian
  int maxIterations = 10;         // iterated-EKF relinearisations per update (1: plain EKF)
};

class SoilEstimator {
 public:
  // priorMean: the soil the filter starts from (its k_c, and c when not estimated, stay).
  // priorCovariance, processCovariance: stateSize() square, in state coordinates (above).
  // measurementCovariance: 2 x 2, of (W [N], T [N m]). Throws std::invalid_argument for a
  // wrong size, an invalid soil or wheel, or a covariance not symmetric positive (semi-)
  // definite (prior and measurement positive definite; process semi-definite).
  SoilEstimator(const SoilParameters& priorMean, const Eigen::MatrixXd& priorCovariance,
                const Eigen::MatrixXd& processCovariance, const Eigen::Matrix2d& measurementCovariance,
                const SoilEstimatorModel& model);

  // State names in order: logKphi n phi logK [c].
  static std::vector<std::string> stateNames(bool estimateCohesion);
  // The state of a soil (log k_phi, n, phi, log K [, c]).
  static Eigen::VectorXd toState(const SoilParameters& soil, bool estimateCohesion);

  int stateSize() const { return static_cast<int>(m_x.size()); }
  void predict();  // P += Q
  // One update from several wheels' measurements at once (stacked, R block-diagonal),
  // or from one wheel's.
  void update(const std::vector<WheelMeasurement>& wheels);
  void update(const WheelMeasurement& m);
  void step(const std::vector<WheelMeasurement>& wheels);  // predict(), then update(wheels)

  const Eigen::VectorXd& state() const { return m_x; }
  const Eigen::MatrixXd& covariance() const { return m_p; }
  Eigen::VectorXd stateSigma() const;  // sqrt of the covariance's diagonal
  SoilParameters estimate() const;     // the soil at the current state
  // The last update's innovation y - h ((W, T) per wheel, at the state before the update)
  // and its normalised square (y - h)^T S^-1 (y - h), chi-square with 2 x wheels degrees
  // of freedom for a consistent filter.
  const Eigen::VectorXd& lastInnovation() const { return m_innovation; }
  double lastNormalizedInnovation() const { return m_nis; }
  // Puts back a state, covariance and last innovation saved from a filter of the same
  // shape (a robot run's checkpoint). Throws std::invalid_argument for other sizes.
  void restore(const Eigen::VectorXd& state, const Eigen::MatrixXd& covariance, const Eigen::VectorXd& innovation,
               double nis);

 private:
  struct Linearisation {
    Eigen::VectorXd predicted;  // (W, T) of each wheel at the state
    Eigen::MatrixXd h;          // d(W, T)/dx, 2 wheels x stateSize()
  };
  SoilParameters soilOf(const Eigen::VectorXd& x) const;
  Linearisation linearise(const Eigen::VectorXd& x, const std::vector<WheelMeasurement>& ms) const;
  void clamp(Eigen::VectorXd& x) const;

  SoilEstimatorModel m_model;
  SoilParameters m_base;  // k_c (and c when held) come from here
  Eigen::VectorXd m_x;
  Eigen::MatrixXd m_p, m_q;
  Eigen::Matrix2d m_r;
  Eigen::VectorXd m_innovation;
  double m_nis = 0;
};

}  // namespace regolith::bekker
