// regolith.models: the reduced-order terrain models (models/) without the engine, on
// NumPy arrays and plain numbers: resistive force theory on a triangle mesh, the
// Bekker-Wong rigid wheel, and the model files `regolith fit` writes.
#include <array>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "calibrate/fit_bekker.h"
#include "calibrate/fit_json.h"
#include "calibrate/fit_rft.h"
#include "calibrate/predict.h"
#include "models/bekker/rigid_wheel.h"
#include "models/bekker/soil_parameters.h"
#include "models/rft/rft_model.h"
#include "python/src/json_python.h"
#include "python/src/bindings.h"

namespace regolith::python {
namespace py = pybind11;
using nlohmann::json;

namespace {

// ---- RFT -------------------------------------------------------------------------------

using Rows3 = py::array_t<double, py::array::c_style | py::array::forcecast>;
using IndexRows3 = py::array_t<long long, py::array::c_style | py::array::forcecast>;

std::vector<Eigen::Vector3d> vectorsOf(const Rows3& a, const char* name) {
  if (a.ndim() != 2 || a.shape(1) != 3)
    throw py::value_error(std::string(name) + ": an array of shape (n, 3) expected");
  std::vector<Eigen::Vector3d> out(std::size_t(a.shape(0)));
  for (py::ssize_t i = 0; i < a.shape(0); ++i) out[std::size_t(i)] = {a.at(i, 0), a.at(i, 1), a.at(i, 2)};
  return out;
}

rft::FourierCoefficients coefficientsOf(const py::object& c) {
  if (py::isinstance<py::str>(c)) {
    if (c.cast<std::string>() != "generic")
      throw py::value_error("coefficients: \"" + c.cast<std::string>() +
                            "\", expected \"generic\" (Li, Zhang & Goldman 2013), a dict of the nine "
                            "Fourier coefficients or a sequence of them");
    return rft::FourierCoefficients::generic();
  }
  const std::vector<std::string>& names = rft::FourierCoefficients::names();
  Eigen::VectorXd v(rft::FourierCoefficients::kCount);
  if (py::isinstance<py::dict>(c)) {
    const py::dict d = c.cast<py::dict>();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (!d.contains(names[i])) throw py::value_error("coefficients: no \"" + names[i] + "\"");
      v[Eigen::Index(i)] = d[names[i].c_str()].cast<double>();
    }
    if (d.size() != names.size()) throw py::value_error("coefficients: unknown names besides the nine expected");
  } else {
    const std::vector<double> list = c.cast<std::vector<double>>();
    if (list.size() != names.size())
      throw py::value_error("coefficients: " + std::to_string(list.size()) + " values, expected 9");
    for (std::size_t i = 0; i < list.size(); ++i) v[Eigen::Index(i)] = list[i];
  }
  return rft::FourierCoefficients::fromVector(v);
}

rft::FreeSurface surfaceOf(const py::object& s) {
  if (py::isinstance<py::dict>(s)) {
    const py::dict d = s.cast<py::dict>();
    const auto h = d["heights"].cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
    if (h.ndim() != 2) throw py::value_error("surface[\"heights\"]: a 2-D array (ny, nx) expected");
    std::vector<double> values(h.data(), h.data() + h.size());
    return rft::FreeSurface::heightMap(rft::HeightMap(d["x0"].cast<double>(), d["y0"].cast<double>(),
                                                      d["spacing"].cast<double>(), int(h.shape(1)), int(h.shape(0)),
                                                      std::move(values)));
  }
  return rft::FreeSurface::flat(s.cast<double>());
}

py::dict resultDict(const rft::RftResult& r, bool perPlate) {
  py::dict out;
  out["force"] = Eigen::Vector3d(r.force);
  out["moment"] = Eigen::Vector3d(r.moment);
  out["plates_in_contact"] = r.platesInContact;
  if (perPlate) {
    py::array_t<double> f({py::ssize_t(r.plateForces.size()), py::ssize_t(3)});
    auto w = f.mutable_unchecked<2>();
    for (std::size_t i = 0; i < r.plateForces.size(); ++i)
      for (int k = 0; k < 3; ++k) w(py::ssize_t(i), k) = r.plateForces[i][k];
    out["plate_forces"] = f;
  }
  return out;
}

class PyRft {
 public:
  PyRft(double zeta, const py::object& coefficients, double inertialLambda, double grainDensity) {
    m_p.zeta = zeta;
    m_p.coefficients = coefficientsOf(coefficients);
    m_p.inertialLambda = inertialLambda;
    m_p.grainDensity = grainDensity;
    m_p.validate();
  }
  static PyRft fromFit(const py::object& path) {
    const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
    const calibrate::RftModelFile f = calibrate::rftModelFromJson(calibrate::readJsonFile(file));
    PyRft r(f.zeta, py::str("generic"), 0, 0);
    r.m_p.coefficients = f.coefficients;
    r.m_p.validate();
    return r;
  }

  py::dict force(const Rows3& vertices, const IndexRows3& triangles, const Eigen::Vector3d& position,
                 const Eigen::Matrix3d& rotation, const Eigen::Vector3d& velocity,
                 const Eigen::Vector3d& angularVelocity, const py::object& surface, const py::object& reference,
                 bool perPlate) const {
    rft::TriangleMesh mesh;
    mesh.vertices = vectorsOf(vertices, "vertices");
    if (triangles.ndim() != 2 || triangles.shape(1) != 3)
      throw py::value_error("triangles: an integer array of shape (m, 3) expected");
    for (py::ssize_t i = 0; i < triangles.shape(0); ++i) {
      std::array<int, 3> t{};
      for (int k = 0; k < 3; ++k) {
        const long long v = triangles.at(i, k);
        if (v < 0 || v >= (long long)mesh.vertices.size())
          throw py::value_error("triangles row " + std::to_string(i) + ": vertex " + std::to_string(v) +
                                ", expected 0.." + std::to_string(mesh.vertices.size() - 1));
        t[std::size_t(k)] = int(v);
      }
      mesh.triangles.push_back(t);
    }
    const rft::PlateMesh plates = rft::PlateMesh::fromTriangles(mesh);
    rft::Pose pose;
    pose.position = position;
    pose.rotation = rotation;
    rft::Twist twist;
    twist.linear = velocity;
    twist.angular = angularVelocity;
    rft::EvaluateOptions o;
    o.perPlateForces = perPlate;
    if (!reference.is_none()) o.reference = reference.cast<Eigen::Vector3d>();
    const rft::FreeSurface s = surfaceOf(surface);
    rft::RftResult r;
    {
      py::gil_scoped_release free;
      r = rft::evaluate(m_p, plates, pose, twist, s, o);
    }
    return resultDict(r, perPlate);
  }

  const rft::RftParameters& parameters() const { return m_p; }

 private:
  rft::RftParameters m_p;
};

// ---- Bekker-Wong -----------------------------------------------------------------------

bekker::SoilParameters soilOf(const py::object& soil) {
  if (py::isinstance<py::str>(soil)) return bekker::soilPreset(soil.cast<std::string>()).soil;
  const py::dict d = soil.cast<py::dict>();
  const std::vector<std::string>& names = bekker::SoilParameters::names();
  Eigen::VectorXd v(bekker::SoilParameters::kCount);
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!d.contains(names[i]))
      throw py::value_error("soil: no \"" + names[i] + "\" (expected kc, kphi, n, c, phi [rad], K [m])");
    v[Eigen::Index(i)] = d[names[i].c_str()].cast<double>();
  }
  return bekker::SoilParameters::fromVector(v);
}

py::dict soilDict(const bekker::SoilParameters& s) {
  const std::vector<std::string>& names = bekker::SoilParameters::names();
  const Eigen::VectorXd v = s.toVector();
  py::dict out;
  for (std::size_t i = 0; i < names.size(); ++i) out[names[i].c_str()] = v[Eigen::Index(i)];
  return out;
}

py::dict forcesDict(const bekker::WheelForces& f) {
  py::dict out;
  out["sinkage"] = f.sinkage;
  out["slip"] = f.slip;
  out["load"] = f.load;
  out["drawbar_pull"] = f.drawbarPull;
  out["torque"] = f.torque;
  out["entry_angle"] = f.entryAngle;
  out["max_stress_angle"] = f.maxStressAngle;
  out["rear_angle"] = f.rearAngle;
  out["converged"] = f.converged;
  return out;
}

class PyRigidWheel {
 public:
  PyRigidWheel(const py::object& soil, double radius, double width, const py::object& shape) {
    m_soil = soilOf(soil);
    m_wheel.radius = radius;
    m_wheel.width = width;
    m_wheel.validate();
    if (!shape.is_none()) {
      const py::dict d = shape.cast<py::dict>();
      m_shape.a0 = d.contains("a0") ? d["a0"].cast<double>() : m_shape.a0;
      m_shape.a1 = d.contains("a1") ? d["a1"].cast<double>() : m_shape.a1;
      m_shape.rearRatio = d.contains("rear_ratio") ? d["rear_ratio"].cast<double>() : m_shape.rearRatio;
    }
    m_shape.validate();
  }
  static PyRigidWheel fromFit(const py::object& path, const py::object& radius, const py::object& width) {
    const std::string file = py::str(py::module_::import("os").attr("fspath")(path));
    const calibrate::BekkerModelFile f = calibrate::bekkerModelFromJson(calibrate::readJsonFile(file));
    PyRigidWheel w(soilDict(f.soil), radius.is_none() ? f.wheel.radius : radius.cast<double>(),
                   width.is_none() ? f.wheel.width : width.cast<double>(), py::none());
    w.m_shape = f.shape;
    return w;
  }

  py::dict forces(double sinkage, double slip) const {
    bekker::WheelForces f;
    {
      py::gil_scoped_release free;
      f = bekker::wheelForces(m_soil, m_shape, m_wheel, sinkage, slip);
    }
    return forcesDict(f);
  }
  py::dict solveSinkage(double load, double slip) const {
    bekker::WheelForces f;
    {
      py::gil_scoped_release free;
      f = bekker::solveSinkage(m_soil, m_shape, m_wheel, load, slip);
    }
    return forcesDict(f);
  }
  py::dict soil() const { return soilDict(m_soil); }
  double radius() const { return m_wheel.radius; }
  double width() const { return m_wheel.width; }

 private:
  bekker::SoilParameters m_soil;
  bekker::StressShape m_shape;
  bekker::Wheel m_wheel;
};

// ---- Fitted model files ----------------------------------------------------------------

class PyFittedModel {
 public:
  explicit PyFittedModel(const py::object& path) {
    m_file = py::str(py::module_::import("os").attr("fspath")(path));
    m_model = calibrate::readJsonFile(m_file);
  }
  py::dict predict(bool extrapolate, const py::kwargs& inputs) const {
    calibrate::PredictInputs in;
    for (const auto& [name, value] : inputs) in[name.cast<std::string>()] = value.cast<double>();
    return toPython(calibrate::predict(m_model, in, extrapolate)).cast<py::dict>();
  }
  py::object document() const { return toPython(m_model); }
  std::string kind() const { return m_model.value("model", std::string()); }
  const std::string& file() const { return m_file; }

 private:
  std::string m_file;
  json m_model;
};

}  // namespace

void bindModels(py::module_& root) {
  py::module_ m = root.def_submodule("models", R"doc(
The reduced-order terrain models, without the engine: resistive force theory (RFT) on a
triangle mesh, the Bekker-Wong rigid wheel, and the model files `regolith fit` writes.
SI units throughout: lengths [m], forces [N], moments [N m], angles [rad].)doc");

  py::class_<PyRft>(m, "RFT", R"doc(
3D granular resistive force theory (Treers, Cao & Stuart 2021 on Li, Zhang & Goldman 2013).

    rft = regolith.models.RFT(zeta, coefficients="generic", inertial_lambda=0, grain_density=0)

zeta [N/m^3] scales the stresses (literature values in N/cm^3 times 1e6); coefficients are
"generic", a dict of the nine Fourier coefficients (a00 a10 b11 b01 bm11 c11 c01 cm11 d10)
or a sequence of them. inertial_lambda > 0 adds dynamic RFT's -lambda rho (v.n)^2 A n.)doc")
      .def(py::init<double, const py::object&, double, double>(), py::arg("zeta"),
           py::arg("coefficients") = py::str("generic"), py::arg("inertial_lambda") = 0.0,
           py::arg("grain_density") = 0.0)
      .def_static("from_fit", &PyRft::fromFit, py::arg("path"),
                  "The zeta and coefficients of a `regolith fit rft` model file.")
      .def("force", &PyRft::force, py::arg("vertices"), py::arg("triangles"),
           py::arg("position") = Eigen::Vector3d::Zero().eval(),
           py::arg("rotation") = Eigen::Matrix3d::Identity().eval(),
           py::arg("velocity") = Eigen::Vector3d::Zero().eval(),
           py::arg("angular_velocity") = Eigen::Vector3d::Zero().eval(), py::arg("surface") = 0.0,
           py::arg("reference") = py::none(), py::arg("per_plate") = false, R"doc(
The force and moment on a rigid body: `vertices` (n, 3) [m] and `triangles` (m, 3)
(counter-clockwise seen from outside) in the body frame, placed at `position` [m] with
`rotation` (3x3, body to world), moving at `velocity` [m/s] and `angular_velocity`
[rad/s] (world frame). `surface` is the free surface: a height [m], or a dict
{"x0", "y0", "spacing", "heights": (ny, nx) array} of a height map. The moment is about
`reference` (default: the position). Returns {"force", "moment", "plates_in_contact"} and,
with per_plate=True, "plate_forces" (m, 3).)doc")
      .def_property_readonly("zeta", [](const PyRft& r) { return r.parameters().zeta; })
      .def_property_readonly("coefficients", [](const PyRft& r) {
        const std::vector<std::string>& names = rft::FourierCoefficients::names();
        const Eigen::VectorXd v = r.parameters().coefficients.toVector();
        py::dict out;
        for (std::size_t i = 0; i < names.size(); ++i) out[names[i].c_str()] = v[Eigen::Index(i)];
        return out;
      });

  py::class_<PyRigidWheel>(m, "RigidWheel", R"doc(
A rigid wheel on Bekker-Wong soil: pressure-sinkage under the wheel, Janosi-Hanamoto shear
over the contact arc (Wong's stress distribution).

    wheel = regolith.models.RigidWheel(soil, radius, width, shape=None)

soil is a preset name (see soil_presets()) or a dict {kc, kphi, n, c [Pa], phi [rad],
K [m]}; shape optionally {a0, a1, rear_ratio} of the stress distribution.)doc")
      .def(py::init<const py::object&, double, double, const py::object&>(), py::arg("soil"), py::arg("radius"),
           py::arg("width"), py::arg("shape") = py::none())
      .def_static("from_fit", &PyRigidWheel::fromFit, py::arg("path"), py::arg("radius") = py::none(),
                  py::arg("width") = py::none(),
                  "The soil, stress shape and wheel of a `regolith fit bekker` model file (radius and "
                  "width may be replaced).")
      .def("forces", &PyRigidWheel::forces, py::arg("sinkage"), py::arg("slip"),
           "Load W [N], drawbar pull DP [N], torque T [N m] and the contact angles at a sinkage [m] "
           "and slip.")
      .def("solve_sinkage", &PyRigidWheel::solveSinkage, py::arg("load"), py::arg("slip"),
           "The sinkage [m] at which the wheel carries `load` [N] at `slip`, with its forces.")
      .def_property_readonly("soil", &PyRigidWheel::soil)
      .def_property_readonly("radius", &PyRigidWheel::radius)
      .def_property_readonly("width", &PyRigidWheel::width);

  m.def(
      "soil_presets",
      [] {
        py::dict out;
        for (const bekker::SoilPreset& p : bekker::soilPresets()) {
          py::dict d = soilDict(p.soil);
          d["source"] = p.source;
          out[p.name.c_str()] = d;
        }
        return out;
      },
      "The Bekker soil presets by name: their parameters and where the numbers come from.");

  py::class_<PyFittedModel>(m, "FittedModel", R"doc(
A model file written by `regolith fit` (rft, regression or bekker), queried as
`regolith predict` does.

    model = regolith.models.load("models/fitted/single_wheel_slip_W0.98N.json")
    model.predict(slip=0.4, Fz=0.981)

predict() refuses inputs outside the span of the file's training runs (ValueError) unless
extrapolate=True; its result holds the outputs, their "units" and the "extrapolated" inputs.)doc")
      .def(py::init<const py::object&>(), py::arg("path"))
      .def("predict", &PyFittedModel::predict, py::kw_only(), py::arg("extrapolate") = false)
      .def_property_readonly("kind", &PyFittedModel::kind, "rft, regression or bekker")
      .def_property_readonly("file", &PyFittedModel::file)
      .def_property_readonly("document", &PyFittedModel::document, "The model file as a dict.");
  m.def(
      "load", [](const py::object& path) { return PyFittedModel(path); }, py::arg("path"),
      "A `regolith fit` model file (FittedModel).");
}

}  // namespace regolith::python
