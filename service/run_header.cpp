// The run file's header from a scene (service/run_header.h).
#include "service/run_header.h"

#include <ctime>

#include "io/build_info.h"
#include "kernels/stages.h"

namespace regolith {

std::string utcNow() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<const SceneBody*> recordedBodies(const Scene& scene) {
  std::vector<const SceneBody*> bodies;
  for (const SceneBody& b : scene.bodies) bodies.push_back(&b);
  return bodies;
}

RunHeader runHeaderOf(const Scene& scene) {
  RunHeader h;
  h.meta.sceneJson = scene.text;
  h.meta.sceneFile = scene.file;
  h.meta.version = regolithVersion();
  h.meta.gitRevision = regolithRevision();
  h.meta.backend = backendName();
  h.meta.seed = scene.seed;
  h.meta.startTime = utcNow();
  h.meta.timeStep = scene.model.timeStep;
  h.meta.studyJson = scene.studyJson;
  h.meta.domain = scene.domain;
  h.templates = scene.templates;
  h.materials = scene.model.materials;
  for (const SceneBody* b : recordedBodies(scene)) h.bodyNames.push_back(b->name);
  h.familyNames = scene.familyNames;
  return h;
}

}  // namespace regolith
