// The options of `regolith fit` and `regolith predict` on the command line, handed to calibrate/.
#include "apps/fit_command.h"

#include <iostream>

#include "calibrate/predict.h"

namespace regolith {

void addCalibrateCommands(CLI::App& app, CalibrateCommandOptions& o) {
  o.fit = app.add_subcommand("fit", "Calibrate a reduced-order model (models/) from DEM runs' metrics.json");
  o.fit->require_subcommand(1);
  const struct {
    const char* name;
    const char* help;
  } models[] = {
      {"rft", "zeta and the nine RFT Fourier coefficients from plate_intrusion runs"},
      {"regression", "sinkage, DP/W and T/(W R) regressions in slip (and load) from single_wheel runs"},
      {"bekker", "Bekker-Wong soil parameters from single_wheel runs' DP, T and sinkage"},
  };
  for (const auto& m : models) {
    CLI::App* sub = o.fit->add_subcommand(m.name, m.help);
    sub->add_option("runs", o.fitOptions.runs, "run folders (each with metrics.json) or sweep folders")->required();
    sub->add_option("--out,-o", o.fitOptions.out, "the model JSON to write")->required();
    sub->add_option("--holdout-every", o.fitOptions.holdout.every,
                    "hold out every k-th run in path order and report the error on them (0: none)")
        ->capture_default_str();
    sub->add_option("--holdout-runs", o.holdoutRuns, "hold out these runs (folder names or paths) instead");
    sub->add_flag("--skip-missing", o.fitOptions.skipMissing,
                  "fit without the sweep runs that have no metrics.json, naming each (refused otherwise)");
    const std::string name = m.name;
    if (name == "regression")
      sub->add_option("--degree", o.fitOptions.regression.degree,
                      "total degree of the polynomials (lowered when the runs determine fewer terms)")
          ->capture_default_str();
    if (name == "bekker") {
      calibrate::BekkerFitOptions& b = o.fitOptions.bekker;
      sub->add_option("--width", b.width,
                      "wheel width b [m] (default: the width the single_wheel study recorded for a generated wheel)");
      sub->add_option("--preset", b.preset, "soil preset for the starting and fixed values")->capture_default_str();
      sub->add_option("--fit", b.fitted, "parameters to fit, of kc kphi n c phi K")
          ->delimiter(',')
          ->capture_default_str();
      sub->add_option("--fix", o.fixed,
                      "set a fixed parameter, SI units: NAME=VALUE (phi_deg=... in degrees; repeatable)");
    }
  }
  o.predict = app.add_subcommand("predict", "Evaluate a model JSON of `regolith fit` for given inputs");
  o.predict->add_option("model", o.modelPath, "the model JSON")->required();
  o.predict->add_option("inputs", o.inputs,
                        "NAME=VALUE: rft beta_deg gamma_deg [depth area]; regression slip [Fz contacts "
                        "grouser_height]; bekker slip Fz [radius width] (SI units, angles in degrees)");
  o.predict->add_flag("--json", o.json, "print one JSON object");
  o.predict->add_flag("--extrapolate", o.extrapolate,
                      "evaluate inputs outside the span of the model's training runs (refused otherwise)");
}

int runCalibrateCommands(CalibrateCommandOptions& o) {
  if (*o.predict) return calibrate::predictCommand(o.modelPath, o.inputs, o.json, o.extrapolate, std::cout, std::cerr);
  if (!*o.fit) return -1;
  for (CLI::App* sub : o.fit->get_subcommands())
    if (*sub) o.fitOptions.model = sub->get_name();
  o.fitOptions.holdout.runs = o.holdoutRuns;
  try {
    for (const auto& [name, value] : calibrate::parsePredictInputs(o.fixed))
      o.fitOptions.bekker.fixed.emplace_back(name, value);
  } catch (const std::exception& e) {
    std::cerr << "regolith fit: --fix " << e.what() << std::endl;
    return 1;
  }
  return calibrate::fitCommand(o.fitOptions, std::cout, std::cerr);
}

}  // namespace regolith
