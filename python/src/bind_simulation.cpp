// regolith.Simulation: a scene's engine stepped from Python. Stepping releases the GIL;
// the state comes out as NumPy arrays that, on the CPU build, are read-only views of the
// engine's own arrays (no copy), kept valid by a reference to the engine they came from.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "service/frame_capture.h"
#include "core/blow_up_guard.h"
#include "core/free_cores.h"
#include "core/simulation.h"
#include "io/checkpoint/checkpoint.h"
#include "io/checkpoint/checkpoint_check.h"
#include "kernels/stages.h"
#include "python/src/bindings.h"
#include "scenes/step_limit.h"

namespace regolith::python {
namespace py = pybind11;

namespace {

constexpr std::uint64_t kSignalCheckSteps = 1000;

// A series value as Python: a number, or a tuple (x, y, z) or (w, x, y, z).
template <class T>
py::object pythonValue(const T& v) {
  return py::cast(v);
}
template <class T>
py::object pythonValue(const Vec3T<T>& v) {
  return py::make_tuple(double(v.x), double(v.y), double(v.z));
}
py::object pythonValue(const Quat& q) { return py::make_tuple(q.w, q.x, q.y, q.z); }

// What a Simulation object owns: the scene (its model) and the engine. The NumPy views hold
// a reference too, so the memory they read lives as long as the last of them.
struct Engine {
  std::shared_ptr<const Scene> scene;
  std::unique_ptr<Simulation> sim;
};

// The index of the scene's body called `name` (its loads: core/body_loads.h, as series.csv).
std::optional<std::size_t> bodyIndex(const Scene& scene, const std::string& name) {
  for (std::size_t k = 0; k < scene.bodies.size(); ++k)
    if (scene.bodies[k].name == name) return k;
  return std::nullopt;
}

// One DOF's rule from Python: a number is a constant velocity, "free" and "fixed" say so.
DofRule dofRuleOf(const py::handle& v, const char* what, int axis) {
  if (py::isinstance<py::str>(v)) {
    const std::string word = v.cast<std::string>();
    if (word == "free") return DofRule::free();
    if (word == "fixed") return DofRule::fixed();
    throw py::value_error(std::string(what) + "[" + std::to_string(axis) + "]: \"" + word +
                          "\", expected a velocity (a number), \"free\" or \"fixed\"");
  }
  return DofRule::constant(v.cast<double>());
}

class PySimulation {
 public:
  PySimulation(const PyScene& scene, std::optional<int> threads, std::optional<std::string> mode) {
    Model model = scene.scene->model;
    if (mode) model.streams.mode = parseStreamMode(*mode);
    if (threads) {
      if (*threads < 1) throw py::value_error("threads: " + std::to_string(*threads) + ", expected at least 1");
      setThreadCount(*threads);
    } else {
      useFreeCores();  // core/free_cores.h: not beside another program's work
    }
    auto engine = std::make_shared<Engine>();
    engine->scene = scene.scene;
    {
      py::gil_scoped_release free;
      engine->sim = std::make_unique<Simulation>(std::move(model), scene.scene->initial);
    }
    m_engine = std::move(engine);
  }

  // Other Python threads run while the engine steps (the GIL is released); every
  // kSignalCheckSteps steps the GIL is taken back for a moment to look for Ctrl-C, which
  // then raises KeyboardInterrupt after a whole step.
  void step(std::uint64_t steps) {
    Simulation& s = sim();
    for (std::uint64_t done = 0; done < steps;) {
      const std::uint64_t chunk = std::min<std::uint64_t>(steps - done, kSignalCheckSteps);
      {
        py::gil_scoped_release free;
        s.step(chunk);
      }
      done += chunk;
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      requireNoBadOwner(s);
    }
  }

  // The owner check `regolith run` makes every 100 steps (core/blow_up_guard.h), here
  // after every chunk: the engine's own speed check sees spheres only, so a body whose
  // orientation or angular velocity turned NaN would otherwise step on unseen.
  static void requireNoBadOwner(const Simulation& s) {
    Index bad = -1;
    {
      py::gil_scoped_release free;
      bad = s.firstBadOwner();
    }
    if (bad < 0) return;
    const std::optional<OwnerFaultReport> fault = firstOwnerFault(s.state(), s.blowUpSpeed(), s.minRadius());
    throw BlowUpError(s.stepCount(), "owner " + std::to_string(fault ? fault->owner : bad) + " blew up by step " +
                                         std::to_string(s.stepCount()) +
                                         " (t = " + py::repr(py::float_(s.time())).cast<std::string>() +
                                         " s): " + (fault ? fault->what : std::string("its state left the limits")) +
                                         ". A smaller time step, or a lower drop or speed, may help");
  }

  void advance(double seconds) {
    const double dt = sim().model().timeStep;
    if (!(seconds >= 0) || !(seconds / dt <= kMaxRunSteps))
      throw py::value_error("advance: " + py::repr(py::float_(seconds)).cast<std::string>() +
                            " s, expected a finite time >= 0 of at most 1e15 time steps (dt = " +
                            py::repr(py::float_(dt)).cast<std::string>() + " s)");
    step(stepsFor(seconds, dt));
  }

  void setFamilyMotion(const py::object& family, const py::sequence& linear, const py::sequence& angular,
                       const std::string& frame) {
    const Scene& scene = *engine()->scene;
    Index id = -1;
    if (py::isinstance<py::str>(family)) {
      const std::string name = family.cast<std::string>();
      for (std::size_t i = 0; i < scene.familyNames.size(); ++i)
        if (scene.familyNames[i] == name) id = Index(i);
      if (id < 0) throw py::value_error("no family \"" + name + "\" in " + scene.file);
    } else {
      id = family.cast<Index>();
      if (id < 0 || std::size_t(id) >= scene.familyNames.size())
        throw py::value_error("family " + std::to_string(id) + ": expected 0.." +
                              std::to_string(scene.familyNames.size() - 1));
    }
    if (py::len(linear) != 3 || py::len(angular) != 3)
      throw py::value_error("linear and angular: three entries each (x, y, z)");
    MotionPhase phase;
    for (int k = 0; k < 3; ++k) {
      phase.dof[std::size_t(k)] = dofRuleOf(linear[std::size_t(k)], "linear", k);
      phase.dof[std::size_t(k) + 3] = dofRuleOf(angular[std::size_t(k)], "angular", k);
    }
    if (frame != "world" && frame != "body")
      throw py::value_error("rotation_frame: \"" + frame + "\", expected \"world\" or \"body\"");
    phase.rotationFrame = frame == "body" ? RotationFrame::Body : RotationFrame::World;
    sim().setFamilyMotion(id, std::move(phase));
  }

  // The named body's pose, velocities and contact loads now, as a series row records them.
  py::object body(const std::string& name) const {
    const Scene& scene = *engine()->scene;
    const std::optional<std::size_t> k = bodyIndex(scene, name);
    if (!k) {
      std::string known;
      for (const SceneBody& b : scene.bodies) known += (known.empty() ? "" : ", ") + b.name;
      throw py::key_error("no body \"" + name + "\" in " + scene.file +
                          " (its bodies: " + (known.empty() ? "none" : known) + ")");
    }
    const SeriesBodies one = seriesBodiesOf({&scene.bodies[*k]}, scene.model.boundaries.size());
    SeriesSample r;
    {
      py::gil_scoped_release free;
      const Simulation& s = sim();
      r = captureSeries(s.state(), s.time(), one, s.wallContacts(), s.spherePositions(), s.model().periodic).front();
    }
    py::dict row;
    row["name"] = name;
    forEachSeriesField([&](const SeriesField& f, const auto& v) { row[f.python] = pythonValue(v); }, r);
    return py::module_::import("types").attr("SimpleNamespace")(**row);
  }

  // Coupling to another code (docs/coupling.md, "Your own multibody code"): the named bodies'
  // contact loads averaged over the steps between two take_wrenches() calls.
  void trackBodies(const std::vector<std::string>& names) {
    std::vector<Index> owners;
    for (const std::string& name : names) owners.push_back(movingOwner(name));
    sim().trackOwners(owners);
  }

  py::dict takeWrenches() {
    std::vector<Simulation::TrackedOwner> taken;
    {
      py::gil_scoped_release free;
      taken = sim().takeTrackedOwners();
    }
    py::dict out;
    const py::object ns = py::module_::import("types").attr("SimpleNamespace");
    const Scene& scene = *engine()->scene;
    const std::vector<Index>& owners = sim().trackedOwners();
    for (std::size_t k = 0; k < taken.size(); ++k) {
      const Simulation::TrackedOwner& t = taken[k];
      std::string name = "owner " + std::to_string(owners[k]);
      for (const SceneBody& b : scene.bodies)
        if (b.owner == owners[k]) name = b.name;
      out[py::str(name)] = ns(py::arg("force") = pythonValue(t.force), py::arg("torque") = pythonValue(t.torque),
                              py::arg("steps") = t.steps, py::arg("position") = pythonValue(t.position),
                              py::arg("orientation") = pythonValue(t.orientation),
                              py::arg("velocity") = pythonValue(t.velocity),
                              py::arg("angular_velocity") = pythonValue(t.angularVelocity));
    }
    return out;
  }

  void prescribeMotion(const std::string& name, const py::sequence& velocity, const py::sequence& angular,
                       const py::object& position, const py::object& orientation) {
    const Index owner = movingOwner(name);
    const Vec3d v = vectorOf(velocity, "velocity"), w = vectorOf(angular, "angular_velocity");
    if (position.is_none() != orientation.is_none()) throw py::value_error("position and orientation: both or neither");
    try {
      if (position.is_none()) {
        sim().prescribeOwnerVelocity(owner, v, w);
      } else {
        const py::sequence q = orientation.cast<py::sequence>();
        if (py::len(q) != 4) throw py::value_error("orientation: (w, x, y, z)");
        sim().prescribeOwnerMotion(
            owner, vectorOf(position.cast<py::sequence>(), "position"),
            Quat(q[0].cast<double>(), q[1].cast<double>(), q[2].cast<double>(), q[3].cast<double>()), v, w);
      }
    } catch (const std::invalid_argument& e) {
      throw py::value_error(name + ": " + e.what());
    }
  }

  // checkpoint.h5 as `regolith run` writes it (the engine state, the scene text, the seed).
  void saveCheckpoint(const py::object& path) const {
    const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
    const Scene& scene = *engine()->scene;
    Checkpoint c;
    c.sceneJson = scene.text;
    c.seed = scene.seed;
    c.rngState = scene.rngState;
    {
      py::gil_scoped_release free;
      c.engine = sim().saveState();
      c.output.nextFrameStep = c.output.nextSeriesStep = sim().stepCount();
      writeCheckpoint(file, c);
    }
  }

  void restoreCheckpoint(const py::object& path) {
    const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
    const Scene& scene = *engine()->scene;
    py::gil_scoped_release free;
    const Checkpoint c = readCheckpoint(file);
    if (c.sceneJson != scene.text)
      throw std::invalid_argument(file + " was written for another scene (its text differs from " + scene.file +
                                  "'s): restore it with the scene it was saved from");
    // The checks `regolith run --resume` makes (the file, dataset and row of what is wrong),
    // but any step count: Python may step a simulation past the scene's duration.
    checkCheckpoint(c, file, scene.model.boundaries.size(), std::numeric_limits<std::uint64_t>::max());
    regolith::restoreCheckpoint(sim(), c, file);
  }

  void close() { m_engine.reset(); }
  bool closed() const { return !m_engine; }

  // The owner of the scene's moving body `name` (one with a family); KeyError otherwise.
  Index movingOwner(const std::string& name) const {
    const Scene& scene = *engine()->scene;
    const std::optional<std::size_t> k = bodyIndex(scene, name);
    if (!k || scene.bodies[*k].owner < 0)
      throw py::key_error("no moving body \"" + name + "\" in " + scene.file +
                          " (a body with a \"family\": its bodies are " + std::to_string(scene.bodies.size()) + ")");
    return scene.bodies[*k].owner;
  }

  static Vec3d vectorOf(const py::sequence& v, const char* what) {
    if (py::len(v) != 3) throw py::value_error(std::string(what) + ": three entries (x, y, z)");
    return Vec3d(v[0].cast<double>(), v[1].cast<double>(), v[2].cast<double>());
  }

  Simulation& sim() const {
    if (!m_engine) throw std::runtime_error("this regolith.Simulation was closed");
    return *m_engine->sim;
  }
  const std::shared_ptr<Engine>& engine() const {
    sim();
    return m_engine;
  }

 private:
  std::shared_ptr<Engine> m_engine;
};

// A read-only array of `rows` x `cols` elements of type T at `data` (row stride sizeof(Row)),
// whose base object holds the engine.
template <class T, class Row>
py::array view(const std::shared_ptr<Engine>& engine, const Row* data, std::size_t rows, std::size_t cols) {
  auto* keep = new std::shared_ptr<Engine>(engine);
  py::capsule base(keep, [](void* p) { delete static_cast<std::shared_ptr<Engine>*>(p); });
  std::vector<py::ssize_t> shape = {py::ssize_t(rows)}, strides = {py::ssize_t(sizeof(Row))};
  if (cols > 1) {
    shape.push_back(py::ssize_t(cols));
    strides.push_back(py::ssize_t(sizeof(T)));
  }
  py::array a(py::dtype::of<T>(), shape, strides, reinterpret_cast<const T*>(data), base);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

// A fresh array (the CUDA build's download, or data the engine does not hold as such).
template <class T, class Row>
py::array copied(const std::vector<Row>& rows, std::size_t cols) {
  std::vector<py::ssize_t> shape = {py::ssize_t(rows.size())};
  if (cols > 1) shape.push_back(py::ssize_t(cols));
  py::array_t<T> a(shape);
  if (!rows.empty()) std::memcpy(a.mutable_data(), rows.data(), rows.size() * sizeof(Row));
  a.attr("setflags")(py::arg("write") = false);
  return std::move(a);
}

static_assert(sizeof(Vec3d) == 3 * sizeof(double) && sizeof(Vec3) == 3 * sizeof(Real) &&
                  sizeof(Quat) == 4 * sizeof(double),
              "the NumPy views read these structs as packed rows");

// One state array as a property: a view where the engine's memory is host memory (the
// CPU build), else a copy of `download`'s result. `field` is the array's pointer in
// HostStateView, `rows` its row count there.
template <class Row, class Rows, class Download>
void stateArray(py::class_<PySimulation>& c, const char* name, const Row* HostStateView::*field, Rows rows,
                Download download, const std::string& doc) {
  using T = typename FieldElement<Row>::Scalar;
  constexpr std::size_t cols = FieldElement<Row>::components;
  c.def_property_readonly(
      name,
      [=](const PySimulation& p) -> py::array {
        const HostStateView v = p.sim().hostStateView();
        if (v.*field) return view<T>(p.engine(), v.*field, rows(v), cols);
        return copied<T>(download(p.sim()), cols);
      },
      doc.c_str());
}

template <class Row>
constexpr int componentsOf(const Row* HostStateView::*) {
  return FieldElement<Row>::components;
}

// The property's doc: the table's description, the shape and the unit.
std::string stateArrayDoc(const StateField& f, int components) {
  static const char* const rows[] = {"owners", "owners + 1", "spheres"};
  const std::string unit = *f.unit && std::string(f.unit) != "1" ? std::string(" [") + f.unit + "]" : "";
  return std::string(f.description) + ", (" + rows[int(f.rows)] +
         (components > 1 ? ", " + std::to_string(components) : std::string(",")) + ")" + unit + ".";
}

// Every field of kernels/state_fields.h as a read-only property (its python column).
void bindStateArrays(py::class_<PySimulation>& c) {
  forEachStateFieldMember<StateArrays, HostStateView>([&](const StateField& f, auto member, auto field) {
    stateArray(
        c, f.python, field, [f](const HostStateView& v) { return std::size_t(f.rowCount(v.owners, v.spheres)); },
        [member](const Simulation& s) { return s.state().*member; }, stateArrayDoc(f, componentsOf(field)));
  });
  stateArray(
      c, "sphere_centres", &HostStateView::spherePosition, [](const HostStateView& v) { return v.spheres; },
      [](const Simulation& s) { return s.spherePositions(); },
      "Spheres' centres in the world frame, (spheres, 3) [m].");
}

}  // namespace

void bindSimulation(py::module_& m) {
  py::class_<PySimulation> c(m, "Simulation", R"doc(
A scene's engine, stepped from Python.

    sim = regolith.Simulation(scene, threads=None, mode=None)

`threads` sets the OpenMP threads of the CPU build (process-wide; default: OMP_NUM_THREADS
where set, else the cores not busy with other work, as `regolith run`), `mode` the contact-list mode ("async", "sync" or "verlet"; default: the
scene's). step() and advance() release the GIL for the whole call.

State arrays (owner_positions, sphere_centres, ...) are read-only NumPy arrays. On the CPU
build they are views of the engine's own memory, without a copy: their values change with
every step, and they stay readable after the simulation is closed or dropped (each holds
the engine's memory until the last view goes). On the CUDA build they are copies taken
when read. Take .copy() to keep a value across steps.)doc");
  c.def(py::init<const PyScene&, std::optional<int>, std::optional<std::string>>(), py::arg("scene"),
        py::arg("threads") = py::none(), py::arg("mode") = py::none())
      .def("step", &PySimulation::step, py::arg("steps") = 1,
           "Advances `steps` time steps (the GIL is released meanwhile). Raises BlowUpError when "
           "the state stops being finite or moves faster than r_min / dt.")
      .def("advance", &PySimulation::advance, py::arg("seconds"),
           "Advances round(seconds / dt) steps of simulated time [s].")
      .def("set_family_motion", &PySimulation::setFamilyMotion, py::arg("family"),
           py::arg("linear") = py::make_tuple("free", "free", "free"),
           py::arg("angular") = py::make_tuple("free", "free", "free"), py::arg("rotation_frame") = "world",
           R"doc(From now on, owners of `family` (a name or id) move by these rules: `linear` and
`angular` give, per axis (x, y, z), a prescribed velocity [m/s, rad/s], "free" or "fixed";
rotation about the world's axes or, with rotation_frame="body", the owner's principal
axes. The scene's later phases for the family are dropped. How a controller drives a
wheel from Python between step() calls; not stored in checkpoints.)doc")
      .def("track_bodies", &PySimulation::trackBodies, py::arg("names"),
           R"doc(From now on the contact loads of these moving bodies (names of the scene's bodies with a
family) are summed over every step; take_wrenches() returns their means. Replaces an earlier
list. For coupling your own multibody code (docs/coupling.md).)doc")
      .def("take_wrenches", &PySimulation::takeWrenches,
           R"doc(Per tracked body (a dict by name): the contact force [N] and torque about its centre of
mass [N m] averaged over the `steps` steps since the last call, and its position, orientation
(w, x, y, z), velocity and angular_velocity now (world frame, SI). The sums start again.)doc")
      .def("prescribe_motion", &PySimulation::prescribeMotion, py::arg("name"), py::arg("velocity"),
           py::arg("angular_velocity"), py::arg("position") = py::none(), py::arg("orientation") = py::none(),
           R"doc(From now on the moving body `name` moves at this constant velocity [m/s] and angular
velocity [rad/s] (world frame), whatever its contacts, until the next call; with position
(its centre of mass) and orientation (w, x, y, z), it is put there first (bodies without
grains only). The body gets a family of its own. Not stored in checkpoints: call it again
after a restore. For coupling your own multibody code (docs/coupling.md).)doc")
      .def("body", &PySimulation::body, py::arg("name"),
           "A named body now: position, orientation (w, x, y, z), velocity, angular_velocity, the "
           "contact force and torque on it and their normal/tangential split, contacts and "
           "patch_centroid, as series.csv records them (SI).")
      .def_property_readonly(
          "bodies",
          [](const PySimulation& p) {
            std::vector<std::string> names;
            for (const SceneBody& b : p.engine()->scene->bodies) names.push_back(b.name);
            return names;
          },
          "The scene's named bodies.")
      .def("save_checkpoint", &PySimulation::saveCheckpoint, py::arg("path"),
           "Writes the engine's state as a checkpoint.h5 (the format `regolith run` writes).")
      .def("restore_checkpoint", &PySimulation::restoreCheckpoint, py::arg("path"),
           "Continues from a checkpoint of this scene (from save_checkpoint or `regolith run`), bit "
           "for bit as the saved run would have (CPU build).")
      .def_static(
          "restore",
          [](const PyScene& scene, const py::object& path, std::optional<int> threads,
             std::optional<std::string> mode) {
            PySimulation sim(scene, threads, mode);
            sim.restoreCheckpoint(path);
            return sim;
          },
          py::arg("scene"), py::arg("path"), py::arg("threads") = py::none(), py::arg("mode") = py::none(),
          "A Simulation of `scene` continued from a checkpoint of it (restore_checkpoint).")
      .def("close", &PySimulation::close,
           "Frees the engine (views already taken keep what they read). Later calls raise RuntimeError.")
      .def_property_readonly("closed", &PySimulation::closed)
      .def_property_readonly(
          "time", [](const PySimulation& p) { return p.sim().time(); }, "Simulated time [s].")
      .def_property_readonly(
          "step_count", [](const PySimulation& p) { return p.sim().stepCount(); }, "Steps taken.")
      .def_property_readonly(
          "time_step", [](const PySimulation& p) { return p.sim().model().timeStep; }, "dt [s].")
      .def_property_readonly(
          "mode", [](const PySimulation& p) { return streamModeName(p.sim().mode()); },
          "The contact-list mode: async, sync or verlet.")
      .def("__repr__", [](const PySimulation& p) {
        if (p.closed()) return std::string("<regolith.Simulation (closed)>");
        return "<regolith.Simulation at t = " + std::to_string(p.sim().time()) + " s, step " +
               std::to_string(p.sim().stepCount()) + ", " + streamModeName(p.sim().mode()) + ">";
      });
  bindStateArrays(c);
}

}  // namespace regolith::python
