// `regolith predict MODEL.json NAME=VALUE...`: evaluates a model file written by
// `regolith fit` for one set of inputs, so users can query a calibration without C++.
//
//   rft         beta_deg, gamma_deg [, depth (m), area (m^2)]  ->  zeta alpha_Z, zeta alpha_X
//               and the plate_intrusion metrics' stress per depth (and forces)
//   regression  slip [, Fz (N), contacts, grouser_height (m)]  ->  sinkage, DP/W, T/(W R)
//               (and the compliant-contact stiffness when Fz is given)
//   bekker      slip, Fz (N) [, radius, width (m)]              ->  sinkage, DP, T
//
// One name per quantity in every model (the wheel load is Fz). Inputs outside the span of
// the file's training runs (beyond a relative tolerance of 1e-3, predict.cpp
// kSpanTolerance) are refused unless `extrapolate`: a fitted polynomial or soil
// says nothing beyond its data. The result carries "units" (output name -> unit) and
// "extrapolated" (the inputs that were outside the span).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace regolith::calibrate {

using PredictInputs = std::map<std::string, double>;

// The outputs as {"name": value, ..., "units": {...}, "extrapolated": [...]};
// CalibrationError for a missing or unknown input, an input outside the training runs
// (unless `extrapolate`), a file that is not a model or one of another format version
// (fit_json.h checkModelFormat).
nlohmann::json predict(const nlohmann::json& model, const PredictInputs& inputs, bool extrapolate = false);

// "name=value" -> inputs (CalibrationError naming the bad argument).
PredictInputs parsePredictInputs(const std::vector<std::string>& args);

}  // namespace regolith::calibrate
