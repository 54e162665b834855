// StudyTable: a study is one folder (docs/studies.md, "Adding a study"). Every row of the
// study table (studies/study_table.cpp) has all the parts of its folder studies/<kind>/,
// its example scenes included; every study folder is in the table; and the scene schema the
// programs read (composed from scenes/scene.base.schema.json and the folders' fragments)
// admits exactly the table's kinds.
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scenes/schema.h"
#include "studies/study_table.h"
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;
using scene::Study;

const fs::path kStudiesDir = fs::path(test::kSourceDir) / "studies";

// True when `dir` holds a file whose name ends in `suffix`.
bool holdsFileEnding(const fs::path& dir, const std::string& suffix) {
  if (!fs::is_directory(dir)) return false;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      return true;
  }
  return false;
}

std::set<std::string> tableKinds() {
  std::set<std::string> kinds;
  for (const Study* s : scene::studyTable()) kinds.insert(s->kind);
  return kinds;
}

TEST(StudyTable, EveryStudyHasAllItsParts) {
  ASSERT_FALSE(scene::studyTable().empty());
  for (const Study* s : scene::studyTable()) {
    const std::string kind = s->kind;
    const fs::path dir = kStudiesDir / kind;
    SCOPED_TRACE("study " + kind + " (" + dir.string() + ")");
    EXPECT_TRUE(s->build && s->metrics) << "a row without its build or metrics";
    EXPECT_FALSE(s->headline.empty()) << "a row without the metrics its summary shows";
    // Its example scene and smoke twin are installed as share/regolith/scenes/<kind>/.
    for (const std::string& part : std::vector<std::string>{
             kind + "_study.cpp", kind + "_metrics.h", kind + "_metrics.cpp", kind + ".schema.json",
             "plot_" + kind + ".py", "README.md", "tests/smoke.cmake", kind + ".json", kind + ".smoke.json"})
      EXPECT_TRUE(fs::is_regular_file(dir / part)) << "no " << part;
    EXPECT_TRUE(holdsFileEnding(dir / "tests", "_test.cpp")) << "no tests/*_test.cpp";
  }
}

TEST(StudyTable, EveryStudyFolderIsInTheTable) {
  const std::set<std::string> kinds = tableKinds();
  for (const fs::directory_entry& e : fs::directory_iterator(kStudiesDir)) {
    const std::string name = e.path().filename().string();
    if (!e.is_directory() || name == "tests") continue;
    EXPECT_EQ(kinds.count(name), 1u) << "studies/" << name << " has no row in studies/study_table.cpp";
  }
}

TEST(StudyTable, SchemaAdmitsExactlyTheTablesKinds) {
  const nlohmann::json& schema = scene::schemaDocument();
  std::set<std::string> admitted;
  for (const nlohmann::json& kind : schema.at("definitions").at("study").at("properties").at("kind").at("enum"))
    admitted.insert(kind.get<std::string>());
  EXPECT_EQ(admitted, tableKinds());
  for (const std::string& kind : admitted) EXPECT_TRUE(schema.at("definitions").contains(kind + "_study")) << kind;
}

}  // namespace
}  // namespace regolith
