// The plate-intrusion study: what it builds into a scene (the plate turned by beta, the
// stroke appended to its family), its metrics (plate_intrusion_metrics.h) and
// the metrics its summary shows first.
//
// plate_intrusion: a plate (a generated "plate" shape: length along x, width along y,
// thickness along z before the turn) turned by beta about -y, so that its long axis rises
// towards +x for beta > 0 and its lower face's normal is (sin b, 0, -cos b); driven from
// `start` on, first straight down by `entry` (to bury it before an upward or sideways
// stroke), then along (cos g, 0, -sin g) by `travel` at `speed` (gamma = 90 deg is
// straight down), then held. These are the angles of Li, Zhang & Goldman 2013 (Science
// 339:1408, Fig. 2) as models/rft derives them from a plate's normal and velocity, so
// that an intrusion sweep calibrates that model directly.
#include <cmath>
#include <string>

#include <array>

#include "studies/plate_intrusion/plate_intrusion_metrics.h"
#include "studies/study.h"

namespace regolith::scene {
namespace {

using nlohmann::json;
using namespace regolith::postprocess;

void buildPlateIntrusion(BuildContext& c) {
  const Json& study = c.at("/study");
  // The intruder is a generated plate: its area and extent come from it.
  const std::optional<DrivenBody> plate = drivenBodyOf(c, "plate", "start", nullptr, "plate");
  if (!plate) return;
  const Json& shape = (*plate->body)["shape"];
  const std::string shapePointer = pointerJoin("/bodies", plate->jsonIndex) + "/shape";
  if (shape.contains("rotate")) {
    c.problem(shapePointer + "/rotate", describeValue(shape["rotate"]),
              "no \"rotate\" on the study's plate (the study turns it by /study/beta_deg)");
    return;
  }
  const double beta = degreesAt(c, "/study/beta_deg"), gamma = degreesAt(c, "/study/gamma_deg");
  const double speed = study.value("speed", 0.01), entry = study.value("entry", 0.0);
  const double travel = study["travel"].get<double>();
  const double legStart = plate->start + entry / speed, legEnd = legStart + travel / speed;
  if (legEnd > c.scene.endTime * (1 + 1e-12)) {
    c.problem("/study/travel", numberText(travel) + " m",
              "a stroke the run can hold: at " + numberText(speed) + " m/s it ends at " + numberText(legEnd) +
                  " s, after the run's end (" + numberText(c.scene.endTime) + " s)");
    return;
  }
  if (study.contains("fit_depth") && !(study["fit_depth"][0] < study["fit_depth"][1])) {
    c.problem("/study/fit_depth", study["fit_depth"].dump(), "[shallowest, deepest] with shallowest < deepest");
    return;
  }
  // A direction's component below 1e-15 of the speed is cos(pi/2)'s round-off: exactly 0.
  const auto along = [speed](double u) { return std::fabs(u) < 1e-15 ? 0.0 : speed * u; };
  const auto phase = [&](double start, DofRule x, DofRule z) {
    MotionPhase p;
    p.start = start;
    p.dof = {x, DofRule::fixed(), z, DofRule::fixed(), DofRule::fixed(), DofRule::fixed()};
    plate->motion->phases.push_back(p);
  };
  if (entry > 0) phase(plate->start, DofRule::fixed(), DofRule::constant(-speed));
  phase(legStart, DofRule::constant(along(std::cos(gamma))), DofRule::constant(-along(std::sin(gamma))));
  if (legEnd < c.scene.endTime) phase(legEnd, DofRule::fixed(), DofRule::fixed());

  const double length = shape["length"].get<double>(), width = shape["width"].get<double>();
  const double thickness = shape["thickness"].get<double>();
  Json resolved = {
      {"kind", "plate_intrusion"},
      {"plate", (*plate->body)["name"]},
      {"beta_deg", study["beta_deg"]},
      {"gamma_deg", study["gamma_deg"]},
      {"speed", speed},
      {"length", length},
      {"width", width},
      {"thickness", thickness},
      {"area", length * width},
      // the plate's centre depth at which its top edge reaches the surface
      {"half_height", 0.5 * length * std::fabs(std::sin(beta)) + 0.5 * thickness * std::fabs(std::cos(beta))},
      {"direction",
       gravityJson(Vec3(Real(along(std::cos(gamma)) / speed), Real(0), Real(-along(std::sin(gamma)) / speed)))},
      {"start", plate->start},
      {"entry", entry},
      {"travel", travel},
      {"stroke_start", legStart},
      {"stroke_end", legEnd},
      {"end", c.scene.endTime}};
  for (const char* key : {"surface_height", "fit_depth"})
    if (study.contains(key)) resolved[key] = study[key];
  c.scene.studyJson = resolved.dump();
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

// The plate's shape is built turned by beta (the mesh-shape builder asks before placing it,
// since the study is read before the bodies exist); every other shape keeps its own.
Quat turnPlate(const BuildContext& c, const std::string& shapePointer) {
  const std::string bodyPointer = shapePointer.substr(0, shapePointer.rfind('/'));
  if (!c.has(bodyPointer + "/name") || c.at(bodyPointer + "/name") != c.at("/study/plate")) return Quat();
  return quatFromRotationVector(Vec3d(0, -degreesAt(c, "/study/beta_deg"), 0));
}

}  // namespace

const Study& plateIntrusionStudy() {
  static const Study study = {"plate_intrusion",
                              buildPlateIntrusion,
                              turnPlate,
                              plateIntrusionJson,
                              {"stress_per_depth_z", "r_squared_z", "stress_per_depth_x", "mean_alpha_z", "max_depth"}};
  return study;
}

}  // namespace regolith::scene
