// regolith.Robot: a MuJoCo model on a terrain file of any level (rigid, RFT, Bekker-Wong,
// regression, DEM grains) stepped from Python, over the code `regolith robot` runs
// (robots/robot_simulation.h, coupling/dem_terrain.h). Stepping releases the GIL; qpos,
// qvel and ctrl are NumPy views of MuJoCo's own arrays (ctrl writable), body poses and
// terrain wrenches come as arrays per body.
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "core/blow_up_guard.h"
#include "coupling/dem_terrain.h"
#include "python/src/bindings.h"
#include "robots/robot_series.h"
#include "robots/robot_simulation.h"
#include "service/run_metrics.h"

namespace regolith::python {
namespace py = pybind11;

namespace {

// What a Robot object owns; the NumPy views hold a reference to it, so MuJoCo's memory
// they show lives as long as the last of them.
struct RobotEngine {
  std::unique_ptr<robots::RobotSimulation> sim;
  coupling::DemTerrain* dem = nullptr;  // owned by sim when the terrain has a DEM level
  // With series_every: the series `regolith robot --series-every` would write, for metrics().
  std::optional<robots::RobotSeriesRecorder> recorder;
  robots::ActuatorWork work;
  std::uint64_t steps = 0, recordEvery = 0;
};

class PyRobot {
 public:
  PyRobot(const py::object& model, const py::object& terrain, const std::vector<std::string>& overrides,
          std::optional<double> seriesEvery) {
    const py::object fspath = py::module_::import("os").attr("fspath");
    const std::string modelPath = py::str(fspath(model)), terrainPath = py::str(fspath(terrain));
    auto engine = std::make_shared<RobotEngine>();
    std::vector<std::string> warnings;
    {
      py::gil_scoped_release free;
      const robots::TerrainSpec spec = robots::loadTerrain(terrainPath, overrides);
      engine->sim = std::make_unique<robots::RobotSimulation>(modelPath, spec);
      if (spec.dem) {
        auto grains = std::make_unique<coupling::DemTerrain>(engine->sim->model(), engine->sim->data(), spec,
                                                             &warnings);
        engine->dem = grains.get();
        engine->sim->attachTerrain(std::move(grains));
      }
    }
    if (seriesEvery) {
      const double dt = engine->sim->timeStep();
      if (!(*seriesEvery > 0) || !std::isfinite(*seriesEvery))
        throw py::value_error("series_every: expected a time > 0 [s]");
      engine->recordEvery = std::max<std::uint64_t>(1, std::uint64_t(std::llround(*seriesEvery / dt)));
      engine->recorder.emplace(*engine->sim, "none");
      engine->recorder->record(*engine->sim, engine->work);
    }
    m_engine = std::move(engine);
    m_warnings = std::move(warnings);
  }

  void step(std::uint64_t steps) {
    robots::RobotSimulation& s = sim();
    for (std::uint64_t k = 0; k < steps; ++k) {
      {
        py::gil_scoped_release free;
        s.step();
        if (!s.finite())
          throw BlowUpError(0, "a position or velocity is not finite at t = " + std::to_string(s.time()));
        RobotEngine& e = *m_engine;
        if (e.recorder) {
          e.work.add(s.model(), s.data(), s.timeStep());
          if (++e.steps % e.recordEvery == 0) e.recorder->record(s, e.work);
        }
      }
      if ((k + 1) % 100 == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
  }

  void advance(double seconds) {
    if (!(seconds >= 0)) throw py::value_error("seconds: expected a time >= 0");
    step(std::uint64_t(std::llround(seconds / sim().timeStep())));
  }

  // A view of n doubles of MuJoCo's memory, kept alive by the engine.
  py::array view(double* data, std::size_t n, bool writable) const {
    py::capsule owner(new std::shared_ptr<RobotEngine>(m_engine),
                      [](void* p) { delete static_cast<std::shared_ptr<RobotEngine>*>(p); });
    py::array a(py::dtype::of<double>(), {n}, {sizeof(double)}, data, owner);
    if (!writable) py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return a;
  }

  py::array qpos() const { return view(sim().data()->qpos, std::size_t(sim().model()->nq), false); }
  py::array qvel() const { return view(sim().data()->qvel, std::size_t(sim().model()->nv), false); }
  py::array ctrl() const { return view(sim().data()->ctrl, std::size_t(sim().model()->nu), true); }

  // Per body (bodyNames order): pose, twist and terrain wrench now, as arrays.
  py::object bodies() const {
    std::vector<robots::BodySample> s;
    {
      py::gil_scoped_release free;
      s = sim().sample();
    }
    const std::size_t n = s.size();
    py::array_t<double> position({n, std::size_t(3)}), orientation({n, std::size_t(4)}), velocity({n, std::size_t(3)}),
        omega({n, std::size_t(3)}), force({n, std::size_t(3)}), moment({n, std::size_t(3)});
    py::array_t<double> sinkage(n);
    for (std::size_t b = 0; b < n; ++b) {
      for (int i = 0; i < 3; ++i) {
        position.mutable_at(b, i) = s[b].position[i];
        velocity.mutable_at(b, i) = s[b].velocity[i];
        omega.mutable_at(b, i) = s[b].angularVelocity[i];
        force.mutable_at(b, i) = s[b].terrainForce[i];
        moment.mutable_at(b, i) = s[b].terrainMoment[i];
      }
      for (int i = 0; i < 4; ++i) orientation.mutable_at(b, i) = s[b].orientation[i];
      sinkage.mutable_at(b) = s[b].sinkage;
    }
    return py::module_::import("types").attr("SimpleNamespace")(
        py::arg("names") = sim().bodyNames(), py::arg("position") = position, py::arg("orientation") = orientation,
        py::arg("velocity") = velocity, py::arg("angular_velocity") = omega, py::arg("terrain_force") = force,
        py::arg("terrain_moment") = moment, py::arg("sinkage") = sinkage);
  }

  robots::RobotSimulation& sim() const {
    if (!m_engine) throw py::value_error("the robot is closed");
    return *m_engine->sim;
  }
  const RobotEngine& engine() const {
    if (!m_engine) throw py::value_error("the robot is closed");
    return *m_engine;
  }
  // `regolith metrics`'s dict of the series recorded so far (series_every).
  py::object metrics() const {
    const RobotEngine& e = engine();
    if (!e.recorder)
      throw py::value_error("metrics: the Robot records no series; construct it with series_every=SECONDS");
    std::string text;
    {
      py::gil_scoped_release free;
      text = robotMetricsJson(e.recorder->series(), "robot");
    }
    return py::module_::import("json").attr("loads")(text);
  }

  void close() { m_engine.reset(); }
  const std::vector<std::string>& warnings() const { return m_warnings; }

 private:
  std::shared_ptr<RobotEngine> m_engine;
  std::vector<std::string> m_warnings;
};

}  // namespace

void bindRobot(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const robots::TerrainError& e) {
      py::list problems;
      for (const JsonProblem& q : e.problems()) problems.append(py::make_tuple(q.pointer, q.found, q.expected));
      const py::object type = py::module_::import("regolith.errors").attr("SceneError");
      const py::object error = type(std::string(e.what()), e.file(), problems);
      PyErr_SetObject(type.ptr(), error.ptr());
    } catch (const robots::MujocoBlowUp& e) {
      const py::object type = py::module_::import("regolith.errors").attr("BlowUpError");
      const py::object error = type(std::string(e.what()));
      PyErr_SetObject(type.ptr(), error.ptr());
    }
  });
  py::class_<PyRobot> c(m, "Robot",
                        R"doc(A MuJoCo model (MJCF) on a terrain file of any level: RFT plates, Bekker-Wong or
regression wheels, or DEM grains (docs/robots.md, docs/coupling.md), stepped as `regolith robot`
steps it. Write actuator targets into ctrl between steps.)doc");
  c.def(py::init<const py::object&, const py::object&, const std::vector<std::string>&, std::optional<double>>(),
        py::arg("model"), py::arg("terrain"), py::arg("overrides") = std::vector<std::string>(),
        py::arg("series_every") = py::none(),
        R"doc(Loads the MJCF and the terrain file (with "POINTER=VALUE" overrides, as --set). A bad
terrain file raises regolith.SceneError with its problems (file, pointer, found, expected);
an MJCF that does not load, ValueError. With series_every [s], the Robot keeps the series
`regolith robot --series-every` writes (a row now and one every that many seconds, and the
actuators' work), for metrics().)doc")
      .def("step", &PyRobot::step, py::arg("steps") = 1,
           "Takes MuJoCo steps (each with its terrain: on DEM grains, an exchange every interval). "
           "BlowUpError when MuJoCo or the grains blow up (the state is the last good one).")
      .def("advance", &PyRobot::advance, py::arg("seconds"), "Steps for this much simulated time [s].")
      .def_property_readonly(
          "time", [](const PyRobot& r) { return r.sim().time(); }, "Simulated time [s].")
      .def_property_readonly(
          "timestep", [](const PyRobot& r) { return r.sim().timeStep(); }, "MuJoCo's time step [s].")
      .def_property_readonly("qpos", &PyRobot::qpos, "MuJoCo's qpos, a read-only view (nq,).")
      .def_property_readonly("qvel", &PyRobot::qvel, "MuJoCo's qvel, a read-only view (nv,).")
      .def_property_readonly("ctrl", &PyRobot::ctrl, "MuJoCo's ctrl, a writable view (nu,): the actuator targets.")
      .def_property_readonly(
          "body_names", [](const PyRobot& r) { return r.sim().bodyNames(); }, "Bodies 1 .. nbody-1, by name.")
      .def("bodies", &PyRobot::bodies,
           "Per body now (arrays in body_names order): position (B, 3) of the body frame, orientation "
           "(B, 4) as (w, x, y, z), velocity and angular_velocity (B, 3) at the centre of mass, "
           "terrain_force and terrain_moment (B, 3; about the centre of mass; on DEM grains the mean of "
           "the last exchange interval), sinkage (B,) [m].")
      .def_property_readonly(
          "grains",
          [](const PyRobot& r) -> py::object {
            if (!r.engine().dem) return py::none();
            return py::int_(r.engine().dem->scene().initial.sphereCount());
          },
          "The number of DEM grains under the robot, or None without a DEM level.")
      .def_property_readonly(
          "exchange_interval",
          [](const PyRobot& r) -> py::object {
            if (!r.engine().dem) return py::none();
            return py::float_(r.engine().dem->interval());
          },
          "Seconds between exchanges with the DEM grains, or None without a DEM level.")
      .def_property_readonly("warnings", &PyRobot::warnings, "What loading accepted with a caveat.")
      .def("metrics", &PyRobot::metrics,
           "The metrics `regolith metrics` gives a run folder (docs/robots.md), of the series recorded so far: "
           "a dict with \"metrics\" (each {\"value\", \"unit\"}), \"window\", \"parameters\". Needs "
           "series_every; RuntimeError while the series is too short to measure.")
      .def("close", &PyRobot::close, "Frees MuJoCo and the engine (views taken before keep them alive).")
      .def("__enter__", [](PyRobot& r) -> PyRobot& { return r; })
      .def("__exit__", [](PyRobot& r, const py::object&, const py::object&, const py::object&) { r.close(); });
}

}  // namespace regolith::python
