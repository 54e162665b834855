// Bed sources: the particles of one frame of an earlier run.h5, placed as they were (pose,
// velocity and spin): a bed settled once and reused by later studies, e.g. a friction sweep
// over one settled bed. Bodies of the earlier run are not taken (the scene has its own).
// Optionally cropped to a box, trimmed to a free-surface height, tiled in x and y and
// shifted, in that order (clumps/bed_layout.h), so one prepared bed serves a sweep of
// scenes of other sizes.
//
// Each particle keeps its template by name, and the scene must define that template with
// the same spheres (offsets and radii, bit for bit, and materials of the same names): the
// stored poses describe those shapes and no others. The materials' properties may differ;
// that is the point of reusing a bed.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>

#include "core/same_bits.h"
#include "io/run_file/run_file.h"
#include "clumps/bed_layout.h"
#include "scenes/build.h"
#include "clumps/placement.h"

namespace regolith::scene {
namespace {

// The scene's template for the run's template `runT`, or a problem at `pointer`.
std::optional<Index> matchingTemplate(BuildContext& c, const std::string& pointer, const RunHeader& run, Index runT) {
  const ClumpTemplate& theirs = run.templates[std::size_t(runT)];
  auto it = c.templateByName.find(theirs.name);
  // A size distribution's scaled copy "<template>@<scale>" (scenes/size_distribution.cpp)
  // is made again from its base template, as the earlier scene made it.
  const std::size_t at = theirs.name.rfind('@');
  if (it == c.templateByName.end() && at != std::string::npos) {
    const auto base = c.templateByName.find(theirs.name.substr(0, at));
    char* end = nullptr;
    const double s = std::strtod(theirs.name.c_str() + at + 1, &end);
    if (base != c.templateByName.end() && *end == '\0' && s > 0 &&
        !c.scene.templates[std::size_t(base->second)].offsets.empty()) {
      templateAtScale(c, base->second, s);
      it = c.templateByName.find(theirs.name);
    }
  }
  if (it == c.templateByName.end()) {
    c.problem(pointer, "particles of template \"" + theirs.name + "\"",
              "a template \"" + theirs.name + "\" defined in this scene's \"templates\" " +
                  "(with the spheres the bed was built with)");
    return std::nullopt;
  }
  const ClumpTemplate& ours = c.scene.templates[std::size_t(it->second)];
  bool same = sameBits(ours.offsets, theirs.offsets) && sameBits(ours.radii, theirs.radii) &&
              ours.materials.size() == theirs.materials.size();
  for (std::size_t i = 0; same && i < ours.materials.size(); ++i)
    same = c.scene.model.materials[std::size_t(ours.materials[i])].name ==
           run.materials[std::size_t(theirs.materials[i])].name;
  if (!same) {
    c.problem(pointer, "template \"" + theirs.name + "\" with other spheres than in the bed",
              "the same sphere offsets, radii and material names as the run that made the bed");
    return std::nullopt;
  }
  return it->second;
}

// What a bed source asks to be done to the frame's particles, in this order.
struct Arrangement {
  std::optional<std::pair<Vec3d, Vec3d>> crop;  // lo, hi [m]
  std::optional<double> trimHeight;             // [m]
  int nx = 1, ny = 1;                           // copies in x and y
  double px = 0, py = 0;                        // the tiling's period [m]
  // The copies continue a bed settled periodic along the tiled axes at its own period
  // (uncropped): they meet as its grains met across its seam, nothing to check.
  bool seamless = false;
  Vec3d shift;  // [m]
  int copies() const { return nx * ny; }
};

// The period of `bed`'s domain along axis a, or 0 where it is not periodic (or has none).
double periodOf(const std::optional<Domain>& bed, int a) {
  return bed && bed->periodic[std::size_t(a)] ? component(bed->hi, a) - component(bed->lo, a) : 0.0;
}

// Whether copies `period` apart along axis a continue `bed` across its own seam.
bool continuesAcrossSeam(const std::optional<Domain>& bed, int a, double period) {
  const double own = periodOf(bed, a);
  return own > 0 && std::fabs(period - own) <= 1e-12 * own;
}

// The arrangement of the source at `pointer`, or nullopt after recording its problems.
// `bed`: the domain of the run that made the bed, if it had one.
std::optional<Arrangement> arrangementOf(BuildContext& c, const std::string& pointer,
                                         const std::optional<Domain>& bed) {
  const Json& j = c.at(pointer);
  Arrangement a;
  bool ok = true;
  if (j.contains("crop")) {
    if (checkRegion(c, pointer + "/crop", 0))
      a.crop = std::make_pair(c.vec(pointer + "/crop/lo"), c.vec(pointer + "/crop/hi"));
    else ok = false;
  }
  if (j.contains("trim_height")) a.trimHeight = j["trim_height"].get<double>();
  if (j.contains("shift")) a.shift = c.vec(pointer + "/shift");
  if (j.contains("tile")) {
    const Json& t = j["tile"];
    a.nx = t.value("x", 1);
    a.ny = t.value("y", 1);
    if (t.contains("period")) {
      a.px = t["period"][0].get<double>();
      a.py = t["period"][1].get<double>();
    } else if (a.crop) {
      a.px = a.crop->second.x - a.crop->first.x;
      a.py = a.crop->second.y - a.crop->first.y;
    } else if (!j.contains("crop") && a.copies() > 1 && (a.nx == 1 || periodOf(bed, 0) > 0) &&
               (a.ny == 1 || periodOf(bed, 1) > 0)) {
      a.px = periodOf(bed, 0);  // a periodic bed's own period
      a.py = periodOf(bed, 1);
    } else if (!j.contains("crop") && a.copies() > 1) {
      c.problem(pointer + "/tile", "no \"period\", and no \"crop\" to take it from",
                "a \"period\": [px, py] in m (for a bed settled in a box, its inner width in x "
                "and y), or a \"crop\", whose size in x and y is then the period, or a bed "
                "settled periodic along the tiled axes, whose period it then is");
      ok = false;
    }
    a.seamless = !j.contains("crop") && (a.nx == 1 || continuesAcrossSeam(bed, 0, a.px)) &&
                 (a.ny == 1 || continuesAcrossSeam(bed, 1, a.py));
  }
  if (!ok) return std::nullopt;
  return a;
}

// "n particles" for messages.
std::string particlesText(std::size_t n) { return std::to_string(n) + (n == 1 ? " particle" : " particles"); }

// ", which lie from [..] to [..]" for the centres of mass of a bed that has particles.
std::string centresText(const std::vector<BedParticle>& bed) {
  if (bed.empty()) return "";
  Vec3d lo = bed.front().position, hi = lo;
  for (const BedParticle& p : bed) {
    const Vec3d& x = p.position;
    lo = Vec3d(std::min(lo.x, x.x), std::min(lo.y, x.y), std::min(lo.z, x.z));
    hi = Vec3d(std::max(hi.x, x.x), std::max(hi.y, x.y), std::max(hi.z, x.z));
  }
  return ", which lie from " + vectorText(lo) + " to " + vectorText(hi);
}

// The bed cropped, trimmed and tiled as asked (not yet shifted), or nullopt after a problem.
std::optional<std::vector<BedParticle>> arranged(BuildContext& c, const std::string& pointer, const Arrangement& a,
                                                 std::vector<BedParticle> bed) {
  if (a.crop) {
    std::vector<BedParticle> kept = cropped(bed, a.crop->first, a.crop->second);
    if (kept.empty()) {
      c.problem(pointer + "/crop", "a box around none of the frame's " + particlesText(bed.size()),
                "a box around some of their centres of mass" + centresText(bed));
      return std::nullopt;
    }
    bed = std::move(kept);
  }
  if (a.trimHeight) {
    std::vector<BedParticle> kept = trimmed(bed, c.scene.templates, *a.trimHeight);
    if (kept.empty() && !bed.empty()) {
      double lowest = INFINITY;
      for (const BedParticle& p : bed) lowest = std::min(lowest, topOf(p, c.scene.templates[std::size_t(p.templ)]));
      c.problem(pointer + "/trim_height",
                numberText(*a.trimHeight) + " m, below the top of every one of the " + particlesText(bed.size()) +
                    (a.crop ? " kept by the crop" : " of the frame"),
                "a height at or above the lowest particle top, " + numberText(lowest) + " m");
      return std::nullopt;
    }
    bed = std::move(kept);
  }
  if (a.copies() == 1) return bed;
  constexpr double kMaxParticles = 1e8;
  if (double(bed.size()) * a.copies() > kMaxParticles) {
    c.problem(pointer + "/tile",
              std::to_string(a.nx) + " × " + std::to_string(a.ny) + " copies of " + particlesText(bed.size()),
              "at most 1e8 particles in all");
    return std::nullopt;
  }
  std::vector<BedParticle> copies = tiled(bed, a.nx, a.ny, a.px, a.py);
  if (a.seamless) return copies;
  // A seam may press no harder than the bed's own contacts: copies may overlap as deep as
  // the bed's particles overlap each other, not deeper (a rounding's worth of slack for
  // spheres that touch exactly across a seam).
  const TilingOverlaps depth = tilingOverlaps(copies, bed.size(), c.scene.templates);
  if (depth.acrossCopies > depth.withinCopy + 1e-9 * c.largestBoundingRadius) {
    c.problem(pointer + "/tile",
              "copies overlapping by up to " + numberText(depth.acrossCopies, 3) + " m at " +
                  vectorText(depth.acrossAt) + " (period [" + numberText(a.px) + ", " + numberText(a.py) + "] m)",
              "copies overlapping by at most " + numberText(depth.withinCopy, 3) +
                  " m, the deepest overlap between the bed's own particles: a longer period, "
                  "or a crop farther from the bed's sides");
    return std::nullopt;
  }
  return copies;
}

}  // namespace

void appendBedSource(BuildContext& c, const std::string& pointer, PlacementGrid& grid) {
  const Json& j = c.at(pointer);
  const std::string path = c.resolvePath(j["file"].get<std::string>());
  Index family = 0;
  if (j.contains("family")) {
    const std::optional<Index> f = c.family(pointer + "/family");
    if (!f) return;
    family = *f;
  }
  const bool keepFamilies = j.value("keep_families", false);
  if (keepFamilies && j.contains("family")) {
    c.problem(pointer + "/keep_families", "true beside \"family\"",
              "one of the two: \"family\" puts every particle in one family, \"keep_families\" each in its own");
    return;
  }
  std::unique_ptr<RunFileReader> run;
  try {
    run = std::make_unique<RunFileReader>(path);
  } catch (const std::exception& e) {
    c.problem(pointer + "/file", "\"" + path + "\" (" + e.what() + ")", "a run.h5 written by regolith run");
    return;
  }
  const long long frames = static_cast<long long>(run->frameCount());
  const long long k = j.value("frame", -1LL) < 0 ? frames - 1 : j.value("frame", -1LL);
  if (frames == 0 || k >= frames) {
    c.problem(pointer + "/frame", std::to_string(j.value("frame", -1LL)),
              "a frame of " + path + ", which has " + std::to_string(frames) + " (0 .. " + std::to_string(frames - 1) +
                  ", or -1 for the last)");
    return;
  }
  FrameData f;
  try {
    f = run->frame(std::size_t(k));  // checked for shape, range and finiteness
  } catch (const std::exception& e) {
    c.problem(pointer + "/file", "\"" + path + "\" (" + e.what() + ")",
              "a complete frame of a run.h5 written by regolith run");
    return;
  }
  const RunHeader& header = run->header();
  const std::optional<Arrangement> arrangement = arrangementOf(c, pointer, header.meta.domain);
  std::vector<std::optional<Index>> ours(header.templates.size());
  std::vector<bool> matched(header.templates.size(), false);
  std::vector<BedParticle> bed;
  bool complete = true;
  // With keep_families, the earlier run's family ids -> ours by name (-1: not in this scene).
  std::vector<std::optional<Index>> familyOf(header.familyNames.size());
  std::vector<bool> familyMatched(header.familyNames.size(), false);
  for (std::size_t o = 0; o < f.state.ownerCount(); ++o) {
    const Index t = f.ownerTemplate[o];
    if (t < 0) continue;  // a body of the earlier run
    if (!matched[std::size_t(t)]) {
      ours[std::size_t(t)] = matchingTemplate(c, pointer + "/file", header, t);
      matched[std::size_t(t)] = true;
    }
    if (!ours[std::size_t(t)]) {  // reported once
      complete = false;
      continue;
    }
    const Index mine = *ours[std::size_t(t)];
    // The stored orientation is the principal frame's; addClump composes the template's
    // principal frame on the right, so undo it here.
    const Quat q = f.state.ownerOrientation[o] * conjugate(c.scene.templates[std::size_t(mine)].principalFrame);
    Index joins = family;
    if (keepFamilies) {
      const Index theirs = o < f.state.ownerFamily.size() ? f.state.ownerFamily[o] : 0;
      const std::size_t k = std::size_t(theirs);
      if (k >= familyOf.size()) {
        c.problem(pointer + "/file",
                  "\"" + path + "\" with family id " + std::to_string(theirs) + " and " +
                      std::to_string(familyOf.size()) + " family names",
                  "a run.h5 that names its families (/meta/family_names), for keep_families");
        return;
      }
      if (!familyMatched[k]) {
        familyMatched[k] = true;
        const auto ours = c.familyByName.find(header.familyNames[k]);
        if (ours != c.familyByName.end()) familyOf[k] = ours->second;  // "free" is always there
        else
          c.problem(pointer + "/keep_families", "particles of the family \"" + header.familyNames[k] + "\" in the bed",
                    "a family \"" + header.familyNames[k] +
                        "\" in this scene's \"families\" (the bed's particles keep their families by name)");
      }
      if (!familyOf[k]) {
        complete = false;
        continue;
      }
      joins = *familyOf[k];
    }
    bed.push_back({mine, f.state.ownerPosition[o], q, Vec3d(f.state.ownerVelocity[o]),
                   Vec3d(f.state.ownerAngularVelocity[o]), joins});
  }
  if (!arrangement || !complete) return;
  std::optional<std::vector<BedParticle>> placed = arranged(c, pointer, *arrangement, std::move(bed));
  if (!placed) return;
  shift(*placed, arrangement->shift);
  // Against earlier sources by bounding spheres, as a lattice is; not against each other
  // (a settled bed's particles touch and overlap a little by nature).
  for (const BedParticle& p : *placed)
    if (!grid.fits(p.position, c.templateBoundingRadius[std::size_t(p.templ)], 0)) {
      c.problem(pointer, "a particle at " + vectorText(p.position) + " overlapping one placed before",
                "a bed clear of the particles of earlier sources (move it with \"shift\", or "
                "list it first)");
      return;
    }
  for (const BedParticle& p : *placed)
    placeClump(c, grid, p.templ, p.position, p.orientation, p.velocity, p.angularVelocity, p.family);
}

}  // namespace regolith::scene
