// `regolith fit`: its options, the fit of calibrate/ it runs, and the summary it prints
// (fit_command.h).
#include "apps/fit_command.h"

#include <iostream>
#include <memory>

#include "calibrate/fit_json.h"
#include "calibrate/predict.h"

namespace regolith {
namespace {

using calibrate::numberText;
using nlohmann::json;

void printHoldout(const json& h, std::ostream& out) {
  out << "training runs: " << h["training"].size() << ", held out: " << h["held_out"].size() << " ("
      << h["rule"].get<std::string>() << ")\n";
  if (h.contains("note")) out << "  " << h["note"].get<std::string>() << "\n";
}

void summariseRft(const json& m, std::ostream& out) {
  const json& z = m["zeta"];
  out << "zeta = " << numberText(z["value"]) << " N/m^3 (" << numberText(z["value_n_per_cm3"]) << " N/cm^3) from "
      << z["runs"].size() << " run(s), std " << numberText(z["std"]) << "\n";
  out << "coefficients (" << m["coefficients_source"].get<std::string>() << "):";
  for (const std::string& name : rft::FourierCoefficients::names())
    out << " " << name << " " << numberText(m["coefficients"][name]);
  out << "\n";
  if (m.contains("coefficients_note")) out << "  " << m["coefficients_note"].get<std::string>() << "\n";
  if (m.contains("coefficient_fit"))
    out << "  R^2 alpha_z " << numberText(m["coefficient_fit"]["alpha_z"]["r_squared"]) << ", alpha_x "
        << numberText(m["coefficient_fit"]["alpha_x"]["r_squared"]) << "\n";
  printHoldout(m["holdout"], out);
  out << "held-out RMSE: stress per depth z " << numberText(m["holdout"]["rmse_stress_per_depth_z"]) << ", x "
      << numberText(m["holdout"]["rmse_stress_per_depth_x"]) << " N/m^3\n";
}

void summariseRegression(const json& m, std::ostream& out) {
  for (const auto& [name, entry] : m["models"].items()) {
    out << name << " (" << entry["target"].get<std::string>() << ") =";
    for (std::size_t k = 0; k < entry["coefficients"].size(); ++k) {
      // "0.12 - 0.94 slip + 1.56 slip^2": the sign as the operator, the constant term bare.
      const json& c = entry["coefficients"][k];
      const bool negative = c.is_number() && c.get<double>() < 0;
      const std::string term = entry["term_names"][k].get<std::string>();
      out << (k ? (negative ? " - " : " + ") : (negative ? " -" : " "))
          << numberText(negative ? json(-c.get<double>()) : c) << (term == "1" ? "" : " " + term);
    }
    out << "; R^2 " << numberText(entry["fit"]["r_squared"]) << ", held-out RMSE " << numberText(entry["held_out_rmse"])
        << "\n";
    if (entry.contains("note")) out << "  " << entry["note"].get<std::string>() << "\n";
  }
  printHoldout(m["holdout"], out);
}

void summariseBekker(const json& m, std::ostream& out) {
  for (const json& p : m["fit"]["parameters"])
    out << p["name"].get<std::string>() << " = " << numberText(p["value"]) << " +- " << numberText(p["standard_error"])
        << (p["at_bound"].get<bool>() ? " (at its bound)" : "") << "\n";
  const json& t = m["fit"]["training_rmse"];
  out << "training RMSE: DP/W " << numberText(t["drawbar_pull_coefficient"]) << ", T/(WR) "
      << numberText(t["torque_coefficient"]) << ", sinkage " << numberText(t["sinkage_m"]) << " m ("
      << m["fit"]["iterations"] << " iterations" << (m["fit"]["converged"].get<bool>() ? "" : ", NOT converged")
      << ")\n";
  printHoldout(m["holdout"], out);
  const json& h = m["holdout"]["rmse"];
  out << "held-out RMSE: DP/W " << numberText(h["drawbar_pull_coefficient"]) << ", T/(WR) "
      << numberText(h["torque_coefficient"]) << ", sinkage " << numberText(h["sinkage_m"]) << " m\n";
}

}  // namespace

int fitCommand(const FitCommandOptions& o, std::ostream& out, std::ostream& err) {
  const std::string command = "fit " + o.model;
  try {
    std::vector<std::string> skipped;
    const calibrate::ReadRunsOptions readOptions{o.skipMissing, &skipped};
    const auto runsOf = [&](const char* study) {
      std::vector<calibrate::CalibrationRun> runs = calibrate::readRuns(o.runs, study, command, readOptions);
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
      model = calibrate::fitRft(runsOf("plate_intrusion"), calibrate::RftFitOptions{o.holdout});
      summariseRft(model, out);
    } else if (o.model == "regression") {
      calibrate::RegressionFitOptions r = o.regression;
      r.holdout = o.holdout;
      model = calibrate::fitRegression(runsOf("single_wheel"), r);
      summariseRegression(model, out);
    } else if (o.model == "bekker") {
      calibrate::BekkerFitOptions b = o.bekker;
      b.holdout = o.holdout;
      model = calibrate::fitBekker(runsOf("single_wheel"), b);
      summariseBekker(model, out);
    } else {
      throw calibrate::CalibrationError("no model " + o.model + " (rft, regression or bekker)");
    }
    // The file says which runs it was not fitted to, as it says which were held out.
    if (!skipped.empty()) model["skipped_runs"] = skipped;
    calibrate::writeJsonFile(o.out, model);
    out << "wrote " << o.out << std::endl;
    return 0;
  } catch (const std::exception& e) {
    err << "regolith " << command << ": " << e.what() << std::endl;
    return 1;
  }
}

void registerFitCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    FitCommandOptions fit;
    std::vector<std::string> holdoutRuns;
    std::vector<std::string> fixed;  // NAME=VALUE for bekker
  };
  const auto o = std::make_shared<Options>();
  CLI::App* fit = app.add_subcommand("fit", "Calibrate a reduced-order model (models/) from DEM runs' metrics.json");
  fit->require_subcommand(1);
  const struct {
    const char* name;
    const char* help;
  } models[] = {
      {"rft", "zeta and the nine RFT Fourier coefficients from plate_intrusion runs"},
      {"regression", "sinkage, DP/W and T/(W R) regressions in slip (and load) from single_wheel runs"},
      {"bekker", "Bekker-Wong soil parameters from single_wheel runs' DP, T and sinkage"},
  };
  for (const auto& m : models) {
    CLI::App* sub = fit->add_subcommand(m.name, m.help);
    sub->add_option("runs", o->fit.runs, "run folders (each with metrics.json) or sweep folders")->required();
    sub->add_option("--out,-o", o->fit.out, "the model JSON to write")->required();
    sub->add_option("--holdout-every", o->fit.holdout.every,
                    "hold out every k-th run in path order and report the error on them (0: none)")
        ->capture_default_str();
    sub->add_option("--holdout-runs", o->holdoutRuns, "hold out these runs (folder names or paths) instead");
    sub->add_flag("--skip-missing", o->fit.skipMissing,
                  "fit without the sweep runs that have no metrics.json, naming each (refused otherwise)");
    const std::string name = m.name;
    if (name == "regression")
      sub->add_option("--degree", o->fit.regression.degree,
                      "total degree of the polynomials (lowered when the runs determine fewer terms)")
          ->capture_default_str();
    if (name == "bekker") {
      calibrate::BekkerFitOptions& b = o->fit.bekker;
      sub->add_option("--width", b.width,
                      "wheel width b [m] (default: the width the single_wheel study recorded for a generated wheel)");
      sub->add_option("--preset", b.preset, "soil preset for the starting and fixed values")->capture_default_str();
      sub->add_option("--fit", b.fitted, "parameters to fit, of kc kphi n c phi K")
          ->delimiter(',')
          ->capture_default_str();
      sub->add_option("--fix", o->fixed,
                      "set a fixed parameter, SI units: NAME=VALUE (phi_deg=... in degrees; repeatable)");
    }
    whenChosen(sub, action, [o, name] {
      o->fit.model = name;
      o->fit.holdout.runs = o->holdoutRuns;
      try {
        for (const auto& [parameter, value] : calibrate::parsePredictInputs(o->fixed))
          o->fit.bekker.fixed.emplace_back(parameter, value);
      } catch (const std::exception& e) {
        std::cerr << "regolith fit: --fix " << e.what() << std::endl;
        return 1;
      }
      return fitCommand(o->fit, std::cout, std::cerr);
    });
  }
}

}  // namespace regolith
