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

// Two layers of 1 mm spheres on a floor, 4 x 4 a layer on a cubic lattice 3 mm apart
// (z = 1.5 and 4.5 mm), in 1e-5 s steps to 2e-4 s: the small bed the family and periodic
// source tests start from (each adds its families or its domain).
inline Json twoLayerScene() {
  return Json::parse(R"({
    "units": "SI", "gravity": "earth", "time_step": 1e-5, "end_time": 2e-4, "seed": 1,
    "materials": [{"name": "grain", "youngs_modulus": 1e7, "poisson_ratio": 0.3, "restitution": 0.5,
                   "friction": 0.5, "density": 2500}],
    "templates": [{"name": "g", "spheres": [{"radius": 0.001, "material": "grain"}]}],
    "sources": [{"kind": "lattice", "template": "g", "packing": "cubic", "spacing": 0.003,
                 "lo": [0.0015, 0.0015, 0.0015], "hi": [0.0106, 0.0106, 0.0046]}],
    "bodies": [{"name": "floor", "material": "grain",
                "shape": {"kind": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]}}],
    "output": {"frame_interval": 1e-4}
  })");
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
