// `regolith predict MODEL.json NAME=VALUE...`: evaluates a model file written by
// `regolith fit` for one set of inputs, so users can query a calibration without C++.
//
//   rft         beta_deg, gamma_deg [, depth (m), area (m^2)]  ->  zeta alpha_Z, zeta alpha_X
//               and the plate_intrusion metrics' stress per depth (and forces)
//   regression  slip [, Fz (N), contacts, grouser_height (m)]  ->  sinkage, DP/W, T/(W R)
//               (and the compliant-contact stiffness when Fz is given)
//   bekker      slip, load (N) [, radius, width (m)]            ->  sinkage, DP, T
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace regolith::calibrate {

using PredictInputs = std::map<std::string, double>;

// The outputs as {"name": value}; CalibrationError for a missing or unknown input or a
// file that is not a model.
nlohmann::json predict(const nlohmann::json& model, const PredictInputs& inputs);

// "name=value" -> inputs (CalibrationError naming the bad argument).
PredictInputs parsePredictInputs(const std::vector<std::string>& args);

}  // namespace regolith::calibrate
