// Synthetic DEM-like runs for the Calibration tests: run folders holding only the
// metrics.json that `regolith metrics` would write (the fields the fits read).
#pragma once

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/json_file.h"

namespace regolith::test {

// Radians per degree (the plate angles of the RFT calibration tests).
inline constexpr double kDeg = M_PI / 180;

// Writes DIR/NAME/metrics.json of one run; metrics given as name -> value (NaN -> null).
inline std::filesystem::path writeSyntheticRun(const std::filesystem::path& dir, const std::string& name,
                                               const std::string& study, const nlohmann::json& parameters,
                                               const std::map<std::string, double>& metrics) {
  const std::filesystem::path run = dir / name;
  std::filesystem::create_directories(run);
  nlohmann::json m = nlohmann::json::object();
  for (const auto& [key, value] : metrics)
    m[key] = {{"value", std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr)}, {"unit", "?"}};
  nlohmann::json parametersWithKind = parameters;
  parametersWithKind["kind"] = study;
  std::ofstream(run / "metrics.json")
      << nlohmann::json{{"study", study}, {"run", name}, {"parameters", parametersWithKind}, {"metrics", m}}.dump(2);
  return run;
}

}  // namespace regolith::test
