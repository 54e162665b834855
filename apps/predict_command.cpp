// `regolith predict`: its options and the model evaluation it prints (predict_command.h).
#include "apps/predict_command.h"

#include <iostream>
#include <memory>

#include "calibrate/fit_json.h"
#include "calibrate/predict.h"

namespace regolith {

int predictCommand(const std::string& modelPath, const std::vector<std::string>& inputs, bool asJson, bool extrapolate,
                   std::ostream& out, std::ostream& err) {
  try {
    const nlohmann::json result = calibrate::predict(calibrate::readModelFile(modelPath),
                                                     calibrate::parsePredictInputs(inputs), extrapolate);
    for (const nlohmann::json& name : result["extrapolated"])
      err << "regolith predict: warning: " << name.get<std::string>()
          << " is outside the training runs (--extrapolate)\n";
    if (asJson) {
      out << result.dump() << std::endl;
    } else {
      // name value unit, one per line (a unit of "1" is a ratio and printed as none).
      for (const auto& [name, value] : result.items()) {
        if (name == "units" || name == "extrapolated") continue;
        const std::string unit = result["units"].value(name, "");
        out << name << " " << (value.is_string() ? value.get<std::string>() : calibrate::numberText(value))
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

void registerPredictCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string modelPath;
    std::vector<std::string> inputs;
    bool json = false;
    bool extrapolate = false;  // inputs outside the training runs allowed
  };
  const auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("predict", "Evaluate a model JSON of `regolith fit` for given inputs");
  command->add_option("model", o->modelPath, "the model JSON")->required();
  command->add_option("inputs", o->inputs,
                      "NAME=VALUE: rft beta_deg gamma_deg [depth area]; regression slip [Fz contacts "
                      "grouser_height]; bekker slip Fz [radius width] (SI units, angles in degrees)");
  command->add_flag("--json", o->json, "print one JSON object");
  command->add_flag("--extrapolate", o->extrapolate,
                    "evaluate inputs outside the span of the model's training runs (refused otherwise)");
  whenChosen(command, action,
             [o] { return predictCommand(o->modelPath, o->inputs, o->json, o->extrapolate, std::cout, std::cerr); });
}

}  // namespace regolith
