// regolith.RunFile: a run.h5 read into NumPy arrays (io/run_file/run_file.h): frames as dicts of
// arrays, a body's series and trajectory in one read each, the scene and study as dicts.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "io/run_file/dataset_units.h"
#include "io/run_file/robot_run_file.h"
#include "io/run_file/run_file.h"
#include "python/src/json_python.h"
#include "python/src/bindings.h"

namespace regolith::python {
namespace py = pybind11;
using nlohmann::json;

namespace {

// A row's components as doubles (Vec3 is float in a REGOLITH_REAL_FLOAT build).
template <class T>
std::array<double, 3> parts(const Vec3T<T>& v) {
  return {double(v.x), double(v.y), double(v.z)};
}
std::array<double, 4> parts(const Quat& q) { return {q.w, q.x, q.y, q.z}; }

// rows x N float64 array of `get(row)`'s components.
template <std::size_t N, class Row, class Get>
py::array_t<double> table(const std::vector<Row>& rows, Get get) {
  py::array_t<double> a({py::ssize_t(rows.size()), py::ssize_t(N)});
  auto w = a.template mutable_unchecked<2>();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::array<double, N> p = parts(get(rows[i]));
    for (std::size_t k = 0; k < N; ++k) w(py::ssize_t(i), py::ssize_t(k)) = p[k];
  }
  return a;
}

template <class T, class Row, class Get>
py::array_t<T> column(const std::vector<Row>& rows, Get get) {
  py::array_t<T> a(py::ssize_t(rows.size()));
  auto w = a.template mutable_unchecked<1>();
  for (std::size_t i = 0; i < rows.size(); ++i) w(py::ssize_t(i)) = T(get(rows[i]));
  return a;
}

template <class T>
py::array_t<T> column(const std::vector<T>& values) {
  return column<T>(values, [](const T& v) { return v; });
}

template <class Row>
py::array_t<double> vectors(const std::vector<Row>& rows) {
  return table<3>(rows, [](const Row& r) { return r; });
}

// A state field as NumPy: Vec3s N x 3 and quaternions N x 4 (w x y z) float64, reals
// float64, indices as they are.
template <class T>
py::array numpyOf(const std::vector<Vec3T<T>>& v) {
  return vectors(v);
}
py::array numpyOf(const std::vector<Quat>& v) {
  return table<4>(v, [](const Quat& q) { return q; });
}
template <class T>
py::array numpyOf(const std::vector<T>& v) {
  if constexpr (std::is_floating_point_v<T>) return column<double>(v, [](T x) { return double(x); });
  else return column(v);
}

py::dict frameDict(const FrameData& f) {
  py::dict d;
  d["step"] = f.step;
  d["time"] = f.time;
  // Every field of kernels/state_fields.h, by its dataset name.
  forEachStateField([&](const StateField& field, const auto& v) { d[field.dataset] = numpyOf(v); }, f.state);
  d["owner_template"] = column(f.ownerTemplate);
  d["sphere_position"] = vectors(f.sphereCentres);
  if (f.hasContacts) {
    const ContactForces& c = f.contacts;
    py::array_t<Index> pairs({py::ssize_t(c.pairFirst.size()), py::ssize_t(2)});
    auto p = pairs.mutable_unchecked<2>();
    for (std::size_t i = 0; i < c.pairFirst.size(); ++i)
      p(py::ssize_t(i), 0) = c.pairFirst[i], p(py::ssize_t(i), 1) = c.pairSecond[i];
    d["contact_pair"] = pairs;
    d["contact_force"] = vectors(c.pairForce);
    py::array_t<Index> walls({py::ssize_t(c.wallSphere.size()), py::ssize_t(2)});
    auto w = walls.mutable_unchecked<2>();
    for (std::size_t i = 0; i < c.wallSphere.size(); ++i)
      w(py::ssize_t(i), 0) = c.wallSphere[i], w(py::ssize_t(i), 1) = c.wallBoundary[i];
    d["wall_contact"] = walls;
    d["wall_contact_force"] = vectors(c.wallForce);
  }
  return d;
}

py::dict unitsOf(const py::dict& d) {
  py::dict units;
  for (const auto& [key, value] : d) {
    const std::string u = run_layout::datasetUnit(key.cast<std::string>());
    if (!u.empty()) units[key] = u;
  }
  return units;
}

// Every field of the series record (io/run_file/run_file_records.h) by its Python name.
py::dict seriesDict(const std::vector<SeriesSample>& rows) {
  py::dict d;
  forEachSeriesFieldMember<SeriesSample>([&](const SeriesField& f, auto member) {
    using T = std::decay_t<decltype(rows.front().*member)>;
    const auto get = [member](const SeriesSample& r) { return r.*member; };
    if constexpr (FieldElement<T>::components == 1) d[f.python] = column<T>(rows, get);
    else d[f.python] = table<FieldElement<T>::components>(rows, get);
  });
  return d;
}

// rows x width row-major doubles, columns [from, from + count) as an n x count array
// (count 1: a 1-D array).
py::array_t<double> columns(const std::vector<double>& rows, std::size_t width, std::size_t from, std::size_t count) {
  const py::ssize_t n = py::ssize_t(rows.size() / width);
  py::array_t<double> a = count == 1 ? py::array_t<double>(n) : py::array_t<double>({n, py::ssize_t(count)});
  double* out = a.mutable_data();
  for (py::ssize_t i = 0; i < n; ++i)
    for (std::size_t c = 0; c < count; ++c) out[std::size_t(i) * count + c] = rows[std::size_t(i) * width + from + c];
  return a;
}

// A /series/<body> row of a robot run (io/run_file/robot_run_file.h) as named arrays.
py::dict robotSeriesDict(const std::vector<double>& rows) {
  py::dict d, units;
  const struct {
    const char* name;
    std::size_t from, count;
    const char* unit;
  } parts[] = {{"time", 0, 1, "s"},
               {"position", 1, 3, "m"},
               {"orientation", 4, 4, "1"},
               {"velocity", 8, 3, "m/s"},
               {"angular_velocity", 11, 3, "rad/s"},
               {"force", 14, 3, "N"},
               {"torque", 17, 3, "N m"},
               {"plates_in_contact", 20, 1, "1"},
               {"sinkage", 21, 1, "m"}};
  for (const auto& p : parts) {
    d[p.name] = columns(rows, 22, p.from, p.count);
    units[p.name] = p.unit;
  }
  d["units"] = units;
  return d;
}

class PyRunFile {
 public:
  explicit PyRunFile(const py::object& path) : m_path(py::str(py::module_::import("os").attr("fspath")(path))) {
    if (isRobotRunFile(m_path)) m_robot = readRobotRun(m_path);
    else m_reader.emplace(m_path);
  }

  bool robot() const { return m_robot.has_value(); }
  const RobotRunSeries& robotRun() const {
    if (!m_robot) throw py::attribute_error(m_path + " is a DEM run, not a run of `regolith robot`");
    return *m_robot;
  }
  const RunFileReader& reader() const {
    if (!m_reader) throw py::attribute_error(m_path + " is a run of `regolith robot`, not a DEM run");
    return *m_reader;
  }
  std::vector<std::string> bodies() const { return m_robot ? m_robot->header.bodyNames : reader().header().bodyNames; }

  std::size_t frameCount() const { return m_robot ? m_robot->frameTimes.size() : reader().frameCount(); }
  py::dict frame(long long k) const {
    const long long n = static_cast<long long>(frameCount());
    const long long index = k < 0 ? n + k : k;
    if (index < 0 || index >= n)
      throw py::index_error("frame " + std::to_string(k) + " of " + m_path + ", which has " + std::to_string(n));
    if (m_robot) return robotFrame(std::size_t(index));
    FrameData f;
    {
      py::gil_scoped_release free;
      f = reader().frame(std::size_t(index));
    }
    return frameDict(f);
  }
  py::dict robotFrame(std::size_t k) const {
    const RobotFrame f = readRobotFrame(m_path, k);
    py::dict d;
    d["step"] = f.step;
    d["time"] = f.time;
    std::vector<double> position, orientation;
    for (const RobotBodyRow& b : f.bodies) {
      position.insert(position.end(), b.position.begin(), b.position.end());
      orientation.insert(orientation.end(), b.orientation.begin(), b.orientation.end());
    }
    d["body_position"] = columns(position, 3, 0, 3);
    d["body_orientation"] = columns(orientation, 4, 0, 4);
    if (f.gridNx > 0) {
      const auto grid = [&](const std::vector<double>& v) {
        py::array_t<double> a({py::ssize_t(f.gridNy), py::ssize_t(f.gridNx)});
        std::copy(v.begin(), v.end(), a.mutable_data());
        return a;
      };
      d["terrain_height"] = grid(f.terrainHeight);
      if (f.terrainPermanentDepth.size() == f.terrainHeight.size())
        d["terrain_permanent_depth"] = grid(f.terrainPermanentDepth);
      if (f.terrainTrace.size() == f.terrainHeight.size()) d["terrain_trace"] = grid(f.terrainTrace);
      d["terrain_x0"] = f.gridX0;
      d["terrain_y0"] = f.gridY0;
      d["terrain_spacing"] = f.gridSpacing;
    }
    return d;
  }
  py::array_t<double> frameTimes() const {
    if (m_robot) return column(m_robot->frameTimes);
    std::vector<double> t(frameCount());
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = reader().frameTime(k);
    return column(t);
  }
  std::size_t bodyIndex(const std::string& body) const {
    const std::vector<std::string> names = bodies();
    const auto it = std::find(names.begin(), names.end(), body);
    if (it == names.end()) {
      std::string known;
      for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
      throw py::key_error("no body \"" + body + "\" in " + m_path +
                          " (its bodies: " + (known.empty() ? "none" : known) + ")");
    }
    return std::size_t(it - names.begin());
  }
  std::vector<SeriesSample> rows(const std::string& body) const {
    bodyIndex(body);
    py::gil_scoped_release free;
    return reader().series(body);
  }
  py::dict series(const std::string& body) const {
    if (m_robot) return robotSeriesDict(m_robot->bodyRows[bodyIndex(body)]);
    py::dict d = seriesDict(rows(body));
    d["units"] = unitsOf(d);
    return d;
  }
  py::dict wheel(const std::string& body) const {
    const RobotRunSeries& r = robotRun();
    const auto it = std::find(r.wheelNames.begin(), r.wheelNames.end(), body);
    if (it == r.wheelNames.end()) throw py::key_error("no wheel \"" + body + "\" in " + m_path);
    const std::vector<double>& rows = r.wheelRows[std::size_t(it - r.wheelNames.begin())];
    const std::vector<std::string>& names = robotWheelColumns();
    py::dict d, units;
    const char* unit[] = {"s", "1", "m", "1", "rad", "N", "N", "N", "N m"};
    for (std::size_t c = 0; c < names.size(); ++c) {
      d[names[c].c_str()] = columns(rows, names.size(), c, 1);
      units[names[c].c_str()] = unit[c];
    }
    d["units"] = units;
    return d;
  }
  py::dict trajectory(const std::string& body) const {
    if (m_robot) {
      const std::vector<double>& rows = m_robot->bodyRows[bodyIndex(body)];
      py::dict d, units;
      d["time"] = columns(rows, 22, 0, 1);
      d["position"] = columns(rows, 22, 1, 3);
      d["orientation"] = columns(rows, 22, 4, 4);
      units["time"] = "s", units["position"] = "m", units["orientation"] = "1";
      d["units"] = units;
      return d;
    }
    const std::vector<SeriesSample> r = rows(body);
    using S = SeriesSample;
    py::dict d;
    d["time"] = column<double>(r, [](const S& s) { return s.time; });
    d["position"] = table<3>(r, [](const S& s) { return s.position; });
    d["orientation"] = table<4>(r, [](const S& s) { return s.orientation; });
    d["units"] = unitsOf(d);
    return d;
  }
  const RunHeader& header() const { return reader().header(); }
  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
  std::optional<RunFileReader> m_reader;  // a DEM run
  std::optional<RobotRunSeries> m_robot;  // or a robot run's header and series
};

// run.frames: the frames as a sequence read one at a time when indexed (len, [k] with
// negative k from the end, iteration), so that `for f in run.frames` never holds more than
// one frame. It keeps its RunFile alive.
struct FrameSequence {
  py::object file;
  const PyRunFile& run() const { return file.cast<const PyRunFile&>(); }
};

}  // namespace

void bindRunFile(py::module_& m) {
  py::class_<PyRunFile> runFile(m, "RunFile", R"doc(
A run file (run.h5, docs/output-format.md) read into NumPy arrays.

    run = regolith.RunFile("runs/demo/run.h5")
    len(run), run.frame_times, run.bodies
    f = run.frame(-1)            # dict: step, time, owner_position (owners, 3), ...
    for f in run.frames: ...     # the same dicts, read one at a time
    s = run.series("wheel")      # dict of arrays, one row per series sample, and s["units"]
    t = run.trajectory("wheel")  # time, position (n, 3), orientation (n, 4) in one read
    run.scene, run.study, run.meta

A run of `regolith robot` reads through the same calls (run.kind == "robot"): frames hold
body_position, body_orientation and the deforming grid; series(body) the pose, twist,
terrain force and torque, plates_in_contact and sinkage; run.wheels, run.wheel("wheel_fl")
(sinkage, slip, load, ...), run.terrain, run.complete (False when it did not run to its end).

Keys are the file's dataset names; units in SI (docs/output-format.md).)doc");
  py::class_<FrameSequence>(runFile, "Frames", "The frames of a RunFile, read one at a time when indexed.")
      .def("__len__", [](const FrameSequence& s) { return s.run().frameCount(); })
      .def(
          "__getitem__", [](const FrameSequence& s, long long k) { return s.run().frame(k); }, py::arg("k"));
  runFile.def(py::init<const py::object&>(), py::arg("path"))
      .def("__len__", &PyRunFile::frameCount)
      .def_property_readonly("frame_count", &PyRunFile::frameCount)
      .def_property_readonly(
          "frames", [](const py::object& self) { return FrameSequence{self}; },
          "The frames as a sequence: len(run.frames), run.frames[k] (as frame(k)), iteration.")
      .def_property_readonly("frame_times", &PyRunFile::frameTimes, "Each frame's time [s].")
      .def("frame", &PyRunFile::frame, py::arg("k"),
           "Frame k (negative counts from the end) as a dict of arrays named as its datasets.")
      .def("series", &PyRunFile::series, py::arg("body"),
           "A body's series: time, pose, velocities, the contact loads and their split, as arrays; "
           "\"units\" maps each to its unit.")
      .def("trajectory", &PyRunFile::trajectory, py::arg("body"),
           "A body's time x pose table (time, position, orientation) in one read.")
      .def_property_readonly("bodies", &PyRunFile::bodies, "The bodies with a series.")
      .def_property_readonly(
          "kind", [](const PyRunFile& r) { return r.robot() ? "robot" : "dem"; },
          "\"dem\" for a run of `regolith run`, \"robot\" for one of `regolith robot`.")
      .def_property_readonly(
          "wheels", [](const PyRunFile& r) { return r.robot() ? r.robotRun().wheelNames : std::vector<std::string>(); },
          "A robot run's wheels (the terrain file's `wheels`) with a /wheels series; [] otherwise.")
      .def("wheel", &PyRunFile::wheel, py::arg("body"),
           "A robot run's wheel: time, contact, sinkage, slip, slip_angle, load, drawbar_pull, lateral, torque "
           "as arrays; \"units\" maps each to its unit.")
      .def_property_readonly(
          "complete", [](const PyRunFile& r) { return r.robot() ? robotRunCompleted(r.robotRun().header) : true; },
          "False for a robot run that did not run to its end (killed, blown up, stopped); meta[\"end\"] says why.")
      .def_property_readonly(
          "terrain",
          [](const PyRunFile& r) -> py::object {
            return r.robot() ? toPython(json::parse(r.robotRun().header.terrainJson)) : py::none();
          },
          "A robot run's terrain file as run, as a dict; None for a DEM run.")
      .def_property_readonly(
          "families",
          [](const PyRunFile& r) { return r.robot() ? std::vector<std::string>() : r.header().familyNames; })
      .def_property_readonly(
          "scene",
          [](const PyRunFile& r) -> py::object {
            return r.robot() ? py::none() : toPython(json::parse(r.header().meta.sceneJson));
          },
          "The scene the run was made from, as a dict (None for a robot run: see terrain, meta).")
      .def_property_readonly(
          "study",
          [](const PyRunFile& r) -> py::object {
            if (r.robot()) return py::none();
            const std::string& s = r.header().meta.studyJson;
            return s.empty() ? py::none() : toPython(json::parse(s));
          },
          "The study as the scene resolved it, or None.")
      .def_property_readonly(
          "meta",
          [](const PyRunFile& r) {
            py::dict d;
            if (r.robot()) {
              const RobotRunHeader& h = r.robotRun().header;
              d["model_file"] = h.modelFile;
              d["terrain_file"] = h.terrainFile;
              d["control"] = h.control;
              d["version"] = h.version;
              d["start_time"] = h.startTime;
              d["time_step"] = h.timeStep;
              d["duration"] = h.duration;
              std::string why;
              d["end"] = robotRunCompleted(h, &why) ? h.end : why;
              d["end_time"] = h.endTime;
              return d;
            }
            const RunMeta& m = r.header().meta;
            d["scene_file"] = m.sceneFile;
            d["version"] = m.version;
            d["git_revision"] = m.gitRevision;
            d["backend"] = m.backend;
            d["seed"] = m.seed;
            d["start_time"] = m.startTime;
            d["time_step"] = m.timeStep;
            return d;
          },
          "What wrote the run: version, revision, backend, seed, start time, time step [s]; for a robot "
          "run model_file, terrain_file, control, version, start_time, time_step, duration (asked), end, end_time.")
      .def("__repr__", [](const PyRunFile& r) {
        return "<regolith.RunFile " + r.path() + ": " + (r.robot() ? "robot run, " : "") +
               std::to_string(r.frameCount()) + " frames>";
      });
}

}  // namespace regolith::python
