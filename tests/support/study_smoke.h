// What the StudySmoke tests of every study (studies/<kind>/tests/<kind>_smoke_test.cpp)
// share: the smoke runs' folder (tests/CMakeLists.txt runs them as fixtures, each study's
// cases from its studies/<kind>/tests/smoke.cmake), `regolith COMMAND dir` and reading
// what it wrote.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>
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

// `regolith metrics` on the smoke folder of study `kind`, which must succeed and give that
// study's metrics: a sweep of `runs` runs, or one run when `runs` is 0. Its metrics.json;
// an empty object after a failure (recorded), so that a caller's ASSERT can stop there.
inline nlohmann::json smokeMetrics(const std::string& kind, std::size_t runs = 0) {
  const std::filesystem::path dir = studySmokeDir() / kind;
  if (runRegolith("metrics", dir) != 0) {
    ADD_FAILURE() << "regolith metrics " << dir.string() << " failed: see " << (dir / "metrics.log").string();
    return nlohmann::json::object();
  }
  nlohmann::json metrics = metricsOf(dir);
  if (metrics.value("study", "") != kind || (runs > 0 && metrics["runs"].size() != runs)) {
    ADD_FAILURE() << dir.string() << "/metrics.json: expected the " << kind << " study"
                  << (runs > 0 ? " with " + std::to_string(runs) + " runs" : std::string()) << ", found "
                  << metrics.dump().substr(0, 300);
    return nlohmann::json::object();
  }
  return metrics;
}

inline std::string textOf(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace regolith::test
