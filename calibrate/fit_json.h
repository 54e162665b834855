// JSON pieces shared by the model files the calibration writes: numbers (non-finite ones
// become null, which JSON can hold), least-squares reports, and atomic file writing.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "models/regression/fit_report.h"

namespace regolith::calibrate {

inline nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }
// A number of a model file for people, "%.6g", or "null" when it is none (a non-finite
// value written as null): how `regolith fit` and `regolith predict` print them.
std::string numberText(const nlohmann::json& v);

// {"terms": [...], "estimates": [...], "standard_errors": [...], "ci95": [[lo, hi], ...],
//  "covariance": [[...]], "r_squared", "rmse", "samples", "degrees_of_freedom"}; with no
// residual degrees of freedom the errors and intervals are null.
nlohmann::json fitReportJson(const regression::FitReport& report);

Eigen::VectorXd vectorFromJson(const nlohmann::json& j);  // null entries become NaN

// The model file format versions this build reads ("format" of every file `regolith fit`
// writes; a file without one, written by hand, is read as version 1).
inline constexpr int kModelFormat = 1;

// CalibrationError "<file>: /format: found 2, expected 1 (...)" unless the model's format is
// one this build reads; `file` "" for a model not read from a file.
void checkModelFormat(const nlohmann::json& model, const std::string& file);
// readJsonFile, then checkModelFormat.
nlohmann::json readModelFile(const std::string& path);

// Writes `j` to `path` (via a temporary file and a rename: no reader sees half a file).
void writeJsonFile(const std::string& path, const nlohmann::json& j);
nlohmann::json readJsonFile(const std::string& path);

}  // namespace regolith::calibrate
