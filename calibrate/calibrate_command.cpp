// `regolith fit` and `regolith predict`: run sets read, fits made, model files written, exit codes.
#include "calibrate/calibrate_command.h"

#include <cstdio>

#include "calibrate/fit_json.h"
#include "calibrate/predict.h"

namespace regolith::calibrate {
namespace {

using nlohmann::json;

std::string format(const json& v) {
  if (!v.is_number()) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v.get<double>());
  return buf;
}

void printHoldout(const json& h, std::ostream& out) {
  out << "training runs: " << h["training"].size() << ", held out: " << h["held_out"].size() << " ("
      << h["rule"].get<std::string>() << ")\n";
  if (h.contains("note")) out << "  " << h["note"].get<std::string>() << "\n";
}

void summariseRft(const json& m, std::ostream& out) {
  const json& z = m["zeta"];
  out << "zeta = " << format(z["value"]) << " N/m^3 (" << format(z["value_n_per_cm3"]) << " N/cm^3) from "
      << z["runs"].size() << " run(s), std " << format(z["std"]) << "\n";
  out << "coefficients (" << m["coefficients_source"].get<std::string>() << "):";
  for (const std::string& name : rft::FourierCoefficients::names())
    out << " " << name << " " << format(m["coefficients"][name]);
  out << "\n";
  if (m.contains("coefficients_note")) out << "  " << m["coefficients_note"].get<std::string>() << "\n";
  if (m.contains("coefficient_fit"))
    out << "  R^2 alpha_z " << format(m["coefficient_fit"]["alpha_z"]["r_squared"]) << ", alpha_x "
        << format(m["coefficient_fit"]["alpha_x"]["r_squared"]) << "\n";
  printHoldout(m["holdout"], out);
  out << "held-out RMSE: stress per depth z " << format(m["holdout"]["rmse_stress_per_depth_z"]) << ", x "
      << format(m["holdout"]["rmse_stress_per_depth_x"]) << " N/m^3\n";
}

void summariseRegression(const json& m, std::ostream& out) {
  for (const auto& [name, entry] : m["models"].items()) {
    out << name << " (" << entry["target"].get<std::string>() << ") =";
    for (std::size_t k = 0; k < entry["coefficients"].size(); ++k) {
      // "0.12 - 0.94 slip + 1.56 slip^2": the sign as the operator, the constant term bare.
      const json& c = entry["coefficients"][k];
      const bool negative = c.is_number() && c.get<double>() < 0;
      const std::string term = entry["term_names"][k].get<std::string>();
      out << (k ? (negative ? " - " : " + ") : (negative ? " -" : " ")) << format(negative ? json(-c.get<double>()) : c)
          << (term == "1" ? "" : " " + term);
    }
    out << "; R^2 " << format(entry["fit"]["r_squared"]) << ", held-out RMSE " << format(entry["held_out_rmse"])
        << "\n";
    if (entry.contains("note")) out << "  " << entry["note"].get<std::string>() << "\n";
  }
  printHoldout(m["holdout"], out);
}

void summariseBekker(const json& m, std::ostream& out) {
  for (const json& p : m["fit"]["parameters"])
    out << p["name"].get<std::string>() << " = " << format(p["value"]) << " +- " << format(p["standard_error"])
        << (p["at_bound"].get<bool>() ? " (at its bound)" : "") << "\n";
  const json& t = m["fit"]["training_rmse"];
  out << "training RMSE: DP/W " << format(t["drawbar_pull_coefficient"]) << ", T/(WR) "
      << format(t["torque_coefficient"]) << ", sinkage " << format(t["sinkage_m"]) << " m (" << m["fit"]["iterations"]
      << " iterations" << (m["fit"]["converged"].get<bool>() ? "" : ", NOT converged") << ")\n";
  printHoldout(m["holdout"], out);
  const json& h = m["holdout"]["rmse"];
  out << "held-out RMSE: DP/W " << format(h["drawbar_pull_coefficient"]) << ", T/(WR) "
      << format(h["torque_coefficient"]) << ", sinkage " << format(h["sinkage_m"]) << " m\n";
}

}  // namespace

int fitCommand(const FitCommandOptions& o, std::ostream& out, std::ostream& err) {
  const std::string command = "fit " + o.model;
  try {
    std::vector<std::string> skipped;
    const ReadRunsOptions readOptions{o.skipMissing, &skipped};
    const auto runsOf = [&](const char* study) {
      std::vector<CalibrationRun> runs = readRuns(o.runs, study, command, readOptions);
      // Every run left out by name, then the count, before the fit's own summary.
      for (const std::string& s : skipped)
        err << "regolith " << command << ": warning: skipped " << s << ": no metrics.json\n";
      if (!skipped.empty())
        err << "regolith " << command << ": warning: " << skipped.size() << " of " << skipped.size() + runs.size()
            << " runs skipped (--skip-missing)" << std::endl;
      return runs;
    };
    json model;
    if (o.model == "rft") {
      model = fitRft(runsOf("plate_intrusion"), RftFitOptions{o.holdout});
      summariseRft(model, out);
    } else if (o.model == "regression") {
      RegressionFitOptions r = o.regression;
      r.holdout = o.holdout;
      model = fitRegression(runsOf("single_wheel"), r);
      summariseRegression(model, out);
    } else if (o.model == "bekker") {
      BekkerFitOptions b = o.bekker;
      b.holdout = o.holdout;
      model = fitBekker(runsOf("single_wheel"), b);
      summariseBekker(model, out);
    } else {
      throw CalibrationError("no model " + o.model + " (rft, regression or bekker)");
    }
    // The file says which runs it was not fitted to, as it says which were held out.
    if (!skipped.empty()) model["skipped_runs"] = skipped;
    writeJsonFile(o.out, model);
    out << "wrote " << o.out << std::endl;
    return 0;
  } catch (const std::exception& e) {
    err << "regolith " << command << ": " << e.what() << std::endl;
    return 1;
  }
}

int predictCommand(const std::string& modelPath, const std::vector<std::string>& inputs, bool asJson, bool extrapolate,
                   std::ostream& out, std::ostream& err) {
  try {
    const json result = predict(readModelFile(modelPath), parsePredictInputs(inputs), extrapolate);
    for (const json& name : result["extrapolated"])
      err << "regolith predict: warning: " << name.get<std::string>()
          << " is outside the training runs (--extrapolate)\n";
    if (asJson) {
      out << result.dump() << std::endl;
    } else {
      // name value unit, one per line (a unit of "1" is a ratio and printed as none).
      for (const auto& [name, value] : result.items()) {
        if (name == "units" || name == "extrapolated") continue;
        const std::string unit = result["units"].value(name, "");
        out << name << " " << (value.is_string() ? value.get<std::string>() : format(value))
            << (unit.empty() || unit == "1" ? "" : " " + unit) << "\n";
      }
      out << std::flush;
    }
    return 0;
  } catch (const std::exception& e) {
    err << "regolith predict: " << e.what() << std::endl;
    return 1;
  }
}

}  // namespace regolith::calibrate
