// The extension module regolith._regolith: the C++ libraries as Python types. The package
// regolith (python/regolith/__init__.py) re-exports them with the pure-Python parts.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/stream_settings.h"
#include "io/build_info.h"
#include "kernels/stages.h"
#include "python/src/bindings.h"

PYBIND11_MODULE(_regolith, m) {
  m.doc() = "Regolith's C++ libraries (scenes, the DEM engine, the terrain models) for Python.";
  m.attr("__version__") = regolith::regolithVersion();
  m.attr("backend") = regolith::backendName();
  // The contact-list mode a scene gets without streams.mode: verlet (core/stream_settings.h).
  m.attr("default_stream_mode") = regolith::streamModeName(regolith::defaultStreamMode());
  // The CPU pair loop's vector level (kernels/stages.h); every level gives the same bits.
  m.def("cpu_vector_level", &regolith::cpuVectorLevel,
        "The vector level of the CPU build's pair loop: \"scalar\", \"baseline\", \"avx2\" or \"avx512\" "
        "(avx512 or avx2 where the processor runs it, else scalar, unless REGOLITH_CPU_VECTOR names one); "
        "\"none\" on the CUDA build.");
  m.def("cpu_vector_levels", &regolith::cpuVectorLevels, "The levels this processor runs, narrowest first.");
  m.def("set_cpu_vector_level", &regolith::setCpuVectorLevel, pybind11::arg("level"),
        "Use this level from the next step on; ValueError for a level this processor cannot run.");
  regolith::python::bindErrors(m);
  regolith::python::bindScene(m);
  regolith::python::bindSimulation(m);
  regolith::python::bindModels(m);
  regolith::python::bindRunFile(m);
  regolith::python::bindRun(m);
  regolith::python::bindStudies(m);
  regolith::python::bindBench(m);
#ifdef REGOLITH_ROBOTS
  regolith::python::bindRobot(m);
#endif
}
