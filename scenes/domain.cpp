// The scene's "domain": the box of the run and its periodic axes (docs/periodic.md). Read
// before the sources (a rain fills a periodic box evenly, scenes/sources.cpp) and checked
// after them and the bodies (the grains set the shortest period; a periodic box
// constrains the bodies' boundaries).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "core/moving_bed.h"
#include "core/number_text.h"
#include "core/periodic_model.h"
#include "scenes/build.h"

namespace regolith::scene {
namespace {

// The scene body whose boundaries include boundary b, or -1 (a body's pointer for the
// problem a periodic box finds with one of its boundaries).
long bodyOfBoundary(const Scene& s, std::size_t b) {
  for (std::size_t k = 0; k < s.bodies.size(); ++k)
    for (std::size_t i : s.bodies[k].boundaries)
      if (i == b) return long(k);
  return -1;
}

// What a period must hold (the engine checks the first again at every list build, with
// the margin of the moment): three contact-search cells of 2 r_max + margin (with fewer, a
// grain would meet a neighbour's images twice), and twice the span of two touching clumps
// (their centres must be nearer than half a period for the minimum image to be theirs).
// "" when it holds; the grains and margin as the scene gives them (the sync and verlet
// modes' margin; the async mode sizes its own, checked as the run goes).
std::string periodTooShort(const Scene& s, const StateArrays& st, double period) {
  if (st.sphereRadius.empty()) return "";
  double rMax = 0, rMin = 1e300, clump = 0;
  for (std::size_t i = 0; i < st.sphereCount(); ++i) {
    const double r = double(st.sphereRadius[i]);
    rMax = std::max(rMax, r);
    rMin = std::min(rMin, r);
    clump = std::max(clump, std::sqrt(double(norm2(st.sphereOffset[i]))) + r);
  }
  const double margin = contactMargin(s.model, rMin);
  const double cells = 3 * (2 * rMax + margin), clumps = 4 * clump;
  if (period >= cells && period > clumps) return "";
  return "at least " + numberText(std::max(cells, clumps * (1 + 1e-9))) +
         " m: three contact-search cells of 2 r_max + margin = " + numberText(2 * rMax + margin) +
         " m, and more than twice the span of two touching clumps, 4 x " + numberText(clump) + " m";
}

// The following bed's checks against the periodic box, the gravity and the body's reach
// (owner f.body of `state`): nullopt when it holds, else the problem at its key.
std::optional<SceneProblem> followProblem(const Scene& s, const StateArrays& state, const BedFollow& f,
                                          const std::string& bodyName) {
  const std::string direction = std::string(f.direction < 0 ? "-" : "+") + kAxisNames[f.axis];
  const double reach = followedBodyReach(s.model.boundaries, state, f.body);
  std::string key;
  const std::string problem = bedFollowProblem(f, s.model.periodic, s.model.gravity, reach, &key);
  if (problem.empty()) return std::nullopt;
  return SceneProblem{"/domain/follow/" + key, "a bed following \"" + bodyName + "\" along " + direction, problem};
}

// "/domain/follow": the bed that follows a body (docs/moving-bed.md), checked against the
// periodic box, the gravity and the body's reach. A body the scene lacks but a coupling
// will add (parseScene's `coupledBodies`) is left to finishCoupledFollow.
void buildFollow(BuildContext& c) {
  const std::string base = "/domain/follow";
  BedFollow f;
  const std::string direction = c.at(base + "/direction").get<std::string>();
  f.direction = direction[0] == '-' ? -1 : 1;
  f.axis = direction.back() - 'x';
  f.strip = c.at(base + "/strip").get<double>();
  f.behind = c.at(base + "/behind").get<double>();
  if (c.has(base + "/start")) {
    const std::optional<double> start = c.time(base + "/start");
    if (!start) return;
    f.start = *start;
  }
  const std::string name = c.at(base + "/body").get<std::string>();
  if (c.bodyByName.count(name) == 0 &&
      std::find(c.coupledBodies.begin(), c.coupledBodies.end(), name) != c.coupledBodies.end()) {
    c.scene.coupledFollow = Scene::CoupledFollow{name, f};
    return;
  }
  const std::optional<Index> body = c.body(base + "/body");
  if (!body) return;
  // The checks below need the bodies and grains built: after an earlier problem (a body
  // whose shape was refused, say) they may not be.
  if (!c.problems.empty() || std::size_t(*body) >= c.scene.bodies.size()) return;
  const SceneBody& b = c.scene.bodies[std::size_t(*body)];
  if (b.owner >= Index(c.world.state().ownerCount())) return;
  if (b.owner < 0) {
    c.problem(base + "/body", "the static body \"" + b.name + "\"",
              "a body that moves (one with a family, or a coupled one): a static body goes nowhere to follow");
    return;
  }
  f.body = b.owner;
  if (std::optional<SceneProblem> p = followProblem(c.scene, c.world.state(), f, b.name)) {
    c.problems.push_back(std::move(*p));
    return;
  }
  c.scene.model.follow = f;
}

}  // namespace

void readDomain(BuildContext& c) {
  if (!c.has("/domain")) return;
  const Vec3d lo = c.vec("/domain/lo"), hi = c.vec("/domain/hi");
  bool ok = true;
  for (int a = 0; a < 3; ++a)
    if (!(component(hi, a) > component(lo, a))) {
      c.problem("/domain/hi", std::string(kAxisNames[a]) + " = " + numberText(component(hi, a)) + " m",
                "above lo's " + numberText(component(lo, a)) + " m on every axis");
      ok = false;
    }
  if (!ok) return;
  Domain& d = c.scene.domain.emplace();
  d.lo = lo;
  d.hi = hi;
  if (c.has("/domain/periodic"))
    for (const Json& axis : c.at("/domain/periodic")) {
      const std::string name = axis.get<std::string>();
      for (int a = 0; a < 3; ++a) d.periodic[std::size_t(a)] = d.periodic[std::size_t(a)] || name == kAxisNames[a];
    }
}

void buildDomain(BuildContext& c) {
  if (!c.scene.domain) return;
  const Domain& d = *c.scene.domain;
  bool ok = true;
  for (int a = 0; a < 3; ++a) {
    if (!d.periodic[std::size_t(a)]) continue;
    const double period = component(d.hi, a) - component(d.lo, a);
    if (const std::string need = periodTooShort(c.scene, c.world.state(), period); !need.empty()) {
      c.problem("/domain/hi", std::string("a period of ") + numberText(period) + " m along " + kAxisNames[a],
                need + " (a period shorter than the largest clump or the list margin)");
      ok = false;
    }
  }
  if (!ok) return;
  Model& m = c.scene.model;
  m.periodic = d.box();
  int boundary = -1;
  const std::string problem = periodicModelProblem(m, &boundary);
  if (problem.empty()) {
    if (c.has("/domain/follow")) buildFollow(c);
    return;
  }
  const long body = boundary >= 0 ? bodyOfBoundary(c.scene, std::size_t(boundary)) : -1;
  c.problem(body >= 0 ? "/bodies/" + std::to_string(body) : "/domain/periodic",
            boundary >= 0 ? "boundary " + std::to_string(boundary) + " of a periodic run" : "this domain", problem);
}

}  // namespace regolith::scene

namespace regolith {

std::optional<SceneProblem> finishCoupledFollow(Scene& s, const StateArrays& state, Index owner) {
  if (!s.coupledFollow) return std::nullopt;
  BedFollow f = s.coupledFollow->follow;
  f.body = owner;
  if (std::optional<SceneProblem> p = scene::followProblem(s, state, f, s.coupledFollow->body)) return p;
  s.model.follow = f;
  return std::nullopt;
}

std::string followedBodyName(const Scene& s) {
  for (const SceneBody& b : s.bodies)
    if (s.model.follow && b.owner == s.model.follow->body) return b.name;
  return "its body";
}

}  // namespace regolith
