// Helpers of the bed source tests: a run.h5 of the demo smoke scene made by the real
// binary (once per test process), and the smoke scene taking its particles from it.
#pragma once

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "tests/support/child_process.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/scene_test_support.h"

namespace regolith::test {

// The demo smoke scene run once by the real binary (once per test process).
inline const std::filesystem::path& earlierRun() {
  static const std::filesystem::path dir = [] {
    const std::filesystem::path d = scratchDir("regolith_bed_");
    const int code = runToEnd(
        {REGOLITH_BINARY, "run", kDemoDir + "/demo.smoke.json", "--out", d.string(), "--threads", "1", "--quiet"},
        d.string() + ".log");
    if (code != 0) throw std::runtime_error("the earlier run failed, see " + d.string() + ".log");
    return d;
  }();
  return dir;
}

// `scene` run to its end by the real binary in a scratch folder named from `prefix`: the
// path of its run.h5 (callers keep it in a static: once per test process).
inline std::string runOfScene(const std::string& prefix, const Json& scene) {
  const std::filesystem::path d = scratchDir(prefix);
  std::filesystem::create_directories(d);
  const std::string file = (d / "scene.json").string();
  std::ofstream(file) << scene.dump();
  const int code = runToEnd({REGOLITH_BINARY, "run", file, "--out", (d / "run").string(), "--threads", "1", "--quiet"},
                            d.string() + ".log");
  if (code != 0) throw std::runtime_error("the run of " + file + " failed, see " + d.string() + ".log");
  return (d / "run" / "run.h5").string();
}

// The smoke scene with its rain replaced by the bed of `frame`.
inline Json bedScene(int frame) {
  Json s = smokeScene();
  s["sources"] = Json::array();
  s["sources"].push_back({{"kind", "bed"}, {"file", (earlierRun() / "run.h5").string()}, {"frame", frame}});
  // Tiled and shifted copies reach far beyond the demo's drum, and a body may not start
  // inside the particles: a drum 10 m across holds every copy these tests make.
  s["bodies"][0]["shape"]["radius"] = 5.0;
  s["bodies"][0]["shape"]["length"] = 10.0;
  return s;
}

}  // namespace regolith::test
