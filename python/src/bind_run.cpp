// regolith.run and regolith.metrics: `regolith run` and `regolith metrics` from Python,
// with the same files and the exit codes turned into exceptions.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include <pybind11/stl.h>

#include "apps/metrics_command.h"
#include "apps/run_loop.h"
#include "python/src/bindings.h"
#include "python/src/json_python.h"

namespace regolith::python {
namespace py = pybind11;
namespace fs = std::filesystem;

namespace {

std::string pathText(const py::handle& path) { return py::str(py::module_::import("os").attr("fspath")(path)); }

// `regolith run`'s exit code as the exception a Python caller expects (the command's own
// message went to stderr, as on the command line).
void raiseForExitCode(int code, const std::string& what) {
  if (code == kRunOk) return;
  if (code == kSceneErrorExitCode)
    throw py::value_error(what + ": invalid input (exit 2; the problems are printed above)");
  if (code == kRunBlowUp) {
    const py::object type = py::module_::import("regolith.errors").attr("BlowUpError");
    PyErr_SetObject(type.ptr(), type(what + ": the state blew up (exit 5; the message above names the particle "
                                            "and a post-mortem frame was written)")
                                    .ptr());
    throw py::error_already_set();
  }
  if (code > 128) {
    PyErr_SetString(PyExc_KeyboardInterrupt, (what + ": stopped by signal " + std::to_string(code - 128) +
                                              " (a checkpoint was written: run again with resume=True)")
                                                 .c_str());
    throw py::error_already_set();
  }
  throw std::runtime_error(what + ": failed (exit " + std::to_string(code) + "; the reason is printed above)");
}

py::object run(const py::object& scene, const py::object& out, bool overwrite, bool resume, std::optional<int> threads,
               std::optional<double> checkpointEvery, std::optional<bool> progress, const py::object& overrides) {
  RunOptions o;
  o.outDir = pathText(out);
  o.overwrite = overwrite;
  o.resume = resume;
  o.threads = threads.value_or(0);
  o.checkpointEvery = checkpointEvery.value_or(-1);
  const bool showProgress = progress.value_or(py::module_::import("sys").attr("stderr").attr("isatty")().cast<bool>());
  o.progress = showProgress ? stderr : nullptr;
  int code = 0;
  std::string what;
  if (py::isinstance<PyScene>(scene)) {
    if (!overrides.is_none())
      throw py::value_error("overrides: give them to Scene.load; a built Scene already has its values");
    const std::shared_ptr<const Scene> s = scene.cast<const PyScene&>().scene;
    what = "regolith.run(" + s->file + ")";
    py::gil_scoped_release free;
    code = runScene(*s, o);
  } else {
    const std::string path = pathText(scene);
    what = "regolith.run(" + path + ")";
    if (!overrides.is_none())
      for (const auto& [pointer, value] : overrides.cast<py::dict>())
        o.overrides.push_back(pointer.cast<std::string>() + "=" + fromPython(value).dump());
    py::gil_scoped_release free;
    code = runScene(path, o);
  }
  std::fflush(stdout);
  raiseForExitCode(code, what);
  return py::module_::import("regolith").attr("RunFile")((fs::path(o.outDir) / "run.h5").string());
}

py::object metrics(const py::object& dir) {
  const std::string d = pathText(dir);
  std::ostringstream lines;
  int code = 0;
  {
    py::gil_scoped_release free;
    code = metricsCommand(d, lines);
  }
  if (code != 0) throw std::runtime_error("regolith.metrics(" + d + "): failed (the reason is printed above)");
  std::ifstream in(fs::path(d) / "metrics.json");
  std::stringstream text;
  text << in.rdbuf();
  return toPython(nlohmann::json::parse(text.str()));
}

}  // namespace

void bindRun(py::module_& m) {
  m.def("run", &run, py::arg("scene"), py::arg("out"), py::kw_only(), py::arg("overwrite") = false,
        py::arg("resume") = false, py::arg("threads") = py::none(), py::arg("checkpoint_every") = py::none(),
        py::arg("progress") = py::none(), py::arg("overrides") = py::none(), R"doc(
`regolith run`: runs `scene` (a Scene, or a scene file's path with optional `overrides`
as Scene.load takes them) to its end time into the folder `out` (run.h5, run.xmf,
series.csv, checkpoint.h5) and returns its RunFile. overwrite replaces a run there, resume
continues its checkpoint; threads (CPU build), checkpoint_every (wall seconds) and
progress (a progress line on stderr; default: when stderr is a terminal) as the command's
options. The GIL is released while it runs. A failure raises: ValueError for invalid
input, BlowUpError for a blow-up (exit 5), KeyboardInterrupt after SIGINT/SIGTERM (a
checkpoint was written), RuntimeError otherwise; the command's message is printed on
stderr as on the command line.)doc");
  m.def("metrics", &metrics, py::arg("dir"), R"doc(
`regolith metrics`: computes a study run's (or a sweep's) metrics, writes metrics.json as
the command does, and returns it as a dict.)doc");
}

}  // namespace regolith::python
