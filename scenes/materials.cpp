// Materials and named pair overrides.
#include "core/material.h"
#include "core/material_presets.h"
#include "core/plausible_values.h"
#include "scenes/build.h"

namespace regolith::scene {

void buildMaterials(BuildContext& c) {
  Model& m = c.scene.model;
  c.materialByName = namesOf(c, "/materials", "material");
  const Json& list = c.at("/materials");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json& j = list[i];
    // A preset (core/material_presets.h) gives every value the material leaves out; the
    // schema requires them all of a material without one.
    Material mat = j.contains("preset") ? materialPreset(j["preset"].get<std::string>()).material : Material();
    mat.name = j["name"].get<std::string>();
    mat.youngsModulus = j.value("youngs_modulus", mat.youngsModulus);
    mat.poissonRatio = j.value("poisson_ratio", mat.poissonRatio);
    mat.restitution = j.value("restitution", mat.restitution);
    mat.friction = j.value("friction", mat.friction);
    mat.rollingResistance = j.value("rolling_resistance", mat.rollingResistance);
    mat.density = j.value("density", mat.density);  // walls may leave it out; spheres need it
    mat.workOfAdhesion = j.value("work_of_adhesion", mat.workOfAdhesion);
    // The schema holds the same ranges with exact pointers; this keeps the engine's own
    // rules authoritative should the two ever differ.
    try {
      validateMaterial(mat, false);
    } catch (const std::invalid_argument& e) {
      c.problem(pointerJoin("/materials", i), e.what(), "a material the engine accepts");
    }
    for (const ImplausibleValue& v : implausibleMaterialValues(mat))
      c.scene.warnings.push_back(pointerJoin(pointerJoin("/materials", i), v.key) + ": " + v.message);
    m.materials.push_back(mat);
  }

  if (!c.has("/pair_overrides")) return;
  const Json& overrides = c.at("/pair_overrides");
  for (std::size_t i = 0; i < overrides.size(); ++i) {
    const std::string base = pointerJoin("/pair_overrides", i);
    const std::optional<Index> a = c.material(base + "/materials/0");
    const std::optional<Index> b = c.material(base + "/materials/1");
    if (!a || !b) continue;
    const Json& j = overrides[i];
    PairOverride o;
    o.first = m.materials[*a].name;
    o.second = m.materials[*b].name;
    if (j.contains("restitution")) o.restitution = j["restitution"].get<double>();
    if (j.contains("friction")) o.friction = j["friction"].get<double>();
    if (j.contains("rolling_resistance")) o.rollingResistance = j["rolling_resistance"].get<double>();
    if (j.contains("work_of_adhesion")) o.workOfAdhesion = j["work_of_adhesion"].get<double>();
    m.pairOverrides.push_back(o);
  }
}

}  // namespace regolith::scene
