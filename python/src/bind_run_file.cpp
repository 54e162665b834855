// regolith.RunFile: a run.h5 read into NumPy arrays (io/run_file.h): frames as dicts of
// arrays, a body's series and trajectory in one read each, the scene and study as dicts.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "io/dataset_units.h"
#include "io/run_file.h"
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

py::dict frameDict(const FrameData& f) {
  const StateArrays& s = f.state;
  py::dict d;
  d["step"] = f.step;
  d["time"] = f.time;
  d["owner_position"] = vectors(s.ownerPosition);
  d["owner_orientation"] = table<4>(s.ownerOrientation, [](const Quat& q) { return q; });
  d["owner_velocity"] = vectors(s.ownerVelocity);
  d["owner_angular_velocity"] = vectors(s.ownerAngularVelocity);
  d["owner_family"] = column(s.ownerFamily);
  d["owner_template"] = column(f.ownerTemplate);
  d["sphere_position"] = vectors(f.sphereCentres);
  d["sphere_radius"] = column<double>(s.sphereRadius, [](Real r) { return double(r); });
  d["sphere_owner"] = column(s.sphereOwner);
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

py::dict seriesDict(const std::vector<SeriesSample>& rows) {
  using S = SeriesSample;
  py::dict d;
  d["time"] = column<double>(rows, [](const S& r) { return r.time; });
  d["position"] = table<3>(rows, [](const S& r) { return r.position; });
  d["orientation"] = table<4>(rows, [](const S& r) { return r.orientation; });
  d["velocity"] = table<3>(rows, [](const S& r) { return r.velocity; });
  d["angular_velocity"] = table<3>(rows, [](const S& r) { return r.angularVelocity; });
  d["force"] = table<3>(rows, [](const S& r) { return r.force; });
  d["torque"] = table<3>(rows, [](const S& r) { return r.torque; });
  d["force_normal"] = table<3>(rows, [](const S& r) { return r.forceNormal; });
  d["force_tangential"] = table<3>(rows, [](const S& r) { return r.forceTangential; });
  d["torque_normal"] = table<3>(rows, [](const S& r) { return r.torqueNormal; });
  d["torque_tangential"] = table<3>(rows, [](const S& r) { return r.torqueTangential; });
  d["contacts"] = column<std::int32_t>(rows, [](const S& r) { return r.contacts; });
  d["patch_centroid"] = table<3>(rows, [](const S& r) { return r.patchCentroid; });
  return d;
}

class PyRunFile {
 public:
  explicit PyRunFile(const py::object& path)
      : m_path(py::str(py::module_::import("os").attr("fspath")(path))), m_reader(m_path) {}

  std::size_t frameCount() const { return m_reader.frameCount(); }
  py::dict frame(long long k) const {
    const long long n = static_cast<long long>(frameCount());
    const long long index = k < 0 ? n + k : k;
    if (index < 0 || index >= n)
      throw py::index_error("frame " + std::to_string(k) + " of " + m_path + ", which has " + std::to_string(n));
    FrameData f;
    {
      py::gil_scoped_release free;
      f = m_reader.frame(std::size_t(index));
    }
    return frameDict(f);
  }
  py::array_t<double> frameTimes() const {
    std::vector<double> t(frameCount());
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = m_reader.frameTime(k);
    return column(t);
  }
  std::vector<SeriesSample> rows(const std::string& body) const {
    const std::vector<std::string>& names = m_reader.header().bodyNames;
    if (std::find(names.begin(), names.end(), body) == names.end()) {
      std::string known;
      for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
      throw py::key_error("no body \"" + body + "\" in " + m_path +
                          " (its bodies: " + (known.empty() ? "none" : known) + ")");
    }
    py::gil_scoped_release free;
    return m_reader.series(body);
  }
  py::dict series(const std::string& body) const {
    py::dict d = seriesDict(rows(body));
    d["units"] = unitsOf(d);
    return d;
  }
  py::dict trajectory(const std::string& body) const {
    const std::vector<SeriesSample> r = rows(body);
    using S = SeriesSample;
    py::dict d;
    d["time"] = column<double>(r, [](const S& s) { return s.time; });
    d["position"] = table<3>(r, [](const S& s) { return s.position; });
    d["orientation"] = table<4>(r, [](const S& s) { return s.orientation; });
    d["units"] = unitsOf(d);
    return d;
  }
  const RunHeader& header() const { return m_reader.header(); }
  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
  RunFileReader m_reader;
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
      .def_property_readonly(
          "bodies", [](const PyRunFile& r) { return r.header().bodyNames; }, "The bodies with a series.")
      .def_property_readonly("families", [](const PyRunFile& r) { return r.header().familyNames; })
      .def_property_readonly(
          "scene", [](const PyRunFile& r) { return toPython(json::parse(r.header().meta.sceneJson)); },
          "The scene the run was made from, as a dict.")
      .def_property_readonly(
          "study",
          [](const PyRunFile& r) -> py::object {
            const std::string& s = r.header().meta.studyJson;
            return s.empty() ? py::none() : toPython(json::parse(s));
          },
          "The study as the scene resolved it, or None.")
      .def_property_readonly(
          "meta",
          [](const PyRunFile& r) {
            const RunMeta& m = r.header().meta;
            py::dict d;
            d["scene_file"] = m.sceneFile;
            d["version"] = m.version;
            d["git_revision"] = m.gitRevision;
            d["backend"] = m.backend;
            d["seed"] = m.seed;
            d["start_time"] = m.startTime;
            d["time_step"] = m.timeStep;
            return d;
          },
          "What wrote the run: version, revision, backend, seed, start time, time step [s].")
      .def("__repr__", [](const PyRunFile& r) {
        return "<regolith.RunFile " + r.path() + ": " + std::to_string(r.frameCount()) + " frames>";
      });
}

}  // namespace regolith::python
