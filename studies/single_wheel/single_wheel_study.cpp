// The single-wheel study: what it builds into a scene (the drive phase of the wheel's
// family), its metrics (single_wheel_metrics.h) and the metrics its summary
// shows first.
//
// single_wheel: the slip rig. From `drive_start` on, the wheel spins at the prescribed
// angular velocity w about +y and travels along +x at the slip-adjusted speed (1 - s) w R
// when driving, w R / (1 + s) when braking (s < 0; models/regression/slip.h, the definition
// of Kern et al., arXiv 2601.04547), its height free (the
// wheel's weight is the load), its other DOFs fixed. The stage appends that phase to the
// wheel's family, so slip is written once, in the study, and cannot disagree with the
// motion the run used.
#include <cmath>
#include <string>

#include "models/regression/slip.h"
#include "studies/single_wheel/single_wheel_metrics.h"
#include "studies/study.h"

namespace regolith::scene {
namespace {

using nlohmann::json;
using namespace regolith::postprocess;

void buildSingleWheel(BuildContext& c) {
  const Json& study = c.at("/study");
  const std::optional<DrivenBody> wheel = drivenBodyOf(c, "wheel", "drive_start", "wheel");
  if (!wheel) return;
  const double slip = study["slip"].get<double>();
  const double spin = study["angular_velocity"].get<double>();
  const double speed = regression::slipAdjustedVelocity(slip, spin * wheel->radius);
  MotionPhase drive;
  drive.start = wheel->start;
  drive.dof = {DofRule::constant(speed), DofRule::fixed(),        DofRule::free(),
               DofRule::fixed(),         DofRule::constant(spin), DofRule::fixed()};
  wheel->motion->phases.push_back(drive);

  Json resolved = {{"kind", "single_wheel"},
                   {"wheel", (*wheel->body)["name"]},
                   {"slip", slip},
                   {"angular_velocity", spin},
                   {"radius", wheel->radius},
                   {"forward_speed", speed},
                   {"drive_start", wheel->start},
                   {"drive_end", c.scene.endTime},
                   {"steady_after", study.value("steady_after", 0.4)},
                   {"mass", ownerMass(c, wheel->owner)},
                   {"gravity", gravityJson(c.scene.model.gravity)}};
  // The width (a generated wheel's) is what a Bekker-Wong fit needs besides the radius.
  if ((*wheel->body)["shape"]["kind"] == "wheel") resolved["width"] = (*wheel->body)["shape"]["width"];
  c.scene.studyJson = resolved.dump();
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

}  // namespace

const Study& singleWheelStudy() {
  static const Study study = {
      "single_wheel",
      buildSingleWheel,
      nullptr,
      singleWheelJson,
      {"slip", "sinkage", "drawbar_pull_coefficient", "torque_coefficient", "tractive_efficiency"}};
  return study;
}

}  // namespace regolith::scene
