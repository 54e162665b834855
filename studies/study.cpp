// What every study shares: the body it drives (a family of the scene's own, the study's
// phases appended last) and the values it derives; metrics JSON from a run's series and
// frames (studies/study.h).
#include "studies/study.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/mesh_generators.h"
#include "postprocess/bed_surface.h"

namespace regolith::scene {
namespace {

// The body named at `pointer`: its index in /bodies and in Scene::bodies, or a problem.
struct NamedBody {
  std::size_t json = 0;  // index into /bodies
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

}  // namespace

std::optional<DrivenBody> drivenBodyOf(BuildContext& c, const char* bodyKey, const char* startKey,
                                       const char* shapeKind, const char* requiredKind) {
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
              std::string("a \"radius\" (the body is not a generated \"") + shapeKind + "\" shape to take it from)");
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

Json quantity(double value, const char* unit) {
  return {{"value", std::isfinite(value) ? Json(value) : Json(nullptr)}, {"unit", unit}};
}

Json windowJson(const postprocess::TimeWindow& w) {
  return {{"begin", w.begin}, {"end", w.end}, {"unit", "s"}, {"rule", w.rule}};
}

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

Json surfaceOf(const RunFileReader& run, const Json& study, double time) {
  if (study.contains("surface_height"))
    return {{"height", study["surface_height"].get<double>()}, {"unit", "m"}, {"rule", "the study's surface_height"}};
  if (run.frameCount() == 0) throw std::invalid_argument("the run file has no frames");
  const FrameData frame = run.frame(frameAt(run, time));
  const double surface = postprocess::bedSurfaceHeight(frame);
  if (!std::isfinite(surface))
    throw std::invalid_argument("no grains to find the surface from: give the study a surface_height");
  return {{"height", surface},
          {"unit", "m"},
          {"rule", "mean highest grain top per cell at t = " + std::to_string(frame.time) + " s"}};
}

}  // namespace regolith::scene
