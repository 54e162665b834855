// regolith.fit (the calibrations of `regolith fit`), regolith.batch.plan and
// regolith.collect: the study tools on runs and sweeps, returning the JSON the commands
// write as dicts, and a sweep's table as NumPy columns.
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "batch/collect.h"
#include "batch/manifest.h"
#include "batch/plan.h"
#include "calibrate/fit_bekker.h"
#include "calibrate/fit_json.h"
#include "calibrate/fit_regression.h"
#include "calibrate/fit_rft.h"
#include "calibrate/run_set.h"
#include "python/src/bindings.h"
#include "python/src/json_python.h"

namespace regolith::python {
namespace py = pybind11;
using nlohmann::json;

namespace {

std::string pathText(const py::handle& path) { return py::str(py::module_::import("os").attr("fspath")(path)); }

// One path or a sequence of them (run folders or sweep folders).
std::vector<std::string> pathsOf(const py::object& runs) {
  if (py::isinstance<py::str>(runs) || py::hasattr(runs, "__fspath__")) return {pathText(runs)};
  std::vector<std::string> out;
  for (const py::handle& r : runs) out.push_back(pathText(r));
  return out;
}

calibrate::HoldoutRule holdoutOf(std::size_t every, const std::vector<std::string>& runs) {
  calibrate::HoldoutRule h;
  h.every = every;
  h.runs = runs;
  return h;
}

// The model as a dict, and written to `out` when given (as `regolith fit --out` writes it).
py::object finish(const json& model, const py::object& out) {
  if (!out.is_none()) calibrate::writeJsonFile(pathText(out), model);
  return toPython(model);
}

py::object fitRft(const py::object& runs, std::size_t every, const std::vector<std::string>& heldOut,
                  const py::object& out) {
  json model;
  {
    const std::vector<std::string> paths = pathsOf(runs);
    py::gil_scoped_release free;
    model = calibrate::fitRft(calibrate::readRuns(paths, "plate_intrusion", "fit rft"),
                              calibrate::RftFitOptions{holdoutOf(every, heldOut)});
  }
  return finish(model, out);
}

py::object fitRegression(const py::object& runs, std::size_t every, const std::vector<std::string>& heldOut, int degree,
                         const py::object& out) {
  calibrate::RegressionFitOptions o;
  o.holdout = holdoutOf(every, heldOut);
  o.degree = degree;
  json model;
  {
    const std::vector<std::string> paths = pathsOf(runs);
    py::gil_scoped_release free;
    model = calibrate::fitRegression(calibrate::readRuns(paths, "single_wheel", "fit regression"), o);
  }
  return finish(model, out);
}

py::object fitBekker(const py::object& runs, std::size_t every, const std::vector<std::string>& heldOut,
                     const std::string& preset, const std::optional<std::vector<std::string>>& fitted,
                     const std::optional<std::map<std::string, double>>& fixed, std::optional<double> width,
                     const py::object& out) {
  calibrate::BekkerFitOptions o;
  o.holdout = holdoutOf(every, heldOut);
  o.preset = preset;
  if (fitted) o.fitted = *fitted;
  if (fixed)
    for (const auto& [name, value] : *fixed) o.fixed.emplace_back(name, value);
  if (width) o.width = *width;
  json model;
  {
    const std::vector<std::string> paths = pathsOf(runs);
    py::gil_scoped_release free;
    model = calibrate::fitBekker(calibrate::readRuns(paths, "single_wheel", "fit bekker"), o);
  }
  return finish(model, out);
}

// A column of JSON values as a NumPy array: float64 for numbers (NaN for a missing one),
// an object array of strings otherwise.
py::object columnArray(const std::vector<std::vector<json>>& rows, std::size_t c) {
  bool numbers = true;
  for (const auto& row : rows) numbers = numbers && (row[c].is_number() || row[c].is_null());
  if (numbers) {
    py::array_t<double> a(py::ssize_t(rows.size()));
    auto w = a.mutable_unchecked<1>();
    for (std::size_t i = 0; i < rows.size(); ++i)
      w(py::ssize_t(i)) = rows[i][c].is_null() ? std::nan("") : rows[i][c].get<double>();
    return std::move(a);
  }
  py::list values;
  for (const auto& row : rows)
    values.append(row[c].is_string() ? py::str(row[c].get<std::string>()) : toPython(row[c]));
  return py::module_::import("numpy").attr("array")(values, py::arg("dtype") = "object");
}

py::dict collect(const py::object& dir) {
  batch::Dataset d;
  {
    const std::string path = pathText(dir);
    py::gil_scoped_release free;
    d = batch::collectDataset(path);
  }
  py::dict columns;
  for (std::size_t c = 0; c < d.columns.size(); ++c) columns[d.columns[c].name.c_str()] = columnArray(d.rows, c);
  py::dict out;
  out["columns"] = columns;
  out["meta"] = toPython(batch::datasetMeta(d));
  return out;
}

py::object plan(const py::object& sweep, const py::object& out) {
  batch::Manifest m;
  {
    const std::string s = pathText(sweep), o = pathText(out);
    py::gil_scoped_release free;
    m = batch::planSweep(s, o);
  }
  return toPython(batch::toJson(m));
}

}  // namespace

void bindStudies(py::module_& root) {
  py::module_ fit = root.def_submodule("fit", R"doc(
The calibrations of `regolith fit` (docs/models.md, "Calibration from DEM"): each takes run
folders or sweep folders (whose runs have metrics.json), holds out every `holdout_every`-th
run (or the runs named in `holdout`), and returns the model JSON the command writes, as a
dict; `out` also writes it. regolith.models.load() reads such a file back.)doc");
  fit.def("rft", &fitRft, py::arg("runs"), py::kw_only(), py::arg("holdout_every") = 4,
          py::arg("holdout") = std::vector<std::string>(), py::arg("out") = py::none(),
          "RFT coefficients and zeta from plate_intrusion runs (`regolith fit rft`).");
  fit.def("regression", &fitRegression, py::arg("runs"), py::kw_only(), py::arg("holdout_every") = 4,
          py::arg("holdout") = std::vector<std::string>(), py::arg("degree") = 2, py::arg("out") = py::none(),
          "Sinkage, DP/W and T/(W R) polynomials in slip (and load) from single_wheel runs "
          "(`regolith fit regression`).");
  fit.def("bekker", &fitBekker, py::arg("runs"), py::kw_only(), py::arg("holdout_every") = 4,
          py::arg("holdout") = std::vector<std::string>(), py::arg("preset") = "lll-dry-sand",
          py::arg("fit") = py::none(), py::arg("fixed") = py::none(), py::arg("width") = py::none(),
          py::arg("out") = py::none(),
          "Bekker-Wong soil parameters from single_wheel runs (`regolith fit bekker`): `fit` names "
          "the parameters fitted (of kc kphi n c phi K), `fixed` sets others, e.g. {\"c\": 0, \"kc\": 0}.");

  py::module_ batch = root.def_submodule("batch", "Batch sweeps (docs/batch.md).");
  batch.def("plan", &plan, py::arg("sweep"), py::arg("out"),
            "`regolith batch plan`: every run's scene of a sweep file, validated, in folder `out`; "
            "returns the manifest (manifest.json) as a dict.");
  root.def("collect", &collect, py::arg("dir"), R"doc(
`regolith collect`: a sweep's finished runs as one table. Returns {"columns": {name: array},
"meta": {...}}: run_id, the swept parameters, seed and every metric as NumPy columns
(float64, NaN where a run has no value; strings as object arrays), and the metadata the
command's sidecar holds (study, each column's kind, unit and scene pointer, the runs left
out).)doc");
}

}  // namespace regolith::python
