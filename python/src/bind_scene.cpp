// regolith.Scene: a scene file loaded, validated and built exactly as `regolith check` and
// `regolith run` do (scenes/scene.h), from a path or from a dict.
#include <filesystem>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "python/src/json_python.h"
#include "python/src/bindings.h"

namespace regolith::python {
namespace py = pybind11;
using nlohmann::json;

namespace {

namespace fs = std::filesystem;

// {"/study/slip": 0.3} -> {"/study/slip=0.3"}, the form of `regolith run --set`.
std::vector<std::string> overridesOf(const py::object& overrides) {
  std::vector<std::string> out;
  if (overrides.is_none()) return out;
  for (const auto& [pointer, value] : overrides.cast<py::dict>()) {
    if (!py::isinstance<py::str>(pointer))
      throw py::type_error("overrides: the key " + py::repr(pointer).cast<std::string>() +
                           " is not a JSON pointer string such as \"/study/slip\"");
    out.push_back(pointer.cast<std::string>() + "=" + fromPython(value).dump());
  }
  return out;
}

std::string pathText(const py::object& path) { return py::str(py::module_::import("os").attr("fspath")(path)); }

PyScene load(const py::object& path, const py::object& overrides) {
  const std::string file = pathText(path);
  const std::vector<std::string> sets = overridesOf(overrides);
  PyScene s;
  {
    py::gil_scoped_release free;  // a scene with a large bed takes a while to build
    s.scene = std::make_shared<const Scene>(loadScene(file, sets));
  }
  return s;
}

PyScene fromDict(const py::object& document, const py::object& baseDir, const std::string& name) {
  const std::string text = fromPython(document).dump(2);
  const std::string dir = baseDir.is_none() ? fs::current_path().string() : pathText(baseDir);
  PyScene s;
  {
    py::gil_scoped_release free;
    s.scene = std::make_shared<const Scene>(parseScene(text, name, dir));
  }
  return s;
}

py::list names(const std::vector<std::string>& v) {
  py::list out;
  for (const std::string& s : v) out.append(s);
  return out;
}

}  // namespace

void bindScene(py::module_& m) {
  py::class_<PyScene>(m, "Scene", R"doc(
A scene: one JSON document that describes a run (docs/scene-format.md), validated and
built as `regolith check` and `regolith run` do. Invalid input raises
regolith.SceneError with every problem. Units are SI throughout.)doc")
      .def_static("load", &load, py::arg("path"), py::arg("overrides") = py::none(),
                  R"doc(Loads a scene file. `overrides` maps JSON pointers to values, as
`regolith run --set POINTER=VALUE` does: {"/study/slip": 0.3}. Relative paths inside the
scene (clump files, beds, meshes) are taken from the file's folder.)doc")
      .def_static("from_dict", &fromDict, py::arg("document"), py::arg("base_dir") = py::none(),
                  py::arg("name") = "<dict>",
                  R"doc(Builds a scene from a dict of the scene format. Relative paths in it are
taken from `base_dir` (default: the current folder); `name` stands for the file in messages.)doc")
      .def(
          "to_dict", [](const PyScene& s) { return toPython(json::parse(s.scene->text)); },
          "The scene's document as a dict (with any overrides applied); from_dict(to_dict()) "
          "builds the same scene.")
      .def_property_readonly(
          "file", [](const PyScene& s) { return s.scene->file; }, "The path or name the scene was read from.")
      .def_property_readonly(
          "time_step", [](const PyScene& s) { return s.scene->model.timeStep; }, "The time step dt [s].")
      .def_property_readonly(
          "end_time", [](const PyScene& s) { return s.scene->endTime; }, "The simulated time a run covers [s].")
      .def_property_readonly(
          "steps", [](const PyScene& s) { return sceneSteps(*s.scene); }, "Steps of a whole run: end_time / dt.")
      .def_property_readonly(
          "seed", [](const PyScene& s) { return s.scene->seed; }, "The seed of the scene's random draws.")
      .def_property_readonly(
          "owner_count", [](const PyScene& s) { return s.scene->initial.ownerCount(); },
          "Rigid owners: grains (clumps) and bodies.")
      .def_property_readonly(
          "sphere_count", [](const PyScene& s) { return s.scene->initial.sphereCount(); }, "Spheres of all owners.")
      .def_property_readonly(
          "bodies",
          [](const PyScene& s) {
            std::vector<std::string> v;
            for (const SceneBody& b : s.scene->bodies) v.push_back(b.name);
            return names(v);
          },
          "The named bodies, whose series a run records.")
      .def_property_readonly(
          "families", [](const PyScene& s) { return names(s.scene->familyNames); },
          "Family names by id (0 is \"free\").")
      .def_property_readonly(
          "warnings", [](const PyScene& s) { return names(s.scene->warnings); },
          "What the build noticed but accepted (implausible values, repaired meshes).")
      .def_property_readonly(
          "study",
          [](const PyScene& s) -> py::object {
            return s.scene->studyJson.empty() ? py::none() : toPython(json::parse(s.scene->studyJson));
          },
          "The study as the scene resolved it (times in seconds, derived values), or None.")
      .def("__repr__", [](const PyScene& s) {
        return "<regolith.Scene " + s.scene->file + ": " + std::to_string(s.scene->initial.ownerCount()) + " owners, " +
               std::to_string(s.scene->initial.sphereCount()) + " spheres, " + std::to_string(sceneSteps(*s.scene)) +
               " steps of " + std::to_string(s.scene->model.timeStep) + " s>";
      });
}

}  // namespace regolith::python
