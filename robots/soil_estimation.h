// The soil estimator beside a rover (issue 24, docs/robots.md "Soil estimation"): the
// terrain file's `estimator` runs models/bekker's SoilEstimator on what the wheels of the
// simulation sense, as a rover's own estimator loop would.
//
// Every `every` MuJoCo steps (observe()), each Bekker-Wong wheel in contact gives one
// WheelMeasurement from its last wrench (wheel_terrain.h, WheelSoilWrench): sinkage z and
// slip s as the filter's exact inputs, load W and torque T as its measurements. W is the
// load of the wheel integrals at (z, s) (not the damped normal force: the damping is a
// numerical aid of the contact, no part of the soil model), T the torque the soil needs
// from the drive. With `noise` (the default) each W and T gets Gaussian noise of the
// stated measurement sd from a seeded generator, so the readings scatter as the filter
// assumes; without it they are the model's own values (to the wheels' quadrature, 1e-6).
// All wheels' measurements of one update go into one SoilEstimator::step (predict with
// the process noise, then one iterated update).
//
// Restart on inconsistency (restart_nis, default 10): when an update's normalised
// innovation (chi-square with 2 x wheels degrees of freedom for a consistent filter) exceeds
// restart_nis times its degrees of freedom, the soil has changed beyond what the process
// noise allows for (a step change between regions: about 4e3 per degree of freedom on
// the rover's LLL-to-LETE boundary), and the update is instead made from the prior (its
// mean and covariance), as at the start. Without it the iterated update fits the old
// state's tight covariance and the mixed readings of a rover straddling the boundary
// (front wheels on the new soil, rear on the old) with a soil of no physical meaning
// (n at 0.2, phi at 0, K at 1e-5 m), from which phi and K did not return in 10 s
// (measured, rover_soil_estimation.terrain.json).
//
// The estimator's model is the first wheel's geometry and stress shape; parseTerrain
// refuses wheels that differ. k_c (and c unless estimate_cohesion) stay at the prior's,
// so the k_phi the filter finds is the effective k_phi + (k_c,true - k_c,prior) / b
// (soil_estimator.h): truth() reports the soil under the first wheel in those terms.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "models/bekker/soil_estimator.h"
#include "robots/terrain_file.h"
#include "robots/wheel_terrain.h"

namespace regolith::robots {

class WheelSoilEstimation {
 public:
  // spec.estimator must be set. Throws TerrainError (/estimator and below) for a prior or
  // covariance the filter refuses.
  explicit WheelSoilEstimation(const TerrainSpec& spec);

  // After each MuJoCo step: every `every`-th call updates the filter from the wheels in
  // contact (none in contact: only the predict). True when it updated.
  bool observe(const WheelTerrainForces& wheels);

  const bekker::SoilEstimator& filter() const { return m_filter; }
  std::vector<std::string> stateNames() const { return bekker::SoilEstimator::stateNames(m_spec.estimateCohesion); }
  // The state of the soil under the first wheel now (its region's, or its own), k_c moved
  // into k_phi as above.
  Eigen::VectorXd truth(const WheelTerrainForces& wheels) const;
  std::uint64_t updates() const { return m_updates; }
  std::uint64_t restarts() const { return m_restarts; }
  int lastWheelCount() const { return m_lastWheels; }  // measurements in the last update

  // The run file's /estimator columns: time, wheels, nis, restarts (so far), then per state name its mean,
  // "<name>_sd" and "<name>_true"; and one row of them now.
  std::vector<std::string> columns() const;
  std::vector<double> row(double time, const WheelTerrainForces& wheels) const;

  // What a step leaves for the next (a robot run's checkpoint): the counters, the filter's
  // state, covariance and last innovation as numbers, and the noise generator as its
  // standard text form (std::mt19937_64's operator<<, exact on every library).
  struct State {
    std::vector<double> values;
    std::string generator;
  };
  State saveState() const;
  // Throws std::invalid_argument for a state of another estimator.
  void restoreState(const State& s);

 private:
  double gaussian();

  EstimatorSpec m_spec;
  bekker::SoilEstimator m_filter, m_initial;
  double m_wheelWidth = 0;
  std::mt19937_64 m_rng;
  std::uint64_t m_calls = 0, m_updates = 0, m_restarts = 0;
  int m_lastWheels = 0;
};

}  // namespace regolith::robots
