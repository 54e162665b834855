// regolith._regolith.bench_scene: the bed of `regolith bench dense` as a Scene, so that
// python3 -m regolith.bench (python/regolith/bench.py) times stepping it from Python
// against one C++ call on the very same state.
#include <optional>
#include <string>

#include <pybind11/stl.h>

#include "bench/bench_runner.h"
#include "python/src/bindings.h"

namespace regolith::python {
namespace py = pybind11;

void bindBench(py::module_& m) {
  m.def(
      "bench_scene",
      [](std::size_t particles, const std::string& mode, const std::optional<std::string>& bedCache) {
        BenchOptions o;
        o.particles = particles;
        o.streams.mode = parseStreamMode(mode);
        if (bedCache) o.bedCache = *bedCache;
        std::uint64_t settled = 0;
        SettleScene bed;
        {
          py::gil_scoped_release free;
          bed = settledScene(o, settled);
        }
        auto scene = std::make_shared<Scene>();
        scene->file = "regolith bench dense (" + std::to_string(particles) + " spheres)";
        scene->text = "{}";
        scene->model = bed.model;
        scene->initial = bed.state;
        scene->ownerTemplate.assign(bed.state.ownerCount(), -1);
        scene->familyNames = {"free"};
        return PyScene{scene};
      },
      py::arg("particles") = 10000, py::arg("mode") = streamModeName(defaultStreamMode()),
      py::arg("bed_cache") = py::none(),
      "The settled bed of `regolith bench dense` (N spheres of 5 mm in a box; docs/performance.md) "
      "as a Scene without a file; bed_cache as the command's --bed-cache.");
}

}  // namespace regolith::python
