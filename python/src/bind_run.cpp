// regolith.run and regolith.metrics: the run service (service/) from Python, with the same
// files as `regolith run` and `regolith metrics` and each outcome turned into an exception.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "python/src/bindings.h"
#include "python/src/json_python.h"
#include "service/run_metrics.h"
#include "service/run_scene.h"

namespace regolith::python {
namespace py = pybind11;
namespace fs = std::filesystem;

namespace {

std::string pathText(const py::handle& path) { return py::str(py::module_::import("os").attr("fspath")(path)); }

// Feedback while the GIL is released: notes on the C stdout, as on the command line (C
// stdio needs no GIL), warnings kept for sys.stderr once the GIL is back.
struct HeldFeedback {
  std::vector<std::string> warnings;
  Feedback feedback(bool progress) {
    Feedback f;
    f.note = noteOnStdout;
    f.warning = [this](const std::string& line) { warnings.push_back(line); };
    f.progress = progress ? stderr : nullptr;
    return f;
  }
  // With the GIL: the warnings on sys.stderr, as the command line prints them.
  void flush() const {
    if (warnings.empty()) return;
    std::string text;
    for (const std::string& w : warnings) text += w + "\n";
    py::module_::import("sys").attr("stderr").attr("write")(text);
    py::module_::import("sys").attr("stderr").attr("flush")();
  }
};

// The run service's outcome as the exception a Python caller expects, with the service's
// own message and the exit status the command line gives the same outcome (its words say
// which: apps/exit_status.h); the message is also printed on sys.stderr, as the command
// line prints it.
void raiseFor(const Outcome& outcome, const std::string& what) {
  if (outcome.kind == Outcome::Kind::kFinished) return;
  if (!outcome.message.empty()) {
    py::module_::import("sys").attr("stderr").attr("write")(outcome.message + "\n");
    py::module_::import("sys").attr("stderr").attr("flush")();
  }
  const std::string message = outcome.message.empty() ? "" : "\n" + outcome.message;
  switch (outcome.kind) {
    case Outcome::Kind::kInvalidInput:
      throw py::value_error(what + ": invalid input (exit 2)" + message);
    case Outcome::Kind::kBlewUp: {
      const py::object type = py::module_::import("regolith.errors").attr("BlowUpError");
      PyErr_SetObject(type.ptr(), type(what + ": the state blew up (exit 5)" + message, outcome.step).ptr());
      throw py::error_already_set();
    }
    case Outcome::Kind::kStopped:
      PyErr_SetString(PyExc_KeyboardInterrupt, (what + ": stopped by signal " + std::to_string(outcome.signal) +
                                                " (continue with resume=True)" + message)
                                                   .c_str());
      throw py::error_already_set();
    case Outcome::Kind::kEnvironment:
      throw std::runtime_error(what + ": this machine or installation cannot run it (exit 3)" + message);
    default:
      throw std::runtime_error(what + ": failed (exit 1)" + message);
  }
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
  HeldFeedback held;
  const Feedback feedback = held.feedback(showProgress);
  Outcome outcome;
  std::string what;
  if (py::isinstance<PyScene>(scene)) {
    if (!overrides.is_none())
      throw py::value_error("overrides: give them to Scene.load; a built Scene already has its values");
    const std::shared_ptr<const Scene> s = scene.cast<const PyScene&>().scene;
    what = "regolith.run(" + s->file + ")";
    py::gil_scoped_release free;
    outcome = runScene(*s, o, feedback);
  } else {
    const std::string path = pathText(scene);
    what = "regolith.run(" + path + ")";
    if (!overrides.is_none())
      for (const auto& [pointer, value] : overrides.cast<py::dict>())
        o.overrides.push_back(pointer.cast<std::string>() + "=" + fromPython(value).dump());
    py::gil_scoped_release free;
    outcome = runScene(path, o, feedback);
  }
  held.flush();
  raiseFor(outcome, what);
  return py::module_::import("regolith").attr("RunFile")((fs::path(o.outDir) / "run.h5").string());
}

py::object metrics(const py::object& dir) {
  const std::string d = pathText(dir);
  HeldFeedback held;
  const Feedback feedback = held.feedback(false);
  Outcome outcome;
  {
    py::gil_scoped_release free;
    outcome = computeMetrics(d, feedback);
  }
  held.flush();
  raiseFor(outcome, "regolith.metrics(" + d + ")");
  // A robot run that did not finish: its metrics, flagged "complete": false, and a warning
  // (the command exits 4; its reason is printed above).
  if (outcome.shortOfGoal) {
    const std::string warning = "regolith.metrics(" + d +
                                "): a run did not finish; its metrics say \"complete\": false";
    if (PyErr_WarnEx(PyExc_RuntimeWarning, warning.c_str(), 1) < 0) throw py::error_already_set();
  }
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
