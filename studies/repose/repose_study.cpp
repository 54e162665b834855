// The angle-of-repose study: what it builds into a scene (the cylinder's lift), its
// metrics (repose_metrics.h) and the metrics its summary shows first.
//
// repose: the angle of repose by cylinder withdrawal. A vertical open cylinder (finite,
// particles inside, no end caps) holds the grains on the floor; from `lift_start` on the
// study lifts it along +z at `lift_speed` (its other DOFs fixed), and the grains run out
// under its lower rim into a heap. The heap's axis is the cylinder's; the metrics measure
// its surface at `measure_at` (default: the end of the run).
#include <cmath>
#include <string>

#include <algorithm>

#include "studies/repose/repose_metrics.h"
#include "studies/study.h"

namespace regolith::scene {
namespace {

using nlohmann::json;
using namespace regolith::postprocess;

void buildRepose(BuildContext& c) {
  const Json& study = c.at("/study");
  const std::string name = study["cylinder"].get<std::string>();
  const std::optional<DrivenBody> tube = drivenBodyOf(c, "cylinder", "lift_start", "cylinder", "cylinder");
  if (!tube) return;
  const std::string shapePointer = pointerJoin("/bodies", tube->jsonIndex) + "/shape";
  const Json& shape = (*tube->body)["shape"];
  const std::vector<double> axis = shape["axis"].get<std::vector<double>>();
  const std::vector<double> point = shape["point"].get<std::vector<double>>();
  const double length = shape.value("length", 0.0);
  const bool vertical = std::hypot(axis[0], axis[1]) <= 1e-9 * std::fabs(axis[2]);
  if (!vertical || !(length > 0) || !shape.value("inside", true) || shape.value("end_caps", false)) {
    c.problem(shapePointer, describeValue(shape),
              "a finite (\"length\" > 0), vertical (\"axis\" along z) cylinder with the particles "
              "inside and no \"end_caps\": a column that lifts off the floor");
    return;
  }
  const double speed = study["lift_speed"].get<double>();
  MotionPhase lift;
  lift.start = tube->start;
  lift.dof = {DofRule::fixed(), DofRule::fixed(), DofRule::constant(speed),
              DofRule::fixed(), DofRule::fixed(), DofRule::fixed()};
  tube->motion->phases.push_back(lift);

  double measure = c.scene.endTime;
  if (study.contains("measure_at")) {
    const std::optional<double> t = c.time("/study/measure_at");
    if (!t) return;
    if (!(*t > tube->start && *t <= c.scene.endTime)) {
      c.problem("/study/measure_at", numberText(*t) + " s",
                "a time after lift_start (" + numberText(tube->start) + " s) and not after the end (" +
                    numberText(c.scene.endTime) + " s)");
      return;
    }
    measure = *t;
  }
  Json centre = {point[0], point[1]};
  if (study.contains("centre")) centre = study["centre"];
  c.scene.studyJson = Json{{"kind", "repose"},
                           {"cylinder", name},
                           {"radius", tube->radius},
                           {"centre", centre},
                           {"lift_start", tube->start},
                           {"lift_speed", speed},
                           {"cylinder_bottom", point[2] - length / 2},
                           {"floor_height", study["floor_height"]},
                           {"measure_at", measure},
                           {"end", c.scene.endTime},
                           {"gravity", gravityJson(c.scene.model.gravity)}}
                          .dump();
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
                     study.at("lift_speed").get<double>() *
                         std::max(0.0, frame.time - study.at("lift_start").get<double>());
  const double clearance = rim - (s.floorHeight + m.peakHeight);
  if (!(clearance > 0))
    throw std::invalid_argument("at t = " + std::to_string(frame.time) +
                                " s the cylinder's rim (z = " + std::to_string(rim) +
                                " m) is still below the heap's top: measure later "
                                "(measure_at, or a longer run)");
  json profile = {{"radius", json::array()}, {"height", json::array()}, {"cells", json::array()}, {"unit", "m"}};
  for (const ProfileBin& b : m.profile) {
    profile["radius"].push_back(b.radius);
    profile["height"].push_back(b.height);
    profile["cells"].push_back(b.cells);
  }
  json points = {{"radius", json::array()},
                 {"height", json::array()},
                 {"sector", json::array()},
                 {"in_fit", json::array()},
                 {"unit", "m"}};
  for (const ProfilePoint& p : m.points) {
    points["radius"].push_back(p.radius);
    points["height"].push_back(p.height);
    points["sector"].push_back(p.sector);
    points["in_fit"].push_back(p.inFit);
  }
  return {{"frame", {{"time", frame.time}, {"unit", "s"}, {"rule", "the frame nearest measure_at"}}},
          {"method", m.method},
          {"fit",
           {{"slope", m.fit.slope},
            {"intercept", m.fit.intercept},
            {"from", m.fitFrom},
            {"to", m.fitTo},
            {"points", m.fit.points},
            {"unit", "m"}}},
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

}  // namespace

const Study& reposeStudy() {
  static const Study study = {
      "repose", buildRepose, nullptr, reposeJson, {"angle", "r_squared", "height", "base_radius", "sector_angle_std"}};
  return study;
}

}  // namespace regolith::scene
