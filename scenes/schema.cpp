// The scene schema: found in the package's data folder, read once, and validated against.
#include "scenes/schema.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/json/data_files.h"
#include "io/json/json_schema.h"
#include "kernels/backend/environment_error.h"

namespace regolith::scene {

std::string schemaPath() { return dataFile("scene.schema.json", "REGOLITH_SCHEMA"); }

const Json& schemaDocument() {
  static const Json doc = [] {
    const std::string path = schemaPath();
    std::ifstream in(path);
    if (!in) throw EnvironmentError("cannot read the scene schema " + path);
    std::stringstream text;
    text << in.rdbuf();
    try {
      return Json::parse(text.str());
    } catch (const Json::exception& e) {
      throw EnvironmentError("the scene schema " + path + " is not valid JSON: " + e.what());
    }
  }();
  return doc;
}

std::vector<SceneProblem> schemaProblems(const Json& doc, const std::string& definition) {
  return regolith::json::schemaProblemsCached(doc, schemaDocument(), definition);
}

}  // namespace regolith::scene
