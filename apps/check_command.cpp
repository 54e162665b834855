// The check command's report.
#include "apps/check_command.h"

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

}  // namespace regolith
