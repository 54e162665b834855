// postprocess/run_metrics.h.
#include "postprocess/run_metrics.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <vector>

#include "io/run_file.h"
#include "postprocess/plate_intrusion_metrics.h"
#include "postprocess/repose_metrics.h"
#include "postprocess/single_wheel_metrics.h"
#include "postprocess/tumbling_metrics.h"

namespace regolith::postprocess {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A value with its unit; NaN and infinity (an efficiency at zero torque) become null,
// which JSON can hold.
json quantity(double value, const char* unit) {
  return {{"value", std::isfinite(value) ? json(value) : json(nullptr)}, {"unit", unit}};
}

json windowJson(const TimeWindow& w) {
  return {{"begin", w.begin}, {"end", w.end}, {"unit", "s"}, {"rule", w.rule}};
}

json singleWheelJson(const RunFileReader& run, const json& study) {
  SingleWheelStudy s;
  s.wheel = study.at("wheel").get<std::string>();
  s.slip = study.at("slip").get<double>();
  s.angularVelocity = study.at("angular_velocity").get<double>();
  s.radius = study.at("radius").get<double>();
  s.driveStart = study.at("drive_start").get<double>();
  s.driveEnd = study.at("drive_end").get<double>();
  s.steadyAfter = study.at("steady_after").get<double>();
  s.mass = study.at("mass").get<double>();
  const std::vector<double> g = study.at("gravity").get<std::vector<double>>();
  s.gravity = std::sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
  const SingleWheelMetrics m = singleWheelMetrics(run.series(s.wheel), s);
  return {{"window", windowJson(m.window)},
          {"metrics",
           {{"slip", quantity(m.slip, "1")},
            {"forward_speed", quantity(m.forwardSpeed, "m/s")},
            {"angular_velocity", quantity(m.angularVelocity, "rad/s")},
            {"first_contact_time", quantity(m.firstContactTime, "s")},
            {"first_contact_height", quantity(m.firstContactHeight, "m")},
            {"sinkage", quantity(m.sinkage, "m")},
            {"sinkage_rate", quantity(m.sinkageRate, "m/s")},
            {"drawbar_pull", quantity(m.drawbarPull, "N")},
            {"drawbar_pull_std", quantity(m.drawbarPullStdDev, "N")},
            {"torque", quantity(m.torque, "N m")},
            {"torque_std", quantity(m.torqueStdDev, "N m")},
            {"weight", quantity(m.weight, "N")},
            {"vertical_force", quantity(m.verticalForce, "N")},
            {"drawbar_pull_coefficient", quantity(m.drawbarPullCoefficient, "1")},
            {"torque_coefficient", quantity(m.torqueCoefficient, "1")},
            {"tractive_efficiency", quantity(m.tractiveEfficiency, "1")}}}};
}

// The frame nearest to time t (frames are written at step multiples, so the one "at" a
// phase start may be half a step after it).
std::size_t frameAt(const RunFileReader& run, double t) {
  std::size_t best = 0;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < run.frameCount(); ++i) {
    const double time = run.frameTime(i);
    if (std::fabs(time - t) < bestDistance) best = i, bestDistance = std::fabs(time - t);
    if (time > t) break;
  }
  return best;
}

// The bed's undisturbed surface: the study's surface_height, or measured on the frame
// nearest `time` (one taken before the body touches the bed); the height and the rule.
json surfaceOf(const RunFileReader& run, const json& study, double time) {
  if (study.contains("surface_height"))
    return {{"height", study["surface_height"].get<double>()}, {"unit", "m"}, {"rule", "the study's surface_height"}};
  if (run.frameCount() == 0) throw std::invalid_argument("the run file has no frames");
  const FrameData frame = run.frame(frameAt(run, time));
  const double surface = bedSurfaceHeight(frame);
  if (!std::isfinite(surface))
    throw std::invalid_argument("no grains to find the surface from: give the study a surface_height");
  return {{"height", surface},
          {"unit", "m"},
          {"rule", "mean highest grain top per cell at t = " + std::to_string(frame.time) + " s"}};
}

json tumblingJson(const RunFileReader& run, const json& study) {
  TumblingStudy s;
  s.ring = study.at("ring").get<std::string>();
  s.slopeDeg = study.at("slope_deg").get<double>();
  s.radius = study.at("radius").get<double>();
  s.release = study.at("release").get<double>();
  s.end = study.at("end").get<double>();
  s.mass = study.at("mass").get<double>();
  if (run.frameCount() == 0) throw std::invalid_argument("the run file has no frames");
  const FrameData before = run.frame(frameAt(run, s.release));
  const FrameData after = run.frame(run.frameCount() - 1);
  const json surface = surfaceOf(run, study, s.release);
  double largest = 0;
  for (std::size_t k = 0; k < before.state.sphereRadius.size(); ++k)
    largest = std::max(largest, double(before.state.sphereRadius[k]));
  const double threshold = 2 * largest;
  const DisplacedGrains moved = displacedDownslope(before, after, threshold);
  const TumblingMetrics m = tumblingMetrics(run.series(s.ring), s, surface["height"].get<double>());
  return {{"window", windowJson(m.window)},
          {"surface", surface},
          {"metrics",
           {{"travel", quantity(m.travel, "m")},
            {"mean_speed", quantity(m.meanSpeed, "m/s")},
            {"final_speed", quantity(m.finalSpeed, "m/s")},
            {"max_speed", quantity(m.maxSpeed, "m/s")},
            {"mean_sinkage", quantity(m.meanSinkage, "m")},
            {"max_sinkage", quantity(m.maxSinkage, "m")},
            {"airborne_fraction", quantity(m.airborneFraction, "1")},
            {"mean_normal_force", quantity(m.meanNormalForce, "N")},
            {"mean_friction_force", quantity(m.meanFrictionForce, "N")},
            {"peak_normal_force", quantity(m.peakNormalForce, "N")},
            {"peak_impulse", quantity(m.peakImpulse, "N s")},
            {"contact_episodes", quantity(m.contactEpisodes, "1")},
            {"energy_dissipated", quantity(m.energyDissipated, "J")},
            {"displaced_mass", quantity(moved.mass, "kg")},
            {"displaced_grains", quantity(double(moved.count), "1")},
            {"displacement_threshold", quantity(threshold, "m")}}}};
}

// Slopes in N/m^3 also in N/cm^3, the unit RFT papers quote.
json stressPerDepth(double perCubicMetre) {
  return {{"value", std::isfinite(perCubicMetre) ? json(perCubicMetre) : json(nullptr)},
          {"unit", "N/m^3"},
          {"value_n_per_cm3", std::isfinite(perCubicMetre) ? json(perCubicMetre * 1e-6) : json(nullptr)}};
}

json lineJson(const LineFit& f) {
  return {{"slope", quantity(f.slope, "N/m")},
          {"intercept", quantity(f.intercept, "N")},
          {"r_squared", quantity(f.rSquared, "1")},
          {"points", f.points}};
}

json plateIntrusionJson(const RunFileReader& run, const json& study) {
  PlateIntrusionStudy s;
  s.plate = study.at("plate").get<std::string>();
  s.betaDeg = study.at("beta_deg").get<double>();
  s.gammaDeg = study.at("gamma_deg").get<double>();
  s.area = study.at("area").get<double>();
  s.halfHeight = study.at("half_height").get<double>();
  s.strokeStart = study.at("stroke_start").get<double>();
  s.strokeEnd = study.at("stroke_end").get<double>();
  if (study.contains("fit_depth")) s.fitDepth = study["fit_depth"].get<std::array<double, 2>>();
  const json surface = surfaceOf(run, study, study.at("start").get<double>());
  const PlateIntrusionMetrics m = plateIntrusionMetrics(run.series(s.plate), s, surface["height"].get<double>());
  json w = windowJson(m.window);
  w["depth_begin"] = m.depthBegin;
  w["depth_end"] = m.depthEnd;
  w["rows"] = m.rows;
  return {{"window", w},
          {"surface", surface},
          {"fits", {{"force_x", lineJson(m.forceX)}, {"force_z", lineJson(m.forceZ)}}},
          {"metrics",
           {{"stress_per_depth_x", stressPerDepth(m.stressPerDepthX)},
            {"stress_per_depth_z", stressPerDepth(m.stressPerDepthZ)},
            {"r_squared_x", quantity(m.forceX.rSquared, "1")},
            {"r_squared_z", quantity(m.forceZ.rSquared, "1")},
            {"mean_alpha_x", stressPerDepth(m.meanAlphaX)},
            {"mean_alpha_z", stressPerDepth(m.meanAlphaZ)},
            {"max_depth", quantity(m.maxDepth, "m")},
            {"force_x_at_max_depth", quantity(m.forceXAtMaxDepth, "N")},
            {"force_z_at_max_depth", quantity(m.forceZAtMaxDepth, "N")}}}};
}

// repose: the heap's surface in the frame nearest measure_at, after the cylinder has
// cleared it (its lower rim above the heap's top; otherwise the column is still held).
json reposeJson(const RunFileReader& run, const json& study) {
  ReposeStudy s;
  const std::vector<double> centre = study.at("centre").get<std::vector<double>>();
  s.centreX = centre[0];
  s.centreY = centre[1];
  s.floorHeight = study.at("floor_height").get<double>();
  if (run.frameCount() == 0) throw std::invalid_argument("the run file has no frames");
  const FrameData frame = run.frame(frameAt(run, study.at("measure_at").get<double>()));
  const ReposeMetrics m = reposeMetrics(frame, s);
  const double rim = study.at("cylinder_bottom").get<double>() +
                     study.at("lift_speed").get<double>() * std::max(0.0, frame.time - study.at("lift_start").get<double>());
  const double clearance = rim - (s.floorHeight + m.peakHeight);
  if (!(clearance > 0))
    throw std::invalid_argument("at t = " + std::to_string(frame.time) + " s the cylinder's rim (z = " +
                                std::to_string(rim) + " m) is still below the heap's top: measure later "
                                "(measure_at, or a longer run)");
  json profile = {{"radius", json::array()}, {"height", json::array()}, {"cells", json::array()}, {"unit", "m"}};
  for (const ProfileBin& b : m.profile) {
    profile["radius"].push_back(b.radius);
    profile["height"].push_back(b.height);
    profile["cells"].push_back(b.cells);
  }
  json points = {{"radius", json::array()}, {"height", json::array()}, {"sector", json::array()},
                 {"in_fit", json::array()}, {"unit", "m"}};
  for (const ProfilePoint& p : m.points) {
    points["radius"].push_back(p.radius);
    points["height"].push_back(p.height);
    points["sector"].push_back(p.sector);
    points["in_fit"].push_back(p.inFit);
  }
  return {{"frame", {{"time", frame.time}, {"unit", "s"}, {"rule", "the frame nearest measure_at"}}},
          {"method", m.method},
          {"fit",
           {{"slope", m.fit.slope}, {"intercept", m.fit.intercept}, {"from", m.fitFrom}, {"to", m.fitTo},
            {"points", m.fit.points}, {"unit", "m"}}},
          {"profile", profile},
          {"points", points},
          {"metrics",
           {{"angle", quantity(m.angleDeg, "deg")},
            {"r_squared", quantity(m.fit.rSquared, "1")},
            {"height", quantity(m.peakHeight, "m")},
            {"base_radius", quantity(m.baseRadius, "m")},
            {"sector_angle_mean", quantity(m.sectorAngleMeanDeg, "deg")},
            {"sector_angle_std", quantity(m.sectorAngleStdDeg, "deg")},
            {"sector_angle_min", quantity(m.sectorAngleMinDeg, "deg")},
            {"sector_angle_max", quantity(m.sectorAngleMaxDeg, "deg")},
            {"sectors_fitted", quantity(m.sectorsFitted, "1")},
            {"grains", quantity(double(m.grains), "1")},
            {"bin_width", quantity(m.binWidth, "m")},
            {"cylinder_clearance", quantity(clearance, "m")}}}};
}

void writeJson(const fs::path& path, const json& j) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    if (!out) throw std::runtime_error(tmp.string() + ": cannot write");
  }
  fs::rename(tmp, path);  // a reader never sees half a file
}

// The metrics a study's line on stdout shows (metrics.json holds them all).
std::vector<std::string> headline(const std::string& study) {
  if (study == "single_wheel")
    return {"slip", "sinkage", "drawbar_pull_coefficient", "torque_coefficient", "tractive_efficiency"};
  if (study == "tumbling")
    return {"travel", "mean_speed", "mean_sinkage", "airborne_fraction", "energy_dissipated", "displaced_mass"};
  if (study == "plate_intrusion")
    return {"stress_per_depth_z", "r_squared_z", "stress_per_depth_x", "mean_alpha_z", "max_depth"};
  if (study == "repose") return {"angle", "r_squared", "height", "base_radius", "sector_angle_std"};
  return {};
}

std::string summaryLine(const std::string& name, const json& metrics) {
  std::string line = name + ":";
  char value[32];
  for (const std::string& key : headline(metrics.at("study").get<std::string>())) {
    const json& q = metrics.at("metrics").at(key);
    if (q["value"].is_null()) std::snprintf(value, sizeof value, "null");
    else std::snprintf(value, sizeof value, "%.4g", q["value"].get<double>());
    line += " " + key + " " + value + (q["unit"] == "1" ? "" : " " + q["unit"].get<std::string>()) + ";";
  }
  line.pop_back();
  return line;
}

}  // namespace

json runMetrics(const std::string& runDir) {
  const std::string h5 = (fs::path(runDir) / "run.h5").string();
  if (!fs::is_regular_file(h5)) throw std::runtime_error(h5 + ": no run file (run the scene first: regolith run)");
  const RunFileReader run(h5);
  const std::string& studyText = run.header().meta.studyJson;
  if (studyText.empty())
    throw std::runtime_error(h5 + ": the scene has no \"study\" (docs/studies.md), so there "
                                  "are no study metrics to compute");
  const json study = json::parse(studyText);
  const std::string kind = study.at("kind").get<std::string>();
  json out = {{"study", kind}, {"run", fs::path(runDir).filename().string()}, {"parameters", study}};
  json metrics;
  try {
    if (kind == "single_wheel") metrics = singleWheelJson(run, study);
    else if (kind == "tumbling") metrics = tumblingJson(run, study);
    else if (kind == "plate_intrusion") metrics = plateIntrusionJson(run, study);
    else if (kind == "repose") metrics = reposeJson(run, study);
    else throw std::runtime_error("no metrics for study kind \"" + kind + "\" in this build");
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(h5 + ": " + e.what());
  }
  out.update(metrics);
  return out;
}

bool runHasStudy(const std::string& runDir) {
  const std::string h5 = (fs::path(runDir) / "run.h5").string();
  return fs::is_regular_file(h5) && !RunFileReader(h5).header().meta.studyJson.empty();
}

int metricsCommand(const std::string& dir, std::ostream& out) {
  try {
    const fs::path root(dir);
    if (fs::is_regular_file(root / "run.h5")) {
      const json m = runMetrics(dir);
      writeJson(root / "metrics.json", m);
      out << summaryLine(dir, m) << "\nwrote " << (root / "metrics.json").string() << std::endl;
      return 0;
    }
    if (!fs::is_directory(root))
      throw std::runtime_error(dir + ": no such folder (a run's --out folder, or a sweep's)");
    std::vector<fs::path> runs;
    for (const fs::directory_entry& e : fs::directory_iterator(root))
      if (e.is_directory() && fs::is_regular_file(e.path() / "run.h5")) runs.push_back(e.path());
    if (runs.empty())
      throw std::runtime_error(dir + ": neither a run (no run.h5) nor a sweep (no subfolder with a run.h5)");
    std::sort(runs.begin(), runs.end());
    json sweep = {{"runs", json::array()}};
    for (const fs::path& r : runs) {
      const json m = runMetrics(r.string());
      writeJson(r / "metrics.json", m);
      out << summaryLine(r.filename().string(), m) << std::endl;
      if (sweep.contains("study") && sweep["study"] != m["study"])
        throw std::runtime_error(r.string() + ": a " + m["study"].get<std::string>() +
                                 " run in a sweep of " + sweep["study"].get<std::string>() + " runs");
      sweep["study"] = m["study"];
      sweep["runs"].push_back(m);
    }
    writeJson(root / "metrics.json", sweep);
    out << "wrote " << (root / "metrics.json").string() << " (" << runs.size() << " runs)" << std::endl;
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "regolith metrics: " << e.what() << std::endl;
    return 1;
  }
}

}  // namespace regolith::postprocess
