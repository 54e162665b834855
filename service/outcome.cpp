// Outcomes from exceptions, and the frame of the services that run a scene (outcome.h).
#include "service/outcome.h"

#include <cstdio>

#include "core/blow_up_guard.h"
#include "core/time_step_guard.h"
#include "kernels/detection/build_guard.h"
#include "kernels/backend/environment_error.h"
#include "kernels/backend/input_error.h"

namespace regolith {

const char* outcomeKindName(Outcome::Kind kind) {
  switch (kind) {
    case Outcome::Kind::kFinished:
      return "finished";
    case Outcome::Kind::kStopped:
      return "stopped";
    case Outcome::Kind::kBlewUp:
      return "blew up";
    case Outcome::Kind::kInvalidInput:
      return "invalid input";
    case Outcome::Kind::kEnvironment:
      return "environment";
    case Outcome::Kind::kFailed:
      return "failed";
  }
  return "unknown";
}

Outcome outcomeOf(const std::exception& e, const std::string& context) {
  Outcome o;
  o.message = context + e.what();
  if (const auto* input = dynamic_cast<const InvalidInputError*>(&e)) {
    o.kind = Outcome::Kind::kInvalidInput;
    o.place = input->place();
  } else if (dynamic_cast<const std::invalid_argument*>(&e)) {
    o.kind = Outcome::Kind::kInvalidInput;
  } else if (dynamic_cast<const EnvironmentError*>(&e)) {
    o.kind = Outcome::Kind::kEnvironment;
  } else if (const auto* blowUp = dynamic_cast<const BlowUpError*>(&e)) {
    o.kind = Outcome::Kind::kBlewUp;
    o.step = blowUp->step();
  } else if (dynamic_cast<const CandidateOverflow*>(&e)) {
    o.kind = Outcome::Kind::kBlewUp;
  } else {
    o.kind = Outcome::Kind::kFailed;
  }
  return o;
}

void noteOnStdout(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

Outcome withScene(const std::string& scenePath, const std::vector<std::string>& overrides, const char* command,
                  const Feedback& feedback, const std::function<Outcome(const Scene&)>& body) {
  Scene scene;
  try {
    scene = loadScene(scenePath, overrides);
  } catch (const SceneError& e) {
    return outcomeOf(e, "");  // its text names the file and every problem's pointer
  }
  return withBuiltScene(scene, command, feedback, body);
}

Outcome withBuiltScene(const Scene& scene, const char* command, const Feedback& feedback,
                       const std::function<Outcome(const Scene&)>& body) {
  for (const std::string& w : scene.warnings) feedback.warn(scene.file + ": warning: " + w);
  try {
    return body(scene);
  } catch (const TimeStepError& e) {
    // The scene's time step: placed at the scene, as the scene's own problems are.
    Outcome o = outcomeOf(e, scene.file + ": ");
    o.place = scene.file + "#/time_step";
    return o;
  } catch (const std::exception& e) {
    return outcomeOf(e, std::string("regolith ") + command + ": ");
  }
}

}  // namespace regolith
