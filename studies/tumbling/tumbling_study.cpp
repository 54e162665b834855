// The tumbling study: what it builds into a scene (gravity turned by the slope, the
// ring's release phase), its metrics (tumbling_metrics.h) and the metrics
// its summary shows first.
//
// tumbling: the ring on a slope. The bed lies flat in the scene's frame; the study turns
// gravity by slope_deg about -y, so that downhill is +x: g = |g| (sin a, 0, -cos a). From
// `release` on the ring translates freely and spins about y at the prescribed rate, or
// freely with "spin": "free".
#include <cmath>
#include <string>

#include <algorithm>

#include "studies/tumbling/tumbling_metrics.h"
#include "studies/study.h"

namespace regolith::scene {
namespace {

using nlohmann::json;
using namespace regolith::postprocess;

void buildTumbling(BuildContext& c) {
  const Json& study = c.at("/study");
  Vec3& g = c.scene.model.gravity;
  if (g.x != 0 || g.y != 0 || !(g.z < 0)) {
    c.problem("/gravity", describeValue(c.doc.value("gravity", Json("earth"))),
              "a gravity along -z (\"earth\", \"moon\", [0, 0, -9.8]): the tumbling study tilts it by slope_deg");
    return;
  }
  const std::optional<DrivenBody> ring = drivenBodyOf(c, "ring", "release", "ring");
  if (!ring) return;
  const double slope = degreesAt(c, "/study/slope_deg");
  const double magnitude = -double(g.z);
  g = Vec3(Real(magnitude * std::sin(slope)), Real(0), Real(-magnitude * std::cos(slope)));
  // "prescribed" (the study's): the spin is held at angular_velocity, so the ring's speed
  // is set by how the ground grips its rim. "free": the ring tumbles under gravity alone,
  // so its speed is set by the energy the ground takes from it.
  const bool freeSpin = study.value("spin", std::string("prescribed")) == "free";
  if (!freeSpin && !study.contains("angular_velocity")) {
    c.problem("/study", describeValue(study), "angular_velocity (rad/s) for a prescribed spin, or \"spin\": \"free\"");
    return;
  }
  MotionPhase roll;
  roll.start = ring->start;
  roll.dof = {DofRule::free(),
              DofRule::free(),
              DofRule::free(),
              DofRule::fixed(),
              freeSpin ? DofRule::free() : DofRule::constant(study["angular_velocity"].get<double>()),
              DofRule::fixed()};
  ring->motion->phases.push_back(roll);

  Json resolved = {{"kind", "tumbling"},
                   {"ring", (*ring->body)["name"]},
                   {"slope_deg", study["slope_deg"]},
                   {"spin", freeSpin ? "free" : "prescribed"},
                   {"radius", ring->radius},
                   {"release", ring->start},
                   {"end", c.scene.endTime},
                   {"mass", ownerMass(c, ring->owner)},
                   {"gravity", gravityJson(g)}};
  if (!freeSpin) resolved["angular_velocity"] = study["angular_velocity"];
  if (study.contains("surface_height")) resolved["surface_height"] = study["surface_height"];
  c.scene.studyJson = resolved.dump();
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

}  // namespace

const Study& tumblingStudy() {
  static const Study study = {
      "tumbling",
      buildTumbling,
      nullptr,
      tumblingJson,
      {"travel", "mean_speed", "mean_sinkage", "airborne_fraction", "energy_dissipated", "displaced_mass"}};
  return study;
}

}  // namespace regolith::scene
