// Bed sources: the particles of one frame of an earlier run.h5, placed as they were (pose,
// velocity and spin): a bed settled once and reused by later studies, e.g. a friction sweep
// over one settled bed. Bodies of the earlier run are not taken (the scene has its own).
//
// Each particle keeps its template by name, and the scene must define that template with
// the same spheres (offsets and radii, bit for bit, and materials of the same names): the
// stored poses describe those shapes and no others. The materials' properties may differ;
// that is the point of reusing a bed.
#include <memory>
#include <optional>

#include "core/same_bits.h"
#include "io/run_file.h"
#include "io/scene_build.h"
#include "io/scene_placement.h"

namespace regolith::scene {
namespace {

// The scene's template for the run's template `runT`, or a problem at `pointer`.
std::optional<Index> matchingTemplate(BuildContext& c, const std::string& pointer,
                                      const RunHeader& run, Index runT) {
  const ClumpTemplate& theirs = run.templates[std::size_t(runT)];
  const auto it = c.templateByName.find(theirs.name);
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
  std::unique_ptr<RunFileReader> run;
  try {
    run = std::make_unique<RunFileReader>(path);
  } catch (const std::exception& e) {
    c.problem(pointer + "/file", "\"" + path + "\" (" + e.what() + ")",
              "a run.h5 written by regolith run");
    return;
  }
  const long long frames = static_cast<long long>(run->frameCount());
  const long long k = j.value("frame", -1LL) < 0 ? frames - 1 : j.value("frame", -1LL);
  if (frames == 0 || k >= frames) {
    c.problem(pointer + "/frame", std::to_string(j.value("frame", -1LL)),
              "a frame of " + path + ", which has " + std::to_string(frames) +
                  " (0 .. " + std::to_string(frames - 1) + ", or -1 for the last)");
    return;
  }
  const FrameData f = run->frame(std::size_t(k));
  const RunHeader& header = run->header();
  std::vector<std::optional<Index>> ours(header.templates.size());
  std::vector<bool> matched(header.templates.size(), false);
  for (std::size_t o = 0; o < f.state.ownerCount(); ++o) {
    const Index t = f.ownerTemplate[o];
    if (t < 0) continue;  // a body of the earlier run
    if (!matched[std::size_t(t)]) {
      ours[std::size_t(t)] = matchingTemplate(c, pointer + "/file", header, t);
      matched[std::size_t(t)] = true;
    }
    if (!ours[std::size_t(t)]) continue;  // reported once
    const Index mine = *ours[std::size_t(t)];
    // The stored orientation is the principal frame's; addClump composes the template's
    // principal frame on the right, so undo it here.
    const Quat q = f.state.ownerOrientation[o] *
                   conjugate(c.scene.templates[std::size_t(mine)].principalFrame);
    placeClump(c, grid, mine, f.state.ownerPosition[o], q, Vec3d(f.state.ownerVelocity[o]),
               Vec3d(f.state.ownerAngularVelocity[o]), family);
  }
}

}  // namespace regolith::scene
