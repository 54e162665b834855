// Reading and checking terrain files (terrain_file.h).
#include "robots/terrain_file.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "calibrate/fit_bekker.h"
#include "calibrate/fit_rft.h"
#include "kernels/backend/environment_error.h"
#include "io/json/data_files.h"
#include "io/json/json_document.h"
#include "io/json/json_pointer.h"
#include "io/json/json_schema.h"
#include "models/rft/rft_coefficients.h"

namespace regolith::robots {
namespace {

using json::Json;
constexpr double kDegree = M_PI / 180;

const Json& schemaDocument() {
  static const Json doc = [] {
    const std::string path = terrainSchemaPath();
    std::ifstream in(path);
    if (!in) throw EnvironmentError("cannot read the terrain schema " + path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
  }();
  return doc;
}

bool readText(const std::string& path, std::string& text) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

std::string resolvePath(const std::string& baseDir, const std::string& path) {
  return path.empty() || path[0] == '/' ? path : baseDir + "/" + path;
}

// A height map: CSV rows of numbers, row j holding the heights of y0 + j spacing.
void readHeightMap(const Json& s, const std::string& baseDir, SurfaceSpec& out, std::vector<JsonProblem>& problems) {
  const std::string file = s["file"].get<std::string>();
  std::string text;
  if (!readText(resolvePath(baseDir, file), text)) {
    problems.push_back({"/surface/file", "\"" + file + "\", no readable file", "a CSV file of heights [m]"});
    return;
  }
  std::istringstream lines(text);
  std::string line;
  int row = 0;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream cells(line);
    std::string cell;
    int count = 0;
    while (std::getline(cells, cell, ',')) {
      char* end = nullptr;
      const double h = std::strtod(cell.c_str(), &end);
      if (end == cell.c_str() || !std::isfinite(h) ||
          cell.find_first_not_of(" \t\r", end - cell.c_str()) != std::string::npos) {
        problems.push_back({"/surface/file",
                            file + " row " + std::to_string(row + 1) + " \"" + json::printable(cell) + "\"",
                            "finite numbers separated by commas"});
        return;
      }
      out.heights.push_back(h);
      ++count;
    }
    if (row == 0) out.nx = count;
    if (count != out.nx) {
      problems.push_back({"/surface/file",
                          file + " row " + std::to_string(row + 1) + " with " + std::to_string(count) + " values",
                          std::to_string(out.nx) + " values, as the first row"});
      return;
    }
    ++row;
  }
  out.ny = row;
  if (out.nx < 2 || out.ny < 2)
    problems.push_back({"/surface/file",
                        file + " with " + std::to_string(out.nx) + " x " + std::to_string(out.ny) + " heights",
                        "at least 2 x 2 heights"});
  out.spacing = s["spacing"].get<double>();
  if (s.contains("origin")) {
    out.x0 = s["origin"][0].get<double>();
    out.y0 = s["origin"][1].get<double>();
  }
}

SurfaceSpec readSurface(const Json& s, const std::string& baseDir, std::vector<JsonProblem>& problems) {
  SurfaceSpec out;
  const std::string type = s["type"].get<std::string>();
  out.height = s.value("height", 0.0);
  if (type == "slope") {
    out.kind = SurfaceSpec::Kind::Slope;
    out.slopeAngle = s["angle_deg"].get<double>() * kDegree;
    out.slopeDirection = s.value("direction_deg", 0.0) * kDegree;
  } else if (type == "height_map") {
    out.kind = SurfaceSpec::Kind::HeightMap;
    readHeightMap(s, baseDir, out, problems);
  }
  return out;
}

void readSoil(const Json& s, const std::string& baseDir, rft::RftParameters& p, std::vector<JsonProblem>& problems) {
  if (s.contains("preset")) {
    for (const SoilPreset& preset : soilPresets())
      if (s["preset"] == preset.name) p.zeta = rft::zetaFromNPerCm3(preset.zetaNPerCm3);
    return;
  }
  if (s.contains("model")) {
    const std::string file = s["model"].get<std::string>();
    std::string text;
    if (!readText(resolvePath(baseDir, file), text)) {
      problems.push_back(
          {"/soil/model", "\"" + file + "\", no readable file", "an RFT model file written by `regolith fit rft`"});
      return;
    }
    try {
      const calibrate::RftModelFile model = calibrate::rftModelFromJson(Json::parse(text));
      p.zeta = model.zeta;
      p.coefficients = model.coefficients;
      p.validate();
    } catch (const std::exception& e) {
      problems.push_back({"/soil/model", "\"" + file + "\" (" + e.what() + ")",
                          "an RFT model file written by `regolith fit rft` (\"model\": \"rft\", zeta, coefficients)"});
    }
    return;
  }
  p.zeta = s["zeta"].get<double>();
  if (s.contains("coefficients") && s["coefficients"].is_object()) {
    Eigen::VectorXd v(rft::FourierCoefficients::kCount);
    for (int i = 0; i < rft::FourierCoefficients::kCount; ++i)
      v[i] = s["coefficients"][rft::FourierCoefficients::names()[i]].get<double>();
    p.coefficients = rft::FourierCoefficients::fromVector(v);
  }
}

// A wheel's Bekker-Wong soil: a preset or a `regolith fit bekker` model (which also gives
// the stress shape), then any of the six parameters given beside it, or all six alone,
// named as in the model file's soil (kc, kphi, n, c, phi_deg, K).
// A model file's stress shape goes to `shape` (a wheel's; regions and the estimator's prior
// pass one they do not use).
void readBekkerSoil(const Json& s, const std::string& baseDir, const std::string& pointer, bekker::SoilParameters& soil,
                    bekker::StressShape& shape, std::vector<JsonProblem>& problems) {
  if (s.contains("preset")) soil = bekker::soilPreset(s["preset"].get<std::string>()).soil;  // schema: known
  if (s.contains("model")) {
    const std::string file = s["model"].get<std::string>();
    std::string text;
    if (!readText(resolvePath(baseDir, file), text)) {
      problems.push_back({pointer + "/model", "\"" + file + "\", no readable file",
                          "a soil model file written by `regolith fit bekker`"});
      return;
    }
    try {
      const calibrate::BekkerModelFile model = calibrate::bekkerModelFromJson(Json::parse(text));
      soil = model.soil;
      shape = model.shape;
    } catch (const std::exception& e) {
      problems.push_back({pointer + "/model", "\"" + file + "\" (" + e.what() + ")",
                          "a soil model file written by `regolith fit bekker` (\"model\": \"bekker\", soil)"});
      return;
    }
  }
  try {  // the names of a model file's soil (calibrate/fit_bekker.h), read by its reader
    soil = calibrate::soilFromJson(s, soil);
  } catch (const std::exception& e) {
    problems.push_back(
        {pointer, json::describeValue(s) + " (" + e.what() + ")", "Bekker-Wong soil parameters in range"});
  }
}

void readWheels(const Json& doc, const std::string& baseDir, TerrainSpec& t, std::vector<JsonProblem>& problems) {
  if (!doc.contains("wheels")) return;
  for (std::size_t i = 0; i < doc["wheels"].size(); ++i) {
    const Json& e = doc["wheels"][i];
    const std::string at = json::pointerJoin("/wheels", i);
    WheelSpec w;
    w.body = e["body"].get<std::string>();
    w.pointer = json::pointerJoin(at, "body");
    if (e.contains("axle")) {
      w.axle = Eigen::Vector3d(e["axle"][0].get<double>(), e["axle"][1].get<double>(), e["axle"][2].get<double>());
      if (!(w.axle.norm() > 0))
        problems.push_back({json::pointerJoin(at, "axle"), json::describeValue(e["axle"]),
                            "a nonzero axle direction in the body's frame"});
    }
    w.wheel.radius = e["radius"].get<double>();
    w.wheel.width = e["width"].get<double>();
    if (e.contains("soil"))
      readBekkerSoil(e["soil"], baseDir, json::pointerJoin(at, "soil"), w.soil, w.shape, problems);
    if (e.contains("regression")) {
      const Json& r = e["regression"];
      w.referenceLoad = r["reference_load"].get<double>();
      w.minSpeed = r.value("min_speed", w.minSpeed);
      try {
        w.regression = regressionWheelModelFromFile(resolvePath(baseDir, r["model"].get<std::string>()));
      } catch (const std::exception& error) {
        problems.push_back({json::pointerJoin(at, "regression") + "/model",
                            "\"" + r["model"].get<std::string>() + "\" (" + error.what() + ")",
                            "a model file written by `regolith fit regression`"});
      }
    }
    if (e.contains("stress_shape")) {
      const Json& sh = e["stress_shape"];
      w.shape.a0 = sh.value("a0", w.shape.a0);
      w.shape.a1 = sh.value("a1", w.shape.a1);
      w.shape.rearRatio = sh.value("rear_ratio", w.shape.rearRatio);
    }
    w.restSpeed = e.value("rest_speed", w.restSpeed);
    w.dampingRatio = e.value("damping_ratio", w.dampingRatio);
    if (e.contains("force_table")) {
      w.tableSinkageStep = e["force_table"]["sinkage_step"].get<double>();
      w.tableSlipStep = e["force_table"]["slip_step"].get<double>();
      if (w.tableSinkageStep > w.wheel.radius)
        problems.push_back({json::pointerJoin(at, "force_table") + "/sinkage_step",
                            json::numberText(w.tableSinkageStep) + " m", "a step no larger than the radius"});
    }
    if (e.contains("grousers")) {
      w.grouserHeight = e["grousers"]["height"].get<double>();
      w.grouserCount = e["grousers"]["count"].get<int>();
    }
    t.wheels.push_back(std::move(w));
  }
}

void readSoilRegions(const Json& doc, const std::string& baseDir, TerrainSpec& t, std::vector<JsonProblem>& problems) {
  if (!doc.contains("soil_regions")) return;
  if (t.wheels.empty())
    problems.push_back({"/soil_regions", "soil regions with no wheels", "\"wheels\" whose soil they replace"});
  for (std::size_t i = 0; i < doc["soil_regions"].size(); ++i) {
    const Json& e = doc["soil_regions"][i];
    SoilRegionSpec r;
    r.pointer = json::pointerJoin("/soil_regions", i);
    r.xMin = e["x_min"].get<double>(), r.xMax = e["x_max"].get<double>();
    r.yMin = e["y_min"].get<double>(), r.yMax = e["y_max"].get<double>();
    if (!(r.xMax > r.xMin))
      problems.push_back({json::pointerJoin(r.pointer, "x_max"),
                          json::numberText(r.xMax) + " with x_min " + json::numberText(r.xMin), "x_max > x_min"});
    if (!(r.yMax > r.yMin))
      problems.push_back({json::pointerJoin(r.pointer, "y_max"),
                          json::numberText(r.yMax) + " with y_min " + json::numberText(r.yMin), "y_max > y_min"});
    bekker::StressShape unused;
    readBekkerSoil(e["soil"], baseDir, json::pointerJoin(r.pointer, "soil"), r.soil, unused, problems);
    t.soilRegions.push_back(std::move(r));
  }
}

// The estimator's standard deviations: state coordinates from the keys' units.
void readStateSd(const Json& e, Eigen::Matrix<double, 5, 1>& sd) {
  sd[0] = e.value("log_kphi", sd[0]);
  sd[1] = e.value("n", sd[1]);
  sd[2] = e.value("phi_deg", sd[2] / kDegree) * kDegree;
  sd[3] = e.value("log_K", sd[3]);
  sd[4] = e.value("c", sd[4]);
}

void readEstimator(const Json& doc, const std::string& baseDir, TerrainSpec& t, std::vector<JsonProblem>& problems) {
  if (!doc.contains("estimator")) return;
  const Json& e = doc["estimator"];
  EstimatorSpec s;
  bekker::StressShape unused;
  readBekkerSoil(e["prior"], baseDir, "/estimator/prior", s.prior, unused, problems);
  if (!(s.prior.kphi > 0))
    problems.push_back(
        {"/estimator/prior", "kphi " + json::numberText(s.prior.kphi), "kphi > 0 (the filter estimates log k_phi)"});
  if (e.contains("prior_sd")) {
    readStateSd(e["prior_sd"], s.priorSd);
    static const char* keys[] = {"log_kphi", "n", "phi_deg", "log_K", "c"};
    for (int i = 0; i < 5; ++i)
      if (e["prior_sd"].contains(keys[i]) && !(s.priorSd[i] > 0))
        problems.push_back({json::pointerJoin("/estimator/prior_sd", keys[i]), "0",
                            "a standard deviation > 0 (the prior covariance must be positive definite)"});
  }
  if (e.contains("process_sd")) readStateSd(e["process_sd"], s.processSd);
  s.loadSd = e["measurement_sd"]["load"].get<double>();
  s.torqueSd = e["measurement_sd"]["torque"].get<double>();
  s.every = e.value("every", s.every);
  s.estimateCohesion = e.value("estimate_cohesion", s.estimateCohesion);
  s.noise = e.value("noise", s.noise);
  s.restartNis = e.value("restart_nis", s.restartNis);
  s.seed = e.value("seed", s.seed);
  // One SoilEstimatorModel: every wheel must be the first's (radius, width, stress shape).
  if (t.wheels.empty())
    problems.push_back({"/estimator", "an estimator with no wheels", "\"wheels\" whose readings it takes"});
  for (std::size_t i = 0; i < t.wheels.size(); ++i)
    if (t.wheels[i].regression)
      problems.push_back({json::pointerJoin(json::pointerJoin("/wheels", i), "regression"), "a regression wheel",
                          "a wheel on Bekker-Wong soil (the estimator's measurement model is the Bekker-Wong wheel)"});
  for (std::size_t i = 1; i < t.wheels.size(); ++i) {
    const WheelSpec &a = t.wheels[0], &b = t.wheels[i];
    const std::string at = json::pointerJoin("/wheels", i);
    if (b.wheel.radius != a.wheel.radius)
      problems.push_back({json::pointerJoin(at, "radius"), json::numberText(b.wheel.radius) + " m",
                          json::numberText(a.wheel.radius) + " m, the first wheel's (the estimator takes one wheel)"});
    if (b.wheel.width != a.wheel.width)
      problems.push_back({json::pointerJoin(at, "width"), json::numberText(b.wheel.width) + " m",
                          json::numberText(a.wheel.width) + " m, the first wheel's (the estimator takes one wheel)"});
    if (b.shape.toVector() != a.shape.toVector())
      problems.push_back({json::pointerJoin(at, "stress_shape"), "a stress shape other than the first wheel's",
                          "the first wheel's stress shape (the estimator takes one wheel)"});
  }
  t.estimator = s;
}

std::optional<Eigen::Vector3d> readGravity(const Json& g) {
  if (g.is_array()) return Eigen::Vector3d(g[0].get<double>(), g[1].get<double>(), g[2].get<double>());
  const std::string name = g.get<std::string>();
  if (name == "earth") return Eigen::Vector3d(0, 0, -9.81);
  if (name == "moon") return Eigen::Vector3d(0, 0, -1.62);
  if (name == "mars") return Eigen::Vector3d(0, 0, -3.72);
  return std::nullopt;  // "model": MuJoCo's own option
}

void readDeformation(const Json& d, DeformationSpec& out, std::vector<JsonProblem>& problems) {
  out.enabled = d["enabled"].get<bool>();
  out.spacing = d.value("spacing", out.spacing);
  out.reposeAngle = d.value("repose_angle_deg", out.reposeAngle / kDegree) * kDegree;
  if (d.contains("extent")) {
    out.xMin = d["extent"][0].get<double>();
    out.yMin = d["extent"][1].get<double>();
    out.xMax = d["extent"][2].get<double>();
    out.yMax = d["extent"][3].get<double>();
    if (!(out.xMax > out.xMin) || !(out.yMax > out.yMin))
      problems.push_back({"/deformation/extent", json::describeValue(d["extent"]),
                          "[x_min, y_min, x_max, y_max] with x_max > x_min and y_max > y_min"});
  }
  // The grid is allocated whole: refuse sizes that would not fit a workstation.
  const double nodes = ((out.xMax - out.xMin) / out.spacing + 1) * ((out.yMax - out.yMin) / out.spacing + 1);
  if (problems.empty() && !(nodes <= 4e7))
    problems.push_back({"/deformation/spacing",
                        json::numberText(out.spacing) + " m, " + json::numberText(nodes, 3) + " grid nodes",
                        "a spacing giving at most 4e+07 nodes over the extent"});
}

// The wheel soil's keys before they took a model file's names, each reported with its new
// name. The schema reports such a key as unknown at its own pointer, or, where it also
// leaves the soil matching none of its forms (all six parameters without the new names),
// as one problem at the soil: that becomes one problem per old key.
// The DEM level (terrain_file.h DemSpec): what the file says; coupling/ loads the scene and
// checks the bodies against the model.
DemSpec readDem(const Json& d, const std::string& baseDir, const TerrainSpec& t, std::vector<JsonProblem>& problems) {
  DemSpec dem;
  if (d["scene"].is_string()) {
    dem.sceneFile = resolvePath(baseDir, d["scene"].get<std::string>());
  } else {
    dem.sceneText = d["scene"].dump(2);
    dem.sceneBaseDir = baseDir;
  }
  dem.material = d.value("material", "");
  for (std::size_t i = 0; i < d["bodies"].size(); ++i) {
    const Json& e = d["bodies"][i];
    DemBodySpec b;
    b.body = e["body"].get<std::string>();
    b.pointer = json::pointerJoin("/dem/bodies", i);
    const std::string mesh = e.value("mesh", "collision");
    if (mesh != "collision") b.meshFile = resolvePath(baseDir, mesh);
    b.resolution = e.value("resolution", b.resolution);
    for (std::size_t k = 0; k < i; ++k)
      if (dem.bodies[k].body == b.body)
        problems.push_back({b.pointer + "/body", "\"" + b.body + "\" again", "each body on the grains once"});
    // A body has one terrain: the grains, or plates, or a wheel.
    for (const InteractingSpec& r : t.interacting)
      if (r.isBody && r.name == b.body)
        problems.push_back({b.pointer + "/body", "\"" + b.body + "\", also named at " + r.pointer,
                            "a body on the DEM grains or on RFT, not both"});
    for (const WheelSpec& w : t.wheels)
      if (w.body == b.body)
        problems.push_back({b.pointer + "/body", "\"" + b.body + "\", also a wheel at " + w.pointer,
                            "a body on the DEM grains or a Bekker-Wong wheel, not both"});
    dem.bodies.push_back(std::move(b));
  }
  if (d.contains("exchange")) {
    const Json& x = d["exchange"];
    dem.interval = x.value("interval", 0.0);
    dem.refuseUnstable = x.value("stability", "refuse") == "refuse";
    dem.stabilityMargin = x.value("margin", dem.stabilityMargin);
  }
  return dem;
}

void hintRenamedSoilKeys(const Json& doc, std::vector<JsonProblem>& problems) {
  static const std::pair<std::string, std::string> renamed[] = {
      {"cohesion", "c, the cohesion [Pa]"},
      {"friction_angle_deg", "phi_deg, the friction angle [deg]"},
      {"shear_modulus", "K, the Janosi-Hanamoto shear modulus [m]"}};
  const auto expected = [](const std::string& now) {
    return now + " (a wheel's soil uses the names of a `regolith fit bekker` model: kc, kphi, n, c, phi_deg, K)";
  };
  if (!doc.contains("wheels") || !doc["wheels"].is_array()) return;
  std::vector<JsonProblem> out;
  for (JsonProblem& p : problems) {
    bool replaced = false;
    for (std::size_t i = 0; i < doc["wheels"].size(); ++i) {
      const Json& wheel = doc["wheels"][i];
      if (!wheel.is_object() || !wheel.contains("soil") || !wheel["soil"].is_object()) continue;
      const std::string at = json::pointerJoin(json::pointerJoin("/wheels", i), "soil");
      for (const auto& [old, now] : renamed) {
        if (!wheel["soil"].contains(old)) continue;
        if (p.pointer == at) {
          out.push_back({json::pointerJoin(at, old), "unknown key \"" + old + "\"", expected(now)});
          replaced = true;
        } else if (p.pointer == json::pointerJoin(at, old)) {
          p.expected = expected(now);
        }
      }
    }
    if (!replaced) out.push_back(std::move(p));
  }
  problems = std::move(out);
}

}  // namespace

double smoothingKappa(const TerrainSpec& spec, double dt) {
  return spec.smoothingTime ? -std::expm1(-dt / *spec.smoothingTime) : spec.kappa;
}

TerrainError::TerrainError(std::string file, std::vector<JsonProblem> problems)
    : InvalidInputError(describeProblems(file, problems), problemPlace(file, problems)),
      m_file(std::move(file)),
      m_problems(std::move(problems)) {}

std::string describeProblems(const std::string& file, const std::vector<JsonProblem>& problems) {
  std::string out;
  for (const JsonProblem& p : problems) {
    if (!out.empty()) out += '\n';
    out += json::printable(file + ": " + p.pointer + ": found " + p.found + ", expected " + p.expected);
  }
  return out;
}

const std::vector<SoilPreset>& soilPresets() {
  // RFT-SiM (arXiv 2606.19504): settled play sand 3.75 N/cm^3, freshly tilled 0.94, beach
  // sand 0.92-0.96 (its middle).
  static const std::vector<SoilPreset> presets = {
      {"settled_play_sand", 3.75}, {"tilled_play_sand", 0.94}, {"beach_sand", 0.94}};
  return presets;
}

std::string terrainSchemaPath() { return dataFile("terrain.schema.json", "REGOLITH_TERRAIN_SCHEMA"); }

TerrainSpec parseTerrain(const std::string& text, const std::string& file, const std::string& baseDir) {
  std::vector<JsonProblem> problems;
  const std::optional<Json> read = json::readDocument(text, problems);
  if (!read) throw TerrainError(file, std::move(problems));
  const Json& doc = *read;
  for (JsonProblem& p : json::schemaProblemsCached(doc, schemaDocument())) problems.push_back(std::move(p));
  hintRenamedSoilKeys(doc, problems);
  if (!problems.empty()) throw TerrainError(file, std::move(problems));

  TerrainSpec t;
  t.file = file;
  // A file with a DEM level alone has no RFT surface: a flat one at 0 that no plate uses.
  if (doc.contains("surface")) t.surface = readSurface(doc["surface"], baseDir, problems);
  const Json interact = doc.value("interact", Json::array());
  if (doc.contains("soil")) readSoil(doc["soil"], baseDir, t.rft, problems);
  else if (!interact.empty())
    problems.push_back({"/soil", "nothing", "the RFT soil of the interacting bodies (zeta, preset or model)"});
  else t.rft.zeta = rft::zetaFromNPerCm3(1);  // no plate uses it (nothing interacts); a valid placeholder
  for (std::size_t i = 0; i < interact.size(); ++i) {
    const Json& e = interact[i];
    InteractingSpec s;
    s.isBody = e.contains("body");
    s.name = e[s.isBody ? "body" : "geom"].get<std::string>();
    s.plateDensity = e.value("plate_density", s.plateDensity);
    s.pointer = json::pointerJoin(json::pointerJoin("/interact", i), s.isBody ? "body" : "geom");
    t.interacting.push_back(s);
  }
  readWheels(doc, baseDir, t, problems);
  readSoilRegions(doc, baseDir, t, problems);
  readEstimator(doc, baseDir, t, problems);
  t.kappa = doc.value("kappa_F", 1.0);
  if (doc.contains("tau_F")) {
    t.smoothingTime = doc["tau_F"].get<double>();
    if (doc.contains("kappa_F"))
      problems.push_back(
          {"/tau_F", "tau_F beside kappa_F", "one of them: kappa_F, a factor per step, or tau_F, a time constant [s]"});
  }
  t.restSpeed = doc.value("rest_speed", t.restSpeed);
  if (doc.contains("dynamic")) {
    t.rft.inertialLambda = doc["dynamic"]["lambda"].get<double>();
    t.rft.grainDensity = doc["dynamic"]["grain_density"].get<double>();
  }
  if (doc.contains("gravity")) t.gravity = readGravity(doc["gravity"]);
  if (doc.contains("deformation")) readDeformation(doc["deformation"], t.deformation, problems);
  if (doc.contains("dem")) t.dem = readDem(doc["dem"], baseDir, t, problems);
  t.mujocoContacts = doc.value("mujoco_contacts", true);
  if (!problems.empty()) throw TerrainError(file, std::move(problems));
  return t;
}

std::string terrainTextAsRun(const std::string& path, const std::vector<std::string>& overrides) {
  std::string text;
  if (!readText(path, text)) throw TerrainError(path, {{"", "no readable file", "a terrain file (JSON) at this path"}});
  if (!overrides.empty()) {
    // --set POINTER=VALUE as `regolith run` takes it (scenes/loader.cpp): the value is
    // JSON, or a bare word read as a string; the pointer's parent must exist.
    std::vector<JsonProblem> problems;
    std::optional<Json> doc = json::readDocument(text, problems);
    if (!doc) throw TerrainError(path, std::move(problems));
    for (const std::string& o : overrides) {
      const std::size_t eq = o.find('=');
      if (eq == std::string::npos || o[0] != '/') {
        problems.push_back({"", "--set " + o, "--set POINTER=VALUE with a JSON pointer such as /kappa_F=0.2"});
        continue;
      }
      Json value = Json::parse(o.substr(eq + 1), nullptr, false);
      if (value.is_discarded()) value = o.substr(eq + 1);
      try {
        const Json::json_pointer p(o.substr(0, eq));
        if (!doc->contains(p.parent_pointer()))
          problems.push_back({o.substr(0, eq),
                              "--set " + o + " with no " + p.parent_pointer().to_string() + " to put it in",
                              "a pointer whose parent exists in the terrain file"});
        else (*doc)[p] = value;
      } catch (const std::exception& e) {
        problems.push_back(
            {o.substr(0, eq), "--set " + o + " (" + e.what() + ")", "a JSON pointer into the terrain file"});
      }
    }
    if (!problems.empty()) throw TerrainError(path, std::move(problems));
    text = doc->dump(2);
  }
  return text;
}

TerrainSpec loadTerrain(const std::string& path, const std::vector<std::string>& overrides) {
  const std::string text = terrainTextAsRun(path, overrides);
  const std::size_t slash = path.find_last_of('/');
  const std::string baseDir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  return parseTerrain(text, path, baseDir);
}

}  // namespace regolith::robots
