// Clump templates: inline sphere lists, or geometry from a clump file (data/clumps/) with
// one material. Mass properties: core/clump_mass_properties.h.
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/clump_mass_properties.h"
#include "io/scene_build.h"
#include "io/scene_document.h"
#include "io/scene_schema.h"

namespace regolith::scene {
namespace {

// Where a clump file name is looked up: the scene's folder, then the project's
// data/clumps/ (compiled in; $REGOLITH_CLUMPS overrides it).
std::string findClumpFile(const BuildContext& c, const std::string& file) {
  const std::string local = c.resolvePath(file);
  std::error_code error;
  if (std::filesystem::is_regular_file(local, error) || (!file.empty() && file[0] == '/')) return local;
  const char* env = std::getenv("REGOLITH_CLUMPS");
  const std::string dir = env && *env ? std::string(env) : std::string(REGOLITH_CLUMP_DIR);
  const std::string shared = dir + "/" + file;
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
              "a clump file in the scene's folder or in data/clumps/");
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
std::optional<ClumpSphere> sphereOf(BuildContext& c, const Json& sphere,
                                    const std::string& materialPointer) {
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

double boundingRadius(const ClumpTemplate& t) {
  double r = 0;
  for (std::size_t i = 0; i < t.offsets.size(); ++i) r = std::max(r, norm(t.offsets[i]) + t.radii[i]);
  return r;
}

}  // namespace

void buildTemplates(BuildContext& c) {
  c.templateByName = namesOf(c, "/templates", "template");
  if (!c.has("/templates")) return;
  const Json& list = c.at("/templates");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string base = pointerJoin("/templates", i);
    const std::string name = list[i]["name"].get<std::string>();
    std::vector<ClumpSphere> spheres;
    bool ok = true;
    if (list[i].contains("file")) {
      const std::optional<Json> file = readClumpFile(c, base + "/file");
      if (!file) ok = false;
      for (const Json& sphere : file.value_or(Json::object()).value("spheres", Json::array())) {
        const std::optional<ClumpSphere> s = sphereOf(c, sphere, base + "/material");
        if (s) spheres.push_back(*s); else { ok = false; break; }
      }
    } else {
      const Json& list2 = list[i]["spheres"];
      for (std::size_t k = 0; k < list2.size(); ++k) {
        const std::optional<ClumpSphere> s =
            sphereOf(c, list2[k], pointerJoin(pointerJoin(base + "/spheres", k), "material"));
        if (s) spheres.push_back(*s); else ok = false;
      }
    }
    ClumpTemplate t;
    t.name = name;
    if (ok) {
      t = clumpFromSpheres(name, spheres);
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
