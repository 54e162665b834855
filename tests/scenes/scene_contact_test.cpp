// The scene's /contact and the model table (kernels/forces/contact_models.h): each model's
// settings are read from its own keys (its kSettingKeys), a key the selected model requires
// is reported at /contact when missing, and the schema's /contact is held to the table (the
// model names, and every model's keys with their bounds), so the table stays the one list
// of the models and their parameters.
#include <set>
#include <string>
#include <vector>

#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

Json contactSchemaDefinition() {
  return Json::parse(readText(kSourceDir + "/scenes/scene.base.schema.json")).at("definitions").at("contact");
}

TEST(SceneContact, LinearModelReadsItsKeys) {
  Json s = smokeScene();
  s["contact"] = {{"model", "linear_spring_dashpot"},
                  {"normal_stiffness", 2000},
                  {"normal_damping", 0.05},
                  {"tangential_stiffness", 1500}};
  const Scene scene = parse(s.dump());
  EXPECT_EQ(scene.model.contactModel, ContactModelKind::LinearSpringDashpot);
  const LinearSpringSettings& linear = settingsOf<LinearSpringDashpot>(scene.model.contactSettings);
  EXPECT_EQ(linear.normalStiffness, 2000.0);
  EXPECT_EQ(linear.normalDamping, 0.05);
  EXPECT_EQ(linear.tangentialStiffness, 1500.0);
}

TEST(SceneContact, AbsentKeysKeepTheirDefaults) {
  Json s = smokeScene();
  s.erase("contact");
  Scene scene = parse(s.dump());
  EXPECT_EQ(scene.model.contactModel, kDefaultContactModel);
  s["contact"] = {{"model", "linear_spring_dashpot"}, {"normal_stiffness", 2000}};
  scene = parse(s.dump());
  const LinearSpringSettings& linear = settingsOf<LinearSpringDashpot>(scene.model.contactSettings);
  EXPECT_EQ(linear.normalDamping, LinearSpringSettings{}.normalDamping);
  EXPECT_EQ(linear.tangentialStiffness, LinearSpringSettings{}.tangentialStiffness);
}

TEST(SceneContact, RequiredKeyOfTheSelectedModelIsReported) {
  Json s = smokeScene();
  s["contact"] = {{"model", "linear_spring_dashpot"}, {"normal_damping", 0.05}};
  expectProblem(problemsOf(s), "/contact", "no key \"normal_stiffness\"",
                "a key \"normal_stiffness\" (k_n > 0 N/m) for \"model\": \"linear_spring_dashpot\"");
  s["contact"] = {{"model", "hertz_mindlin"}};  // another model's required key is not
  EXPECT_NO_THROW(parse(s.dump()));
}

TEST(SceneContact, NormalForceChoosesWhetherHertzMayPull) {
  Json s = smokeScene();
  EXPECT_FALSE(settingsOf<HertzMindlin>(parse(s.dump()).model.contactSettings).compressive);  // "damped"
  s["contact"] = {{"model", "hertz_mindlin"}, {"normal_force", "compressive"}};
  EXPECT_TRUE(settingsOf<HertzMindlin>(parse(s.dump()).model.contactSettings).compressive);
  s["contact"] = {{"model", "linear_spring_dashpot"}, {"normal_stiffness", 2000}, {"normal_force", "compressive"}};
  expectProblem(problemsOf(s), "/contact/normal_force", "\"compressive\" with \"model\": \"linear_spring_dashpot\"",
                "with \"hertz_mindlin\" only");
  s["contact"] = {{"normal_force", "never"}};
  expectProblem(problemsOf(s), "/contact/normal_force", "never", "");
}

TEST(SceneContact, SchemaModelsAreTheTable) {
  std::vector<std::string> names;
  forEachContactModel([&](auto m) { names.push_back(decltype(m)::kName); });
  const Json model = contactSchemaDefinition().at("properties").at("model");
  EXPECT_EQ(model.at("enum").get<std::vector<std::string>>(), names)
      << "scenes/scene.base.schema.json: /definitions/contact/properties/model/enum lists the kName of every model of "
         "kernels/forces/contact_models.h, in table order";
}

// Every model's keys are in the schema's /contact with their bounds ("exclusiveMinimum"
// for ContactBound::Above, else "minimum"), and the schema has no key that is neither a
// model's nor /contact's own (model, margin, and Hertz–Mindlin's normal_force, a choice
// rather than a number, read by scenes/settings.cpp).
TEST(SceneContact, SchemaKeysAreTheModelsSettings) {
  const Json properties = contactSchemaDefinition().at("properties");
  std::set<std::string> keys = {"model", "margin", "normal_force"};
  forEachContactModel([&](auto m) {
    using M = decltype(m);
    for (const auto& k : M::kSettingKeys) {
      SCOPED_TRACE(std::string(M::kName) + ": " + k.key);
      keys.insert(k.key);
      ASSERT_TRUE(properties.contains(k.key))
          << "scenes/scene.base.schema.json: /definitions/contact has no \"" << k.key << "\"";
      const Json& p = properties.at(k.key);
      EXPECT_EQ(p.at("type"), "number");
      const bool above = k.bound == ContactBound::Above;
      const char* bound = above ? "exclusiveMinimum" : "minimum";
      ASSERT_TRUE(p.contains(bound)) << "the schema's bound differs from " << contactSettingRange(k);
      EXPECT_EQ(p.at(bound).template get<double>(), k.lowerBound);
      EXPECT_FALSE(p.contains(above ? "minimum" : "exclusiveMinimum"));
    }
  });
  for (const auto& [key, value] : properties.items()) {
    (void)value;
    EXPECT_EQ(keys.count(key), 1u) << "scenes/scene.base.schema.json: /definitions/contact/properties/" << key
                                   << " belongs to no model of kernels/forces/contact_models.h";
  }
}

}  // namespace
}  // namespace regolith
