// `regolith fit bekker`: Bekker-Wong soil parameters from single-wheel runs
// (studies/single_wheel), through models/bekker's rigid wheel.
//
// For each run (slip s, load W = m|g|, rim radius R, width b) the model solves the sinkage
// that carries W at s (solveSinkage) and predicts DP/W, T/(W R) and z/R; the chosen soil
// parameters (default k_phi, n, phi, K; the others from a preset, or --fix) minimise the
// sum of squared differences from the runs' drawbar_pull_coefficient, torque_coefficient
// and sinkage/R by bounded Levenberg-Marquardt (nonlinear_least_squares.h). The three are
// dimensionless and of similar size, so they are not weighted. k_phi and K are fitted as
// logarithms (they span decades; the bounds keep them positive). The Wong-Reece stress
// shape stays at its defaults (a0 = 0.4, a1 = 0.15, no rear region).
//
// The wheel width is not in the single_wheel study's parameters: give it (--width), or a
// run's metrics.json may carry parameters.width.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "calibrate/run_set.h"
#include "models/bekker/rigid_wheel.h"
#include "models/regression/nonlinear_least_squares.h"

namespace regolith::calibrate {

struct BekkerFitOptions {
  HoldoutRule holdout;
  std::string preset = "lll-dry-sand";                          // starting and fixed values
  std::vector<std::string> fitted = {"kphi", "n", "phi", "K"};  // of kc kphi n c phi K
  std::vector<std::pair<std::string, double>> fixed;            // overrides, SI (phi_deg in degrees)
  double width = 0;                                             // b [m]; 0: parameters.width
  bekker::StressShape shape;
  regression::LmOptions lm;
};

nlohmann::json fitBekker(const std::vector<CalibrationRun>& runs, const BekkerFitOptions& options);

struct BekkerModelFile {
  bekker::SoilParameters soil;
  bekker::StressShape shape;
  bekker::Wheel wheel;
};
BekkerModelFile bekkerModelFromJson(const nlohmann::json& model);

// Soil parameters as the model JSON writes them (SI; phi in radians, and phi_deg).
nlohmann::json soilJson(const bekker::SoilParameters& soil);
// The reverse, the one reader of those names (model files, terrain files' wheel soils):
// kc, kphi, n, c [Pa], phi [rad] or phi_deg, K [m], each over `base` where present (phi
// before phi_deg when both are). Throws nlohmann::json::exception for a value that is not
// a number, std::invalid_argument (SoilParameters::validate) for a soil out of range.
bekker::SoilParameters soilFromJson(const nlohmann::json& soil, const bekker::SoilParameters& base = {});

}  // namespace regolith::calibrate
