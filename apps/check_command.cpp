// The check command's report.
#include "apps/check_command.h"

#include <iostream>
#include <memory>
#include <ostream>

#include "service/blow_up_report.h"
#include "apps/exit_status.h"
#include "scenes/scene.h"

namespace regolith {

int checkScene(const std::string& path, std::ostream& out, std::ostream& err,
               const std::vector<std::string>& overrides) {
  try {
    const Scene s = loadScene(path, overrides);
    for (const std::string& w : s.warnings) err << path << ": warning: " << w << std::endl;
    if (const std::optional<std::string> fault = initialStateBlowUp(s)) {
      err << path << ": " << *fault << ". `regolith run` would refuse it (exit 5)." << std::endl;
      return int(ExitStatus::kBlowUp);
    }
    out << path << ": OK (" << s.initial.ownerCount() << " owners, " << s.initial.sphereCount() << " spheres, "
        << s.model.boundaries.size() << " boundaries, " << sceneSteps(s) << " steps)" << std::endl;
    return 0;
  } catch (const SceneError& e) {
    err << e.what() << std::endl;
    return kSceneErrorExitCode;
  }
}

void registerCheckCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string scene;
    std::vector<std::string> sets;
  };
  const auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("check", "Validate a scene file and build its initial state; run nothing");
  command->add_option("scene", o->scene, "scene file (JSON)")->required();
  command->add_option("--set", o->sets,
                      "replace a scene value first: POINTER=VALUE, e.g. /study/slip=0.3 (repeatable)");
  whenChosen(command, action, [o] { return checkScene(o->scene, std::cout, std::cerr, o->sets); });
}

}  // namespace regolith
