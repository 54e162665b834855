// MaterialPresets: a scene's material may start from a named preset (core/material_presets.h),
// its own keys overriding the preset's; the schema lists exactly the presets the engine
// has, and an unknown one is refused at its pointer.
#include <gtest/gtest.h>

#include "core/material_presets.h"
#include "tests/support/scene_test_support.h"

namespace regolith::test {
namespace {

TEST(MaterialPresets, TheSchemaNamesEveryPresetAndNoOther) {
  const Json schema = Json::parse(readText(kSourceDir + "/scenes/scene.base.schema.json"));
  std::vector<std::string> listed = schema["definitions"]["material_preset"]["properties"]["preset"]["enum"];
  std::vector<std::string> known;
  for (const MaterialPreset& p : materialPresets()) {
    known.push_back(p.name);
    EXPECT_FALSE(p.sources.empty()) << p.name;
    EXPECT_NO_THROW(validateMaterial(p.material, true)) << p.name;
  }
  EXPECT_EQ(listed, known);
}

TEST(MaterialPresets, AMaterialTakesThePresetsValuesUnlessItGivesItsOwn) {
  Json doc = smokeScene();
  const std::string name = doc["materials"][0]["name"];
  doc["materials"][0] = {{"name", name}, {"preset", "lunar-regolith-1mm"}, {"friction", 0.7}};
  doc["time_step"] = 2e-5;  // the preset's soft grains need a shorter step than the smoke scene's
  const Scene s = parse(doc.dump());
  const Material& m = s.model.materials[0];
  const Material& preset = materialPreset("lunar-regolith-1mm").material;
  EXPECT_EQ(m.name, name);
  EXPECT_EQ(m.friction, 0.7);
  EXPECT_EQ(m.density, preset.density);
  EXPECT_EQ(m.youngsModulus, preset.youngsModulus);
  EXPECT_EQ(m.workOfAdhesion, preset.workOfAdhesion);
  EXPECT_GT(m.workOfAdhesion, 0);
}

TEST(MaterialPresets, AnUnknownPresetOrAMaterialWithoutOneAndItsValuesIsRefused) {
  Json doc = smokeScene();
  const std::string name = doc["materials"][0]["name"];
  doc["materials"][0] = {{"name", name}, {"preset", "lunar"}};
  expectProblem(problemsOf(doc), "/materials/0/preset", "lunar", "lunar-regolith-1mm");
  doc["materials"][0] = {{"name", name}, {"density", 2500}};
  expectProblem(problemsOf(doc), "/materials/0", "", "youngs_modulus");
}

}  // namespace
}  // namespace regolith::test
