// Numbers, least-squares reports and atomic writes for the model files the fits write.
#include "calibrate/fit_json.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include "calibrate/run_set.h"

namespace regolith::calibrate {

using nlohmann::json;

json fitReportJson(const regression::FitReport& r) {
  const bool spread = r.degreesOfFreedom > 0;
  const Eigen::VectorXd se = spread ? r.standardErrors() : Eigen::VectorXd::Constant(r.estimates.size(), NAN);
  json j = {{"terms", r.names},       {"estimates", json::array()},  {"standard_errors", json::array()},
            {"ci95", json::array()},  {"covariance", json::array()}, {"r_squared", number(r.rSquared)},
            {"rmse", number(r.rmse)}, {"samples", r.samples},        {"degrees_of_freedom", r.degreesOfFreedom}};
  for (Eigen::Index i = 0; i < r.estimates.size(); ++i) {
    j["estimates"].push_back(number(r.estimates[i]));
    j["standard_errors"].push_back(number(se[i]));
    if (spread && std::isfinite(se[i])) {
      const regression::Interval ci = r.confidenceInterval(static_cast<std::size_t>(i), 0.95);
      j["ci95"].push_back({number(ci.lo), number(ci.hi)});
    } else {
      j["ci95"].push_back(nullptr);
    }
    json row = json::array();
    for (Eigen::Index k = 0; k < r.estimates.size(); ++k)
      row.push_back(spread && r.covariance.size() ? number(r.covariance(i, k)) : json(nullptr));
    j["covariance"].push_back(row);
  }
  return j;
}

Eigen::VectorXd vectorFromJson(const json& j) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(j.size()));
  for (std::size_t i = 0; i < j.size(); ++i)
    v[static_cast<Eigen::Index>(i)] = j[i].is_number() ? j[i].get<double>() : std::numeric_limits<double>::quiet_NaN();
  return v;
}

std::string numberText(const json& v) {
  if (!v.is_number()) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v.get<double>());
  return buf;
}

void writeJsonFile(const std::string& path, const json& j) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    if (!out) throw CalibrationError(tmp + ": cannot write");
  }
  std::filesystem::rename(tmp, path);
}

json readJsonFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CalibrationError(path + ": cannot read");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {  // a syntax error, or a number past a double's range
    throw CalibrationError(path + ": not valid JSON (" + e.what() + ")");
  }
}

void checkModelFormat(const json& model, const std::string& file) {
  if (!model.is_object() || !model.contains("format")) return;
  const json& f = model["format"];
  if (f.is_number_integer() && f.get<long long>() == kModelFormat) return;
  throw CalibrationError((file.empty() ? std::string("a model file") : file) + ": /format: found " + f.dump() +
                         ", expected " + std::to_string(kModelFormat) +
                         " (the model file versions this regolith reads; a newer regolith wrote it?)");
}

json readModelFile(const std::string& path) {
  json j = readJsonFile(path);
  checkModelFormat(j, path);
  return j;
}

}  // namespace regolith::calibrate
