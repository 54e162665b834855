// Clump templates: inline sphere lists, or geometry from a clump file (data/clumps/) with
// one material; an optional scale, and optional explicit mass properties checked against
// the computed ones. Mass properties: clumps/union_mass_properties.h.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clumps/clump_mass_properties.h"
#include "io/json/data_files.h"
#include "scenes/build.h"
#include "io/json/json_document.h"
#include "scenes/schema.h"

namespace regolith::scene {
namespace {

// Where a clump file name is looked up: the scene's folder, then the package's clumps/
// (share/regolith/clumps, io/json/data_files.h; $REGOLITH_CLUMPS overrides it).
std::string findClumpFile(const BuildContext& c, const std::string& file) {
  const std::string local = c.resolvePath(file);
  std::error_code error;
  if (std::filesystem::is_regular_file(local, error) || (!file.empty() && file[0] == '/')) return local;
  const std::string shared = dataFile("clumps", "REGOLITH_CLUMPS") + "/" + file;
  return std::filesystem::is_regular_file(shared, error) ? shared : local;
}

// The clump file's spheres, or problems at `pointer` (the "file" value) prefixed with the
// clump file's own pointers.
std::optional<Json> readClumpFile(BuildContext& c, const std::string& pointer) {
  const std::string path = findClumpFile(c, c.at(pointer).get<std::string>());
  std::ifstream in(path, std::ios::binary);
  std::error_code error;
  if (!in || !std::filesystem::is_regular_file(path, error)) {
    c.problem(pointer, "no readable clump file " + Json(path).dump(),
              "a clump file in the scene's folder or in " + dataFile("clumps", "REGOLITH_CLUMPS") +
                  "/ (data/clumps/ in the sources)");
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::vector<SceneProblem> inner;
  const std::optional<Json> j = readDocument(text.str(), inner);
  if (j && inner.empty()) inner = schemaProblems(*j, "clump_file");
  for (const SceneProblem& p : inner)
    c.problem(pointer, "in " + path + " at \"" + p.pointer + "\": " + p.found, p.expected);
  if (!inner.empty()) return std::nullopt;
  return j;
}

// Sphere `k` of a template (inline or from a file), or a problem and nullopt.
std::optional<ClumpSphere> sphereOf(BuildContext& c, const Json& sphere, const std::string& materialPointer) {
  const std::optional<Index> material = c.material(materialPointer);
  if (!material) return std::nullopt;
  const Material& m = c.scene.model.materials[*material];
  if (!(m.density > 0)) {
    c.problem(materialPointer, "material " + Json(m.name).dump() + " without a density",
              "a material with \"density\" (spheres need a mass)");
    return std::nullopt;
  }
  ClumpSphere s;
  if (sphere.contains("offset"))
    s.centre = Vec3d(sphere["offset"][0].get<double>(), sphere["offset"][1].get<double>(),
                     sphere["offset"][2].get<double>());
  s.radius = sphere["radius"].get<double>();
  s.material = *material;
  s.density = m.density;
  return s;
}

// How far explicit mass properties may be from the computed ones: this fraction of the
// computed value plus the integration's error bound.
constexpr double kExplicitTolerance = 0.02;

// Explicit "mass" and "inertia" (principal moments, any order) of template `entry`, checked
// against the computed `p`: within tolerance they replace the computed values in `t`
// (moments matched by rank), beyond it they are problems naming both values.
void applyExplicit(BuildContext& c, const std::string& base, const Json& entry, const MassProperties& p,
                   ClumpTemplate& t) {
  if (entry.contains("mass")) {
    const double m = entry["mass"].get<double>();
    const double allowed = kExplicitTolerance * p.mass + p.massErrorBound;
    if (std::abs(m - p.mass) > allowed)
      c.problem(base + "/mass", "mass " + numberText(m, 6) + " kg",
                "the computed mass " + numberText(p.mass, 6) + " kg within " + numberText(allowed, 6) +
                    " kg (2 % plus the integration bound)");
    else t.mass = m;
  }
  if (!entry.contains("inertia")) return;
  std::array<double, 3> given{}, computed{t.principalInertia.x, t.principalInertia.y, t.principalInertia.z};
  for (int k = 0; k < 3; ++k) given[k] = entry["inertia"][k].get<double>();
  std::array<double, 3> sortedComputed = computed;
  std::sort(given.begin(), given.end());
  std::sort(sortedComputed.begin(), sortedComputed.end());
  for (int k = 0; k < 3; ++k) {
    const double allowed = kExplicitTolerance * sortedComputed[k] + p.inertiaErrorBound;
    if (std::abs(given[k] - sortedComputed[k]) > allowed) {
      c.problem(base + "/inertia", "principal moment " + numberText(given[k], 6) + " kg m^2",
                "the computed " + numberText(sortedComputed[k], 6) + " kg m^2 within " + numberText(allowed, 6) +
                    " kg m^2 (2 % plus the integration bound)");
      return;
    }
  }
  // The k-th smallest computed moment takes the k-th smallest given one.
  std::array<int, 3> byValue{0, 1, 2};
  std::stable_sort(byValue.begin(), byValue.end(), [&](int a, int b) { return computed[a] < computed[b]; });
  std::array<double, 3> assigned{};
  for (int k = 0; k < 3; ++k) assigned[byValue[k]] = given[k];
  t.principalInertia = Vec3d(assigned[0], assigned[1], assigned[2]);
}

// The template of `spheres` scaled by `scale`: the unit mass properties scaled (mass x s^3,
// inertia x s^5), not integrated again. Problems at `base`.
std::optional<ClumpTemplate> templateOf(BuildContext& c, const std::string& base, const Json& entry,
                                        std::vector<ClumpSphere> spheres) {
  const std::string name = entry["name"].get<std::string>();
  MassProperties p;
  try {
    p = unionMassProperties(spheres);
  } catch (const std::invalid_argument& e) {
    c.problem(base, std::string("clump template ") + Json(name).dump() + ": " + e.what(),
              "a clump whose overlapping spheres share one density");
    return std::nullopt;
  }
  const double s = entry.value("scale", 1.0);
  if (s != 1.0) {
    p = scaled(p, s);
    for (ClumpSphere& sphere : spheres) {
      sphere.centre = sphere.centre * s;
      sphere.radius *= s;
    }
  }
  ClumpTemplate t = clumpFromMassProperties(name, spheres, p);
  applyExplicit(c, base, entry, p, t);
  return t;
}

}  // namespace

void buildTemplates(BuildContext& c) {
  c.templateByName = namesOf(c, "/templates", "template");
  if (!c.has("/templates")) return;
  const Json& list = c.at("/templates");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string base = pointerJoin("/templates", i);
    const std::string name = list[i]["name"].get<std::string>();
    if (name.find('@') != std::string::npos)
      c.problem(base + "/name", Json(name).dump(),
                "a name without '@' (\"<template>@<scale>\" names the scaled copies a size "
                "distribution makes)");
    std::vector<ClumpSphere> spheres;
    bool ok = true;
    if (list[i].contains("file")) {
      const std::optional<Json> file = readClumpFile(c, base + "/file");
      if (!file) ok = false;
      for (const Json& sphere : file.value_or(Json::object()).value("spheres", Json::array())) {
        const std::optional<ClumpSphere> s = sphereOf(c, sphere, base + "/material");
        if (s) spheres.push_back(*s);
        else {
          ok = false;
          break;
        }
      }
    } else {
      const Json& list2 = list[i]["spheres"];
      for (std::size_t k = 0; k < list2.size(); ++k) {
        const std::optional<ClumpSphere> s = sphereOf(c, list2[k],
                                                      pointerJoin(pointerJoin(base + "/spheres", k), "material"));
        if (s) spheres.push_back(*s);
        else ok = false;
      }
    }
    ClumpTemplate t;
    t.name = name;
    if (ok) {
      const std::optional<ClumpTemplate> built = templateOf(c, base, list[i], spheres);
      if (built) t = *built;
      else ok = false;
    }
    if (ok) {
      try {
        validateTemplate(t, static_cast<Index>(c.scene.model.materials.size()));
      } catch (const std::invalid_argument& e) {
        c.problem(base, e.what(), "a clump the engine accepts");
      }
    }
    // Failed templates keep their slot, so indices match the list; nothing places them
    // because the scene is refused.
    c.scene.templates.push_back(t);
    const double r = ok ? boundingRadius(t) : 0;
    c.templateBoundingRadius.push_back(r);
    c.largestBoundingRadius = std::max(c.largestBoundingRadius, r);
  }
}

}  // namespace regolith::scene
