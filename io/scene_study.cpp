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

#include "core/mesh_generators.h"
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
  const std::optional<Index> json = c.body(pointer);
  if (!json) return std::nullopt;
  const std::string& name = c.at(pointer).get_ref<const std::string&>();
  for (const SceneBody& b : c.scene.bodies)
    if (b.name == name) return NamedBody{static_cast<std::size_t>(*json), &b};
  return std::nullopt;  // the body itself failed to build and said why
}

// The body a study moves: named at /study/<bodyKey>, with a family of the scene's own whose
// phases all start before /study/<startKey>, and its radius (/study/radius, or the shape's
// own when it is a generated `shapeKind`; no radius when shapeKind is null). With a
// `requiredKind` the body's shape must be of that kind. The study's phases go last in that
// family.
struct DrivenBody {
  const Json* body = nullptr;
  std::size_t jsonIndex = 0;  // in /bodies
  Index owner = -1;
  FamilyMotion* motion = nullptr;
  double radius = 0, start = 0;
};

std::optional<DrivenBody> drivenBodyOf(BuildContext& c, const char* bodyKey, const char* startKey,
                                       const char* shapeKind, const char* requiredKind = nullptr) {
  const std::string bodyPointer = std::string("/study/") + bodyKey;
  const std::string startPointer = std::string("/study/") + startKey;
  const Json& study = c.at("/study");
  const std::optional<NamedBody> named = bodyOf(c, bodyPointer);
  const std::optional<double> start = c.time(startPointer);
  if (!named || !start) return std::nullopt;
  const std::string base = pointerJoin("/bodies", named->json);
  const Json& body = c.at(base);
  if (requiredKind && body["shape"]["kind"] != requiredKind) {
    c.problem(bodyPointer, body["name"].dump() + ", a " + body["shape"]["kind"].dump() + " shape",
              "a body whose shape is a \"" + std::string(requiredKind) + "\" (the study's " + bodyKey + ")");
    return std::nullopt;
  }
  if (named->built->owner < 0) {
    c.problem(bodyPointer, "the static body " + body["name"].dump(),
              "a body with a \"family\" (the study moves it through its family)");
    return std::nullopt;
  }
  DrivenBody d{&body, named->json, named->built->owner, nullptr, 0, *start};
  if (!shapeKind) {
    // the study needs no radius
  } else if (study.contains("radius")) {
    d.radius = study["radius"].get<double>();
  } else if (body["shape"]["kind"] == shapeKind) {
    // A ring may leave its radius to the generator's default (a wheel must give one).
    d.radius = body["shape"].value("radius", RingSpec().radius);
  } else {
    c.problem("/study", describeValue(study),
              std::string("a \"radius\" (the body is not a generated \"") + shapeKind +
                  "\" shape to take it from)");
    return std::nullopt;
  }
  if (!(d.start < c.scene.endTime)) {
    c.problem(startPointer, numberText(d.start) + " s",
              "a start before the end of the run (" + numberText(c.scene.endTime) + " s)");
    return std::nullopt;
  }
  const std::string familyName = body["family"].get<std::string>();
  const Index family = c.familyByName.at(familyName);
  if (family == 0) {
    c.problem(base + "/family", "\"free\"", "a family of the scene's own (the study adds its phase to it)");
    return std::nullopt;
  }
  d.motion = &c.scene.model.families[static_cast<std::size_t>(family)];
  if (!d.motion->phases.empty() && !(d.motion->phases.back().start < d.start)) {
    c.problem(startPointer, numberText(d.start) + " s",
              "a start after every phase of family " + Json(familyName).dump() + " (its last starts at " +
                  numberText(d.motion->phases.back().start) + " s; the study appends its own phase)");
    return std::nullopt;
  }
  return d;
}

double degreesAt(const BuildContext& c, const char* pointer) { return c.at(pointer).get<double>() * M_PI / 180; }

Json gravityJson(const Vec3& g) { return {double(g.x), double(g.y), double(g.z)}; }

double ownerMass(BuildContext& c, Index owner) {
  return double(c.world.state().ownerMass[static_cast<std::size_t>(owner)]);
}

void buildSingleWheel(BuildContext& c) {
  const Json& study = c.at("/study");
  const std::optional<DrivenBody> wheel = drivenBodyOf(c, "wheel", "drive_start", "wheel");
  if (!wheel) return;
  const double slip = study["slip"].get<double>();
  const double spin = study["angular_velocity"].get<double>();
  const double speed = regression::slipAdjustedVelocity(slip, spin * wheel->radius);
  MotionPhase drive;
  drive.start = wheel->start;
  drive.dof = {DofRule::constant(speed), DofRule::fixed(), DofRule::free(),
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

// tumbling: the ring on a slope. The bed lies flat in the scene's frame; the study turns
// gravity by slope_deg about -y, so that downhill is +x: g = |g| (sin a, 0, -cos a). From
// `release` on the ring translates freely and spins about y at the prescribed rate, or
// freely with "spin": "free".
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
    c.problem("/study", describeValue(study),
              "angular_velocity (rad/s) for a prescribed spin, or \"spin\": \"free\"");
    return;
  }
  MotionPhase roll;
  roll.start = ring->start;
  roll.dof = {DofRule::free(),  DofRule::free(),  DofRule::free(),
              DofRule::fixed(), freeSpin ? DofRule::free() : DofRule::constant(study["angular_velocity"].get<double>()),
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

// plate_intrusion: a plate (a generated "plate" shape: length along x, width along y,
// thickness along z before the turn) turned by beta about -y, so that its long axis rises
// towards +x for beta > 0 and its lower face's normal is (sin b, 0, -cos b); driven from
// `start` on, first straight down by `entry` (to bury it before an upward or sideways
// stroke), then along (cos g, 0, -sin g) by `travel` at `speed` (gamma = 90 deg is
// straight down), then held. These are the angles of Li, Zhang & Goldman 2013 (Science
// 339:1408, Fig. 2) as models/rft derives them from a plate's normal and velocity, so
// that an intrusion sweep calibrates that model directly.
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
  Json resolved = {{"kind", "plate_intrusion"},
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
                   {"direction", gravityJson(Vec3(Real(along(std::cos(gamma)) / speed), Real(0),
                                                  Real(-along(std::sin(gamma)) / speed)))},
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

// repose: the angle of repose by cylinder withdrawal. A vertical open cylinder (finite,
// particles inside, no end caps) holds the grains on the floor; from `lift_start` on the
// study lifts it along +z at `lift_speed` (its other DOFs fixed), and the grains run out
// under its lower rim into a heap. The heap's axis is the cylinder's; the metrics measure
// its surface at `measure_at` (default: the end of the run).
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

}  // namespace

Quat studyTurnOf(const BuildContext& c, const std::string& shapePointer) {
  if (!c.has("/study/kind") || c.at("/study/kind") != "plate_intrusion") return Quat();
  const std::string bodyPointer = shapePointer.substr(0, shapePointer.rfind('/'));
  if (!c.has(bodyPointer + "/name") || c.at(bodyPointer + "/name") != c.at("/study/plate")) return Quat();
  return quatFromRotationVector(Vec3d(0, -degreesAt(c, "/study/beta_deg"), 0));
}

void buildStudy(BuildContext& c) {
  if (!c.has("/study")) return;
  const std::string kind = c.at("/study/kind").get<std::string>();
  if (kind == "single_wheel") buildSingleWheel(c);
  if (kind == "tumbling") buildTumbling(c);
  if (kind == "plate_intrusion") buildPlateIntrusion(c);
  if (kind == "repose") buildRepose(c);
}

}  // namespace regolith::scene
