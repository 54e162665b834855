// The study table (studies/study_table.h): one row per study, each defined in its folder's
// studies/<kind>/<kind>_study.cpp; the scene builder's and `regolith metrics`' dispatch.
#include "studies/study_table.h"

#include <filesystem>
#include <stdexcept>

#include "io/run_file/run_file.h"
#include "scenes/build.h"

namespace regolith::scene {

// One row per study (declared here, defined in its folder).
const Study& singleWheelStudy();
const Study& tumblingStudy();
const Study& plateIntrusionStudy();
const Study& reposeStudy();

const std::vector<const Study*>& studyTable() {
  static const std::vector<const Study*> table = {
      &singleWheelStudy(),
      &tumblingStudy(),
      &plateIntrusionStudy(),
      &reposeStudy(),
  };
  return table;
}

namespace {

// The study the scene names, or nullptr (no "study"; the schema admits only known kinds).
const Study* sceneStudy(const BuildContext& c) {
  if (!c.has("/study/kind")) return nullptr;
  return findStudy(c.at("/study/kind").get<std::string>());
}

}  // namespace

const Study* findStudy(const std::string& kind) {
  for (const Study* s : studyTable())
    if (kind == s->kind) return s;
  return nullptr;
}

Quat studyTurnOf(const BuildContext& c, const std::string& shapePointer) {
  const Study* s = sceneStudy(c);
  return s && s->shapeTurn ? s->shapeTurn(c, shapePointer) : Quat();
}

void buildStudy(BuildContext& c) {
  if (!c.has("/study")) return;
  if (const Study* s = sceneStudy(c)) s->build(c);
}

nlohmann::json runMetrics(const std::string& runDir) {
  namespace fs = std::filesystem;
  using nlohmann::json;
  const std::string h5 = (fs::path(runDir) / "run.h5").string();
  if (!fs::is_regular_file(h5)) throw std::runtime_error(h5 + ": no run file (run the scene first: regolith run)");
  const RunFileReader run(h5);
  const std::string& studyText = run.header().meta.studyJson;
  if (studyText.empty())
    throw std::runtime_error(h5 +
                             ": the scene has no \"study\" (docs/studies.md), so there "
                             "are no study metrics to compute");
  const json study = json::parse(studyText);
  const std::string kind = study.at("kind").get<std::string>();
  json out = {{"study", kind}, {"run", fs::path(runDir).filename().string()}, {"parameters", study}};
  json metrics;
  try {
    const Study* s = findStudy(kind);
    if (!s) throw std::runtime_error("no metrics for study kind \"" + kind + "\" in this build");
    metrics = s->metrics(run, study);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(h5 + ": " + e.what());
  }
  out.update(metrics);
  return out;
}

}  // namespace regolith::scene
