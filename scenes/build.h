// The scene builder's shared state and its stages (one file per stage). Used only inside
// scenes/; scene.h is the public interface. Each stage reads the validated document, records
// every problem it finds and builds what it can, so one pass reports everything.
#pragma once

#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/triangle_mesh.h"
#include "core/world_builder.h"
#include "scenes/scene.h"
#include "io/json/json_pointer.h"

namespace regolith {
class PlacementGrid;  // clumps/placement.h
}

namespace regolith::scene {

// The JSON helpers of io/ (Json, pointerJoin, describeValue, ...) by their short names.
using namespace regolith::json;

// Name of the implicit family 0.
inline constexpr const char* kFreeFamily = "free";

struct BuildContext {
  BuildContext(const Json& d, std::string base, Scene& s) : doc(d), baseDir(std::move(base)), scene(s) {}

  const Json& doc;
  std::string baseDir;  // relative file names resolve against it
  Scene& scene;
  std::vector<SceneProblem> problems;
  std::mt19937_64 rng;  // the one engine every randomized step draws from
  WorldBuilder world;
  std::map<std::string, Index> materialByName, templateByName, familyByName;
  std::map<std::string, Index> bodyByName;   // index in /bodies
  std::vector<std::string> coupledBodies;    // bodies a coupling adds after the build (parseScene)
  std::map<std::string, double> phaseStart;  // run phases by name [s]
  // Largest bounding radius of any template [m]: the placement grid's cell size.
  double largestBoundingRadius = 0;
  std::vector<double> templateBoundingRadius;

  void problem(std::string pointer, std::string found, std::string expected) {
    problems.push_back({std::move(pointer), std::move(found), std::move(expected)});
  }
  // The index of a named material / template / family, or a problem at `pointer` (the
  // referring string) and nullopt.
  std::optional<Index> material(const std::string& pointer);
  std::optional<Index> templ(const std::string& pointer);
  std::optional<Index> family(const std::string& pointer);
  std::optional<Index> body(const std::string& pointer);  // its index in /bodies
  // A time value: seconds, or the start of a run phase by name.
  std::optional<double> time(const std::string& pointer);

  const Json& at(const std::string& pointer) const { return doc.at(Json::json_pointer(pointer)); }
  bool has(const std::string& pointer) const { return doc.contains(Json::json_pointer(pointer)); }
  Vec3d vec(const std::string& pointer) const;
  std::string resolvePath(const std::string& file) const;
};

// "[x, y, z]" for messages.
std::string vectorText(const Vec3d& v);

// Whether <base>/hi exceeds <base>/lo by at least `minWidth` on every axis (a region or a
// box); records a problem at <base>/hi if not.
bool checkRegion(BuildContext& c, const std::string& base, double minWidth);

// Stages, in the order parseScene runs them.
void buildSettings(BuildContext& c);   // gravity, step, timing, contact, streams, output
void buildMaterials(BuildContext& c);  // materials and pair overrides
void buildFamilies(BuildContext& c);   // families, motion phases, switches
void buildTemplates(BuildContext& c);  // inline and file templates
void buildBodies(BuildContext& c);     // bodies and their boundaries (owners first)
void buildSources(BuildContext& c);    // lattice, rain and bed sources
void readDomain(BuildContext& c);      // the box and its periodic axes (before the sources)
void buildDomain(BuildContext& c);     // the periodic model, checked (after bodies and sources)
// The study's two hooks, declared here for the loader and defined above scenes/ by the study
// table (studies/study_table.cpp; docs/ARCHITECTURE.md): scenes/ includes no studies/ header.
void buildStudy(BuildContext& c);  // the study: resolved, and the motion it defines
// The rotation the study gives the shape at `shapePointer` (a body's "/bodies/<i>/shape")
// in place of a "rotate" of its own: plate_intrusion turns its plate by beta_deg; the
// identity for every other shape.
Quat studyTurnOf(const BuildContext& c, const std::string& shapePointer);
void checkTimeStep(BuildContext& c);         // the Rayleigh guard over the built spheres
void checkInitialOverlaps(BuildContext& c);  // no body starts deep in the particles
void checkPlausibility(BuildContext& c);     // warnings: a body far larger than the grains' region

// Mesh-like shapes ("mesh" files, generated "wheel", "ring" and "plate"):
// scenes/mesh_shapes.cpp.
bool isMeshShape(const std::string& kind);
// The shape at `pointer` as a checked mesh in world coordinates (units, scale, rotate,
// translate); warnings go to the scene, problems to the context (then nullopt).
std::optional<TriangleMesh> meshShapeOf(BuildContext& c, const std::string& pointer);

// Adds one clump of template t (scenes/sources.cpp): to the world, to ownerTemplate and to
// the placement grid later sources must clear.
void placeClump(BuildContext& c, PlacementGrid& grid, Index t, const Vec3d& p, const Quat& q, const Vec3d& velocity,
                const Vec3d& angularVelocity, Index family);
// A bed source: the particles of one frame of an earlier run.h5 (scenes/bed_source.cpp).
void appendBedSource(BuildContext& c, const std::string& pointer, PlacementGrid& grid);

// The template `base` scaled by s (core scaledTemplate), registered under the name
// "<base name>@<s>" (s with 17 significant digits, so the name gives back the same s):
// found if it is registered already, added otherwise (scenes/size_distribution.cpp).
Index templateAtScale(BuildContext& c, Index base, double s);

// A size distribution's draw (scenes/size_distribution.cpp): per base template one
// scaled template per size class, and the classes' cumulative number weights (a class's
// mass fraction over its particles' volume, so that the mass follows the curve).
struct SizeMix {
  std::vector<std::vector<Index>> scaled;  // [base][class]
  std::vector<double> cumulativeNumber;    // [class]
};
// Reads <pointer> (sieve and class_ratio) for the given base templates; problems at
// <pointer>/sieve and <pointer>/class_ratio.
std::optional<SizeMix> sizeMixOf(BuildContext& c, const std::string& pointer, const std::vector<Index>& bases);

// Registers names of a list under `listPointer` (each item's "name"), recording
// duplicates; returns name -> index.
std::map<std::string, Index> namesOf(BuildContext& c, const std::string& listPointer, const std::string& what);

}  // namespace regolith::scene
