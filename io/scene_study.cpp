// The scene's "study": what the run is an experiment of, resolved for the metrics
// (postprocess/) and, where the study defines the motion, the motion itself.
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

#include "core/motion_rule.h"
#include "models/regression/slip.h"
#include "io/scene_build.h"

namespace regolith::scene {
namespace {

// The body named at `pointer`: its index in /bodies and in Scene::bodies, or a problem.
struct NamedBody {
  std::size_t json = 0;        // index into /bodies
  const SceneBody* built = nullptr;
};

std::optional<NamedBody> bodyOf(BuildContext& c, const std::string& pointer) {
  const std::string name = c.at(pointer).get<std::string>();
  const Json bodies = c.doc.value("bodies", Json::array());
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i]["name"] != name) continue;
    for (const SceneBody& b : c.scene.bodies)
      if (b.name == name) return NamedBody{i, &b};
    return std::nullopt;  // the body itself failed to build and said why
  }
  std::string known;
  for (const Json& b : bodies) known += (known.empty() ? "" : ", ") + b["name"].dump();
  c.problem(pointer, "undefined body " + Json(name).dump(),
            known.empty() ? "a body defined in /bodies (none is)"
                          : "one of the bodies defined in /bodies: " + known);
  return std::nullopt;
}

void buildSingleWheel(BuildContext& c) {
  const Json& study = c.at("/study");
  const std::optional<NamedBody> wheel = bodyOf(c, "/study/wheel");
  const std::optional<double> driveStart = c.time("/study/drive_start");
  if (!wheel || !driveStart) return;
  const Json& body = c.at(pointerJoin("/bodies", wheel->json));
  if (wheel->built->owner < 0) {
    c.problem("/study/wheel", "the static body " + body["name"].dump(),
              "a body with a \"family\" (the study drives the wheel through its family)");
    return;
  }
  double radius = 0;
  if (study.contains("radius")) {
    radius = study["radius"].get<double>();
  } else if (body["shape"]["kind"] == "wheel") {
    radius = body["shape"]["radius"].get<double>();
  } else {
    c.problem("/study", describeValue(study),
              "a \"radius\" (the wheel's body is not a generated \"wheel\" shape to take it from)");
    return;
  }
  if (!(*driveStart < c.scene.endTime)) {
    c.problem("/study/drive_start", numberText(*driveStart) + " s",
              "a start before the end of the run (" + numberText(c.scene.endTime) + " s)");
    return;
  }

  const std::string familyName = body["family"].get<std::string>();
  const Index family = c.familyByName.at(familyName);
  if (family == 0) {
    c.problem(pointerJoin(pointerJoin("/bodies", wheel->json), "family"), "\"free\"",
              "a family of the scene's own (the study adds the drive phase to it)");
    return;
  }
  FamilyMotion& motion = c.scene.model.families[static_cast<std::size_t>(family)];
  if (!motion.phases.empty() && !(motion.phases.back().start < *driveStart)) {
    c.problem("/study/drive_start", numberText(*driveStart) + " s",
              "a start after every phase of family " + Json(familyName).dump() + " (its last starts at " +
                  numberText(motion.phases.back().start) + " s; the study appends the drive phase)");
    return;
  }

  const double slip = study["slip"].get<double>();
  const double spin = study["angular_velocity"].get<double>();
  const double speed = regression::slipAdjustedVelocity(slip, spin * radius);
  MotionPhase drive;
  drive.start = *driveStart;
  drive.dof = {DofRule::constant(speed), DofRule::fixed(), DofRule::free(),
               DofRule::fixed(),         DofRule::constant(spin), DofRule::fixed()};
  drive.rotationFrame = RotationFrame::World;
  motion.phases.push_back(drive);

  const StateArrays& state = c.world.state();
  const Vec3 g = c.scene.model.gravity;
  Json resolved = {{"kind", "single_wheel"},
                   {"wheel", body["name"]},
                   {"slip", slip},
                   {"angular_velocity", spin},
                   {"radius", radius},
                   {"forward_speed", speed},
                   {"drive_start", *driveStart},
                   {"drive_end", c.scene.endTime},
                   {"steady_after", study.value("steady_after", 0.4)},
                   {"mass", double(state.ownerMass[static_cast<std::size_t>(wheel->built->owner)])},
                   {"gravity", {double(g.x), double(g.y), double(g.z)}}};
  c.scene.studyJson = resolved.dump();
}

}  // namespace

void buildStudy(BuildContext& c) {
  if (!c.has("/study")) return;
  const std::string kind = c.at("/study/kind").get<std::string>();
  if (kind == "single_wheel") buildSingleWheel(c);
}

}  // namespace regolith::scene
