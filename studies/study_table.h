// The study table: every kind of study a scene may name in "study" (docs/studies.md), with
// what it builds into the scene, how it measures a run and what its summary shows. The
// loader (scenes/loader.cpp, through the hooks scenes/build.h declares and
// studies/study_table.cpp defines), the mesh-shape builder and `regolith metrics` all look a
// study up here; a new study is a folder studies/<kind>/ (docs/studies.md, "Adding a
// study") plus one row in studies/study_table.cpp.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/backend/vec3.h"

namespace regolith {
class RunFileReader;
}

namespace regolith::scene {

struct BuildContext;

struct Study {
  const char* kind;  // the scene's /study/kind
  // Resolves /study into Scene::studyJson (names, times in seconds, derived values) and
  // appends the motion the study defines to its body's family; problems go to the context.
  void (*build)(BuildContext& c);
  // The rotation the study gives the shape at a body's "/bodies/<i>/shape", in place of a
  // "rotate" of its own (plate_intrusion turns its plate by beta); nullptr: none.
  Quat (*shapeTurn)(const BuildContext& c, const std::string& shapePointer);
  // The run's metrics from its run file and the resolved study: {"window", ..., "metrics":
  // {name: {"value", "unit"}}}; std::invalid_argument when the run cannot give them.
  nlohmann::json (*metrics)(const RunFileReader& run, const nlohmann::json& study);
  // Its plot description for a person: the metrics the summary line of `regolith metrics`
  // shows, in order (the figures are drawn by studies/<kind>/plot_<kind>.py).
  std::vector<std::string> headline;
};

// Every study, one row each, in the table's order.
const std::vector<const Study*>& studyTable();

// The study of that kind, or nullptr.
const Study* findStudy(const std::string& kind);

// The metrics of the run in `runDir` (std::runtime_error naming the file when it has no
// run.h5 or its scene has no study): {"study", "run", "parameters", and the study's own}.
nlohmann::json runMetrics(const std::string& runDir);

}  // namespace regolith::scene
