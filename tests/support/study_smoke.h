// What the StudySmoke tests of every study (studies/<kind>/tests/<kind>_smoke_test.cpp)
// share: the smoke runs' folder (tests/CMakeLists.txt runs them as fixtures, each study's
// cases from its studies/<kind>/tests/smoke.cmake), `regolith COMMAND dir` and reading
// what it wrote.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/child_process.h"

namespace regolith::test {

inline const std::filesystem::path& studySmokeDir() {
  static const std::filesystem::path dir = REGOLITH_STUDY_SMOKE_DIR;
  return dir;
}

inline double metric(const nlohmann::json& run, const char* key) {
  return run.at("metrics").at(key).at("value").get<double>();
}

inline bool isPng(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  char magic[8] = {};
  in.read(magic, 8);
  return in && std::string(magic, 8) == "\x89PNG\r\n\x1a\n";
}

// `regolith COMMAND dir` to the end, its output in dir/COMMAND.log; the exit status.
inline int runRegolith(const std::string& command, const std::filesystem::path& dir) {
  return runToEnd({REGOLITH_BINARY, command, dir.string()}, (dir / (command + ".log")).string());
}

inline nlohmann::json metricsOf(const std::filesystem::path& dir) {
  std::ifstream in(dir / "metrics.json");
  return nlohmann::json::parse(in);
}

inline std::string textOf(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace regolith::test
