// Particle sources: lattices and random rain (non-overlapping, from the scene's seed), read
// from the scene and placed through the generators of clumps/lattice.h and clumps/rain.h;
// bed sources (a frame of an earlier run) are scenes/bed_source.cpp.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "scenes/build.h"
#include "clumps/lattice.h"
#include "clumps/placement.h"
#include "clumps/rain.h"

namespace regolith::scene {
namespace {

struct Common {
  Index family = 0;
  Vec3d velocity;         // [m/s]
  Vec3d angularVelocity;  // world frame [rad/s]
};

std::optional<Common> commonOf(BuildContext& c, const std::string& base) {
  Common out;
  if (c.has(base + "/velocity")) out.velocity = c.vec(base + "/velocity");
  if (c.has(base + "/angular_velocity")) out.angularVelocity = c.vec(base + "/angular_velocity");
  if (!c.has(base + "/family")) return out;
  const std::optional<Index> f = c.family(base + "/family");
  if (!f) return std::nullopt;
  out.family = *f;
  return out;
}

void place(BuildContext& c, PlacementGrid& grid, Index t, const Vec3d& p, const Quat& q, const Common& common) {
  placeClump(c, grid, t, p, q, common.velocity, common.angularVelocity, common.family);
}

// A template usable by a source: defined and built (a failed one has reported already).
std::optional<Index> usableTemplate(BuildContext& c, const std::string& pointer) {
  const std::optional<Index> t = c.templ(pointer);
  if (!t || c.scene.templates[*t].offsets.empty()) return std::nullopt;
  return t;
}

void lattice(BuildContext& c, const std::string& base, PlacementGrid& grid) {
  const std::optional<Index> t = usableTemplate(c, base + "/template");
  const std::optional<Common> common = commonOf(c, base);
  if (!t || !common) return;
  const Json& j = c.at(base);
  const double r = c.templateBoundingRadius[*t];
  const double spacing = j["spacing"].get<double>(), jitter = j.value("jitter", 0.0);
  const LatticeShape shape{j.value("packing", std::string("cubic")) == "hcp", spacing};
  const bool randomTurn = j.value("orientation", std::string("aligned")) == "random";
  if (!checkRegion(c, base, 0)) return;
  const Vec3d lo = c.vec(base + "/lo"), hi = c.vec(base + "/hi");
  if (spacing < 2 * (r + jitter)) {
    c.problem(base + "/spacing", numberText(spacing) + " m",
              "at least " + numberText(2 * (r + jitter)) +
                  " m (the particle's diameter plus twice the jitter): lattice particles may not overlap");
    return;
  }
  // Along a periodic axis of the domain that the region spans to within two spacings (a
  // region from lo + r to hi - r, say), the lattice fills the period evenly (clumps/lattice.h).
  LatticeWrap wrap;
  if (const std::optional<Domain>& d = c.scene.domain)
    for (int a = 0; a < 2; ++a) {
      const double period = component(d->hi, a) - component(d->lo, a);
      const double step = a == 0 ? shape.a : shape.dy();
      if (d->periodic[std::size_t(a)] && component(hi, a) - component(lo, a) >= period - 2 * step) {
        wrap.period[a] = period;
        wrap.from[a] = component(d->lo, a);
      }
    }
  constexpr double kMaxParticles = 1e8;
  const double sites = latticeSiteCount(shape, lo, hi, wrap);
  if (sites > kMaxParticles) {
    c.problem(base + "/spacing", numberText(spacing) + " m (" + numberText(sites) + " particles)",
              "a spacing that gives at most 1e8 particles");
    return;
  }
  // Checked against earlier sources only, before any site is added: the sites keep clear
  // of each other by the spacing check, and neighbours exactly one diameter apart (HCP of
  // touching spheres) must not be refused for a rounding of their distance.
  const std::vector<std::pair<Vec3d, Quat>> placed = latticeSites(shape, lo, hi, jitter, randomTurn, c.rng, wrap);
  for (const auto& [p, q] : placed)
    if (!grid.fits(p, r, 0)) {
      c.problem(base, "a particle at " + vectorText(p) + " overlapping one placed before",
                "a lattice clear of the particles of earlier sources");
      return;
    }
  for (const auto& [p, q] : placed) place(c, grid, *t, p, q, *common);
}

// What a rain source draws from: templates by number weight, and with a size
// distribution, per template one scaled copy per size class.
struct RainDraw {
  std::vector<Index> templates;
  std::vector<double> cumulative;  // weights summed
  std::optional<SizeMix> sizes;
  double largestRadius = 0;  // bounding radius of the largest particle it places
};

// Reads the templates and the size distribution of a rain source. Scaled templates are
// registered here, before any source is built, so the placement grid can be sized for
// the largest of them.
std::optional<RainDraw> prepareRain(BuildContext& c, const std::string& base) {
  const Json& j = c.at(base);
  if (j.contains("template") == j.contains("templates")) {
    c.problem(base,
              j.contains("template") ? "both \"template\" and \"templates\"" : "neither \"template\" nor \"templates\"",
              "exactly one of them");
    return std::nullopt;
  }
  RainDraw d;
  bool ok = true;
  if (j.contains("template")) {
    const std::optional<Index> t = usableTemplate(c, base + "/template");
    if (t) {
      d.templates.push_back(*t);
      d.cumulative.push_back(1);
    } else ok = false;
  } else {
    for (std::size_t k = 0; k < j["templates"].size(); ++k) {
      const std::string wp = pointerJoin(base + "/templates", k);
      const std::optional<Index> t = usableTemplate(c, wp + "/template");
      if (!t) {
        ok = false;
        continue;
      }
      d.templates.push_back(*t);
      d.cumulative.push_back((d.cumulative.empty() ? 0 : d.cumulative.back()) + j["templates"][k].value("weight", 1.0));
    }
  }
  if (!ok) return std::nullopt;
  if (j.contains("size_distribution")) {
    d.sizes = sizeMixOf(c, base + "/size_distribution", d.templates);
    if (!d.sizes) return std::nullopt;
    for (const std::vector<Index>& scaled : d.sizes->scaled)
      for (Index t : scaled) d.largestRadius = std::max(d.largestRadius, c.templateBoundingRadius[t]);
  } else {
    for (Index t : d.templates) d.largestRadius = std::max(d.largestRadius, c.templateBoundingRadius[t]);
  }
  return d;
}

// Random sequential addition (clumps/rain.h) of `count` particles of the source in
// [lo, hi]. False (and a problem) when one finds no room.
bool rainInto(BuildContext& c, const std::string& base, PlacementGrid& grid, const RainDraw& d, const Vec3d& lo,
              const Vec3d& hi, std::uint64_t count, const Common& common) {
  const double gap = c.at(base).value("min_gap", 0.0);
  const std::uint64_t placed = rainSequential(
      c.rng, grid, lo, hi, count, gap,
      [&] {
        const std::size_t pick = drawWeighted(c.rng, d.cumulative);
        return d.sizes ? d.sizes->scaled[pick][drawWeighted(c.rng, d.sizes->cumulativeNumber)] : d.templates[pick];
      },
      [&](Index t) { return c.templateBoundingRadius[t]; },
      [&](Index t, const Vec3d& p, const Quat& q) { place(c, grid, t, p, q, common); });
  if (placed < count) {
    c.problem(base + "/count", c.at(base)["count"].dump(),
              "a count that fits the region: particle " + std::to_string(placed + 1) + " found no room in " +
                  std::to_string(kRainTriesPerParticle) + " random tries (enlarge the region, lower the " +
                  "count, or release it in smaller batches)");
    return false;
  }
  return true;
}

// A rain released in batches, at a rate or layer by layer. Batch k (of `batch`
// particles) is placed k region heights above the region and held there by a family of
// its own that carries it down at the conveyor speed v = height / interval, all degrees
// but that one fixed; at t = k interval it has reached the region and a family switch
// hands it to the source's family: it is released there, falling at v. Held batches
// never touch (each keeps to its own slab and they move together), so batches enter the
// container one interval apart, each from the same height.
void releaseRain(BuildContext& c, const std::string& base, PlacementGrid& grid, const RainDraw& d, const Vec3d& lo,
                 const Vec3d& hi, std::uint64_t count, const Common& common) {
  const std::string rp = base + "/release";
  const Json& r = c.at(rp);
  if (r.contains("rate") == r.contains("layers")) {
    c.problem(rp, r.contains("rate") ? "both \"rate\" and \"layers\"" : "neither \"rate\" nor \"layers\"",
              "exactly one: {\"rate\": particles/s, \"batch\": n} or {\"layers\": n, \"interval\": s}");
    return;
  }
  if (r.contains("layers") != r.contains("interval") || (r.contains("rate") && r.contains("interval"))) {
    c.problem(rp, r.dump(), "\"interval\" with \"layers\" (and only with it)");
    return;
  }
  for (const char* key : {"velocity", "angular_velocity"}) {
    if (!c.has(base + "/" + key)) continue;
    c.problem(
        base + "/" + key, c.at(base + "/" + key).dump(),
        std::string("no ") + key + " with \"release\": batches are held and leave the region at the conveyor speed");
    return;
  }
  std::uint64_t batch = 0;
  double interval = 0;
  if (r.contains("rate")) {
    batch = r.value("batch", std::uint64_t(100));
    interval = double(batch) / r["rate"].get<double>();
  } else {
    const std::uint64_t layers = r["layers"].get<std::uint64_t>();
    batch = (count + layers - 1) / layers;
    interval = r["interval"].get<double>();
  }
  const std::uint64_t batches = (count + batch - 1) / batch;
  const double lastRelease = double(batches - 1) * interval;
  if (lastRelease >= c.scene.endTime) {
    c.problem(rp,
              "the last of " + std::to_string(batches) + " batches released at t = " + numberText(lastRelease) + " s",
              "a release that ends before the end time (" + numberText(c.scene.endTime) + " s)");
    return;
  }
  const double height = hi.z - lo.z, speed = height / interval;
  Scene& s = c.scene;
  for (std::uint64_t k = 0; k < batches; ++k) {
    Common held = common;
    held.velocity = Vec3d(0, 0, -speed);
    if (k > 0) {
      const std::string name = rp + "/batch/" + std::to_string(k);
      const Index id = Index(s.familyNames.size());
      if (!c.familyByName.emplace(name, id).second) {
        c.problem(rp, "a family named " + Json(name).dump() + " in the scene", "that name free for the batch");
        return;
      }
      s.familyNames.push_back(name);
      MotionPhase carried;
      carried.dof = {DofRule::fixed(), DofRule::fixed(), DofRule::constant(-speed),
                     DofRule::fixed(), DofRule::fixed(), DofRule::fixed()};
      s.model.families.push_back(FamilyMotion{{carried}});
      s.model.familySwitches.push_back({double(k) * interval, id, common.family});
      held.family = id;
    }
    const Vec3d up(0, 0, double(k) * height);
    const std::uint64_t n = std::min(batch, count - k * batch);
    if (!rainInto(c, base, grid, d, lo + up, hi + up, n, held)) return;
  }
}

void rain(BuildContext& c, const std::string& base, PlacementGrid& grid, const RainDraw& d) {
  const Json& j = c.at(base);
  const std::optional<Common> common = commonOf(c, base);
  if (!common) return;
  // The bounding sphere of every particle stays inside the region.
  if (!checkRegion(c, base, 2 * d.largestRadius)) return;
  const Vec3d lo = c.vec(base + "/lo"), hi = c.vec(base + "/hi");
  const std::uint64_t count = j["count"].get<std::uint64_t>();
  if (j.contains("release")) releaseRain(c, base, grid, d, lo, hi, count, *common);
  else rainInto(c, base, grid, d, lo, hi, count, *common);
}

}  // namespace

void placeClump(BuildContext& c, PlacementGrid& grid, Index t, const Vec3d& p, const Quat& q, const Vec3d& velocity,
                const Vec3d& angularVelocity, Index family) {
  c.world.addClump(c.scene.templates[t], p, q, velocity, angularVelocity, family);
  c.scene.ownerTemplate.push_back(t);
  grid.add(p, c.templateBoundingRadius[t]);
}

void buildSources(BuildContext& c) {
  if (!c.has("/sources")) return;
  const Json& list = c.at("/sources");
  double gap = 0;
  std::map<std::size_t, std::optional<RainDraw>> rains;
  for (std::size_t i = 0; i < list.size(); ++i) {
    gap = std::max(gap, list[i].value("min_gap", 0.0));
    if (list[i]["kind"] == "rain") {
      // Registers the scaled copies, which raises largestBoundingRadius (templateAtScale).
      rains.emplace(i, prepareRain(c, pointerJoin("/sources", i)));
    }
  }
  // Cells as wide as the largest reach of two bounding spheres and the gap between them.
  PlacementGrid grid(std::max(2 * c.largestBoundingRadius + gap, 1e-9));
  if (c.scene.domain) grid.setPeriodic(c.scene.domain->box());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string base = pointerJoin("/sources", i);
    const std::string kind = list[i]["kind"].get<std::string>();
    if (kind == "lattice") lattice(c, base, grid);
    else if (kind == "rain") {
      if (rains.at(i)) rain(c, base, grid, *rains.at(i));
    } else appendBedSource(c, base, grid);
  }
}

}  // namespace regolith::scene
