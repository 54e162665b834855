// Loading a scene for `regolith run` and `regolith bed`, and each failure's message and exit code.
#include "apps/scene_command.h"

#include <cstdio>
#include <exception>

#include "core/time_step_guard.h"
#include "io/input_file_error.h"
#include "apps/run_loop.h"

namespace regolith {

int runSceneCommand(const std::string& scenePath, const char* command, const std::function<int(const Scene&)>& body,
                    const std::vector<std::string>& overrides, std::FILE* errors) {
  Scene scene;
  try {
    scene = loadScene(scenePath, overrides);
  } catch (const SceneError& e) {
    std::fprintf(errors, "%s\n", e.what());
    return kSceneErrorExitCode;
  }
  return runBuiltSceneCommand(scene, command, body, errors);
}

int runBuiltSceneCommand(const Scene& scene, const char* command, const std::function<int(const Scene&)>& body,
                         std::FILE* errors) {
  for (const std::string& w : scene.warnings) std::fprintf(errors, "%s: warning: %s\n", scene.file.c_str(), w.c_str());
  try {
    return body(scene);
  } catch (const TimeStepError& e) {
    std::fprintf(errors, "%s: %s\n", scene.file.c_str(), e.what());
    return kSceneErrorExitCode;
  } catch (const InputFileError& e) {  // a bad checkpoint or other file: invalid input too
    std::fprintf(errors, "regolith %s: %s\n", command, e.what());
    return kSceneErrorExitCode;
  } catch (const std::exception& e) {
    std::fprintf(errors, "regolith %s: %s\n", command, e.what());
    return kRunFailed;
  }
}

}  // namespace regolith
