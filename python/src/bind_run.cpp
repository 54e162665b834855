// regolith.run and regolith.metrics: `regolith run` and `regolith metrics` from Python,
// with the same files and the exit codes turned into exceptions.
#include <cstdio>
#include <cstdlib>
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

// What the command printed on its error stream, captured in memory while it runs (the GIL
// is released then, so it cannot be Python's sys.stderr directly) and then both echoed on
// sys.stderr, as on the command line, and carried by the exception.
class CapturedErrors {
 public:
  CapturedErrors() : m_file(open_memstream(&m_buffer, &m_size)) {
    if (!m_file) throw std::runtime_error("regolith.run: could not open a memory stream for the command's messages");
  }
  ~CapturedErrors() {
    if (m_file) std::fclose(m_file);
    std::free(m_buffer);
  }
  CapturedErrors(const CapturedErrors&) = delete;
  CapturedErrors& operator=(const CapturedErrors&) = delete;
  std::FILE* file() const { return m_file; }
  // Closes the stream, echoes its text on sys.stderr and returns it (trailing newline cut).
  std::string finish() {
    std::fclose(m_file);
    m_file = nullptr;
    std::string text(m_buffer ? m_buffer : "", m_size);
    if (!text.empty()) {
      py::module_::import("sys").attr("stderr").attr("write")(text);
      py::module_::import("sys").attr("stderr").attr("flush")();
    }
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  }

 private:
  char* m_buffer = nullptr;
  std::size_t m_size = 0;
  std::FILE* m_file = nullptr;
};

// `regolith run`'s exit code as the exception a Python caller expects, with the command's
// own message (`said`).
void raiseForExitCode(int code, const std::string& what, const std::string& said) {
  if (code == kRunOk) return;
  const std::string message = said.empty() ? "" : "\n" + said;
  if (code == kSceneErrorExitCode) throw py::value_error(what + ": invalid input (exit 2)" + message);
  if (code == kRunBlowUp) {
    const py::object type = py::module_::import("regolith.errors").attr("BlowUpError");
    PyErr_SetObject(type.ptr(), type(what + ": the state blew up (exit 5)" + message).ptr());
    throw py::error_already_set();
  }
  if (code > 128) {
    PyErr_SetString(
        PyExc_KeyboardInterrupt,
        (what + ": stopped by signal " + std::to_string(code - 128) + " (continue with resume=True)" + message).c_str());
    throw py::error_already_set();
  }
  throw std::runtime_error(what + ": failed (exit " + std::to_string(code) + ")" + message);
}

py::object run(const py::object& scene, const py::object& out, bool overwrite, bool resume, std::optional<int> threads,
               std::optional<double> checkpointEvery, std::optional<bool> progress, const py::object& overrides) {
  RunOptions o;
  o.outDir = pathText(out);
  o.overwrite = overwrite;
  o.resume = resume;
  if (threads && *threads < 1)
    throw py::value_error("threads: " + std::to_string(*threads) + ", expected at least 1 (or None: the default)");
  o.threads = threads.value_or(0);
  o.checkpointEvery = checkpointEvery.value_or(-1);
  const bool showProgress = progress.value_or(py::module_::import("sys").attr("stderr").attr("isatty")().cast<bool>());
  o.progress = showProgress ? stderr : nullptr;
  CapturedErrors errors;
  o.errors = errors.file();
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
  raiseForExitCode(code, what, errors.finish());
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
  // A robot run that did not finish: its metrics, flagged "complete": false, and a warning
  // (the command exits kMetricsUnfinished; its reason is printed above).
  if (code == kMetricsUnfinished) {
    const std::string warning = "regolith.metrics(" + d +
                                "): a run did not finish; its metrics say \"complete\": false";
    if (PyErr_WarnEx(PyExc_RuntimeWarning, warning.c_str(), 1) < 0) throw py::error_already_set();
  } else if (code != 0) throw std::runtime_error("regolith.metrics(" + d + "): failed (the reason is printed above)");
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
stderr as on the command line and is the exception's text after its first line.)doc");
  m.def("metrics", &metrics, py::arg("dir"), R"doc(
`regolith metrics`: computes a study run's (or a sweep's) metrics, writes metrics.json as
the command does, and returns it as a dict. A `regolith robot` run that did not run to its
end (killed, blown up, stopped) gives its metrics with "complete": False and a
RuntimeWarning (the command exits 4).)doc");
}

}  // namespace regolith::python
